//! Configuration/Notifications: the settings as the admin reads and writes them; the
//! SMTP password and the bot token are write-only and sealed at rest.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Map, Value};
use shop_common::auth::AdminUser;
use shop_common::db::DbPool;
use shop_common::input::{Invalid, Problems};
use shop_common::ok;
use shop_common::openapi::{
    BadRequest, Enveloped, Forbidden, PayloadTooLarge, Unauthorized, Unavailable,
};
use utoipa::ToSchema;

use crate::domain::notification::{
    BotToken, ChatId, EventSwitches, MSG_SMTP_PORT, MailFrom, SettingsPatch, SettingsView,
    SmtpHost, SmtpSecurity, check_smtp_password, check_smtp_user_name, email, seller_emails,
    smtp_port,
};
use crate::error::SystemError;
use crate::models::NotificationSettingsRow;
use crate::notify::{self, Effective, Notifications};

/// The settings as the admin sees them: never the password or the token, only whether
/// they are stored; plus what is in force (`emailEnabled`, `telegramEnabled`) and whether
/// the environment supplies it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationSettings {
    /// Empty: `SMTP_URL` (the environment) applies
    #[schema(max_length = 253, example = "smtp.gmail.com")]
    pub smtp_host: String,
    #[schema(minimum = 1, maximum = 65535, example = 587)]
    pub smtp_port: i32,
    pub smtp_security: SmtpSecurity,
    #[schema(max_length = 254)]
    pub smtp_user_name: String,
    pub has_smtp_password: bool,
    /// `shop@example.vn` or `Shop <shop@example.vn>`; empty: `MAIL_FROM` with `SMTP_URL`
    #[schema(max_length = 320)]
    pub mail_from: String,
    #[schema(required = true, format = Email)]
    pub mail_reply_to: Option<String>,
    /// At most 10
    pub seller_emails: Vec<String>,
    pub has_telegram_bot_token: bool,
    /// A chat id (`-1001234567890`) or `@channel`; empty: `TELEGRAM_CHAT_ID`
    pub telegram_chat_id: String,
    pub events: EventSwitches,
    pub updated_at: DateTime<Utc>,
    #[schema(required = true)]
    pub updated_by: Option<String>,
    /// E-mail goes out (a server and a sender, stored or from the environment)
    pub email_enabled: bool,
    /// Telegram alerts go out (a bot token and a chat id, stored or from the environment)
    pub telegram_enabled: bool,
    /// The stored host is empty and the environment's `SMTP_URL` is used
    pub smtp_from_environment: bool,
    /// The environment's bot token or chat id is used
    pub telegram_from_environment: bool,
}

impl NotificationSettings {
    fn new(row: NotificationSettingsRow, effective: &Effective) -> Self {
        Self {
            smtp_port: row.smtp_port,
            smtp_security: SmtpSecurity::parse(&row.smtp_security)
                .unwrap_or(SmtpSecurity::Starttls),
            has_smtp_password: row.smtp_password_sealed.is_some(),
            has_telegram_bot_token: row.telegram_token_sealed.is_some(),
            events: EventSwitches::from_json(&row.events),
            email_enabled: effective.email.is_some(),
            telegram_enabled: effective.telegram.is_some(),
            smtp_from_environment: effective.smtp_from_environment,
            telegram_from_environment: effective.telegram_from_environment,
            smtp_host: row.smtp_host,
            smtp_user_name: row.smtp_user_name,
            mail_from: row.mail_from,
            mail_reply_to: row.mail_reply_to,
            seller_emails: row.seller_emails,
            telegram_chat_id: row.telegram_chat_id,
            updated_at: row.updated_at,
            updated_by: row.updated_by,
        }
    }
}

/// PUT body (documentation of what `SettingsPatch` reads; the handler reads the JSON
/// object itself, so that a field left out and an explicit `null` differ).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct NotificationSettingsUpdate {
    /// Empty or `null`: use `SMTP_URL`
    #[schema(nullable, max_length = 253)]
    smtp_host: Option<String>,
    #[schema(value_type = i32, required = false, minimum = 1, maximum = 65535)]
    smtp_port: Option<i32>,
    #[schema(value_type = SmtpSecurity, required = false)]
    smtp_security: Option<SmtpSecurity>,
    #[schema(nullable, max_length = 254)]
    smtp_user_name: Option<String>,
    /// Write-only: left out keeps the stored one, `""` or `null` clears it
    #[schema(nullable, max_length = 256)]
    smtp_password: Option<String>,
    /// Required with a stored SMTP host
    #[schema(nullable, max_length = 320)]
    mail_from: Option<String>,
    #[schema(nullable, format = Email)]
    mail_reply_to: Option<String>,
    /// At most 10 addresses; duplicates are dropped
    #[schema(nullable)]
    seller_emails: Option<Vec<String>>,
    /// Write-only: left out keeps the stored one, `""` or `null` clears it
    #[schema(nullable, pattern = "^[0-9]{1,20}:[A-Za-z0-9_-]{20,100}$")]
    telegram_bot_token: Option<String>,
    #[schema(nullable)]
    telegram_chat_id: Option<String>,
    /// Any subset of the switches
    #[schema(value_type = Object, required = false)]
    events: Option<Value>,
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

/// Checks the members of a PUT body against what is stored (`current`, for the rules
/// across fields). Unknown members are ignored, so a client may send back what it read.
fn parse_patch(
    body: &Map<String, Value>,
    current: &SettingsView,
) -> Result<SettingsPatch, Invalid> {
    let mut p = Problems::default();
    let mut patch = SettingsPatch {
        smtp_host: blank_or(&mut p, body, "smtpHost", SmtpHost::parse),
        smtp_user_name: blank_or(&mut p, body, "smtpUserName", check_smtp_user_name),
        mail_from: blank_or(&mut p, body, "mailFrom", MailFrom::parse),
        telegram_chat_id: blank_or(&mut p, body, "telegramChatId", ChatId::parse),
        ..SettingsPatch::default()
    };
    if let Some(port) = body.get("smtpPort") {
        let port = port.as_i64().ok_or(MSG_SMTP_PORT);
        patch.smtp_port = p.check("smtpPort", port.and_then(smtp_port));
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
        } else {
            p.check("smtpPassword", check_smtp_password(t))
                .map(|()| Some(t.to_owned()))
        }
    });
    patch.telegram_bot_token = text(&mut p, body, "telegramBotToken").and_then(|t| {
        if t.is_empty() {
            Some(None)
        } else {
            p.check("telegramBotToken", BotToken::parse(t))
                .map(|_| Some(t.to_owned()))
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
        patch.seller_emails = seller_list(&mut p, list);
    }
    if let Some(events) = body.get("events") {
        match events {
            Value::Object(events) => {
                patch.events = Some(apply_events(current.events, &mut p, events));
            }
            _ => p.push(
                "events",
                "Phải là một đối tượng { tên sự kiện: true|false }",
            ),
        }
    }
    if p.is_empty() && patch.lacks_sender(current) {
        p.push("mailFrom", "Nhập email người gửi cho máy chủ SMTP này");
    }
    p.finish(|| patch)
}

/// `sellerEmails`: a list of addresses (`null` empties it), each named by its index
/// when refused.
fn seller_list(p: &mut Problems, list: &Value) -> Option<Vec<String>> {
    let items = match list {
        Value::Null => return Some(Vec::new()),
        Value::Array(items) => items,
        _ => {
            p.push("sellerEmails", "Phải là một danh sách email");
            return None;
        }
    };
    let mut addresses = Vec::new();
    let mut ok = true;
    for (i, item) in items.iter().enumerate() {
        match item.as_str().map(str::trim).map(email) {
            Some(Ok(address)) => addresses.push(address),
            _ => {
                ok = false;
                p.push(&format!("sellerEmails[{i}]"), "Email không hợp lệ");
            }
        }
    }
    let emails = p.check("sellerEmails", seller_emails(addresses));
    emails.filter(|_| ok)
}

/// Applies the booleans of a PUT's `events` object to the stored switches; other members
/// are problems.
fn apply_events(
    switches: EventSwitches,
    p: &mut Problems,
    events: &Map<String, Value>,
) -> EventSwitches {
    let mut fields = match serde_json::to_value(switches) {
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
    serde_json::from_value(Value::Object(fields)).unwrap_or(switches)
}

/// Notification settings (admin only)
#[utoipa::path(get, path = crate::routes::ADMIN_NOTIFICATION_SETTINGS, operation_id = "getNotificationSettings",
    tag = "Notification",
    responses((status = 200, description = "The settings, secrets never included", body = inline(Enveloped<NotificationSettings>)),
        Unauthorized, Forbidden, Unavailable))]
pub async fn read_settings(
    _admin: AdminUser,
    pool: web::Data<DbPool>,
    notifications: web::Data<Notifications>,
) -> Result<HttpResponse, SystemError> {
    let mut conn = pool.get().await?;
    let row = NotificationSettingsRow::load(&mut conn).await?;
    let effective = Effective::resolve(&row, &notifications.cipher, &notifications.config);
    Ok(ok(NotificationSettings::new(row, &effective)))
}

/// Save the notification settings (admin only)
///
/// A field left out stays unchanged. `smtpPassword` and `telegramBotToken` are write-only: left out keeps the stored value, `""` or `null` clears it; they are sealed at rest and never read back (`hasSmtpPassword`, `hasTelegramBotToken`). `events` may hold any subset of the switches. Invalid fields answer code 1 with one `details` entry each (`sellerEmails[i]`, `events.<name>` for members), and nothing is saved.
#[utoipa::path(put, path = crate::routes::ADMIN_NOTIFICATION_SETTINGS, operation_id = "updateNotificationSettings",
    tag = "Notification",
    request_body = NotificationSettingsUpdate,
    responses((status = 200, description = "The saved settings", body = inline(Enveloped<NotificationSettings>)),
        BadRequest, Unauthorized, Forbidden, PayloadTooLarge, Unavailable))]
pub async fn update_settings(
    AdminUser(user): AdminUser,
    body: web::Json<Value>,
    pool: web::Data<DbPool>,
    notifications: web::Data<Notifications>,
) -> Result<HttpResponse, SystemError> {
    let Value::Object(body) = body.into_inner() else {
        return Err(SystemError::BadRequest(
            "Dữ liệu gửi lên phải là một đối tượng JSON",
        ));
    };
    let mut conn = pool.get().await?;
    let current = NotificationSettingsRow::load(&mut conn).await?;
    let view = SettingsView {
        smtp_host: current.smtp_host.clone(),
        mail_from: current.mail_from.clone(),
        events: EventSwitches::from_json(&current.events),
    };
    let patch = parse_patch(&body, &view)?;
    let row = notify::save_settings(&mut conn, &notifications, patch, &user).await?;
    let effective = Effective::resolve(&row, &notifications.cipher, &notifications.config);
    Ok(ok(NotificationSettings::new(row, &effective)))
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
    fn settings_patch() {
        let Ok(patch) = parse_patch(
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
        let Err(Invalid(errors)) = parse_patch(
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
        let Err(Invalid(errors)) = parse_patch(&object(json!({ "sellerEmails": eleven })), &view())
        else {
            panic!("11 sellers accepted");
        };
        assert_eq!(errors[0].field, "sellerEmails");
        let Err(Invalid(errors)) =
            parse_patch(&object(json!({ "smtpHost": "smtp.shop.vn" })), &view())
        else {
            panic!("a host without a sender accepted");
        };
        assert_eq!(errors[0].field, "mailFrom");
    }
}
