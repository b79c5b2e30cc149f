//! The internal Enqueue: retailstore's and paymentprovider's outbox relays post each
//! event here once or more; it is stored once.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use shop_common::db::DbPool;
use shop_common::internal::{Caller, InternalCaller};
use shop_common::ok;
use shop_common::openapi::{BadRequest, Enveloped, Unavailable};
use utoipa::ToSchema;

use crate::domain::notification::{EnqueueInput, NotificationEventKind};
use crate::error::SystemError;
use crate::notify::{self, Notifications};
use crate::routes::openapi::{NoInternalKey, NotYourCaller};

/// The Enqueue body, as sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationEnqueue {
    /// The emitter's outbox row id: the same id again changes nothing
    #[schema(value_type = Uuid, required = true)]
    pub event_id: Option<String>,
    #[schema(value_type = NotificationEventKind, required = true)]
    pub event: Option<String>,
    #[schema(value_type = Option<DateTime<Utc>>)]
    pub occurred_at: Option<String>,
    /// Required for the events that e-mail the shopper
    #[schema(example = "DHAB12CD34")]
    pub order_code: Option<String>,
    /// Required for the events that e-mail the shopper; an address no mail server can
    /// take fails that delivery for good (it is not refused here)
    pub recipient_email: Option<String>,
    /// The order's link with its access token; sealed at rest, erased once sent
    pub access_link: Option<String>,
    /// The event's non-secret facts (docs/notifications.md)
    #[schema(value_type = Object)]
    pub data: Option<Map<String, Value>>,
}

/// Enqueue's answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationAccepted {
    /// Always `true`: stored now or already known
    pub accepted: bool,
}

/// Store an event and its deliveries, once (internal)
///
/// Stores the event unless its `eventId` is known, and in the same transaction one delivery per channel and recipient the settings ask for now; the worker sends them. A replay answers the same and changes nothing.
#[utoipa::path(post, path = crate::routes::INTERNAL_NOTIFICATION_ENQUEUE, operation_id = "internalNotificationEnqueue",
    tag = "Internal",
    security(("internalKey" = [])), request_body = NotificationEnqueue,
    responses((status = 200, description = "Accepted", body = inline(Enveloped<NotificationAccepted>)),
        BadRequest, NoInternalKey, NotYourCaller, Unavailable))]
pub async fn enqueue(
    caller: InternalCaller,
    body: web::Json<NotificationEnqueue>,
    pool: web::Data<DbPool>,
    notifications: web::Data<Notifications>,
) -> Result<HttpResponse, SystemError> {
    caller.allow(&[Caller::Retailstore, Caller::Paymentprovider])?;
    let body = body.into_inner();
    let event = EnqueueInput {
        event_id: body.event_id,
        event: body.event,
        order_code: body.order_code,
        recipient_email: body.recipient_email,
        access_link: body.access_link,
        data: body.data.map(Value::Object),
        occurred_at: body.occurred_at,
    }
    .check()?;
    let mut conn = pool.get().await?;
    let settings = notify::effective(&mut conn, &notifications).await?;
    if notify::enqueue(&mut conn, &notifications.cipher, &settings, &event).await? {
        notifications.wake();
    }
    Ok(ok(NotificationAccepted { accepted: true }))
}
