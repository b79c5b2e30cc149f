//! The sending worker, one per replica: it claims due deliveries with a lease (replicas
//! skip each other's rows), sends them concurrently outside any transaction, and records
//! each outcome. It runs right after an Enqueue on this replica, otherwise every
//! `NOTIFY_POLL_INTERVAL_MS`; a full batch is followed by the next one at once. Every
//! time it compares is the database's `now()`, so no test depends on this machine's
//! clock or speed.

use std::sync::Arc;

use futures_util::future::join_all;
use serde_json::json;
use shop_common::db::DbPool;
use tokio::sync::watch;

use super::mail::{self, SendError, Transport};
use super::templates::{self, Shop};
use super::{Effective, Notifications, enqueue, telegram};
use crate::crypto::Purpose;
use crate::domain::notification::{
    Audience, Channel, EventKind, NewEvent, backoff, clip_error, mask_recipient,
};
use crate::error::SystemError;
use crate::metrics;
use crate::models::AppConfiguration;
use crate::models::notification::{self, Claimed};

/// The worker of one replica.
#[derive(Clone)]
pub struct Worker {
    pool: DbPool,
    notifications: Arc<Notifications>,
}

/// What one batch did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Batch {
    pub claimed: usize,
    pub sent: usize,
    pub failed: usize,
}

impl Worker {
    pub fn new(pool: DbPool, notifications: Arc<Notifications>) -> Self {
        Self {
            pool,
            notifications,
        }
    }

    /// Runs until `stop` turns `true` (or its sender goes away).
    pub async fn run(self, mut stop: watch::Receiver<bool>) {
        let config = &self.notifications.config;
        loop {
            if *stop.borrow() {
                return;
            }
            let full = match self.run_once().await {
                Ok(batch) => batch.claimed >= config.concurrency,
                Err(e) => {
                    tracing::warn!(error = %e, "notification batch failed");
                    false
                }
            };
            if full {
                continue;
            }
            tokio::select! {
                changed = stop.changed() => if changed.is_err() { return },
                () = self.notifications.woken() => {}
                () = tokio::time::sleep(config.poll_interval) => {}
            }
        }
    }

    /// Claims one batch, sends it and records the outcomes.
    pub async fn run_once(&self) -> Result<Batch, SystemError> {
        let config = &self.notifications.config;
        let (claimed, settings, shop) = {
            let mut conn = self.pool.get().await?;
            let limit = i64::try_from(config.concurrency).unwrap_or(16);
            let claimed = notification::claim(&mut conn, limit, config.lease).await?;
            if claimed.is_empty() {
                return Ok(Batch::default());
            }
            let settings = super::effective(&mut conn, &self.notifications).await?;
            let app = AppConfiguration::load(&mut conn).await?;
            (claimed, settings, Shop::new(&app, &config.public_base_url))
        };
        // One transport per batch: its pool reuses the connection across the batch.
        let transport = match &settings.email {
            Some(email) if claimed.iter().any(|c| c.channel == "email") => {
                Some(mail::transport(&email.server))
            }
            _ => None,
        };
        let sends = claimed
            .iter()
            .map(|delivery| self.send(delivery, &settings, &shop, transport.as_ref()));
        let outcomes = join_all(sends).await;
        let mut batch = Batch {
            claimed: claimed.len(),
            ..Batch::default()
        };
        for (delivery, outcome) in claimed.iter().zip(outcomes) {
            match self.record(delivery, outcome, &settings).await {
                Ok(Some(true)) => batch.sent += 1,
                Ok(Some(false)) => batch.failed += 1,
                Ok(None) => {}
                Err(e) => {
                    tracing::warn!(delivery_id = %delivery.id, error = %e, "delivery outcome not stored");
                }
            }
        }
        Ok(batch)
    }

    /// Renders and sends one delivery.
    async fn send(
        &self,
        delivery: &Claimed,
        settings: &Effective,
        shop: &Shop,
        transport: Option<&Result<Transport, SendError>>,
    ) -> Result<(), SendError> {
        let Some(event) = EventKind::parse(&delivery.event) else {
            return Err(SendError::permanent(format!(
                "Loại sự kiện không rõ: {}",
                delivery.event
            )));
        };
        let order_code = delivery.order_code.as_deref();
        match (
            Channel::parse(&delivery.channel),
            Audience::parse(&delivery.audience),
        ) {
            (Some(Channel::Email), Some(audience)) => {
                let Some(email) = &settings.email else {
                    return Err(SendError::transient("Chưa cấu hình máy chủ email"));
                };
                let mail = match audience {
                    Audience::Shopper => {
                        let link = self.link(delivery);
                        templates::shopper_mail(
                            shop,
                            event,
                            order_code.unwrap_or_default(),
                            &delivery.data,
                            link.as_deref(),
                        )
                    }
                    Audience::Seller => {
                        templates::seller_mail(shop, event, order_code, &delivery.data)
                    }
                };
                let Some(mail) = mail else {
                    return Err(SendError::permanent("Sự kiện này không có email"));
                };
                let message = mail::message(
                    &email.from,
                    email.reply_to.as_deref(),
                    &delivery.recipient,
                    delivery.id,
                    &mail,
                )?;
                match transport {
                    Some(Ok(transport)) => mail::send(transport, message).await,
                    Some(Err(e)) => Err(e.clone()),
                    None => Err(SendError::transient("Chưa cấu hình máy chủ email")),
                }
            }
            (Some(Channel::Telegram), _) => {
                let Some(setup) = &settings.telegram else {
                    return Err(SendError::transient("Chưa cấu hình Telegram"));
                };
                let Some(text) =
                    templates::seller_telegram(shop, event, order_code, &delivery.data)
                else {
                    return Err(SendError::permanent("Sự kiện này không có tin Telegram"));
                };
                // The chat the delivery was made for, even if the settings changed since.
                let setup = super::TelegramSetup {
                    token: setup.token.clone(),
                    chat_id: delivery.recipient.clone(),
                };
                telegram::send(
                    &self.notifications.http,
                    &self.notifications.config.telegram_api_base,
                    &setup,
                    &text,
                )
                .await
            }
            _ => Err(SendError::permanent("Kênh gửi không hợp lệ")),
        }
    }

    /// The event's order link, if it is still stored and opens.
    fn link(&self, delivery: &Claimed) -> Option<String> {
        let (nonce, sealed) = delivery
            .link_nonce
            .as_deref()
            .zip(delivery.link_sealed.as_deref())?;
        self.notifications
            .cipher
            .open(Purpose::OrderLink(delivery.event_id), nonce, sealed)
            .map_err(|e| tracing::error!(event_id = %delivery.event_id, error = %e, "order link does not open"))
            .ok()
    }

    /// Stores the outcome of one delivery: `Some(true)` sent, `Some(false)` failed for
    /// good, `None` retried later or no longer ours.
    async fn record(
        &self,
        delivery: &Claimed,
        outcome: Result<(), SendError>,
        settings: &Effective,
    ) -> Result<Option<bool>, SystemError> {
        let config = &self.notifications.config;
        let channel = Channel::parse(&delivery.channel).unwrap_or(Channel::Email);
        let mut conn = self.pool.get().await?;
        match outcome {
            Ok(()) => {
                let ours =
                    notification::mark_sent(&mut conn, delivery.id, delivery.attempts).await?;
                notification::erase_link_when_done(&mut conn, delivery.event_id).await?;
                metrics::sent(channel);
                tracing::info!(
                    delivery_id = %delivery.id,
                    event = %delivery.event,
                    channel = %delivery.channel,
                    recipient = %mask_recipient(&delivery.recipient),
                    attempts = delivery.attempts,
                    "notification sent"
                );
                Ok(ours.then_some(true))
            }
            Err(e) => {
                let error = clip_error(&e.message);
                let status = notification::mark_failed_attempt(
                    &mut conn,
                    delivery.id,
                    delivery.attempts,
                    &error,
                    e.permanent,
                    backoff(delivery.attempts, config.retry_base),
                    config.retry_for,
                )
                .await?;
                tracing::warn!(
                    delivery_id = %delivery.id,
                    event = %delivery.event,
                    channel = %delivery.channel,
                    recipient = %mask_recipient(&delivery.recipient),
                    attempts = delivery.attempts,
                    permanent = e.permanent,
                    status = status.as_deref().unwrap_or("lost"),
                    error = %error,
                    "notification not sent"
                );
                if status.as_deref() != Some("failed") {
                    return Ok(None);
                }
                metrics::failed(channel);
                let for_shopper = delivery.audience == Audience::Shopper.as_str();
                if for_shopper && channel == Channel::Email {
                    self.raise_delivery_failed(&mut conn, delivery, &error, settings)
                        .await?;
                }
                Ok(Some(false))
            }
        }
    }

    /// Tells the seller that a shopper e-mail failed for good (once per delivery).
    async fn raise_delivery_failed(
        &self,
        conn: &mut diesel_async::AsyncPgConnection,
        delivery: &Claimed,
        error: &str,
        settings: &Effective,
    ) -> Result<(), SystemError> {
        let event = NewEvent {
            id: super::delivery_failed_event_id(delivery.id),
            event: EventKind::DeliveryFailed,
            order_code: delivery.order_code.clone(),
            recipient_email: None,
            access_link: None,
            data: json!({
                "deliveryId": delivery.id,
                "event": delivery.event,
                "recipient": mask_recipient(&delivery.recipient),
                "lastError": error,
            }),
            occurred_at: None,
        };
        if enqueue(conn, &self.notifications.cipher, settings, &event).await? {
            self.notifications.wake();
        }
        Ok(())
    }
}
