//! The sending worker, one per replica: it claims due deliveries with a lease (replicas
//! skip each other's rows) and sends them outside any transaction, up to
//! `NOTIFY_CONCURRENCY` at once, each recording its own outcome as soon as it is known,
//! so one slow mail server answer holds back no other delivery. It claims again as soon
//! as a send finishes and after an Enqueue on this replica, otherwise every
//! `NOTIFY_POLL_INTERVAL_MS`. Every time it compares is the database's `now()`, so no
//! test depends on this machine's clock or speed.

use std::sync::{Arc, Mutex};

use futures_util::future::join_all;
use serde_json::json;
use shop_common::db::DbPool;
use tokio::sync::{Semaphore, watch};

use super::mail::{self, SendError, Transport};
use super::templates::{self, Shop};
use super::{Effective, Notifications, SmtpServer, enqueue, telegram};
use crate::crypto::Purpose;
use crate::domain::notification::{
    Audience, Channel, NewEvent, NotificationEventKind, backoff, clip_error, mask_recipient,
};
use crate::error::SystemError;
use crate::metrics;
use crate::models::AppConfigurationRow;
use crate::models::notification::{self, Claimed};

/// The worker of one replica.
#[derive(Clone)]
pub struct Worker {
    pool: DbPool,
    notifications: Arc<Notifications>,
    /// The SMTP transport of the server in force, kept while the settings do not change,
    /// so that its pool's connections outlive a claim.
    transport: Arc<Mutex<Option<(SmtpServer, Transport)>>>,
}

/// What one batch did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Batch {
    pub claimed: usize,
    pub sent: usize,
    pub failed: usize,
}

/// What a claim hands to each send.
struct Claim {
    deliveries: Vec<Claimed>,
    settings: Arc<Effective>,
    shop: Arc<Shop>,
    transport: Option<Result<Transport, SendError>>,
}

impl Worker {
    pub fn new(pool: DbPool, notifications: Arc<Notifications>) -> Self {
        Self {
            pool,
            notifications,
            transport: Arc::new(Mutex::new(None)),
        }
    }

    /// Runs until `stop` turns `true` (or its sender goes away), then waits for the sends
    /// in flight.
    pub async fn run(self, mut stop: watch::Receiver<bool>) {
        let config = &self.notifications.config;
        let slots = Arc::new(Semaphore::new(config.concurrency));
        loop {
            if *stop.borrow() {
                break;
            }
            let free = slots.available_permits();
            let claimed = if free == 0 {
                0
            } else {
                match self.claim(free).await {
                    Ok(Some(claim)) => self.start_sends(claim, &slots),
                    Ok(None) => 0,
                    Err(e) => {
                        tracing::warn!(error = %e, "notification claim failed");
                        0
                    }
                }
            };
            if claimed > 0 && claimed == free {
                // Every slot is busy: claim again once one frees.
                tokio::select! {
                    changed = stop.changed() => if changed.is_err() { break },
                    permit = slots.acquire() => drop(permit),
                }
                continue;
            }
            tokio::select! {
                changed = stop.changed() => if changed.is_err() { break },
                () = self.notifications.woken() => {}
                () = tokio::time::sleep(config.poll_interval) => {}
            }
        }
        // The sends in flight finish and record their outcomes.
        let all = u32::try_from(config.concurrency).unwrap_or(u32::MAX);
        drop(slots.acquire_many(all).await);
    }

    /// Starts one task per claimed delivery, each holding a slot until its outcome is
    /// stored; returns how many started.
    fn start_sends(&self, claim: Claim, slots: &Arc<Semaphore>) -> usize {
        let count = claim.deliveries.len();
        let transport = claim.transport.map(Arc::new);
        for delivery in claim.deliveries {
            let Ok(permit) = Arc::clone(slots).try_acquire_owned() else {
                // Not reached: no more were claimed than slots were free. The lease
                // hands the delivery back to a later claim.
                tracing::warn!(delivery_id = %delivery.id, "no free slot for a claimed delivery");
                continue;
            };
            let worker = self.clone();
            let settings = Arc::clone(&claim.settings);
            let shop = Arc::clone(&claim.shop);
            let transport = transport.clone();
            tokio::spawn(async move {
                let outcome = worker
                    .send(&delivery, &settings, &shop, transport.as_deref())
                    .await;
                if let Err(e) = worker.record(&delivery, outcome, &settings).await {
                    tracing::warn!(delivery_id = %delivery.id, error = %e, "delivery outcome not stored");
                }
                drop(permit);
            });
        }
        count
    }

    /// Claims up to `limit` due deliveries with the settings, the shop and the transport
    /// to send them with; `None` when nothing is due.
    async fn claim(&self, limit: usize) -> Result<Option<Claim>, SystemError> {
        let config = &self.notifications.config;
        let mut conn = self.pool.get().await?;
        let limit = i64::try_from(limit).unwrap_or(1);
        let deliveries = notification::claim(&mut conn, limit, config.lease).await?;
        if deliveries.is_empty() {
            return Ok(None);
        }
        let settings = super::effective(&mut conn, &self.notifications).await?;
        let app = AppConfigurationRow::load(&mut conn).await?;
        drop(conn);
        let transport = match &settings.email {
            Some(email) if deliveries.iter().any(|c| c.channel == "email") => {
                Some(self.transport_for(&email.server))
            }
            _ => None,
        };
        Ok(Some(Claim {
            deliveries,
            settings: Arc::new(settings),
            shop: Arc::new(Shop::new(&app, &config.public_base_url)),
            transport,
        }))
    }

    /// The kept transport when `server` is the one it was made for, else a new one
    /// (kept in its place), its pool as large as the sends that may run at once.
    fn transport_for(&self, server: &SmtpServer) -> Result<Transport, SendError> {
        let mut kept = self
            .transport
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((for_server, transport)) = kept.as_ref()
            && for_server == server
        {
            return Ok(transport.clone());
        }
        let max = u32::try_from(self.notifications.config.concurrency).unwrap_or(16);
        let transport = mail::transport(server, max)?;
        *kept = Some((server.clone(), transport.clone()));
        Ok(transport)
    }

    /// Claims one batch, sends it and records the outcomes (the tests' way to drive the
    /// worker one step at a time).
    pub async fn run_once(&self) -> Result<Batch, SystemError> {
        let Some(claim) = self.claim(self.notifications.config.concurrency).await? else {
            return Ok(Batch::default());
        };
        let sends = claim.deliveries.iter().map(|delivery| {
            self.send(
                delivery,
                &claim.settings,
                &claim.shop,
                claim.transport.as_ref(),
            )
        });
        let outcomes = join_all(sends).await;
        let mut batch = Batch {
            claimed: claim.deliveries.len(),
            ..Batch::default()
        };
        for (delivery, outcome) in claim.deliveries.iter().zip(outcomes) {
            match self.record(delivery, outcome, &claim.settings).await {
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
        let Some(event) = NotificationEventKind::parse(&delivery.event) else {
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
            event: NotificationEventKind::DeliveryFailed,
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
