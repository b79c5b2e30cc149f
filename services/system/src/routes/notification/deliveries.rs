//! The deliveries: the admin list, Resend of a failed one, and ByOrder (retailstore's
//! admin order page, internal).

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shop_common::auth::AdminUser;
use shop_common::db::DbPool;
use shop_common::input::{Problems, instant, optional_choice};
use shop_common::internal::{Caller, InternalCaller};
use shop_common::ok;
use shop_common::openapi::{
    BadRequest, Enveloped, Forbidden, NotFound, PageOf, PageParams, PageSpec, Unauthorized,
    Unavailable,
};
use shop_common::pagination::{Page, SortDir};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::domain::notification::{
    Audience, Channel, DeliveryStatus, MSG_EVENT, NotificationEventKind, mask_recipient,
};
use crate::error::SystemError;
use crate::models::notification::{self as deliveries, DeliveryFilter, Listed};
use crate::notify::Notifications;
use crate::routes::openapi::{NoInternalKey, NotFailed, NotYourCaller};

/// A delivery as lists show it; the recipient is masked.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationDelivery {
    pub id: Uuid,
    #[schema(value_type = NotificationEventKind)]
    pub event: String,
    #[schema(value_type = Channel)]
    pub channel: String,
    #[schema(value_type = Audience)]
    pub audience: String,
    /// Masked: `ng***@gmail.com`, `-10***`
    pub recipient: String,
    #[schema(required = true, example = "DHAB12CD34")]
    pub order_code: Option<String>,
    /// The order's id (for a link to its page), when the event names one
    #[schema(required = true)]
    pub order_id: Option<Uuid>,
    #[schema(value_type = DeliveryStatus)]
    pub status: String,
    /// Sending attempts so far
    pub attempts: i32,
    /// The last failure, in the mail or Telegram server's words
    #[schema(required = true)]
    pub last_error: Option<String>,
    /// While pending: not before this
    pub next_attempt_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    #[schema(required = true)]
    pub sent_at: Option<DateTime<Utc>>,
}

impl NotificationDelivery {
    fn new((d, event, order_code, data): Listed) -> Self {
        let order_id = data
            .get("orderId")
            .and_then(Value::as_str)
            .and_then(|id| Uuid::parse_str(id).ok());
        Self {
            id: d.id,
            event,
            order_id,
            channel: d.channel,
            audience: d.audience,
            recipient: mask_recipient(&d.recipient),
            order_code,
            status: d.status,
            attempts: d.attempts,
            last_error: d.last_error,
            next_attempt_at: d.next_attempt_at,
            created_at: d.created_at,
            sent_at: d.sent_at,
        }
    }
}

/// The list's paging.
pub struct DeliveryPage;

impl PageSpec for DeliveryPage {
    const SORTABLE: &'static [&'static str] = &["createdAt"];
    const KEYWORD: &'static str =
        "Matches the order code or the recipient (case-insensitive substring).";
}

/// Filters of the list besides paging, as sent.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FilterQuery {
    #[param(value_type = Option<DeliveryStatus>)]
    pub status: Option<String>,
    #[param(value_type = Option<Channel>)]
    pub channel: Option<String>,
    #[param(value_type = Option<NotificationEventKind>)]
    pub event: Option<String>,
    /// Created at or after (RFC 3339)
    #[param(value_type = Option<DateTime<Utc>>)]
    pub from: Option<String>,
    /// Created before (RFC 3339)
    #[param(value_type = Option<DateTime<Utc>>)]
    pub to: Option<String>,
}

impl FilterQuery {
    fn check(&self, keyword: Option<String>) -> Result<DeliveryFilter, SystemError> {
        let mut p = Problems::default();
        let trimmed = |v: &Option<String>| v.as_deref().map(str::trim).map(str::to_owned);
        let status = optional_choice(
            &mut p,
            "status",
            trimmed(&self.status).as_deref(),
            |t| DeliveryStatus::parse(t).map(DeliveryStatus::as_str),
            "Trạng thái là pending, sending, sent hoặc failed",
        );
        let channel = optional_choice(
            &mut p,
            "channel",
            trimmed(&self.channel).as_deref(),
            |t| Channel::parse(t).map(Channel::as_str),
            "Kênh là email hoặc telegram",
        );
        let event = optional_choice(
            &mut p,
            "event",
            trimmed(&self.event).as_deref(),
            |t| NotificationEventKind::parse(t).map(NotificationEventKind::as_str),
            MSG_EVENT,
        );
        let from = instant(&mut p, "from", self.from.as_deref());
        let to = instant(&mut p, "to", self.to.as_deref());
        p.finish(|| DeliveryFilter {
            keyword,
            status,
            channel,
            event,
            from,
            to,
        })
    }
}

/// Deliveries, newest first (admin only)
#[utoipa::path(get, path = crate::routes::ADMIN_NOTIFICATION_PAGINATION, operation_id = "paginateNotifications",
    tag = "Notification",
    params(PageParams<DeliveryPage>, FilterQuery),
    responses((status = 200, description = "Success", body = inline(Enveloped<PageOf<NotificationDelivery>>)),
        BadRequest, Unauthorized, Forbidden, Unavailable))]
pub async fn pagination(
    _admin: AdminUser,
    pool: web::Data<DbPool>,
    page: PageParams<DeliveryPage>,
    filter: web::Query<FilterQuery>,
) -> Result<HttpResponse, SystemError> {
    let filter = filter.check(page.keyword.clone())?;
    let ascending = matches!(page.sort, Some((_, SortDir::Asc)));
    let mut conn = pool.get().await?;
    let rows = deliveries::page(&mut conn, &filter, ascending, page.size, page.offset()).await?;
    let total = deliveries::count(&mut conn, &filter).await?;
    let items: Vec<NotificationDelivery> =
        rows.into_iter().map(NotificationDelivery::new).collect();
    Ok(ok(Page::new(items, total, &page)))
}

/// The Resend body, as sent.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NotificationResend {
    #[schema(value_type = Uuid, required = true)]
    pub id: Option<Uuid>,
}

/// Send a failed delivery again (admin only)
///
/// The delivery becomes `pending`, due now, with a fresh retry window (its attempts are kept); an e-mail to the shopper still carries the order link, which is kept until it is sent. A delivery that is not `failed` answers code 404 (HTTP 409): for a lost link, RegenerateAccessLink with `sendEmail: true`.
#[utoipa::path(post, path = crate::routes::ADMIN_NOTIFICATION_RESEND, operation_id = "resendNotification",
    tag = "Notification",
    request_body = NotificationResend,
    responses((status = 200, description = "The delivery, pending again", body = inline(Enveloped<NotificationDelivery>)),
        BadRequest, Unauthorized, Forbidden, NotFound, NotFailed, Unavailable))]
pub async fn resend(
    AdminUser(user): AdminUser,
    body: web::Json<NotificationResend>,
    pool: web::Data<DbPool>,
    notifications: web::Data<Notifications>,
) -> Result<HttpResponse, SystemError> {
    let Some(id) = body.id else {
        return Err(SystemError::Validation(vec![shop_common::FieldError::new(
            "id",
            "Thiếu mã thông báo",
        )]));
    };
    let mut conn = pool.get().await?;
    match deliveries::resend(&mut conn, id).await? {
        None => return Err(SystemError::Database(diesel::result::Error::NotFound)),
        Some(false) => return Err(SystemError::NotFailed),
        Some(true) => {}
    }
    notifications.wake();
    tracing::info!(user = %user.user_name, delivery_id = %id, "notification resent");
    let row = deliveries::find(&mut conn, id).await?;
    Ok(ok(NotificationDelivery::new(row)))
}

/// ByOrder's query.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ByOrderQuery {
    /// DH + 8 characters, any case
    #[param(value_type = String, required = true)]
    pub order_code: Option<String>,
}

/// ByOrder's answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationDeliveryList {
    /// Oldest first
    pub items: Vec<NotificationDelivery>,
}

/// An order's deliveries, oldest first (internal)
#[utoipa::path(get, path = crate::routes::INTERNAL_NOTIFICATION_BY_ORDER, operation_id = "internalNotificationsByOrder",
    tag = "Internal",
    security(("internalKey" = [])), params(ByOrderQuery),
    responses((status = 200, description = "The deliveries", body = inline(Enveloped<NotificationDeliveryList>)),
        BadRequest, NoInternalKey, NotYourCaller, Unavailable))]
pub async fn by_order(
    caller: InternalCaller,
    query: web::Query<ByOrderQuery>,
    pool: web::Data<DbPool>,
) -> Result<HttpResponse, SystemError> {
    // Only retailstore shows an order's deliveries (on its admin order page).
    caller.allow(&[Caller::Retailstore])?;
    let code = query
        .order_code
        .as_deref()
        .map(|c| c.trim().to_ascii_uppercase())
        .filter(|c| (1..=20).contains(&c.len()) && c.bytes().all(|b| b.is_ascii_alphanumeric()));
    let Some(code) = code else {
        return Err(SystemError::Validation(vec![shop_common::FieldError::new(
            "orderCode",
            "Mã đơn hàng không hợp lệ",
        )]));
    };
    let mut conn = pool.get().await?;
    let rows = deliveries::by_order(&mut conn, &code).await?;
    Ok(ok(NotificationDeliveryList {
        items: rows.into_iter().map(NotificationDelivery::new).collect(),
    }))
}
