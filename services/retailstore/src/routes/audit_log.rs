//! AuditLog/Pagination (admin only): who revealed, deleted or moved what, newest first.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use shop_common::audit::{AuditEntry, AuditQuery};
use shop_common::auth::AdminUser;
use shop_common::db::DbPool;
use shop_common::ok;
use shop_common::openapi::{
    BadRequest, Enveloped, Forbidden, PageOf, PageParams, PageSpec, Unauthorized,
};
use shop_common::route_table::RouteTable;
use utoipa::ToSchema;
use uuid::Uuid;

use super::ADMIN;
use crate::domain::audit::StoreAuditAction;
use crate::error::StoreError;

/// The log's paging: newest first, nothing else.
pub struct AuditPage;

impl PageSpec for AuditPage {
    const SORTABLE: &'static [&'static str] = &[];
    const KEYWORD: &'static str = "Không dùng: lọc theo actor, action, from, to.";
    const DEFAULT_ORDER: &'static str = "`at desc`; any sortBy is code 1";
}

/// One row of the log as this service lists it (`common::audit::AuditEntry` with this
/// service's actions; every row here has an actor id).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
pub struct StoreAuditEntry {
    pub id: Uuid,
    pub at: DateTime<Utc>,
    /// Tên đăng nhập
    pub actor: String,
    pub actor_id: Uuid,
    pub action: StoreAuditAction,
    /// Mã đơn hàng, tên sản phẩm hoặc id mã serial; không bao giờ là mã rõ
    pub target: String,
    pub detail: String,
}

/// Nhật ký thao tác của cửa hàng
///
/// Chỉ quản trị viên. Mỗi lần xem mã rõ, xóa, xác nhận thanh toán thủ công, hủy, giao mã (Deliver), ghi nhận hoàn tiền, đổi mã, tạo lại đường dẫn đơn hàng, đổi giá hoặc trạng thái sản phẩm (cũ -> mới), ghi giá trị mới lên mã serial (chỉ mã đã che): một dòng, ghi trong cùng giao dịch với thao tác. Lọc theo action và actor. Mới nhất trước; không có trường sắp xếp khác.
#[utoipa::path(get, path = "/retailstore/api/admin/v1/AuditLog/Pagination",
    operation_id = "adminAuditLogPagination", tag = "AuditLog",
    params(PageParams<AuditPage>,
        ("actor" = Option<String>, Query, description = "Một phần tên đăng nhập của người thực hiện (không phân biệt hoa thường)"),
        ("action" = Option<StoreAuditAction>, Query, description = "Thao tác"),
        ("from" = Option<DateTime<Utc>>, Query, description = "Từ thời điểm (RFC 3339, bao gồm)"),
        ("to" = Option<DateTime<Utc>>, Query, description = "Đến thời điểm (RFC 3339, không bao gồm)")),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<PageOf<StoreAuditEntry>>)),
        BadRequest, Unauthorized, Forbidden))]
async fn pagination(
    _admin: AdminUser,
    pool: web::Data<DbPool>,
    page: PageParams<AuditPage>,
    filter: web::Query<AuditQuery>,
) -> Result<HttpResponse, StoreError> {
    let filter = filter.check(|raw| StoreAuditAction::parse(raw).map(StoreAuditAction::as_str))?;
    let mut conn = pool.get().await?;
    Ok(ok(AuditEntry::page(&mut conn, &filter, &page).await?))
}

pub fn routes(table: RouteTable) -> RouteTable {
    table.get(&format!("{ADMIN}/AuditLog/Pagination"), pagination)
}
