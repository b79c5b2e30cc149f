//! An event another service reports at Enqueue, checked: [`NewEvent`], and the rules
//! its members follow.

use serde_json::Value;
use shop_common::input::EMAIL_MAX;
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

/// An order code (upper-cased): at most 20 letters and digits.
pub fn order_code_ok(code: &str) -> bool {
    code.len() <= 20 && code.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// A shopper's address as Enqueue takes it: at most [`EMAIL_MAX`] characters, none a
/// control character (its shape is the mailer's to judge).
pub fn recipient_email_ok(email: &str) -> bool {
    email.chars().count() <= EMAIL_MAX && !email.chars().any(char::is_control)
}

/// An order link: `http(s)://`, at most [`LINK_MAX`] bytes, no space or control
/// character.
pub fn access_link_ok(link: &str) -> bool {
    link.len() <= LINK_MAX
        && (link.starts_with("https://") || link.starts_with("http://"))
        && !link.chars().any(|c| c.is_whitespace() || c.is_control())
}
