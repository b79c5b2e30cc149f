//! ProductSerialCode/CreateBulk: the body as sent (bare `codes` or `items` with a
//! card's serial and expiry), its checking into an [`Import`], and the handler.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use shop_common::auth::AuthUser;
use shop_common::db::DbPool;
use shop_common::limits::BULK_PATH;
use shop_common::ok;
use shop_common::openapi::{Enveloped, NotFound, PayloadTooLarge, Unauthorized};
use utoipa::ToSchema;
use uuid::Uuid;

use super::MAX_NOTE;
use crate::StorefrontCache;
use crate::crypto::CodeCipher;
use crate::domain::serial_code::{Code, Serial};
use crate::domain::{future_instant, optional_text};
use crate::error::{Problems, StoreError};
use crate::routes::openapi::BatchRefused;
use crate::serial_codes::import::{self, CreateBulkResult, Import, MAX_CODES_PER_CALL, Row};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(description = "Gửi codes hoặc items (không cả hai).")]
pub struct CreateBulk {
    #[schema(value_type = Uuid, required = true)]
    pub product_id: Option<Uuid>,
    /// Mỗi phần tử một mã: bỏ BOM, CR và khoảng trắng hai đầu, giữ hoa thường; dòng trống bị bỏ qua; 1..200 ký tự in được. Quá 50.000 phần tử: mã 313.
    #[schema(value_type = Vec<String>, required = false, max_items = 50000)]
    pub codes: Option<Vec<String>>,
    /// Thay cho codes: mỗi phần tử một thẻ (mã thẻ, số seri, hạn dùng riêng). Chỉ số trong kết quả là vị trí trong items. Số seri mà thiếu mã thẻ: mã 1, không nhập gì. Quá 50.000 phần tử: mã 313.
    #[schema(required = false, max_items = 50000)]
    pub items: Option<Vec<CreateBulkItem>>,
    /// Phải ở tương lai; hạn chung cho các mã không có expiresAt riêng
    pub expires_at: Option<DateTime<Utc>>,
    #[schema(max_length = 500)]
    pub note: Option<String>,
}

/// One card of CreateBulk's `items`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateBulkItem {
    /// Mã thẻ (PIN), chuẩn hóa như codes; trống mà có serial: mã 1
    #[schema(value_type = String, required = true, max_length = 200)]
    pub code: Option<String>,
    /// Số seri in trên thẻ: 1..64 ký tự in được, lưu dạng rõ
    #[schema(max_length = 64)]
    pub serial: Option<String>,
    /// Phải ở tương lai; thay cho expiresAt chung
    pub expires_at: Option<DateTime<Utc>>,
}

/// Problems reported per item at most: a file with one mistake on every line still gets
/// a short answer (the UI checks the same rules before sending).
const MAX_ITEM_PROBLEMS: usize = 20;

impl CreateBulk {
    fn check(self) -> Result<Import, StoreError> {
        let size =
            self.codes.as_ref().map_or(0, Vec::len) + self.items.as_ref().map_or(0, Vec::len);
        if size > MAX_CODES_PER_CALL {
            return Err(StoreError::BatchTooLarge {
                size,
                max: MAX_CODES_PER_CALL,
            });
        }
        let mut p = Problems::default();
        if self.product_id.is_none() {
            p.push("productId", "Vui lòng chọn sản phẩm");
        }
        let expires_at = future_instant(&mut p, "expiresAt", self.expires_at);
        let note = optional_text(&mut p, "note", self.note, MAX_NOTE, true);
        let rows = match (self.codes, self.items) {
            (Some(_), Some(_)) => {
                p.push("items", "Chỉ gửi một trong hai: codes hoặc items");
                Vec::new()
            }
            (None, None) => {
                p.push("codes", "Vui lòng nhập danh sách mã");
                Vec::new()
            }
            (Some(codes), None) => codes
                .into_iter()
                .map(|code| Row::code(code, expires_at))
                .collect(),
            (None, Some(items)) => item_rows(&mut p, items, expires_at),
        };
        p.finish(|| Import {
            product_id: self.product_id.unwrap_or_default(),
            rows,
            note,
        })
    }
}

/// The rows of `items`, each problem reported as `items[i].field` (the first
/// [`MAX_ITEM_PROBLEMS`], then how many more).
fn item_rows(
    p: &mut Problems,
    items: Vec<CreateBulkItem>,
    default_expiry: Option<DateTime<Utc>>,
) -> Vec<Row> {
    let mut problems = 0usize;
    let mut report = |p: &mut Problems, field: String, message: String| {
        problems += 1;
        if problems <= MAX_ITEM_PROBLEMS {
            p.push(&field, message);
        }
    };
    let mut rows = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        let code = item.code.unwrap_or_default();
        let serial = match Serial::parse(item.serial.as_deref().unwrap_or_default()) {
            Ok(serial) => serial,
            Err(message) => {
                report(p, format!("items[{i}].serial"), message.to_owned());
                None
            }
        };
        // A card without its PIN cannot be sold: refuse the file rather than store half
        // of it.
        if let Some(serial) = &serial
            && matches!(Code::parse(&code), Ok(None))
        {
            report(
                p,
                format!("items[{i}].code"),
                format!(
                    "Dòng {}: thẻ có số seri {} nhưng thiếu mã thẻ (PIN)",
                    i + 1,
                    serial.as_str()
                ),
            );
        }
        let expires_at = match item.expires_at {
            Some(at) if at <= Utc::now() => {
                report(
                    p,
                    format!("items[{i}].expiresAt"),
                    format!("Dòng {}: thời điểm hết hạn phải ở tương lai", i + 1),
                );
                None
            }
            Some(at) => Some(at),
            None => default_expiry,
        };
        rows.push(Row {
            code,
            serial: serial.map(Serial::into_string),
            expires_at,
        });
    }
    if problems > MAX_ITEM_PROBLEMS {
        p.push(
            "items",
            format!(
                "Còn {} lỗi khác trong danh sách",
                problems - MAX_ITEM_PROBLEMS
            ),
        );
    }
    rows
}

/// Nhập mã hàng loạt
///
/// Tối đa 50.000 mã mỗi lần, thân yêu cầu tối đa 8 MiB. Mã mới được mã hóa (AES-256-GCM) và chèn trong một câu lệnh; mã trùng (kể cả do một lần nhập đồng thời) trả về trong duplicates. Mã là duy nhất trong toàn cửa hàng: mã mà sản phẩm khác đang giữ là exists kèm productName của sản phẩm đó.
#[utoipa::path(post, path = BULK_PATH, operation_id = "adminSerialCodeCreateBulk",
    tag = "ProductSerialCode",
    request_body = CreateBulk,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<CreateBulkResult>)),
        BatchRefused, Unauthorized, NotFound, PayloadTooLarge))]
pub(super) async fn create_bulk(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    cache: web::Data<StorefrontCache>,
    body: web::Json<CreateBulk>,
) -> Result<HttpResponse, StoreError> {
    let request = body.into_inner().check()?;
    let report = import::import(&pool, cipher.into_inner(), request).await?;
    cache.invalidate();
    Ok(ok(report))
}
