//! ProductSerialCode: list, exact search, bulk import, edit, delete and reveal (both
//! admin only and audited). Clear text leaves only through Reveal. The list, the search
//! and the admin view are here; CreateBulk in `bulk`; Update, Delete and Reveal of
//! one code in `edit`.

pub(super) mod bulk;
pub(super) mod edit;

use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shop_common::auth::AuthUser;
use shop_common::db::DbPool;
use shop_common::error::json_config;
use shop_common::limits::BULK_PATH;
use shop_common::ok;
use shop_common::openapi::{BadRequest, Enveloped, PageOf, PageParams, PageSpec, Unauthorized};
use shop_common::pagination::{Page, SortDir};
use shop_common::route_table::RouteTable;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::{ADMIN, optional_choice};
use crate::crypto::CodeCipher;
use crate::domain::order::OrderCode;
use crate::domain::serial_code::{Code, CodeStatus, Serial, masked};
use crate::error::{Problems, StoreError};
use crate::models::order::Order;
use crate::models::serial_code::{CodeFilter, ListedCode, SerialCodeRow};

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

pub fn routes(table: RouteTable) -> RouteTable {
    let action = |name: &str| format!("{ADMIN}/ProductSerialCode/{name}");
    table
        .get(&action("Pagination"), pagination)
        .post(&action("Search"), search)
        .post(BULK_PATH, bulk::create_bulk)
        .with(BULK_PATH, |resource| {
            resource.app_data(json_config(BULK_JSON_LIMIT))
        })
        .put(&action("Update"), edit::update)
        .delete(&action("Delete"), edit::delete)
        .post(&action("Reveal"), edit::reveal)
}
