//! Notifications: events other services report (Enqueue), stored once with one delivery
//! per channel and recipient that the settings ask for at that moment, and the worker
//! that sends them (SMTP, Telegram) outside any transaction.

pub mod mail;
mod settings;
pub mod telegram;
pub mod templates;
mod test_send;
pub mod worker;

pub use settings::save_settings;
pub use test_send::send_test;

use std::sync::Arc;

use diesel_async::{AsyncConnection, AsyncPgConnection};
use shop_common::config::Secret;
use tokio::sync::Notify;
use uuid::Uuid;

use crate::config::NotifyConfig;
use crate::crypto::{Purpose, SecretCipher};
use crate::domain::notification::{Audience, Channel, EventSwitches, NewEvent, SmtpSecurity};
use crate::error::SystemError;
use crate::models::NotificationSettingsRow;
use crate::models::notification::{self, NewDelivery, NewEventRow};

/// What Enqueue, the worker and the admin routes share: the cipher, the environment's
/// settings, an HTTP client for Telegram and the worker's wake-up call.
pub struct Notifications {
    pub cipher: SecretCipher,
    pub config: NotifyConfig,
    pub http: reqwest::Client,
    wake: Notify,
}

impl std::fmt::Debug for Notifications {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Notifications")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl Notifications {
    pub fn new(cipher: SecretCipher, config: NotifyConfig, http: reqwest::Client) -> Arc<Self> {
        Arc::new(Self {
            cipher,
            config,
            http,
            wake: Notify::new(),
        })
    }

    /// Tells a waiting worker that deliveries are due (a permit is kept if none waits).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    async fn woken(&self) {
        self.wake.notified().await;
    }
}

/// An SMTP server: the stored one, or `SMTP_URL`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SmtpServer {
    Stored {
        host: String,
        port: u16,
        security: SmtpSecurity,
        user: String,
        password: Option<Secret>,
    },
    Url(Secret),
}

/// Where e-mail goes out, and as whom.
#[derive(Debug, Clone)]
pub struct EmailSetup {
    pub server: SmtpServer,
    pub from: String,
    pub reply_to: Option<String>,
}

/// The Telegram bot and chat of seller alerts.
#[derive(Debug, Clone)]
pub struct TelegramSetup {
    pub token: Secret,
    pub chat_id: String,
}

/// The settings in force: the stored ones, with the environment's where they are empty.
#[derive(Debug, Clone)]
pub struct Effective {
    /// `None`: e-mail is off (no server, or no sender).
    pub email: Option<EmailSetup>,
    /// `None`: Telegram is off (no token, or no chat).
    pub telegram: Option<TelegramSetup>,
    pub seller_emails: Vec<String>,
    pub events: EventSwitches,
    /// The stored SMTP host is empty and `SMTP_URL` is set.
    pub smtp_from_environment: bool,
    /// The stored token or chat id is empty and the environment's is used.
    pub telegram_from_environment: bool,
}

fn open(
    cipher: &SecretCipher,
    purpose: Purpose,
    nonce: Option<&[u8]>,
    sealed: Option<&[u8]>,
) -> Option<Secret> {
    let (nonce, sealed) = nonce.zip(sealed)?;
    match cipher.open(purpose, nonce, sealed) {
        Ok(clear) => Some(Secret::new(clear)),
        Err(e) => {
            // SYSTEM_SECRET_KEY changed: the admin has to enter the secret again.
            tracing::error!(error = %e, ?purpose, "a stored notification secret does not open");
            None
        }
    }
}

impl Effective {
    pub fn resolve(
        row: &NotificationSettingsRow,
        cipher: &SecretCipher,
        env: &NotifyConfig,
    ) -> Self {
        let smtp_from_environment = row.smtp_host.is_empty() && env.smtp_url.is_some();
        let server = if !row.smtp_host.is_empty() {
            Some(SmtpServer::Stored {
                host: row.smtp_host.clone(),
                port: u16::try_from(row.smtp_port).unwrap_or(587),
                security: SmtpSecurity::parse(&row.smtp_security).unwrap_or(SmtpSecurity::Starttls),
                user: row.smtp_user_name.clone(),
                password: open(
                    cipher,
                    Purpose::SmtpPassword,
                    row.smtp_password_nonce.as_deref(),
                    row.smtp_password_sealed.as_deref(),
                ),
            })
        } else {
            env.smtp_url.clone().map(SmtpServer::Url)
        };
        let from = if !row.mail_from.is_empty() {
            Some(row.mail_from.clone())
        } else if smtp_from_environment {
            env.mail_from.clone()
        } else {
            None
        };
        let email = server.zip(from).map(|(server, from)| EmailSetup {
            server,
            from,
            reply_to: row.mail_reply_to.clone(),
        });
        let stored_token = open(
            cipher,
            Purpose::TelegramBotToken,
            row.telegram_token_nonce.as_deref(),
            row.telegram_token_sealed.as_deref(),
        );
        let token_from_env = stored_token.is_none() && env.telegram_bot_token.is_some();
        let chat_from_env = row.telegram_chat_id.is_empty() && env.telegram_chat_id.is_some();
        let token = stored_token.or_else(|| env.telegram_bot_token.clone());
        let chat_id = if row.telegram_chat_id.is_empty() {
            env.telegram_chat_id.clone()
        } else {
            Some(row.telegram_chat_id.clone())
        };
        let telegram = token
            .zip(chat_id)
            .map(|(token, chat_id)| TelegramSetup { token, chat_id });
        Self {
            email,
            telegram_from_environment: telegram.is_some() && (token_from_env || chat_from_env),
            telegram,
            seller_emails: row.seller_emails.clone(),
            events: EventSwitches::from_json(&row.events),
            smtp_from_environment,
        }
    }

    /// The deliveries `event` gets now: (channel, audience, recipient).
    pub fn deliveries(&self, event: &NewEvent) -> Vec<(Channel, Audience, String)> {
        let mut out = Vec::new();
        if let Some(to) = &event.recipient_email
            && self.email.is_some()
            && self.events.shopper(event.event)
        {
            out.push((Channel::Email, Audience::Shopper, to.clone()));
        }
        if self.events.seller(event.event) {
            if let Some(telegram) = &self.telegram {
                out.push((
                    Channel::Telegram,
                    Audience::Seller,
                    telegram.chat_id.clone(),
                ));
            }
            if self.email.is_some() {
                for to in &self.seller_emails {
                    out.push((Channel::Email, Audience::Seller, to.clone()));
                }
            }
        }
        out
    }
}

/// The settings in force, read now.
pub async fn effective(
    conn: &mut AsyncPgConnection,
    notifications: &Notifications,
) -> Result<Effective, SystemError> {
    let row = NotificationSettingsRow::load(conn).await?;
    Ok(Effective::resolve(
        &row,
        &notifications.cipher,
        &notifications.config,
    ))
}

/// Stores `event` unless its id is known, and its deliveries, in one transaction. The
/// link is sealed, and kept only when a shopper e-mail will carry it. `true` when the
/// event is new.
pub async fn enqueue(
    conn: &mut AsyncPgConnection,
    cipher: &SecretCipher,
    settings: &Effective,
    event: &NewEvent,
) -> Result<bool, SystemError> {
    let deliveries = settings.deliveries(event);
    let needs_link = deliveries.iter().any(|(_, a, _)| *a == Audience::Shopper);
    let sealed = match (&event.access_link, needs_link) {
        (Some(link), true) => Some(
            cipher
                .seal(Purpose::OrderLink(event.id), link)
                .map_err(|e| SystemError::Internal(e.to_string()))?,
        ),
        _ => None,
    };
    let (link_nonce, link_sealed) = sealed.map(|s| (s.nonce, s.ciphertext)).unzip();
    let row = NewEventRow {
        id: event.id,
        event: event.event.as_str(),
        order_code: event.order_code.as_deref(),
        recipient_email: event.recipient_email.as_deref(),
        data: &event.data,
        link_nonce,
        link_sealed,
        occurred_at: event.occurred_at,
    };
    let rows: Vec<NewDelivery<'_>> = deliveries
        .iter()
        .map(|(channel, audience, recipient)| NewDelivery {
            id: Uuid::new_v4(),
            event_id: event.id,
            channel: channel.as_str(),
            audience: audience.as_str(),
            recipient,
        })
        .collect();
    let inserted = conn
        .transaction::<_, SystemError, _>(async |conn| {
            if !notification::insert_event(conn, &row).await? {
                return Ok(false);
            }
            notification::insert_deliveries(conn, &rows).await?;
            Ok(true)
        })
        .await?;
    if inserted {
        tracing::info!(
            event_id = %event.id,
            event = event.event.as_str(),
            order_code = event.order_code.as_deref().unwrap_or_default(),
            deliveries = rows.len(),
            "notification event stored"
        );
    }
    Ok(inserted)
}

/// The id of the `delivery_failed` event of a delivery: derived from it, so that the
/// alert is raised once however often the failure is recorded.
pub fn delivery_failed_event_id(delivery: Uuid) -> Uuid {
    use sha2::{Digest, Sha256};
    let digest =
        Sha256::digest([b"system/delivery_failed:".as_slice(), delivery.as_bytes()].concat());
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Builder::from_custom_bytes(bytes).into_uuid()
}
