//! ProductSerialCode: list, exact search, bulk import, edit, delete and reveal (both
//! admin only and audited). Clear text leaves only through Reveal.

use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use diesel::OptionalExtension;
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use shop_common::auth::{AdminUser, AuthUser};
use shop_common::db::DbPool;
use shop_common::error::json_config;
use shop_common::input::nullable;
use shop_common::ok;
use shop_common::openapi::{
    BadRequest, Deleted, Enveloped, Forbidden, NotFound, PageOf, PageParams, PageSpec,
    PayloadTooLarge, Unauthorized,
};
use shop_common::pagination::{Page, SortDir};
use shop_common::route_table::RouteTable;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::{ADMIN, IdBody, IdQuery, actor, optional_choice};
use crate::StorefrontCache;
use crate::crypto::CodeCipher;
use crate::domain::audit::StoreAuditAction;
use crate::domain::order::OrderCode;
use crate::domain::serial_code::{Code, CodeStatus, Serial, masked};
use crate::domain::{future_instant, optional_text};
use crate::error::{Problems, StoreError};
use shop_common::limits::BULK_PATH;

use crate::models::order::Order;
use crate::models::serial_code::{CodeChanges, CodeFilter, ListedCode, SerialCodeRow};
use crate::routes::openapi::{BatchRefused, CodeConflict, CodeLocked};
use crate::serial_codes::import::{self, CreateBulkResult, Import, MAX_CODES_PER_CALL, Row};

/// CreateBulk bodies may reach the gateway's limit for this route.
pub const BULK_JSON_LIMIT: usize = shop_common::limits::BULK_BODY_BYTES;
pub const MAX_NOTE: usize = 500;
pub const SORTABLE: &[&str] = &["createdAt"];

/// The list's paging.
pub struct CodePage;

impl PageSpec for CodePage {
    const SORTABLE: &'static [&'static str] = SORTABLE;
    const KEYWORD: &'static str = "Mã đơn hàng (không phân biệt hoa thường): các mã của đơn đó; hoặc số seri chính xác của thẻ.";
}

/// Serial code, admin view: masked, never the clear text.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SerialCode {
    pub id: Uuid,
    pub product_id: Uuid,
    pub product_name: String,
    /// Tối đa 4 ký tự cuối (tối đa một nửa mã ngắn)
    #[schema(example = "••••••AB12")]
    pub masked_code: String,
    pub status: CodeStatus,
    #[schema(required = true)]
    pub order_id: Option<Uuid>,
    #[schema(required = true)]
    pub order_code: Option<String>,
    #[schema(required = true)]
    pub expires_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
    #[schema(required = true)]
    pub sold_at: Option<DateTime<Utc>>,
    /// Số seri in trên thẻ bên cạnh mã thẻ (không bí mật)
    #[schema(required = true, max_length = 64)]
    pub serial: Option<String>,
}

impl From<ListedCode> for SerialCode {
    fn from(
        ListedCode {
            code: c,
            product_name,
            order_code,
        }: ListedCode,
    ) -> Self {
        Self {
            id: c.id,
            product_id: c.product_id,
            product_name,
            masked_code: masked(&c.last4),
            status: c.status,
            order_id: c.order_id,
            order_code,
            expires_at: c.expires_at,
            note: c.note,
            created_at: c.created_at,
            sold_at: c.sold_at,
            serial: c.serial,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FilterQuery {
    /// Lọc theo sản phẩm
    #[param(value_type = Option<Uuid>)]
    pub product_id: Option<String>,
    /// Lọc theo trạng thái
    #[param(value_type = Option<CodeStatus>)]
    pub status: Option<String>,
}

impl FilterQuery {
    /// Blank values are no filter.
    fn check(&self) -> Result<(Option<Uuid>, Option<CodeStatus>), StoreError> {
        let mut p = Problems::default();
        let product_id = optional_choice(
            &mut p,
            "productId",
            self.product_id.as_deref().map(str::trim),
            |text| Uuid::parse_str(text).ok(),
            "Mã sản phẩm không hợp lệ",
        );
        let status = optional_choice(
            &mut p,
            "status",
            self.status.as_deref(),
            CodeStatus::parse,
            "Trạng thái là available, reserved, sold hoặc disabled",
        );
        p.finish(|| (product_id, status))
    }
}

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

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(description = "Chỉ khi mã đang available hoặc disabled (mã 312 nếu không).")]
pub struct SerialCodeUpdate {
    pub id: Uuid,
    /// Mã mới: mã hóa và băm lại; trùng trong sản phẩm: mã 311
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = String, required = false, max_length = 200)]
    pub code: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<DateTime<Utc>>)]
    pub expires_at: Option<Option<DateTime<Utc>>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, max_length = 500)]
    pub note: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(schema_with = editable_status, required = false)]
    pub status: Option<Option<String>>,
}

/// `available` or `disabled`: the states staff may set.
fn editable_status() -> utoipa::openapi::schema::Object {
    crate::routes::openapi::one_of(&CodeStatus::EDITABLE.map(CodeStatus::as_str))
}

/// A checked Update: the new code (if any) and the plain column changes.
struct CodeUpdate {
    id: Uuid,
    code: Option<Code>,
    changes: CodeChanges,
}

impl SerialCodeUpdate {
    fn check(self) -> Result<CodeUpdate, StoreError> {
        let mut p = Problems::default();
        let code = match self.code {
            None => None,
            Some(raw) => match Code::parse(raw.as_deref().unwrap_or_default()) {
                Ok(Some(code)) => Some(code),
                Ok(None) => {
                    p.push("code", "Vui lòng nhập mã serial");
                    None
                }
                Err(reason) => {
                    p.push("code", reason.message());
                    None
                }
            },
        };
        let status = match self.status {
            None => None,
            Some(text) => match text.as_deref().and_then(CodeStatus::parse) {
                Some(s) if CodeStatus::EDITABLE.contains(&s) => Some(s),
                _ => {
                    p.push("status", "Trạng thái chỉ có thể là available hoặc disabled");
                    None
                }
            },
        };
        let expires_at = self
            .expires_at
            .map(|at| future_instant(&mut p, "expiresAt", at));
        let note = self
            .note
            .map(|note| optional_text(&mut p, "note", note, MAX_NOTE, true));
        p.finish(|| CodeUpdate {
            id: self.id,
            code,
            changes: CodeChanges {
                status,
                expires_at,
                note,
                ..CodeChanges::default()
            },
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Revealed {
    /// Mã ở dạng rõ (được ghi nhật ký)
    pub code: String,
}

/// Danh sách mã serial (đã che)
///
/// keyword: một mã đơn hàng (không phân biệt hoa thường: các mã của đơn đó) hoặc số seri chính xác của thẻ. Tìm một mã serial chính xác bằng POST Search (mã rõ không bao giờ nằm trong URL). Mặc định createdAt giảm dần.
#[utoipa::path(get, path = "/retailstore/api/admin/v1/ProductSerialCode/Pagination",
    operation_id = "adminSerialCodePagination", tag = "ProductSerialCode",
    params(PageParams<CodePage>, FilterQuery),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<PageOf<SerialCode>>)),
        BadRequest, Unauthorized))]
async fn pagination(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    page: PageParams<CodePage>,
    filter: web::Query<FilterQuery>,
) -> Result<HttpResponse, StoreError> {
    let (product_id, status) = filter.check()?;
    let mut conn = pool.get().await?;
    // A keyword is an existing order's code (its codes) or a card's exact serial.
    let (order_id, serial) = match page.keyword.as_deref() {
        None => (None, None),
        Some(keyword) => {
            let order = match OrderCode::parse(keyword) {
                Some(order_code) => Order::find_by_code(&mut conn, order_code.as_str()).await?,
                None => None,
            };
            let serial = Serial::parse(keyword).ok().flatten();
            if order.is_none() && serial.is_none() {
                return Ok(ok(Page::<SerialCode>::new(Vec::new(), 0, &page)));
            }
            (order.map(|o| o.id), serial.map(Serial::into_string))
        }
    };
    let filter = CodeFilter {
        product_id,
        status,
        code_hash: None,
        order_id,
        serial,
    };
    let newest_first = !matches!(page.sort, Some((_, SortDir::Asc)));
    let rows =
        SerialCodeRow::page(&mut conn, &filter, newest_first, page.size, page.offset()).await?;
    let total = SerialCodeRow::count(&mut conn, &filter).await?;
    let items: Vec<SerialCode> = rows.into_iter().map(SerialCode::from).collect();
    Ok(ok(Page::new(items, total, &page)))
}

/// The body of Search: the exact code (case kept), optionally within one product.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SerialCodeSearch {
    /// Mã chính xác (đã chuẩn hóa: bỏ BOM, CR và khoảng trắng hai đầu)
    #[schema(value_type = String, required = true, min_length = 1, max_length = 200)]
    pub code: Option<String>,
    #[schema(value_type = Uuid, required = false)]
    pub product_id: Option<Uuid>,
}

/// The matches of one exact code: at most one per product.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchView {
    pub items: Vec<SerialCode>,
}

/// The most codes one exact search can find: a code is unique per product.
const MAX_SEARCH_MATCHES: i64 = 100;

/// Tìm một mã serial chính xác
///
/// Mã rõ nằm trong thân yêu cầu, không bao giờ trong URL (URL vào nhật ký truy cập, proxy và lịch sử trình duyệt). So bằng băm có khóa, phân biệt hoa thường; cũng tìm thẻ có số seri đúng bằng chuỗi đó. Phản hồi có Cache-Control: no-store.
#[utoipa::path(post, path = "/retailstore/api/admin/v1/ProductSerialCode/Search",
    operation_id = "adminSerialCodeSearch", tag = "ProductSerialCode",
    request_body = SerialCodeSearch,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<SearchView>)),
        BadRequest, Unauthorized))]
async fn search(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    body: web::Json<SerialCodeSearch>,
) -> Result<HttpResponse, StoreError> {
    let SerialCodeSearch { code, product_id } = body.into_inner();
    let code = match Code::parse(code.as_deref().unwrap_or_default()) {
        Ok(Some(code)) => code,
        Ok(None) => return Err(StoreError::field("code", "Vui lòng nhập mã serial")),
        Err(reason) => return Err(StoreError::field("code", reason.message())),
    };
    // The same text may be a card's serial: staff type whichever they hold.
    let serial = Serial::parse(code.as_str()).ok().flatten();
    let filter = CodeFilter {
        product_id,
        status: None,
        code_hash: Some(cipher.hash(code.as_str()).to_vec()),
        order_id: None,
        serial: serial.map(Serial::into_string),
    };
    let mut conn = pool.get().await?;
    let rows = SerialCodeRow::page(&mut conn, &filter, true, MAX_SEARCH_MATCHES, 0).await?;
    let items = rows.into_iter().map(SerialCode::from).collect();
    Ok(no_store(ok(SearchView { items })))
}

fn no_store(mut response: HttpResponse) -> HttpResponse {
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Nhập mã hàng loạt
///
/// Tối đa 50.000 mã mỗi lần, thân yêu cầu tối đa 8 MiB. Mã mới được mã hóa (AES-256-GCM) và chèn trong một câu lệnh; mã trùng (kể cả do một lần nhập đồng thời) trả về trong duplicates. Mã là duy nhất trong toàn cửa hàng: mã mà sản phẩm khác đang giữ là exists kèm productName của sản phẩm đó.
#[utoipa::path(post, path = BULK_PATH, operation_id = "adminSerialCodeCreateBulk",
    tag = "ProductSerialCode",
    request_body = CreateBulk,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<CreateBulkResult>)),
        BatchRefused, Unauthorized, NotFound, PayloadTooLarge))]
async fn create_bulk(
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

/// Sửa mã serial
///
/// Ghi giá trị mới lên mã (code): một dòng nhật ký serial_code_overwrite (chỉ mã đã che, không bao giờ mã rõ) trong cùng giao dịch.
#[utoipa::path(put, path = "/retailstore/api/admin/v1/ProductSerialCode/Update",
    operation_id = "adminSerialCodeUpdate", tag = "ProductSerialCode",
    request_body = SerialCodeUpdate,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<SerialCode>)),
        BadRequest, Unauthorized, NotFound, CodeConflict))]
async fn update(
    user: AuthUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    cache: web::Data<StorefrontCache>,
    body: web::Json<SerialCodeUpdate>,
) -> Result<HttpResponse, StoreError> {
    let CodeUpdate {
        id,
        code,
        mut changes,
    } = body.into_inner().check()?;
    let mut conn = pool.get().await?;
    let overwrite = code.is_some();
    if let Some(code) = code {
        let product_id = SerialCodeRow::product_of(&mut conn, id).await?;
        import::seal_one(&cipher, id, product_id, &code, &mut changes)?;
    }
    let written = conn
        .transaction(async |conn| {
            let before = SerialCodeRow::find(conn, id).await.optional()?;
            let Some(after) = SerialCodeRow::update_editable(conn, id, &changes).await? else {
                return Ok(false);
            };
            if let (
                true,
                Some(ListedCode {
                    code: old,
                    product_name,
                    ..
                }),
            ) = (overwrite, before)
            {
                // Never the code: the masks (as every list shows them) only.
                let new_tail = changes.last4.as_deref().unwrap_or_default();
                let detail = format!(
                    "{product_name}: ghi giá trị mới lên mã {} (mới: {})",
                    masked(&old.last4),
                    masked(new_tail)
                );
                actor(&user)
                    .record(
                        conn,
                        StoreAuditAction::SerialCodeOverwrite,
                        &after.to_string(),
                        &detail,
                    )
                    .await?;
            }
            Ok::<_, StoreError>(true)
        })
        .await?;
    if !written {
        return Err(missing_or_locked(&mut conn, id).await);
    }
    cache.invalidate();
    let updated = SerialCodeRow::find(&mut conn, id).await?;
    Ok(ok(SerialCode::from(updated)))
}

/// After a guarded write touched nothing: 2 when the code is gone, else 312.
async fn missing_or_locked(conn: &mut diesel_async::AsyncPgConnection, id: Uuid) -> StoreError {
    match SerialCodeRow::exists(conn, id).await {
        Ok(true) => StoreError::CodeLocked,
        Ok(false) => StoreError::NotFound,
        Err(e) => e.into(),
    }
}

/// Xóa mã serial
///
/// Chỉ quản trị viên; ghi nhật ký (serial_code_delete).
#[utoipa::path(delete, path = "/retailstore/api/admin/v1/ProductSerialCode/Delete",
    operation_id = "adminSerialCodeDelete", tag = "ProductSerialCode",
    params(IdQuery),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<Deleted>)),
        BadRequest, Unauthorized, Forbidden, NotFound, CodeLocked))]
async fn delete(
    AdminUser(user): AdminUser,
    pool: web::Data<DbPool>,
    cache: web::Data<StorefrontCache>,
    query: web::Query<IdQuery>,
) -> Result<HttpResponse, StoreError> {
    let id = query.id;
    let mut conn = pool.get().await?;
    let deleted = conn
        .transaction(async |conn| {
            let Some(ListedCode {
                code, product_name, ..
            }) = SerialCodeRow::find(conn, id).await.optional()?
            else {
                return Ok(false);
            };
            if !SerialCodeRow::delete_editable(conn, id).await? {
                return Ok(false);
            }
            let detail = format!("{product_name}: mã {}", masked(&code.last4));
            actor(&user)
                .record(
                    conn,
                    StoreAuditAction::SerialCodeDelete,
                    &id.to_string(),
                    &detail,
                )
                .await?;
            Ok::<_, StoreError>(true)
        })
        .await?;
    if !deleted {
        return Err(missing_or_locked(&mut conn, id).await);
    }
    cache.invalidate();
    Ok(ok(true))
}

/// Xem mã ở dạng rõ (ghi nhật ký)
///
/// Chỉ quản trị viên. Mã được kiểm tra với băm có khóa của dòng; ghi một dòng nhật ký (serial_code_reveal) trong cùng giao dịch. Phản hồi có Cache-Control: no-store.
#[utoipa::path(post, path = "/retailstore/api/admin/v1/ProductSerialCode/Reveal",
    operation_id = "adminSerialCodeReveal", tag = "ProductSerialCode",
    request_body = IdBody,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<Revealed>)),
        BadRequest, Unauthorized, Forbidden, NotFound))]
async fn reveal(
    AdminUser(user): AdminUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    body: web::Json<IdBody>,
) -> Result<HttpResponse, StoreError> {
    let id = body.id;
    let mut conn = pool.get().await?;
    let code = conn
        .transaction(async |conn| {
            let row = SerialCodeRow::sealed(conn, id).await?;
            let ListedCode {
                code: listed,
                product_name,
                ..
            } = SerialCodeRow::find(conn, id).await?;
            let clear = cipher.open_code(&row.stored())?;
            let detail = format!("{product_name}: mã {}", masked(&listed.last4));
            actor(&user)
                .record(
                    conn,
                    StoreAuditAction::SerialCodeReveal,
                    &id.to_string(),
                    &detail,
                )
                .await?;
            Ok::<_, StoreError>(clear)
        })
        .await?;
    tracing::info!(serial_code_id = %id, user_id = %user.id, "serial code revealed");
    Ok(no_store(ok(Revealed { code })))
}

pub fn routes(table: RouteTable) -> RouteTable {
    let action = |name: &str| format!("{ADMIN}/ProductSerialCode/{name}");
    table
        .get(&action("Pagination"), pagination)
        .post(&action("Search"), search)
        .post(BULK_PATH, create_bulk)
        .with(BULK_PATH, |resource| {
            resource.app_data(json_config(BULK_JSON_LIMIT))
        })
        .put(&action("Update"), update)
        .delete(&action("Delete"), delete)
        .post(&action("Reveal"), reveal)
}
