//! The internal Enqueue: retailstore's and paymentprovider's outbox relays post each
//! event here once or more; it is stored once.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use shop_common::db::DbPool;
use shop_common::input::{Invalid, Problems};
use shop_common::internal::{Caller, InternalCaller};
use shop_common::ok;
use shop_common::openapi::{BadRequest, Enveloped, Unavailable};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::domain::notification::{
    MSG_EVENT, NewEvent, NotificationEventKind, access_link_ok, order_code_ok, recipient_email_ok,
};
use crate::error::SystemError;
use crate::notify::{self, Notifications};
use crate::routes::openapi::{NoInternalKey, NotYourCaller};

/// The Enqueue body, as sent.
#[derive(Debug, Default, Deserialize, ToSchema)]
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

impl NotificationEnqueue {
    /// The checked event; every problem found, each naming its member.
    fn check(self) -> Result<NewEvent, Invalid> {
        let mut p = Problems::default();
        let id = self
            .event_id
            .as_deref()
            .and_then(|t| Uuid::parse_str(t).ok());
        if id.is_none() {
            p.push("eventId", "Mã sự kiện phải là UUID");
        }
        let event = self.event.as_deref().and_then(NotificationEventKind::parse);
        if event.is_none() {
            p.push("event", MSG_EVENT);
        }
        let order_code = self
            .order_code
            .map(|c| c.trim().to_ascii_uppercase())
            .filter(|c| !c.is_empty());
        if order_code.as_deref().is_some_and(|c| !order_code_ok(c)) {
            p.push("orderCode", "Mã đơn hàng không hợp lệ");
        }
        let recipient_email = self
            .recipient_email
            .map(|e| e.trim().to_owned())
            .filter(|e| !e.is_empty());
        if recipient_email
            .as_deref()
            .is_some_and(|e| !recipient_email_ok(e))
        {
            p.push("recipientEmail", "Email người nhận tối đa 254 ký tự");
        }
        let access_link = self.access_link.filter(|l| !l.is_empty());
        if access_link.as_deref().is_some_and(|l| !access_link_ok(l)) {
            p.push("accessLink", "Liên kết phải là URL http(s) hợp lệ");
        }
        // An object already: anything else is refused as unreadable JSON.
        let data = Value::Object(self.data.unwrap_or_default());
        let occurred_at = self.occurred_at.as_deref().and_then(|t| {
            chrono::DateTime::parse_from_rfc3339(t)
                .map(|t| t.to_utc())
                .map_err(|_| p.push("occurredAt", "Thời điểm theo RFC 3339"))
                .ok()
        });
        if event.is_some_and(NotificationEventKind::has_shopper_email) {
            if order_code.is_none() {
                p.push("orderCode", "Sự kiện của đơn hàng cần mã đơn");
            }
            if recipient_email.is_none() {
                p.push("recipientEmail", "Sự kiện này cần email người mua");
            }
        }
        p.finish::<_, Invalid>(|| ())?;
        // Both are present once nothing was found.
        let (Some(id), Some(event)) = (id, event) else {
            return Err(Invalid(Vec::new()));
        };
        Ok(NewEvent {
            id,
            event,
            order_code,
            recipient_email,
            access_link,
            data,
            occurred_at,
        })
    }
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
    let event = body.check()?;
    let mut conn = pool.get().await?;
    let settings = notify::effective(&mut conn, &notifications).await?;
    if notify::enqueue(&mut conn, &notifications.cipher, &settings, &event).await? {
        notifications.wake();
    }
    Ok(ok(NotificationAccepted { accepted: true }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enqueue_checks() {
        let input = NotificationEnqueue {
            event_id: Some(Uuid::new_v4().to_string()),
            event: Some("codes_ready".to_owned()),
            order_code: Some("dhab12cd34".to_owned()),
            recipient_email: Some(" not really an address ".to_owned()),
            access_link: Some("https://shop.vn/order-detail?code=DH#token=x".to_owned()),
            ..NotificationEnqueue::default()
        };
        let Ok(event) = input.check() else {
            panic!("valid event refused");
        };
        assert_eq!(event.order_code.as_deref(), Some("DHAB12CD34"));
        assert_eq!(
            event.recipient_email.as_deref(),
            Some("not really an address")
        );
        let Err(Invalid(errors)) = NotificationEnqueue {
            event_id: Some("x".to_owned()),
            event: Some("order_placed".to_owned()),
            access_link: Some("javascript:alert(1)".to_owned()),
            ..NotificationEnqueue::default()
        }
        .check() else {
            panic!("invalid event accepted");
        };
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            ["eventId", "accessLink", "orderCode", "recipientEmail"]
        );
    }
}
