//! The back office's handlers: Pagination, Detail, ConfirmPayment, Cancel, Deliver,
//! RecordRefund, ReplaceCodes, RevealCodes and RegenerateAccessLink (admin and staff
//! alike).

use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use shop_common::auth::AuthUser;
use shop_common::db::DbPool;
use shop_common::ok;
use shop_common::openapi::{
    BadRequest, Enveloped, Forbidden, PageOf, PageParams, PageSpec, Unauthorized,
};
use shop_common::pagination::{Page, PageRequest, SortDir};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::views::{
    AccessLink, AdminOrder, OrderListItem, RevealedItem, RevealedOrder, RevealedOrderCode,
};
use super::{
    IDEMPOTENCY_HEADER, MAX_AMOUNT, SORTABLE, amount, envelope_bytes, idempotency_key, instant,
    json_body, no_store, required_id,
};
use crate::StorefrontCache;
use crate::crypto::CodeCipher;
use crate::domain::optional_text;
use crate::domain::order::{MAX_NOTE, OrderStatus, PaymentStatus, reason};
use crate::error::{Problems, StoreError};
use crate::idempotency::{self, Idempotent};
use crate::models::order::{Order, OrderFilter, OrderSort};
use crate::notifications::Notifier;
use crate::orders::{self, ManualConfirmation, OrderBundle};
use crate::peers::system::SystemClient;
use crate::routes::openapi::{
    NoStockOrWrongState, OrderNotFound, PaymentConflict, WrongOrderState,
};
use crate::routes::{IdBody, IdQuery, actor, optional_choice};

/// The admin list's paging.
pub struct OrderPage;

impl PageSpec for OrderPage {
    const SORTABLE: &'static [&'static str] = SORTABLE;
    const KEYWORD: &'static str =
        "Một phần mã đơn, email hoặc số điện thoại (không phân biệt hoa thường), tối đa 200 ký tự.";
}

/// Admin list filters besides paging.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FilterQuery {
    /// Lọc theo trạng thái
    #[param(value_type = Option<OrderStatus>)]
    pub status: Option<String>,
    /// Lọc theo trạng thái thanh toán
    #[param(value_type = Option<PaymentStatus>)]
    pub payment_status: Option<String>,
    /// Đơn có sản phẩm này
    #[param(value_type = Option<Uuid>)]
    pub product_id: Option<String>,
    /// createdAt >= from (RFC 3339)
    #[param(value_type = Option<DateTime<Utc>>)]
    pub from: Option<String>,
    /// createdAt < to (RFC 3339)
    #[param(value_type = Option<DateTime<Utc>>)]
    pub to: Option<String>,
    /// Tổng tiền của đơn đúng bằng số này (VND): các đơn mà một giao dịch chưa khớp có thể thuộc về
    #[param(value_type = Option<i64>, minimum = 1)]
    pub total: Option<String>,
}

impl FilterQuery {
    fn check(&self, page: &PageRequest) -> Result<OrderFilter, StoreError> {
        let mut p = Problems::default();
        let status = optional_choice(
            &mut p,
            "status",
            self.status.as_deref().map(str::trim),
            OrderStatus::parse,
            "Trạng thái là pending_payment, completed, expired, cancelled hoặc needs_attention",
        );
        let payment_status = optional_choice(
            &mut p,
            "paymentStatus",
            self.payment_status.as_deref().map(str::trim),
            PaymentStatus::parse,
            "Trạng thái thanh toán là unpaid, partially_paid, paid hoặc overpaid",
        );
        let product_id = optional_choice(
            &mut p,
            "productId",
            self.product_id.as_deref().map(str::trim),
            |text| Uuid::parse_str(text).ok(),
            "Mã sản phẩm không hợp lệ",
        );
        let total = optional_choice(
            &mut p,
            "total",
            self.total.as_deref().map(str::trim),
            |text| {
                text.parse::<i64>()
                    .ok()
                    .filter(|a| (1..=MAX_AMOUNT).contains(a))
            },
            "Số tiền không hợp lệ",
        );
        let from = instant(&mut p, "from", self.from.as_deref());
        let to = instant(&mut p, "to", self.to.as_deref());
        if let (Some(from), Some(to)) = (from, to)
            && from >= to
        {
            p.push("to", "Thời điểm kết thúc phải sau thời điểm bắt đầu");
        }
        p.finish(|| OrderFilter {
            keyword: page.keyword.clone(),
            status,
            payment_status,
            product_id,
            from,
            to,
            total,
        })
    }
}

/// Admin ConfirmPayment, as sent (`Serialize`: the canonical form replays compare).
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct ManualPayment {
    #[schema(value_type = Uuid, required = true)]
    pub id: Option<Uuid>,
    /// 0 chỉ để giao lại mã cho đơn đã nhận đủ tiền (needs_attention)
    #[schema(value_type = i64, required = true, minimum = 0)]
    pub amount: Option<i64>,
    #[schema(max_length = 500)]
    pub note: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderCancel {
    #[schema(value_type = Uuid, required = true)]
    pub id: Option<Uuid>,
    #[schema(value_type = String, required = true, max_length = 500)]
    pub reason: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderReplaceCodes {
    #[schema(value_type = Uuid, required = true)]
    pub id: Option<Uuid>,
    #[schema(value_type = Uuid, required = true)]
    pub item_id: Option<Uuid>,
    /// 1..số lượng của dòng
    #[schema(value_type = i64, required = true, minimum = 1)]
    pub quantity: Option<i64>,
    #[schema(value_type = String, required = true, max_length = 500)]
    pub reason: Option<String>,
    /// Các mã khách đang giữ bị đổi (id trong `codes` của dòng), đúng `quantity` mã khác
    /// nhau; bỏ trống: các mã bán sớm nhất
    pub code_ids: Option<Vec<Uuid>>,
}

/// Deliver, as sent.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderDeliver {
    #[schema(value_type = Uuid, required = true)]
    pub id: Option<Uuid>,
    /// Vì sao giao (ghi vào lịch sử và nhật ký)
    #[schema(max_length = 500)]
    pub note: Option<String>,
}

/// RecordRefund, as sent.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderRecordRefund {
    #[schema(value_type = Uuid, required = true)]
    pub id: Option<Uuid>,
    /// Số tiền đã hoàn (VND), 1..số còn có thể hoàn
    #[schema(value_type = i64, required = true, minimum = 1)]
    pub amount: Option<i64>,
    /// Cách hoàn (số giao dịch, tài khoản nhận...)
    #[schema(value_type = String, required = true, max_length = 500)]
    pub note: Option<String>,
}

impl OrderDeliver {
    fn check(self) -> Result<(Uuid, Option<String>), StoreError> {
        let mut p = Problems::default();
        let id = required_id(&mut p, self.id);
        let note = optional_text(&mut p, "note", self.note, MAX_NOTE, true);
        p.finish(|| (id, note))
    }
}

impl OrderRecordRefund {
    fn check(self) -> Result<(Uuid, i64, String), StoreError> {
        let mut p = Problems::default();
        let id = required_id(&mut p, self.id);
        let amount = amount(&mut p, self.amount, 1);
        let note = optional_text(&mut p, "note", self.note, MAX_NOTE, true);
        if note.is_none() {
            p.push("note", "Vui lòng ghi cách hoàn tiền");
        }
        p.finish(|| (id, amount, note.unwrap_or_default()))
    }
}

/// RegenerateAccessLink, as sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRegenerateAccessLink {
    pub id: Uuid,
    /// true: gửi thêm một đường dẫn mới (token riêng) tới email của đơn
    #[serde(default)]
    pub send_email: Option<bool>,
}

impl OrderCancel {
    /// The order and the reason, or every problem at once (code 1).
    fn check(self) -> Result<(Uuid, String), StoreError> {
        let mut p = Problems::default();
        let id = required_id(&mut p, self.id);
        let reason = reason(&mut p, "reason", self.reason);
        p.finish(|| (id, reason.unwrap_or_default()))
    }
}

/// A checked ReplaceCodes.
struct Replacement {
    id: Uuid,
    item_id: Uuid,
    quantity: i32,
    reason: String,
    code_ids: Option<Vec<Uuid>>,
}

impl OrderReplaceCodes {
    /// The order line and how many of its codes to replace, or every problem at once
    /// (code 1).
    fn check(self) -> Result<Replacement, StoreError> {
        let mut p = Problems::default();
        let id = required_id(&mut p, self.id);
        if self.item_id.is_none() {
            p.push("itemId", "Vui lòng chọn dòng sản phẩm");
        }
        let quantity = match self.quantity {
            Some(q) if (1..=i64::from(i32::MAX)).contains(&q) => q as i32,
            _ => {
                p.push("quantity", "Số mã đổi phải lớn hơn 0");
                0
            }
        };
        let reason = reason(&mut p, "reason", self.reason);
        if let Some(ids) = &self.code_ids {
            let distinct: std::collections::HashSet<&Uuid> = ids.iter().collect();
            if ids.is_empty() || distinct.len() != ids.len() || ids.len() != quantity as usize {
                p.push("codeIds", "Chọn đúng số mã cần đổi, mỗi mã một lần");
            }
        }
        p.finish(|| Replacement {
            id,
            item_id: self.item_id.unwrap_or_default(),
            quantity,
            reason: reason.unwrap_or_default(),
            code_ids: self.code_ids,
        })
    }
}

async fn admin_detail(pool: &DbPool, id: Uuid) -> Result<AdminOrder, StoreError> {
    let mut conn = pool.get().await?;
    let order = Order::find(&mut conn, id)
        .await?
        .ok_or(StoreError::OrderNotFound)?;
    AdminOrder::build(&OrderBundle::load(&mut conn, order, true).await?)
}

/// The detail with the order's notifications from system (none when system is down).
async fn admin_detail_with_notifications(
    pool: &DbPool,
    system: &SystemClient,
    id: Uuid,
) -> Result<AdminOrder, StoreError> {
    let mut detail = admin_detail(pool, id).await?;
    let deliveries = system.deliveries(&detail.code).await;
    detail.notifications = Some(deliveries.into_iter().map(Into::into).collect());
    Ok(detail)
}

fn sort(page: &PageRequest) -> OrderSort {
    match page.sort {
        Some(("total", dir)) => OrderSort::Total(dir),
        Some(("paidAt", dir)) => OrderSort::PaidAt(dir),
        Some((_, dir)) => OrderSort::CreatedAt(dir),
        None => OrderSort::CreatedAt(SortDir::Desc),
    }
}

/// Danh sách đơn hàng
///
/// Mặc định createdAt giảm dần; đơn chưa có paidAt luôn ở cuối khi sắp theo paidAt.
#[utoipa::path(get, path = "/retailstore/api/admin/v1/Order/Pagination",
    operation_id = "adminOrderPagination", tag = "Order",
    params(PageParams<OrderPage>, FilterQuery),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<PageOf<OrderListItem>>)),
        BadRequest, Unauthorized))]
pub(super) async fn pagination(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    page: PageParams<OrderPage>,
    filter: web::Query<FilterQuery>,
) -> Result<HttpResponse, StoreError> {
    let filter = filter.check(&page)?;
    let mut conn = pool.get().await?;
    let items: Vec<OrderListItem> =
        Order::page(&mut conn, &filter, sort(&page), page.size, page.offset()).await?;
    let total = Order::count(&mut conn, &filter).await?;
    Ok(ok(Page::new(items, total, &page)))
}

/// Chi tiết đơn hàng (mã đã che, thanh toán, lịch sử, thông báo)
///
/// notifications lấy từ system (chờ tối đa 2 giây); system không trả lời: danh sách rỗng, chi tiết vẫn trả về.
#[utoipa::path(get, path = "/retailstore/api/admin/v1/Order/Detail",
    operation_id = "adminOrderDetail", tag = "Order",
    params(IdQuery),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<AdminOrder>)),
        BadRequest, Unauthorized, OrderNotFound))]
pub(super) async fn detail(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    system: web::Data<SystemClient>,
    query: web::Query<IdQuery>,
) -> Result<HttpResponse, StoreError> {
    Ok(ok(admin_detail_with_notifications(
        &pool, &system, query.id,
    )
    .await?))
}

/// Xác nhận thanh toán thủ công
///
/// Cần header Idempotency-Key (thiếu: mã 1). Ghi giao dịch manual:<mã suy ra từ đơn và khóa>: cùng khóa trong 24 giờ trả lại cùng kết quả; sau 24 giờ, cùng khóa trên cùng đơn là mã 3 (đã ghi nhận, không cộng thêm, không ghi gì), trên đơn khác là một khoản mới. Nếu sau đó chuyển khoản cùng số tiền đến qua webhook, nó được gắn vào khoản này (duplicate_of_manual) chứ không cộng hai lần. Cho đơn pending_payment, expired, needs_attention.
#[utoipa::path(post, path = "/retailstore/api/admin/v1/Order/ConfirmPayment",
    operation_id = "adminOrderConfirmPayment", tag = "Order",
    params(("Idempotency-Key" = String, Header, description = "Bắt buộc; cùng khóa và nội dung: trả lại cùng kết quả trong 24 giờ")),
    request_body = ManualPayment,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<AdminOrder>)),
        BadRequest, Unauthorized, OrderNotFound, PaymentConflict))]
pub(super) async fn confirm_payment(
    user: AuthUser,
    req: HttpRequest,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    notifier: web::Data<Notifier>,
    body: web::Json<ManualPayment>,
) -> Result<HttpResponse, StoreError> {
    let body = body.into_inner();
    let key = idempotency_key(&req)?.ok_or_else(|| {
        StoreError::field(
            IDEMPOTENCY_HEADER,
            "Vui lòng gửi Idempotency-Key cho thao tác này",
        )
    })?;
    let canonical = serde_json::to_vec(&body)
        .map_err(|_| StoreError::Inconsistent("request not serialisable"))?;
    let mut p = Problems::default();
    let id = required_id(&mut p, body.id);
    let amount = amount(&mut p, body.amount, 0);
    let note = optional_text(&mut p, "note", body.note, MAX_NOTE, true);
    p.finish::<_, StoreError>(|| ())?;
    let idempotent = Idempotent::new(idempotency::CONFIRM_PAYMENT, &key, &canonical);
    let render = |bundle: &OrderBundle| envelope_bytes(&AdminOrder::build(bundle)?);
    let payment = ManualConfirmation {
        id,
        amount,
        note: note.as_deref(),
    };
    let answer = orders::confirm_manual_payment(
        &pool,
        &cipher,
        &notifier,
        payment,
        actor(&user),
        &idempotent,
        render,
    )
    .await?;
    tracing::info!(order_id = %id, amount, user_id = %user.id, "manual payment confirmed");
    Ok(json_body(answer))
}

/// Hủy đơn (trả mã đã giữ về kho)
///
/// Cho đơn pending_payment, needs_attention hoặc expired (để tiền đến muộn không tự hoàn tất đơn); bắt buộc có lý do.
#[utoipa::path(post, path = "/retailstore/api/admin/v1/Order/Cancel",
    operation_id = "adminOrderCancel", tag = "Order",
    request_body = OrderCancel,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<AdminOrder>)),
        BadRequest, Unauthorized, OrderNotFound, WrongOrderState))]
pub(super) async fn cancel(
    user: AuthUser,
    pool: web::Data<DbPool>,
    storefront: web::Data<StorefrontCache>,
    body: web::Json<OrderCancel>,
) -> Result<HttpResponse, StoreError> {
    let (id, reason) = body.into_inner().check()?;
    let bundle = orders::cancel(&pool, id, &reason, actor(&user)).await?;
    storefront.invalidate();
    tracing::info!(order_id = %id, user_id = %user.id, "order cancelled");
    Ok(ok(AdminOrder::build(&bundle)?))
}

/// Giao mã cho đơn cần xử lý (quyết định của nhân viên)
///
/// Cho đơn needs_attention mà số tiền đã nhận trừ số đã hoàn đủ tổng tiền (khác: mã 404): tiền đến cho đơn đã hủy, đến muộn hơn 24 giờ sau khi hết hạn, sản phẩm đã ngừng bán hoặc đổi giá, hoặc thiếu hàng. Giữ lại các mã còn thiếu từ kho (không đủ: mã 400, details chỉ ra dòng), bán tất cả và hoàn tất đơn; ghi lịch sử và nhật ký trong cùng giao dịch; khách nhận email mã đã sẵn sàng.
#[utoipa::path(post, path = "/retailstore/api/admin/v1/Order/Deliver",
    operation_id = "adminOrderDeliver", tag = "Order",
    request_body = OrderDeliver,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<AdminOrder>)),
        BadRequest, Unauthorized, OrderNotFound, NoStockOrWrongState))]
pub(super) async fn deliver(
    user: AuthUser,
    pool: web::Data<DbPool>,
    notifier: web::Data<Notifier>,
    storefront: web::Data<StorefrontCache>,
    body: web::Json<OrderDeliver>,
) -> Result<HttpResponse, StoreError> {
    let (id, note) = body.into_inner().check()?;
    let bundle = orders::deliver(&pool, &notifier, id, note.as_deref(), actor(&user)).await?;
    storefront.invalidate();
    tracing::info!(order_id = %id, user_id = %user.id, "order delivered by staff");
    Ok(ok(AdminOrder::build(&bundle)?))
}

/// Ghi nhận hoàn tiền
///
/// Chỉ ghi nhận số tiền đã hoàn cho khách bên ngoài cửa hàng (không chuyển tiền). Cho đơn needs_attention (tối đa số đã nhận trừ số đã hoàn) và đơn completed (chỉ phần trả thừa); vượt mức: mã 1 (amount); không còn gì để hoàn hoặc trạng thái khác: mã 404. Đơn needs_attention được hoàn hết chuyển sang cancelled. Ghi lịch sử (refund_recorded) và nhật ký trong cùng giao dịch.
#[utoipa::path(post, path = "/retailstore/api/admin/v1/Order/RecordRefund",
    operation_id = "adminOrderRecordRefund", tag = "Order",
    request_body = OrderRecordRefund,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<AdminOrder>)),
        BadRequest, Unauthorized, OrderNotFound, WrongOrderState))]
pub(super) async fn record_refund(
    user: AuthUser,
    pool: web::Data<DbPool>,
    body: web::Json<OrderRecordRefund>,
) -> Result<HttpResponse, StoreError> {
    let (id, amount, note) = body.into_inner().check()?;
    let bundle = orders::record_refund(&pool, id, amount, &note, actor(&user)).await?;
    tracing::info!(order_id = %id, amount, user_id = %user.id, "refund recorded");
    Ok(ok(AdminOrder::build(&bundle)?))
}

/// Đổi mã miễn phí cho đơn đã hoàn tất
///
/// Lấy quantity mã mới của sản phẩm trong dòng, bán cho đơn với cờ replacement; cùng số mã cũ (bán sớm nhất) được đánh dấu replaced, vẫn là sold và khách không còn thấy. Ghi lý do vào lịch sử. Nhân viên (staff) chỉ được đổi tổng cộng tối đa bằng số lượng của dòng trong suốt đời đơn và trong 30 ngày kể từ khi tạo đơn; vượt quá: mã 6, chỉ quản trị viên được đổi.
#[utoipa::path(post, path = "/retailstore/api/admin/v1/Order/ReplaceCodes",
    operation_id = "adminOrderReplaceCodes", tag = "Order",
    request_body = OrderReplaceCodes,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<AdminOrder>)),
        BadRequest, Unauthorized, Forbidden, OrderNotFound, NoStockOrWrongState))]
pub(super) async fn replace_codes(
    user: AuthUser,
    pool: web::Data<DbPool>,
    notifier: web::Data<Notifier>,
    storefront: web::Data<StorefrontCache>,
    body: web::Json<OrderReplaceCodes>,
) -> Result<HttpResponse, StoreError> {
    let Replacement {
        id,
        item_id,
        quantity,
        reason,
        code_ids,
    } = body.into_inner().check()?;
    let bundle = orders::replace_codes(
        &pool,
        &notifier,
        orders::ReplaceRequest {
            id,
            item_id,
            quantity,
            reason: &reason,
            code_ids: code_ids.as_deref(),
        },
        actor(&user),
        user.is_admin(),
    )
    .await?;
    storefront.invalidate();
    tracing::info!(order_id = %id, quantity, user_id = %user.id, "codes replaced");
    Ok(ok(AdminOrder::build(&bundle)?))
}

/// Xem mã của đơn ở dạng rõ (ghi nhật ký)
///
/// Chỉ đơn đã hoàn tất; chỉ các mã khách đang giữ (không gồm mã đã bị đổi). Mỗi mã được ghi vào nhật ký xem mã (code_reveals) và lịch sử đơn trong cùng giao dịch. Phản hồi có Cache-Control: no-store.
#[utoipa::path(post, path = "/retailstore/api/admin/v1/Order/RevealCodes",
    operation_id = "adminOrderRevealCodes", tag = "Order",
    request_body = IdBody,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<RevealedOrder>)),
        BadRequest, Unauthorized, OrderNotFound, WrongOrderState))]
pub(super) async fn reveal_codes(
    user: AuthUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    body: web::Json<IdBody>,
) -> Result<HttpResponse, StoreError> {
    let (bundle, clear) = orders::reveal_codes(&pool, &cipher, body.id, actor(&user)).await?;
    tracing::info!(order_id = %body.id, user_id = %user.id, "order codes revealed");
    let mut by_code: std::collections::HashMap<Uuid, String> =
        bundle.codes.iter().map(|c| c.id).zip(clear).collect();
    let items = bundle
        .items
        .iter()
        .map(|i| RevealedItem {
            item_id: i.id,
            product_id: i.product_id,
            product_name: i.product_name.clone(),
            codes: bundle
                .codes
                .iter()
                .filter(|c| c.order_item_id == Some(i.id))
                .map(|c| RevealedOrderCode {
                    id: c.id,
                    code: by_code.remove(&c.id).unwrap_or_default(),
                    serial: c.serial.clone(),
                    status: c.status,
                    expires_at: c.expires_at,
                    replacement: c.replacement,
                    replaced: c.replaced_at.is_some(),
                })
                .collect(),
        })
        .collect();
    Ok(no_store(ok(RevealedOrder { items })))
}

/// Tạo lại đường dẫn xem đơn
///
/// Chỉ đơn đã hoàn tất. Token mới; mọi token cũ (của trang và của từng email) hết hiệu lực. url = PUBLIC_BASE_URL + /order-detail?code=...#token=... sendEmail: true thì gửi thêm một đường dẫn mới tới email của đơn.
#[utoipa::path(post, path = "/retailstore/api/admin/v1/Order/RegenerateAccessLink",
    operation_id = "adminOrderRegenerateAccessLink", tag = "Order",
    request_body = OrderRegenerateAccessLink,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<AccessLink>)),
        BadRequest, Unauthorized, OrderNotFound, WrongOrderState))]
pub(super) async fn regenerate_access_link(
    user: AuthUser,
    pool: web::Data<DbPool>,
    notifier: web::Data<Notifier>,
    body: web::Json<OrderRegenerateAccessLink>,
) -> Result<HttpResponse, StoreError> {
    let send_email = body.send_email.unwrap_or(false);
    let (order, token) =
        orders::regenerate_access(&pool, &notifier, body.id, send_email, actor(&user)).await?;
    tracing::info!(
        order_id = %order.id, user_id = %user.id, send_email,
        "order access link regenerated"
    );
    let url = notifier.link(&order.code, &token);
    Ok(no_store(ok(AccessLink { url })))
}
