//! Configuration/Notifications: the settings as the admin reads and writes them; the
//! SMTP password and the bot token are write-only and sealed at rest.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use shop_common::auth::AdminUser;
use shop_common::db::DbPool;
use shop_common::ok;
use shop_common::openapi::{
    BadRequest, Enveloped, Forbidden, PayloadTooLarge, Unauthorized, Unavailable,
};
use utoipa::ToSchema;

use crate::crypto::Purpose;
use crate::domain::notification::{EventSwitches, SettingsPatch, SettingsView, SmtpSecurity};
use crate::error::SystemError;
use crate::models::{NotificationSettingsChanges, NotificationSettingsRow};
use crate::notify::{Effective, Notifications};

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

/// A write-only secret's change: `None` unchanged, `Some(None)` cleared, else the nonce
/// and ciphertext.
type SecretChange = Option<Option<(Vec<u8>, Vec<u8>)>>;

fn seal(
    notifications: &Notifications,
    purpose: Purpose,
    secret: Option<&Option<String>>,
) -> Result<SecretChange, SystemError> {
    let Some(secret) = secret else {
        return Ok(None);
    };
    let Some(clear) = secret else {
        return Ok(Some(None));
    };
    let sealed = notifications
        .cipher
        .seal(purpose, clear)
        .map_err(|e| SystemError::Internal(e.to_string()))?;
    Ok(Some(Some((sealed.nonce, sealed.ciphertext))))
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
    let patch = SettingsPatch::parse(&body, &view)?;
    let password = seal(
        &notifications,
        Purpose::SmtpPassword,
        patch.smtp_password.as_ref(),
    )?;
    let token = seal(
        &notifications,
        Purpose::TelegramBotToken,
        patch.telegram_bot_token.as_ref(),
    )?;
    let (password_nonce, password_sealed) = split(password);
    let (token_nonce, token_sealed) = split(token);
    let changes = NotificationSettingsChanges {
        smtp_host: patch.smtp_host,
        smtp_port: patch.smtp_port,
        smtp_security: patch.smtp_security.map(|s| s.as_str().to_owned()),
        smtp_user_name: patch.smtp_user_name,
        smtp_password_nonce: password_nonce,
        smtp_password_sealed: password_sealed,
        mail_from: patch.mail_from,
        mail_reply_to: patch.mail_reply_to,
        seller_emails: patch.seller_emails,
        telegram_token_nonce: token_nonce,
        telegram_token_sealed: token_sealed,
        telegram_chat_id: patch.telegram_chat_id,
        events: patch.events.map(EventSwitches::to_json),
        updated_at: Some(Utc::now()),
        updated_by: Some(Some(user.user_name.clone())),
        updated_by_id: Some(Some(user.id)),
    };
    let row = NotificationSettingsRow::update(&mut conn, &changes).await?;
    tracing::info!(user = %user.user_name, user_id = %user.id, "notification settings saved");
    let effective = Effective::resolve(&row, &notifications.cipher, &notifications.config);
    Ok(ok(NotificationSettings::new(row, &effective)))
}

type SealedColumns = Option<Option<Vec<u8>>>;

fn split(sealed: SecretChange) -> (SealedColumns, SealedColumns) {
    match sealed {
        None => (None, None),
        Some(None) => (Some(None), Some(None)),
        Some(Some((nonce, ciphertext))) => (Some(Some(nonce)), Some(Some(ciphertext))),
    }
}
