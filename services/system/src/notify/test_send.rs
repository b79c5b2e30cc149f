//! Notification/Test: one e-mail or Telegram message sent now, outside the worker, with
//! the settings in force; a refusal carries the server's own words.

use shop_common::db::DbPool;
use uuid::Uuid;

use super::templates::{self, Shop};
use super::{Notifications, TelegramSetup, mail, telegram};
use crate::domain::notification::Channel;
use crate::error::SystemError;
use crate::models::AppConfigurationRow;

/// The bare address of a sender written `Name <address>`.
fn mailbox_address(from: &str) -> String {
    from.parse::<lettre::message::Mailbox>()
        .map(|m| m.email.to_string())
        .unwrap_or_else(|_| from.to_owned())
}

/// Sends a test message on `channel` to `to` (e-mail: else the first seller address, else
/// the sender; Telegram: else the configured chat), for `user_name`'s log line.
pub async fn send_test(
    pool: &DbPool,
    notifications: &Notifications,
    channel: Channel,
    to: Option<String>,
    user_name: &str,
) -> Result<(), SystemError> {
    let (effective, shop) = {
        let mut conn = pool.get().await?;
        let effective = super::effective(&mut conn, notifications).await?;
        let app = AppConfigurationRow::load(&mut conn).await?;
        (
            effective,
            Shop::new(&app, &notifications.config.public_base_url),
        )
    };
    let result = match channel {
        Channel::Email => {
            let Some(email) = &effective.email else {
                return Err(SystemError::SendFailed(
                    "Chưa cấu hình máy chủ email (SMTP) và người gửi".to_owned(),
                ));
            };
            let to = to
                .or_else(|| effective.seller_emails.first().cloned())
                .unwrap_or_else(|| mailbox_address(&email.from));
            let message = mail::message(
                &email.from,
                email.reply_to.as_deref(),
                &to,
                Uuid::new_v4(),
                &templates::test_mail(&shop),
            );
            match (mail::transport(&email.server, 1), message) {
                (Ok(transport), Ok(message)) => mail::send(&transport, message).await,
                (Err(e), _) | (_, Err(e)) => Err(e),
            }
        }
        Channel::Telegram => {
            let Some(setup) = &effective.telegram else {
                return Err(SystemError::SendFailed(
                    "Chưa cấu hình bot Telegram (token và chat id)".to_owned(),
                ));
            };
            let setup = TelegramSetup {
                token: setup.token.clone(),
                chat_id: to.unwrap_or_else(|| setup.chat_id.clone()),
            };
            telegram::send(
                &notifications.http,
                &notifications.config.telegram_api_base,
                &setup,
                &templates::test_telegram(&shop),
            )
            .await
        }
    };
    tracing::info!(
        user = %user_name,
        channel = channel.as_str(),
        sent = result.is_ok(),
        "notification test"
    );
    result.map_err(|e| SystemError::SendFailed(e.message))
}
