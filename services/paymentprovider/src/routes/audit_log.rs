//! AuditLog/Pagination (admin only): who assigned a transfer by hand or created, changed
//! or deleted a payment provider, newest first.

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
use crate::domain::audit::PaymentAuditAction;
use crate::error::PaymentError;

/// The log's paging: newest first, nothing else.
pub struct AuditPage;

impl PageSpec for AuditPage {
    const SORTABLE: &'static [&'static str] = &[];
    const KEYWORD: &'static str = "Không dùng: lọc theo actor, action, from, to.";
    const DEFAULT_ORDER: &'static str = "`at desc`; any sortBy is code 1";
}

/// One row of the log as this service lists it (`common::audit::AuditEntry` with this
/// service's actions).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
pub struct PaymentAuditEntry {
    pub id: Uuid,
    pub at: DateTime<Utc>,
    /// Tên đăng nhập
    pub actor: String,
    pub actor_id: Uuid,
    pub action: PaymentAuditAction,
    /// Mã đơn hàng (Assign) hoặc tên và id phương thức thanh toán
    pub target: String,
    /// Những trường đã đổi; khóa webhook và token chỉ ghi "secret changed"/"token changed"
    pub detail: String,
}

/// Nhật ký thao tác thanh toán
///
/// Chỉ quản trị viên. Mỗi lần gán giao dịch cho đơn hàng, tạo, sửa (các trường đã đổi, không bao giờ là khóa bí mật) hoặc xóa phương thức thanh toán: một dòng, ghi trong cùng giao dịch với thao tác. Mới nhất trước; không có trường sắp xếp khác.
#[utoipa::path(get, path = "/paymentprovider/api/admin/v1/AuditLog/Pagination",
    operation_id = "paymentAuditLogPagination", tag = "AuditLog",
    params(PageParams<AuditPage>,
        ("actor" = Option<String>, Query, description = "Một phần tên đăng nhập của người thực hiện (không phân biệt hoa thường)"),
        ("action" = Option<PaymentAuditAction>, Query, description = "Thao tác"),
        ("from" = Option<DateTime<Utc>>, Query, description = "Từ thời điểm (RFC 3339, bao gồm)"),
        ("to" = Option<DateTime<Utc>>, Query, description = "Đến thời điểm (RFC 3339, không bao gồm)")),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<PageOf<PaymentAuditEntry>>)),
        BadRequest, Unauthorized, Forbidden))]
async fn pagination(
    _admin: AdminUser,
    pool: web::Data<DbPool>,
    page: PageParams<AuditPage>,
    filter: web::Query<AuditQuery>,
) -> Result<HttpResponse, PaymentError> {
    let filter =
        filter.check(|raw| PaymentAuditAction::parse(raw).map(PaymentAuditAction::as_str))?;
    let mut conn = pool.get().await?;
    Ok(ok(AuditEntry::page(&mut conn, &filter, &page).await?))
}

pub fn routes(table: RouteTable) -> RouteTable {
    table.get(&format!("{ADMIN}/AuditLog/Pagination"), pagination)
}
