//! The settings the admin edits, checked member by member: the SMTP server and its
//! security, the sender, the seller addresses, the Telegram bot and chat.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use shop_common::input::{EMAIL_MAX, Invalid, Problems, plausible_email};
use utoipa::ToSchema;

use super::*;

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
