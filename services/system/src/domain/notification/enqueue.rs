//! An Enqueue as another service sends it, checked into a [`NewEvent`].

use serde_json::{Map, Value};
use shop_common::input::{EMAIL_MAX, Invalid, Problems};
use uuid::Uuid;

use super::*;

/// A checked Enqueue.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub id: Uuid,
    pub event: NotificationEventKind,
    pub order_code: Option<String>,
    /// As sent (trimmed): an address the mailer cannot use fails that delivery for good
    /// rather than refusing the event, which its sender would retry forever.
    pub recipient_email: Option<String>,
    pub access_link: Option<String>,
    pub data: Value,
    pub occurred_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// The raw Enqueue members, as read from the body.
#[derive(Debug, Default)]
pub struct EnqueueInput {
    pub event_id: Option<String>,
    pub event: Option<String>,
    pub order_code: Option<String>,
    pub recipient_email: Option<String>,
    pub access_link: Option<String>,
    pub data: Option<Value>,
    pub occurred_at: Option<String>,
}

fn link_ok(link: &str) -> bool {
    link.len() <= LINK_MAX
        && (link.starts_with("https://") || link.starts_with("http://"))
        && !link.chars().any(|c| c.is_whitespace() || c.is_control())
}

impl EnqueueInput {
    pub fn check(self) -> Result<NewEvent, Invalid> {
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
        if order_code
            .as_ref()
            .is_some_and(|c| c.len() > 20 || !c.bytes().all(|b| b.is_ascii_alphanumeric()))
        {
            p.push("orderCode", "Mã đơn hàng không hợp lệ");
        }
        let recipient_email = self
            .recipient_email
            .map(|e| e.trim().to_owned())
            .filter(|e| !e.is_empty());
        if recipient_email
            .as_ref()
            .is_some_and(|e| e.chars().count() > EMAIL_MAX || e.chars().any(char::is_control))
        {
            p.push("recipientEmail", "Email người nhận tối đa 254 ký tự");
        }
        let access_link = self.access_link.filter(|l| !l.is_empty());
        if access_link.as_deref().is_some_and(|l| !link_ok(l)) {
            p.push("accessLink", "Liên kết phải là URL http(s) hợp lệ");
        }
        let data = self.data.unwrap_or_else(|| Value::Object(Map::new()));
        if !data.is_object() {
            p.push("data", "Phải là một đối tượng");
        }
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
