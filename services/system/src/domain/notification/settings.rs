//! The settings the admin edits as checked values: the SMTP server and its security, the
//! sender, the seller addresses, the Telegram bot and chat, and the rules across them.

use serde::{Deserialize, Serialize};
use shop_common::input::{EMAIL_MAX, plausible_email};
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

/// An e-mail address (a reply-to or a seller's).
pub fn email(text: &str) -> Result<String, &'static str> {
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

pub const MSG_SMTP_PORT: &str = "Cổng SMTP từ 1 đến 65535";

/// An SMTP port: 1..65535.
pub fn smtp_port(port: i64) -> Result<i32, &'static str> {
    Some(port)
        .filter(|n| (1..=65_535).contains(n))
        .and_then(|n| i32::try_from(n).ok())
        .ok_or(MSG_SMTP_PORT)
}

/// An SMTP user name: at most 254 characters, none a control character.
pub fn check_smtp_user_name(text: &str) -> Result<(), &'static str> {
    if text.chars().count() > 254 || text.chars().any(char::is_control) {
        Err("Tên đăng nhập SMTP tối đa 254 ký tự, không chứa ký tự điều khiển")
    } else {
        Ok(())
    }
}

/// An SMTP password: at most 256 characters, none a control character.
pub fn check_smtp_password(text: &str) -> Result<(), &'static str> {
    if text.chars().count() > 256 || text.chars().any(char::is_control) {
        Err("Mật khẩu SMTP tối đa 256 ký tự")
    } else {
        Ok(())
    }
}

/// The seller addresses without duplicates (compared case-insensitively, the first
/// kept), or the refusal of more than [`SELLER_EMAILS_MAX`].
pub fn seller_emails(addresses: Vec<String>) -> Result<Vec<String>, &'static str> {
    let mut emails: Vec<String> = Vec::new();
    for address in addresses {
        if !emails.iter().any(|e| e.eq_ignore_ascii_case(&address)) {
            emails.push(address);
        }
    }
    if emails.len() > SELLER_EMAILS_MAX {
        Err("Tối đa 10 email người bán")
    } else {
        Ok(emails)
    }
}

impl SettingsPatch {
    /// Whether the settings once saved would name an SMTP server without a sender: a
    /// stored server needs its own (`MAIL_FROM` belongs to `SMTP_URL`).
    pub fn lacks_sender(&self, current: &SettingsView) -> bool {
        let host = self.smtp_host.as_deref().unwrap_or(&current.smtp_host);
        let from = self.mail_from.as_deref().unwrap_or(&current.mail_from);
        !host.is_empty() && from.is_empty()
    }
}

/// The stored settings without their secrets: what the rules across fields and the
/// admin's GET read.
#[derive(Debug, Clone)]
pub struct SettingsView {
    pub smtp_host: String,
    pub mail_from: String,
    pub events: EventSwitches,
}
