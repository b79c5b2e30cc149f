//! Notifications: the events other services report, the channels and audiences they go
//! to, the settings the admin edits (checked here, member by member) and the small rules
//! of the worker (backoff, masking).

use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use shop_common::input::{EMAIL_MAX, Invalid, Problems, plausible_email};
use utoipa::ToSchema;
use uuid::Uuid;

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

/// How the SMTP connection is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SmtpSecurity {
    /// Plain text (a local relay or a mail catcher).
    None,
    /// Plain connect, then STARTTLS, required (usually port 587).
    Starttls,
    /// TLS from the first byte (usually port 465).
    Tls,
}

impl SmtpSecurity {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Starttls => "starttls",
            Self::Tls => "tls",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "none" => Some(Self::None),
            "starttls" => Some(Self::Starttls),
            "tls" => Some(Self::Tls),
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

    /// Applies the booleans of a PUT's `events` object; other members are problems.
    fn apply(mut self, p: &mut Problems, events: &Map<String, Value>) -> Self {
        let mut fields = match serde_json::to_value(self) {
            Ok(Value::Object(fields)) => fields,
            _ => Map::new(),
        };
        for (key, value) in events {
            let field = format!("events.{key}");
            match (fields.get_mut(key), value) {
                (Some(slot), Value::Bool(_)) => *slot = value.clone(),
                (Some(_), _) => p.push(&field, "Giá trị phải là true hoặc false"),
                (None, _) => p.push(&field, "Không có sự kiện này"),
            }
        }
        if let Ok(switches) = serde_json::from_value(Value::Object(fields)) {
            self = switches;
        }
        self
    }
}

macro_rules! text_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $name(String);

        impl $name {
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }
    };
}

text_type!(
    /// A sender: `shop@example.vn` or `Shop <shop@example.vn>`.
    MailFrom
);
text_type!(
    /// A Telegram chat: a (negative) number, or `@channelname`.
    ChatId
);
text_type!(
    /// A bot token as BotFather gives it: `<digits>:<secret>`.
    BotToken
);
text_type!(
    /// An SMTP host name or IP address.
    SmtpHost
);

impl MailFrom {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        const MSG: &str = "Người gửi là email hoặc dạng Tên <email>";
        if text.chars().count() > 320 || text.chars().any(char::is_control) {
            return Err(MSG);
        }
        let mailbox: lettre::message::Mailbox = text.parse().map_err(|_| MSG)?;
        if plausible_email(mailbox.email.as_ref()) {
            Ok(Self(text.to_owned()))
        } else {
            Err(MSG)
        }
    }
}

impl ChatId {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let digits = text.strip_prefix('-').unwrap_or(text);
        let numeric =
            (1..=20).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit());
        let channel = text.strip_prefix('@').is_some_and(|name| {
            (5..=32).contains(&name.len())
                && name.starts_with(|c: char| c.is_ascii_alphabetic())
                && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        });
        if numeric || channel {
            Ok(Self(text.to_owned()))
        } else {
            Err("Chat id là một số (có thể âm, như -1001234567890) hoặc @tên_kênh")
        }
    }
}

impl BotToken {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let valid = text.split_once(':').is_some_and(|(id, secret)| {
            (1..=20).contains(&id.len())
                && id.bytes().all(|b| b.is_ascii_digit())
                && (20..=100).contains(&secret.len())
                && secret
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        });
        if valid {
            Ok(Self(text.to_owned()))
        } else {
            Err("Bot token có dạng <số>:<chuỗi bí mật> như BotFather cấp")
        }
    }
}

impl SmtpHost {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let valid = text.len() <= 253
            && !text.starts_with(['-', '.'])
            && text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
        if valid {
            Ok(Self(text.to_owned()))
        } else {
            Err("Máy chủ SMTP là tên miền hoặc địa chỉ IP")
        }
    }
}

fn email(text: &str) -> Result<String, &'static str> {
    if text.len() <= EMAIL_MAX && plausible_email(text) {
        Ok(text.to_owned())
    } else {
        Err("Email không hợp lệ")
    }
}

/// A checked PUT of the notification settings: `None` leaves a field unchanged. The
/// write-only secrets are `Some(None)` when cleared (`""` or `null`).
#[derive(Debug, Clone, Default)]
pub struct SettingsPatch {
    pub smtp_host: Option<String>,
    pub smtp_port: Option<i32>,
    pub smtp_security: Option<SmtpSecurity>,
    pub smtp_user_name: Option<String>,
    pub smtp_password: Option<Option<String>>,
    pub mail_from: Option<String>,
    pub mail_reply_to: Option<Option<String>>,
    pub seller_emails: Option<Vec<String>>,
    pub telegram_bot_token: Option<Option<String>>,
    pub telegram_chat_id: Option<String>,
    pub events: Option<EventSwitches>,
}

const MSG_NOT_TEXT: &str = "Giá trị phải là chuỗi ký tự";

/// A text member, trimmed: `None` left out; `null` is the empty string.
fn text<'a>(p: &mut Problems, body: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    match body.get(key)? {
        Value::Null => Some(""),
        Value::String(s) => Some(s.trim()),
        _ => {
            p.push(key, MSG_NOT_TEXT);
            None
        }
    }
}

/// A text member that may be empty; otherwise `parse` must accept it.
fn blank_or<T>(
    p: &mut Problems,
    body: &Map<String, Value>,
    key: &str,
    parse: impl FnOnce(&str) -> Result<T, &'static str>,
) -> Option<String> {
    let value = text(p, body, key)?;
    if value.is_empty() {
        return Some(String::new());
    }
    p.check(key, parse(value)).map(|_| value.to_owned())
}

impl SettingsPatch {
    /// Checks the members of a PUT body against what is stored (`current`, for the rules
    /// across fields). Unknown members are ignored, so a client may send back what it
    /// read.
    pub fn parse(body: &Map<String, Value>, current: &SettingsView) -> Result<Self, Invalid> {
        let mut p = Problems::default();
        let mut patch = Self {
            smtp_host: blank_or(&mut p, body, "smtpHost", SmtpHost::parse),
            smtp_user_name: blank_or(&mut p, body, "smtpUserName", |t| {
                if t.chars().count() > 254 || t.chars().any(char::is_control) {
                    Err("Tên đăng nhập SMTP tối đa 254 ký tự, không chứa ký tự điều khiển")
                } else {
                    Ok(())
                }
            }),
            mail_from: blank_or(&mut p, body, "mailFrom", MailFrom::parse),
            telegram_chat_id: blank_or(&mut p, body, "telegramChatId", ChatId::parse),
            ..Self::default()
        };
        if let Some(port) = body.get("smtpPort") {
            let port = port
                .as_i64()
                .filter(|n| (1..=65_535).contains(n))
                .and_then(|n| i32::try_from(n).ok());
            patch.smtp_port = p.check("smtpPort", port.ok_or("Cổng SMTP từ 1 đến 65535"));
        }
        if let Some(security) = body.get("smtpSecurity") {
            let security = security.as_str().and_then(SmtpSecurity::parse);
            patch.smtp_security = p.check(
                "smtpSecurity",
                security.ok_or("Bảo mật SMTP là none, starttls hoặc tls"),
            );
        }
        patch.smtp_password = text(&mut p, body, "smtpPassword").and_then(|t| {
            if t.is_empty() {
                Some(None)
            } else if t.chars().count() > 256 || t.chars().any(char::is_control) {
                p.push("smtpPassword", "Mật khẩu SMTP tối đa 256 ký tự");
                None
            } else {
                Some(Some(t.to_owned()))
            }
        });
        patch.telegram_bot_token = text(&mut p, body, "telegramBotToken").and_then(|t| {
            if t.is_empty() {
                Some(None)
            } else {
                p.check("telegramBotToken", BotToken::parse(t))
                    .map(|t| Some(t.0))
            }
        });
        patch.mail_reply_to = text(&mut p, body, "mailReplyTo").and_then(|t| {
            if t.is_empty() {
                Some(None)
            } else {
                p.check("mailReplyTo", email(t)).map(Some)
            }
        });
        if let Some(list) = body.get("sellerEmails") {
            patch.seller_emails = seller_emails(&mut p, list);
        }
        if let Some(events) = body.get("events") {
            match events {
                Value::Object(events) => {
                    patch.events = Some(current.events.apply(&mut p, events));
                }
                _ => p.push(
                    "events",
                    "Phải là một đối tượng { tên sự kiện: true|false }",
                ),
            }
        }
        // A stored server needs its own sender (MAIL_FROM belongs to SMTP_URL).
        let host = patch.smtp_host.as_deref().unwrap_or(&current.smtp_host);
        let from = patch.mail_from.as_deref().unwrap_or(&current.mail_from);
        if !host.is_empty() && from.is_empty() && p.is_empty() {
            p.push("mailFrom", "Nhập email người gửi cho máy chủ SMTP này");
        }
        p.finish(|| patch)
    }
}

fn seller_emails(p: &mut Problems, list: &Value) -> Option<Vec<String>> {
    let items = match list {
        Value::Null => return Some(Vec::new()),
        Value::Array(items) => items,
        _ => {
            p.push("sellerEmails", "Phải là một danh sách email");
            return None;
        }
    };
    let mut emails: Vec<String> = Vec::new();
    let mut ok = true;
    for (i, item) in items.iter().enumerate() {
        match item.as_str().map(str::trim).map(email) {
            Some(Ok(address)) => {
                if !emails.iter().any(|e| e.eq_ignore_ascii_case(&address)) {
                    emails.push(address);
                }
            }
            _ => {
                ok = false;
                p.push(&format!("sellerEmails[{i}]"), "Email không hợp lệ");
            }
        }
    }
    if emails.len() > SELLER_EMAILS_MAX {
        p.push("sellerEmails", "Tối đa 10 email người bán");
        ok = false;
    }
    ok.then_some(emails)
}

/// The stored settings without their secrets: what the rules across fields and the
/// admin's GET read.
#[derive(Debug, Clone)]
pub struct SettingsView {
    pub smtp_host: String,
    pub mail_from: String,
    pub events: EventSwitches,
}

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

    fn object(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(map) => map,
            _ => Map::new(),
        }
    }

    fn view() -> SettingsView {
        SettingsView {
            smtp_host: String::new(),
            mail_from: String::new(),
            events: EventSwitches::default(),
        }
    }

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
    fn settings_patch() {
        let Ok(patch) = SettingsPatch::parse(
            &object(json!({
                "smtpHost": " mail.example.vn ", "smtpPort": 465, "smtpSecurity": "tls",
                "smtpPassword": "", "mailFrom": "Shop <shop@example.vn>",
                "sellerEmails": ["a@b.vn", "A@b.vn", "c@d.vn"], "mailReplyTo": null,
                "telegramBotToken": "123:abcdefghijklmnopqrstuvwxyz", "telegramChatId": "@shop_alerts",
                "events": {"sellerLowStock": true}, "hasSmtpPassword": true
            })),
            &view(),
        ) else {
            panic!("valid patch refused");
        };
        assert_eq!(patch.smtp_host.as_deref(), Some("mail.example.vn"));
        assert_eq!(patch.smtp_port, Some(465));
        assert_eq!(patch.smtp_password, Some(None));
        assert_eq!(patch.mail_reply_to, Some(None));
        assert_eq!(
            patch.seller_emails,
            Some(vec!["a@b.vn".to_owned(), "c@d.vn".to_owned()])
        );
        assert!(
            patch
                .events
                .is_some_and(|e| e.seller_low_stock && e.codes_ready)
        );
    }

    #[test]
    fn settings_patch_problems() {
        let Err(Invalid(errors)) = SettingsPatch::parse(
            &object(json!({
                "smtpHost": "bad host", "smtpPort": 70000, "smtpSecurity": "ssl",
                "mailFrom": "nobody", "mailReplyTo": "x@", "sellerEmails": ["ok@shop.vn", "bad"],
                "telegramChatId": "chat room", "telegramBotToken": "nope",
                "events": {"codesReady": "yes", "unknown": true}
            })),
            &view(),
        ) else {
            panic!("invalid patch accepted");
        };
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        for field in [
            "smtpHost",
            "smtpPort",
            "smtpSecurity",
            "mailFrom",
            "mailReplyTo",
            "sellerEmails[1]",
            "telegramChatId",
            "telegramBotToken",
            "events.codesReady",
            "events.unknown",
        ] {
            assert!(fields.contains(&field), "{field} in {fields:?}");
        }
        let eleven: Vec<String> = (0..11).map(|i| format!("s{i}@shop.vn")).collect();
        let Err(Invalid(errors)) =
            SettingsPatch::parse(&object(json!({ "sellerEmails": eleven })), &view())
        else {
            panic!("11 sellers accepted");
        };
        assert_eq!(errors[0].field, "sellerEmails");
        let Err(Invalid(errors)) =
            SettingsPatch::parse(&object(json!({ "smtpHost": "smtp.shop.vn" })), &view())
        else {
            panic!("a host without a sender accepted");
        };
        assert_eq!(errors[0].field, "mailFrom");
    }

    #[test]
    fn enqueue_checks() {
        let input = EnqueueInput {
            event_id: Some(Uuid::new_v4().to_string()),
            event: Some("codes_ready".to_owned()),
            order_code: Some("dhab12cd34".to_owned()),
            recipient_email: Some(" not really an address ".to_owned()),
            access_link: Some("https://shop.vn/order-detail?code=DH#token=x".to_owned()),
            ..EnqueueInput::default()
        };
        let Ok(event) = input.check() else {
            panic!("valid event refused");
        };
        assert_eq!(event.order_code.as_deref(), Some("DHAB12CD34"));
        assert_eq!(
            event.recipient_email.as_deref(),
            Some("not really an address")
        );
        let Err(Invalid(errors)) = EnqueueInput {
            event_id: Some("x".to_owned()),
            event: Some("order_placed".to_owned()),
            access_link: Some("javascript:alert(1)".to_owned()),
            data: Some(json!([1])),
            ..EnqueueInput::default()
        }
        .check() else {
            panic!("invalid event accepted");
        };
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "eventId",
                "accessLink",
                "data",
                "orderCode",
                "recipientEmail"
            ]
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
