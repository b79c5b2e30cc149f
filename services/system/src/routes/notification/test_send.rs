//! Notification/Test: the body checked here, then one e-mail or Telegram message sent now
//! by [`notify::send_test`], answering the server's own refusal.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use shop_common::auth::AdminUser;
use shop_common::db::DbPool;
use shop_common::input::{Problems, plausible_email};
use shop_common::ok;
use shop_common::openapi::{Enveloped, Forbidden, Unauthorized, Unavailable};
use utoipa::ToSchema;

use crate::domain::notification::{Channel, ChatId};
use crate::error::SystemError;
use crate::notify::{self, Notifications};
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
    let Some(channel) = channel else {
        return Err(SystemError::Internal(
            "test channel missing after checks".into(),
        ));
    };
    notify::send_test(&pool, &notifications, channel, to, &user.user_name).await?;
    Ok(ok(NotificationTestResult { sent: true }))
}
