//! Notifications: the events other services report, the channels and audiences they go
//! to, which event sends what, and the small rules of the worker (backoff, masking). The
//! settings the admin edits, as checked values, are in [`settings`]; a checked Enqueue
//! (an event another service reports) in [`enqueue`].

use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

mod enqueue;
mod settings;

pub use enqueue::*;
pub use settings::*;

/// At most this many seller addresses.
pub const SELLER_EMAILS_MAX: usize = 10;
/// The longest order link accepted at Enqueue.
pub const LINK_MAX: usize = 2048;
/// The longest error kept on a delivery.
pub const ERROR_MAX: usize = 1000;
/// Backoff ceiling between attempts.
pub const BACKOFF_MAX: Duration = Duration::from_secs(600);

/// What happened (`event` at Enqueue).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NotificationEventKind {
    OrderPlaced,
    CodesReady,
    CodesReplaced,
    NeedsAttention,
    LinkResent,
    LowStock,
    TransferUnmatched,
    WebhookRefused,
    DeliveryFailed,
}

pub const MSG_EVENT: &str = "Loại sự kiện không hợp lệ";

impl NotificationEventKind {
    pub const ALL: [Self; 9] = [
        Self::OrderPlaced,
        Self::CodesReady,
        Self::CodesReplaced,
        Self::NeedsAttention,
        Self::LinkResent,
        Self::LowStock,
        Self::TransferUnmatched,
        Self::WebhookRefused,
        Self::DeliveryFailed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::OrderPlaced => "order_placed",
            Self::CodesReady => "codes_ready",
            Self::CodesReplaced => "codes_replaced",
            Self::NeedsAttention => "needs_attention",
            Self::LinkResent => "link_resent",
            Self::LowStock => "low_stock",
            Self::TransferUnmatched => "transfer_unmatched",
            Self::WebhookRefused => "webhook_refused",
            Self::DeliveryFailed => "delivery_failed",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.as_str() == text)
    }

    /// Events with a shopper e-mail: they need an order code and the shopper's address.
    pub fn has_shopper_email(self) -> bool {
        matches!(
            self,
            Self::OrderPlaced
                | Self::CodesReady
                | Self::CodesReplaced
                | Self::NeedsAttention
                | Self::LinkResent
        )
    }

    /// Events with a seller alert.
    pub fn has_seller_alert(self) -> bool {
        !matches!(
            self,
            Self::OrderPlaced | Self::CodesReplaced | Self::LinkResent
        )
    }
}

/// Where a delivery goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    Email,
    Telegram,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::Telegram => "telegram",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "email" => Some(Self::Email),
            "telegram" => Some(Self::Telegram),
            _ => None,
        }
    }
}

/// Whom a delivery is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    Shopper,
    Seller,
}

impl Audience {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Shopper => "shopper",
            Self::Seller => "seller",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "shopper" => Some(Self::Shopper),
            "seller" => Some(Self::Seller),
            _ => None,
        }
    }
}

/// A delivery's state: `pending` (due at `next_attempt_at`), `sending` (claimed by a
/// replica until its lease ends), `sent`, `failed` (for good, until a Resend).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeliveryStatus {
    Pending,
    Sending,
    Sent,
    Failed,
}

impl DeliveryStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Sending => "sending",
            Self::Sent => "sent",
            Self::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "pending" => Some(Self::Pending),
            "sending" => Some(Self::Sending),
            "sent" => Some(Self::Sent),
            "failed" => Some(Self::Failed),
            _ => None,
        }
    }
}

/// Which event sends what. A key missing from the stored JSON takes its default: on, for
/// every shopper e-mail and every seller alert (low stock and refused webhooks are
/// already throttled at their source: once per product per 24 h, once an hour).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct EventSwitches {
    pub order_placed: bool,
    pub codes_ready: bool,
    pub codes_replaced: bool,
    pub needs_attention: bool,
    pub link_resent: bool,
    pub seller_order_paid: bool,
    pub seller_transfer_unmatched: bool,
    pub seller_needs_attention: bool,
    pub seller_low_stock: bool,
    pub seller_delivery_failed: bool,
    pub seller_webhook_refused: bool,
}

impl Default for EventSwitches {
    fn default() -> Self {
        Self {
            order_placed: true,
            codes_ready: true,
            codes_replaced: true,
            needs_attention: true,
            link_resent: true,
            seller_order_paid: true,
            seller_transfer_unmatched: true,
            seller_needs_attention: true,
            seller_low_stock: true,
            seller_delivery_failed: true,
            seller_webhook_refused: true,
        }
    }
}

impl EventSwitches {
    /// The stored JSON; anything unreadable counts as the defaults.
    pub fn from_json(value: &Value) -> Self {
        serde_json::from_value(value.clone()).unwrap_or_default()
    }

    pub fn to_json(self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Whether `event` e-mails the shopper.
    pub fn shopper(&self, event: NotificationEventKind) -> bool {
        match event {
            NotificationEventKind::OrderPlaced => self.order_placed,
            NotificationEventKind::CodesReady => self.codes_ready,
            NotificationEventKind::CodesReplaced => self.codes_replaced,
            NotificationEventKind::NeedsAttention => self.needs_attention,
            NotificationEventKind::LinkResent => self.link_resent,
            _ => false,
        }
    }

    /// Whether `event` alerts the seller.
    pub fn seller(&self, event: NotificationEventKind) -> bool {
        match event {
            NotificationEventKind::CodesReady => self.seller_order_paid,
            NotificationEventKind::NeedsAttention => self.seller_needs_attention,
            NotificationEventKind::LowStock => self.seller_low_stock,
            NotificationEventKind::TransferUnmatched => self.seller_transfer_unmatched,
            NotificationEventKind::WebhookRefused => self.seller_webhook_refused,
            NotificationEventKind::DeliveryFailed => self.seller_delivery_failed,
            _ => false,
        }
    }
}

/// An address for lists: `ng***@gmail.com`; a chat id: its first three characters and
/// `***`.
pub fn mask_recipient(recipient: &str) -> String {
    match recipient.rsplit_once('@') {
        Some((local, domain)) if !local.is_empty() => {
            let keep = (local.chars().count() / 2).min(2);
            let head: String = local.chars().take(keep).collect();
            format!("{head}***@{domain}")
        }
        _ => {
            let head: String = recipient.chars().take(3).collect();
            format!("{head}***")
        }
    }
}

/// The wait before the next attempt after `attempts` failed ones: `base` doubling, at
/// most [`BACKOFF_MAX`].
pub fn backoff(attempts: i32, base: Duration) -> Duration {
    let doublings = u32::try_from(attempts.saturating_sub(1).clamp(0, 30)).unwrap_or(30);
    base.saturating_mul(1 << doublings).min(BACKOFF_MAX)
}

/// An error message cut to [`ERROR_MAX`] characters, on one line.
pub fn clip_error(message: &str) -> String {
    message
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(ERROR_MAX)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn events_round_trip() {
        for e in NotificationEventKind::ALL {
            assert_eq!(NotificationEventKind::parse(e.as_str()), Some(e));
            assert_eq!(
                serde_json::to_value(e).ok(),
                Some(Value::String(e.as_str().to_owned()))
            );
        }
        assert_eq!(NotificationEventKind::parse("codes"), None);
        let switches = EventSwitches::from_json(&json!({"codesReady": false}));
        assert!(!switches.shopper(NotificationEventKind::CodesReady));
        assert!(switches.seller(NotificationEventKind::CodesReady));
        assert!(switches.seller(NotificationEventKind::LowStock));
        let quiet = EventSwitches::from_json(&json!({"sellerLowStock": false}));
        assert!(
            !quiet.seller(NotificationEventKind::LowStock)
                && quiet.seller(NotificationEventKind::CodesReady)
        );
        assert_eq!(
            EventSwitches::from_json(&json!("junk")),
            EventSwitches::default()
        );
    }

    #[test]
    fn masks_and_backoff() {
        assert_eq!(mask_recipient("nguyen.van.a@gmail.com"), "ng***@gmail.com");
        assert_eq!(mask_recipient("ab@x.vn"), "a***@x.vn");
        assert_eq!(mask_recipient("-1001234567"), "-10***");
        let base = Duration::from_secs(5);
        assert_eq!(backoff(1, base), Duration::from_secs(5));
        assert_eq!(backoff(2, base), Duration::from_secs(10));
        assert_eq!(backoff(4, base), Duration::from_secs(40));
        assert_eq!(backoff(50, base), BACKOFF_MAX);
        assert!(ChatId::parse("-1001234567890").is_ok());
        assert!(ChatId::parse("@ab").is_err());
        assert!(MailFrom::parse("Cửa hàng <shop@example.vn>").is_ok());
        assert!(MailFrom::parse("shop@example.vn").is_ok());
        assert!(MailFrom::parse("shop").is_err());
    }
}
