//! Product: the storefront list and product page, and the admin CRUD (admin and staff
//! alike), with their answers; the Create and Update bodies are in `body`.

mod body;

pub use body::{ProductCreate, ProductUpdate};

use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shop_common::auth::{AdminUser, AuthUser};
use shop_common::cache::Coalesced;
use shop_common::db::DbPool;
use shop_common::error::ApiError;
use shop_common::openapi::{
    BadRequest, Deleted, Enveloped, Forbidden, NotFound, PageOf, PageParams, PageSpec, Unauthorized,
};
use shop_common::pagination::{Page, PageRequest};
use shop_common::route_table::RouteTable;
use shop_common::{Envelope, ok};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::{ADMIN, IdQuery, WEB, actor};
use crate::StorefrontCache;
use crate::domain::product::{ProductFields, ProductListing, ProductStatus, StockLevel};
use crate::error::{StoreError, on_foreign_key};
use crate::models::product::{Product, ProductFilter, ProductSort, StockCounts};
use crate::products;
use crate::routes::openapi::{ProductInUse, SlugTaken};

pub const ADMIN_SORTABLE: &[&str] = &["name", "price", "sortOrder", "createdAt"];

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Stock {
    pub available: i64,
    pub reserved: i64,
    pub sold: i64,
}

/// Product, admin view.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductAdmin {
    pub id: Uuid,
    #[serde(flatten)]
    pub fields: ProductFields,
    pub stock: Stock,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<(Product, StockCounts)> for ProductAdmin {
    fn from((p, s): (Product, StockCounts)) -> Self {
        let (id, created_at, updated_at) = (p.id, p.created_at, p.updated_at);
        Self {
            id,
            fields: p.into(),
            stock: Stock {
                available: s.available,
                reserved: s.reserved,
                sold: s.sold,
            },
            created_at,
            updated_at,
        }
    }
}

/// Product, storefront view: a stock level, never raw counts.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductWeb {
    pub id: Uuid,
    #[serde(flatten)]
    pub listing: ProductListing,
    pub in_stock: bool,
    pub stock_level: StockLevel,
    pub min_per_order: i32,
    pub max_per_order: i32,
}

impl From<(Product, StockCounts)> for ProductWeb {
    fn from((p, s): (Product, StockCounts)) -> Self {
        let level = StockLevel::of(s.available, p.low_stock_threshold);
        Self {
            id: p.id,
            listing: ProductListing::from(&p),
            in_stock: level != StockLevel::OutOfStock,
            stock_level: level,
            min_per_order: p.min_per_order,
            max_per_order: p.max_per_order,
        }
    }
}

/// Product page, storefront view: the list's view with the product's status and its
/// current slug.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductPage {
    #[serde(flatten)]
    pub product: ProductWeb,
    pub status: ProductStatus,
    /// Slug hiện tại; khác slug đã hỏi khi đó là slug cũ (sản phẩm đổi tên): hãy chuyển sang /san-pham/{canonicalSlug}
    pub canonical_slug: String,
}

/// `?slug=` of the product page.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SlugQuery {
    /// Slug của sản phẩm (hiện tại hoặc cũ): chữ thường a-z, số 0-9 và dấu gạch ngang, tối đa 200 ký tự
    pub slug: String,
}

/// Filters of the admin list besides paging.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminFilterQuery {
    /// Lọc theo trạng thái
    #[param(value_type = Option<ProductStatus>)]
    pub status: Option<String>,
}

/// What a list's `keyword` matches (the trigram search of `models::product::Search`).
const KEYWORD: &str = "Từ khóa, tối đa 200 ký tự: tìm trong tên sản phẩm, có dấu hay không dấu đều được (`the game` tìm thấy `Thẻ Game`, `đ` là `d`); nhiều từ thì sản phẩm phải có đủ mọi từ, thứ tự bất kỳ.";

/// The storefront list's paging: its order is fixed.
pub struct WebPage;

impl PageSpec for WebPage {
    const SORTABLE: &'static [&'static str] = &[];
    const KEYWORD: &'static str = KEYWORD;
    const DEFAULT_ORDER: &'static str = "`sortOrder asc, createdAt desc`; with a keyword, the most relevant first (the keyword as the whole name, at its start, at a word's start, anywhere, then its words in any order); any sortBy is code 1";
}

/// The admin list's paging.
pub struct AdminPage;

impl PageSpec for AdminPage {
    const SORTABLE: &'static [&'static str] = ADMIN_SORTABLE;
    const KEYWORD: &'static str = KEYWORD;
}

fn admin_sort(page: &PageRequest) -> ProductSort {
    match page.sort {
        Some(("name", dir)) => ProductSort::Name(dir),
        Some(("price", dir)) => ProductSort::Price(dir),
        Some(("sortOrder", dir)) => ProductSort::SortOrder(dir),
        Some(("createdAt", dir)) => ProductSort::CreatedAt(dir),
        _ => ProductSort::Default,
    }
}

async fn list<V: From<(Product, StockCounts)> + Serialize>(
    pool: &DbPool,
    page: &PageRequest,
    status: Option<ProductStatus>,
    sort: ProductSort,
) -> Result<HttpResponse, StoreError> {
    let mut conn = pool.get().await?;
    let filter = ProductFilter::new(&mut conn, page.keyword.as_deref(), status).await?;
    let rows = Product::page(&mut conn, &filter, sort, page.size, page.offset()).await?;
    let total = Product::count(&mut conn, &filter).await?;
    let items: Vec<V> = rows.into_iter().map(V::from).collect();
    Ok(ok(Page::new(items, total, page)))
}

/// How long a storefront list request waits for an identical one already asking the
/// database (the cache's single flight) before it is told to try again.
const STOREFRONT_WAIT: Duration = Duration::from_secs(5);

/// Sản phẩm đang bán (công khai)
///
/// Chỉ sản phẩm active, thứ tự sortOrder tăng rồi createdAt giảm; có từ khóa thì sản phẩm khớp nhất lên trước. Không có số lượng tồn kho, chỉ stockLevel. stockLevel không tính mã hết hạn trong vòng 1 ngày (những mã đơn hàng không giao).
#[utoipa::path(get, path = "/retailstore/api/web/v1/Product/Pagination",
    operation_id = "webProductPagination", tag = "Product",
    params(PageParams<WebPage>),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<PageOf<ProductWeb>>)),
        BadRequest))]
async fn web_pagination(
    pool: web::Data<DbPool>,
    cache: web::Data<StorefrontCache>,
    page: PageParams<WebPage>,
) -> Result<HttpResponse, StoreError> {
    let key = format!(
        "{}|{}|{}",
        page.index,
        page.size,
        page.keyword.as_deref().unwrap_or_default()
    );
    let body = cache
        .0
        .get_or_compute(&key, STOREFRONT_WAIT, || web_page_body(&pool, &page))
        .await
        .map_err(|e| match e {
            Coalesced::Failed(e) => e,
            Coalesced::LeaderFailed | Coalesced::TimedOut => {
                StoreError::Api(ApiError::unavailable(StatusCode::SERVICE_UNAVAILABLE))
            }
        })?;
    Ok(json_body(body))
}

/// The storefront list's answer, ready to send (and to cache).
async fn web_page_body(pool: &DbPool, page: &PageRequest) -> Result<web::Bytes, StoreError> {
    let mut conn = pool.get().await?;
    let filter = ProductFilter::new(
        &mut conn,
        page.keyword.as_deref(),
        Some(ProductStatus::Active),
    )
    .await?;
    let rows = Product::page(
        &mut conn,
        &filter,
        ProductSort::Default,
        page.size,
        page.offset(),
    )
    .await?;
    let total = Product::count(&mut conn, &filter).await?;
    // Shoppers see what the buying flow would hand out: codes expiring within a day
    // are left out.
    let ids: Vec<Uuid> = rows.iter().map(|(p, _)| p.id).collect();
    let expiring = Product::expiring(&mut conn, &ids).await?;
    drop(conn);
    let items: Vec<ProductWeb> = rows
        .into_iter()
        .map(|(p, stock)| {
            let soon = expiring.get(&p.id).copied().unwrap_or(0);
            ProductWeb::from((p, stock.sellable(soon)))
        })
        .collect();
    let body = serde_json::to_vec(&Envelope::success(Page::new(items, total, page)))
        .map_err(|e| StoreError::Api(shop_common::error::internal_error(e)))?;
    Ok(web::Bytes::from(body))
}

/// Trang sản phẩm (công khai)
///
/// Một sản phẩm active theo slug, hoặc theo slug cũ của nó (sau khi đổi tên): khi đó canonicalSlug là slug hiện tại. Sản phẩm nháp, ẩn hoặc không có: 404 mã 2. Slug sai dạng: mã 1. stockLevel như danh sách.
#[utoipa::path(get, path = "/retailstore/api/web/v1/Product/BySlug",
    operation_id = "webProductBySlug", tag = "Product",
    params(SlugQuery),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<ProductPage>)),
        BadRequest, NotFound))]
async fn web_by_slug(
    pool: web::Data<DbPool>,
    query: web::Query<SlugQuery>,
) -> Result<HttpResponse, StoreError> {
    let slug = query.slug.trim();
    if !crate::domain::slug::is_valid(slug) {
        return Err(StoreError::field(
            "slug",
            "Slug chỉ gồm chữ thường a-z, số 0-9 và dấu gạch ngang, tối đa 200 ký tự",
        ));
    }
    let mut conn = pool.get().await?;
    let (product, stock) = Product::find_by_slug(&mut conn, slug)
        .await?
        .filter(|(p, _)| p.status == ProductStatus::Active)
        .ok_or(StoreError::NotFound)?;
    // As in the list: codes expiring within a day are not for sale.
    let expiring = Product::expiring(&mut conn, &[product.id]).await?;
    drop(conn);
    let soon = expiring.get(&product.id).copied().unwrap_or(0);
    let (status, canonical_slug) = (product.status, product.slug.clone());
    Ok(ok(ProductPage {
        product: ProductWeb::from((product, stock.sellable(soon))),
        status,
        canonical_slug,
    }))
}

fn json_body(body: web::Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(actix_web::http::header::ContentType::json())
        .body(body)
}

/// Danh sách sản phẩm
#[utoipa::path(get, path = "/retailstore/api/admin/v1/Product/Pagination",
    operation_id = "adminProductPagination", tag = "Product",
    params(PageParams<AdminPage>, AdminFilterQuery),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<PageOf<ProductAdmin>>)),
        BadRequest, Unauthorized))]
async fn admin_pagination(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    page: PageParams<AdminPage>,
    filter: web::Query<AdminFilterQuery>,
) -> Result<HttpResponse, StoreError> {
    let status = match filter.status.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(text) => Some(ProductStatus::parse(text).ok_or_else(|| {
            StoreError::field("status", "Trạng thái là draft, active hoặc hidden")
        })?),
    };
    list::<ProductAdmin>(&pool, &page, status, admin_sort(&page)).await
}

/// Chi tiết sản phẩm
#[utoipa::path(get, path = "/retailstore/api/admin/v1/Product/Read",
    operation_id = "adminProductRead", tag = "Product",
    params(IdQuery),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<ProductAdmin>)),
        BadRequest, Unauthorized, NotFound))]
async fn read(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    query: web::Query<IdQuery>,
) -> Result<HttpResponse, StoreError> {
    let mut conn = pool.get().await?;
    let found = Product::find(&mut conn, query.id).await?;
    Ok(ok(ProductAdmin::from(found)))
}

/// Tạo sản phẩm
#[utoipa::path(post, path = "/retailstore/api/admin/v1/Product/Create",
    operation_id = "adminProductCreate", tag = "Product",
    request_body = ProductCreate,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<ProductAdmin>)),
        BadRequest, Unauthorized, SlugTaken))]
async fn create(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    cache: web::Data<StorefrontCache>,
    body: web::Json<ProductCreate>,
) -> Result<HttpResponse, StoreError> {
    let fields = body.into_inner().check()?;
    let mut conn = pool.get().await?;
    let product = Product::insert(&mut conn, Uuid::now_v7(), &fields).await?;
    cache.invalidate();
    Ok(ok(ProductAdmin::from((product, StockCounts::default()))))
}

/// Sửa sản phẩm
///
/// Đổi giá hoặc trạng thái: mỗi thay đổi một dòng nhật ký (product_price_change, product_status_change; cũ -> mới) trong cùng giao dịch.
#[utoipa::path(put, path = "/retailstore/api/admin/v1/Product/Update",
    operation_id = "adminProductUpdate", tag = "Product",
    request_body = ProductUpdate,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<ProductAdmin>)),
        BadRequest, Unauthorized, NotFound, SlugTaken))]
async fn update(
    user: AuthUser,
    pool: web::Data<DbPool>,
    cache: web::Data<StorefrontCache>,
    body: web::Json<ProductUpdate>,
) -> Result<HttpResponse, StoreError> {
    let patch = body.into_inner();
    let id = patch.id;
    let updated = products::update(&pool, id, |current| patch.apply(current), actor(&user)).await?;
    cache.invalidate();
    Ok(ok(ProductAdmin::from(updated)))
}

/// Xóa sản phẩm
///
/// Xóa cả các mã chưa bán (available, disabled). Mã 302 khi còn mã đang giữ hoặc đã bán (sau này: khi có đơn hàng): hãy ẩn sản phẩm. Chỉ quản trị viên; ghi nhật ký (product_delete).
#[utoipa::path(delete, path = "/retailstore/api/admin/v1/Product/Delete",
    operation_id = "adminProductDelete", tag = "Product",
    params(IdQuery),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<Deleted>)),
        BadRequest, Unauthorized, Forbidden, NotFound, ProductInUse))]
async fn delete(
    AdminUser(user): AdminUser,
    pool: web::Data<DbPool>,
    cache: web::Data<StorefrontCache>,
    query: web::Query<IdQuery>,
) -> Result<HttpResponse, StoreError> {
    let mut conn = pool.get().await?;
    Product::delete(&mut conn, query.id, actor(&user))
        .await
        .map_err(on_foreign_key(StoreError::ProductInUse))?;
    cache.invalidate();
    Ok(ok(true))
}

pub fn routes(table: RouteTable) -> RouteTable {
    let admin = |action: &str| format!("{ADMIN}/Product/{action}");
    table
        .get(&format!("{WEB}/Product/Pagination"), web_pagination)
        .get(&format!("{WEB}/Product/BySlug"), web_by_slug)
        .get(&admin("Pagination"), admin_pagination)
        .get(&admin("Read"), read)
        .post(&admin("Create"), create)
        .put(&admin("Update"), update)
        .delete(&admin("Delete"), delete)
}
