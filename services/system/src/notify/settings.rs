//! Saving the notification settings the admin checked: the write-only secrets are sealed
//! before they are stored, and the saver is recorded.

use chrono::Utc;
use diesel_async::AsyncPgConnection;
use shop_common::auth::AuthUser;

use super::Notifications;
use crate::crypto::Purpose;
use crate::domain::notification::{EventSwitches, SettingsPatch};
use crate::error::SystemError;
use crate::models::{NotificationSettingsChanges, NotificationSettingsRow};

/// Stores `patch` (fields it leaves out stay unchanged) as saved by `user`, and answers
/// the stored row.
pub async fn save_settings(
    conn: &mut AsyncPgConnection,
    notifications: &Notifications,
    patch: SettingsPatch,
    user: &AuthUser,
) -> Result<NotificationSettingsRow, SystemError> {
    let password = seal(
        notifications,
        Purpose::SmtpPassword,
        patch.smtp_password.as_ref(),
    )?;
    let token = seal(
        notifications,
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
    let row = NotificationSettingsRow::update(conn, &changes).await?;
    tracing::info!(user = %user.user_name, user_id = %user.id, "notification settings saved");
    Ok(row)
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

type SealedColumns = Option<Option<Vec<u8>>>;

fn split(sealed: SecretChange) -> (SealedColumns, SealedColumns) {
    match sealed {
        None => (None, None),
        Some(None) => (Some(None), Some(None)),
        Some(Some((nonce, ciphertext))) => (Some(Some(nonce)), Some(Some(ciphertext))),
    }
}
