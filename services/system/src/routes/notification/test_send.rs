//! Notification/Test: one e-mail or Telegram message sent now with the saved settings,
//! answering the server's own refusal.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use shop_common::auth::AdminUser;
use shop_common::db::DbPool;
use shop_common::input::{Problems, plausible_email};
use shop_common::ok;
use shop_common::openapi::{Enveloped, Forbidden, Unauthorized, Unavailable};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::domain::notification::{Channel, ChatId};
use crate::error::SystemError;
use crate::models::AppConfigurationRow;
use crate::notify::templates::{self, Shop};
use crate::notify::{self, Notifications, TelegramSetup, mail, telegram};
use crate::routes::openapi::TestRefused;

/// The Test body, as sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationTest {
    #[schema(value_type = Channel, required = true)]
    pub channel: Option<String>,
    /// E-mail: the address (default: the first seller address, else the sender);
    /// Telegram: a chat id (default: the configured chat)
    #[schema(nullable)]
    pub to: Option<String>,
}

/// Test's answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationTestResult {
    /// Always `true` (a refusal is code 1)
    pub sent: bool,
}

fn mailbox_address(from: &str) -> String {
    from.parse::<lettre::message::Mailbox>()
        .map(|m| m.email.to_string())
        .unwrap_or_else(|_| from.to_owned())
}

/// Send a test e-mail or Telegram message now (admin only)
///
/// Sent at once, outside the worker, with the settings in force. A refusal answers code 1 whose `message` is the SMTP or Telegram server's own error (or the connection's), so that the admin can fix the settings.
#[utoipa::path(post, path = crate::routes::ADMIN_NOTIFICATION_TEST, operation_id = "testNotification",
    tag = "Notification",
    request_body = NotificationTest,
    responses((status = 200, description = "Sent", body = inline(Enveloped<NotificationTestResult>)),
        TestRefused, Unauthorized, Forbidden, Unavailable))]
pub async fn test(
    AdminUser(user): AdminUser,
    body: web::Json<NotificationTest>,
    pool: web::Data<DbPool>,
    notifications: web::Data<Notifications>,
) -> Result<HttpResponse, SystemError> {
    let body = body.into_inner();
    let mut p = Problems::default();
    let channel = body.channel.as_deref().and_then(Channel::parse);
    if channel.is_none() {
        p.push("channel", "Kênh là email hoặc telegram");
    }
    let to = body
        .to
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned);
    match (channel, &to) {
        (Some(Channel::Email), Some(to)) if !plausible_email(to) => {
            p.push("to", "Email không hợp lệ");
        }
        (Some(Channel::Telegram), Some(to)) => {
            let _ = p.check("to", ChatId::parse(to));
        }
        _ => {}
    }
    let channel = p.finish::<_, SystemError>(|| channel)?;
    let (effective, shop) = {
        let mut conn = pool.get().await?;
        let effective = notify::effective(&mut conn, &notifications).await?;
        let app = AppConfigurationRow::load(&mut conn).await?;
        (
            effective,
            Shop::new(&app, &notifications.config.public_base_url),
        )
    };
    let result = match channel {
        Some(Channel::Email) => {
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
        _ => {
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
        user = %user.user_name,
        channel = channel.map_or("", Channel::as_str),
        sent = result.is_ok(),
        "notification test"
    );
    result.map_err(|e| SystemError::SendFailed(e.message))?;
    Ok(ok(NotificationTestResult { sent: true }))
}
