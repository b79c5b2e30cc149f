//! The relay: claims due outbox rows with a lease, posts them to system, marks them.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{Bytea, Double, Integer, Jsonb, Nullable, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use tokio::sync::{Notify, watch};
use uuid::Uuid;

use crate::config::{self, ConfigError};
use crate::db::{DbPool, PoolError, cached_sql};

use super::*;

/// A row's sealed link, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SealedLink {
    pub key_id: i32,
    pub nonce: Vec<u8>,
    pub sealed: Vec<u8>,
}

/// Opens the sealed link of row `id` (the service's keys, its associated data). An error
/// is kept as the row's `last_error` and the row is retried (a key may come back into
/// the ring); it must not contain the link.
pub trait LinkOpener: Send + Sync + 'static {
    fn open(&self, id: Uuid, link: &SealedLink) -> Result<String, String>;
}

impl<F> LinkOpener for F
where
    F: Fn(Uuid, &SealedLink) -> Result<String, String> + Send + Sync + 'static,
{
    fn open(&self, id: Uuid, link: &SealedLink) -> Result<String, String> {
        self(id, link)
    }
}

/// Wakes the relay: call after a commit that wrote an outbox row. A wake while the relay
/// is busy is kept for its next wait, so none is lost.
#[derive(Debug, Clone, Default)]
pub struct Wake(Arc<Notify>);

impl Wake {
    pub fn now(&self) {
        self.0.notify_one();
    }
}

/// The relay's timings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelayConfig {
    /// `OUTBOX_POLL_INTERVAL_MS`.
    pub poll_interval: Duration,
    /// Rows per claim.
    pub batch: i64,
    /// How long a claim holds its rows: longer than a batch of posts at `post_timeout`
    /// each, so that another replica does not post them again meanwhile.
    pub lease: Duration,
    /// The first retry's delay; each further one doubles it, up to `backoff_max`.
    pub backoff_base: Duration,
    pub backoff_max: Duration,
    /// Relayed rows are deleted this long after they were written.
    pub retention: Duration,
    /// How often a replica deletes old relayed rows.
    pub cleanup_interval: Duration,
    pub post_timeout: Duration,
}

impl Default for RelayConfig {
    fn default() -> Self {
        Self {
            poll_interval: Duration::from_millis(1000),
            batch: 20,
            lease: Duration::from_secs(120),
            backoff_base: Duration::from_secs(1),
            backoff_max: Duration::from_secs(300),
            retention: Duration::from_secs(7 * 86_400),
            cleanup_interval: Duration::from_secs(3600),
            post_timeout: Duration::from_secs(5),
        }
    }
}

impl RelayConfig {
    pub fn from_env() -> Result<Self, ConfigError> {
        let ms: u64 = config::parse_or(OUTBOX_POLL_INTERVAL_MS, 1000)?;
        if !(50..=600_000).contains(&ms) {
            return Err(ConfigError::Invalid {
                name: OUTBOX_POLL_INTERVAL_MS,
                reason: "expected milliseconds from 50 to 600000".into(),
            });
        }
        Ok(Self {
            poll_interval: Duration::from_millis(ms),
            ..Self::default()
        })
    }

    /// The delay before the retry that follows `attempts` failed attempts (1 or more).
    pub fn backoff(&self, attempts: i32) -> Duration {
        let doublings = u32::try_from(attempts.saturating_sub(1))
            .unwrap_or(0)
            .min(30);
        self.backoff_base
            .saturating_mul(1u32 << doublings)
            .min(self.backoff_max)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum OutboxError {
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] PoolError),
}

/// A claimed row.
#[derive(Debug, QueryableByName)]
struct Claimed {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    event: String,
    #[diesel(sql_type = Nullable<Text>)]
    order_code: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    recipient_email: Option<String>,
    #[diesel(sql_type = Jsonb)]
    data: serde_json::Value,
    #[diesel(sql_type = Nullable<Integer>)]
    link_key_id: Option<i32>,
    #[diesel(sql_type = Nullable<Bytea>)]
    link_nonce: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Bytea>)]
    link_sealed: Option<Vec<u8>>,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Integer)]
    attempts: i32,
}

/// Due rows: not relayed, due, and not leased by a live claim. Oldest due first.
const CLAIM: &str = "UPDATE outbox \
        SET lease_until = now() + make_interval(secs => $1), attempts = attempts + 1 \
      WHERE id IN (SELECT id FROM outbox \
                    WHERE relayed_at IS NULL AND next_attempt_at <= now() \
                      AND (lease_until IS NULL OR lease_until < now()) \
                    ORDER BY next_attempt_at, created_at \
                    LIMIT $2 \
                    FOR UPDATE SKIP LOCKED) \
  RETURNING id, event, order_code, recipient_email, data, link_key_id, link_nonce, \
            link_sealed, created_at, attempts";

/// The link goes with the mark: a relayed row never holds it again.
const MARK_RELAYED: &str = "UPDATE outbox \
        SET relayed_at = now(), lease_until = NULL, last_error = NULL, \
            link_key_id = NULL, link_nonce = NULL, link_sealed = NULL \
      WHERE id = $1";

const MARK_FAILED: &str = "UPDATE outbox \
        SET lease_until = NULL, next_attempt_at = now() + make_interval(secs => $1), \
            last_error = $2 \
      WHERE id = $3 AND relayed_at IS NULL";

/// In slices, so one cleanup never holds many row locks or a long transaction.
const CLEANUP: &str = "DELETE FROM outbox WHERE id IN \
        (SELECT id FROM outbox \
          WHERE relayed_at IS NOT NULL AND created_at < now() - make_interval(secs => $1) \
          LIMIT 1000)";

/// The relay of one service's `outbox` table to system.
#[derive(Clone)]
pub struct Relay {
    pool: DbPool,
    system: InternalClient,
    opener: Arc<dyn LinkOpener>,
    config: RelayConfig,
    wake: Wake,
}

impl Relay {
    /// `system`: an [`InternalClient`] on `SYSTEM_URL`; `wake`: the handle the service's
    /// writers call after their commits.
    pub fn new(
        pool: DbPool,
        system: InternalClient,
        opener: impl LinkOpener,
        config: RelayConfig,
        wake: Wake,
    ) -> Self {
        Self {
            pool,
            system,
            opener: Arc::new(opener),
            config,
            wake,
        }
    }

    /// Claims one batch of due rows and relays each; returns how many were claimed.
    pub async fn relay_due(&self) -> Result<usize, OutboxError> {
        let mut claimed: Vec<Claimed> = {
            let mut conn = self.pool.get().await?;
            cached_sql(CLAIM)
                .bind::<Double, _>(self.config.lease.as_secs_f64())
                .bind::<diesel::sql_types::BigInt, _>(self.config.batch)
                .load(&mut conn)
                .await?
        };
        // RETURNING has no order: events go out in the order they happened.
        claimed.sort_by_key(|row| (row.created_at, row.id));
        for row in &claimed {
            let outcome = self.post(row).await;
            let mut conn = self.pool.get().await?;
            match outcome {
                Ok(()) => mark_relayed(&mut conn, row.id).await?,
                Err(error) => {
                    let delay = self.config.backoff(row.attempts);
                    tracing::warn!(
                        outbox_id = %row.id, event = %row.event, attempts = row.attempts,
                        retry_in_ms = delay.as_millis() as u64, %error,
                        "outbox relay failed"
                    );
                    mark_failed(&mut conn, row.id, delay, &error).await?;
                }
            }
        }
        Ok(claimed.len())
    }

    /// Posts one row to Enqueue (the link opened only for the post).
    async fn post(&self, row: &Claimed) -> Result<(), String> {
        let access_link = match (&row.link_key_id, &row.link_nonce, &row.link_sealed) {
            (Some(key_id), Some(nonce), Some(sealed)) => {
                let link = SealedLink {
                    key_id: *key_id,
                    nonce: nonce.clone(),
                    sealed: sealed.clone(),
                };
                Some(self.opener.open(row.id, &link)?)
            }
            _ => None,
        };
        let body = EnqueueRequest {
            event_id: row.id,
            event: row.event.clone(),
            occurred_at: row.created_at,
            order_code: row.order_code.clone(),
            recipient_email: row.recipient_email.clone(),
            access_link,
            data: row.data.clone(),
        };
        match self
            .system
            .post::<Accepted>(ENQUEUE_PATH, &body, self.config.post_timeout)
            .await
        {
            Ok(_) => Ok(()),
            // Transport errors carry the URL, never the body.
            Err(CallError::Transport(e)) => Err(format!("transport: {e}")),
            Err(e) => Err(e.to_string()),
        }
    }

    /// Deletes relayed rows older than the retention; returns how many.
    pub async fn cleanup(&self) -> Result<usize, OutboxError> {
        let mut conn = self.pool.get().await?;
        let mut deleted = 0;
        loop {
            let n = cached_sql(CLEANUP)
                .bind::<Double, _>(self.config.retention.as_secs_f64())
                .execute(&mut conn)
                .await?;
            deleted += n;
            if n < 1000 {
                return Ok(deleted);
            }
        }
    }

    /// Relays until `shutdown` turns true: whole batches while rows are due, then a wait
    /// for a wake or the poll interval. Started by the binary beside the HTTP server.
    pub async fn run(self, mut shutdown: watch::Receiver<bool>) {
        let mut last_cleanup: Option<tokio::time::Instant> = None;
        loop {
            loop {
                match self.relay_due().await {
                    Ok(n) if n as i64 >= self.config.batch => continue,
                    Ok(_) => break,
                    Err(e) => {
                        tracing::warn!(error = %e, "outbox relay pass failed");
                        break;
                    }
                }
            }
            if last_cleanup.is_none_or(|at| at.elapsed() >= self.config.cleanup_interval) {
                last_cleanup = Some(tokio::time::Instant::now());
                match self.cleanup().await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(rows = n, "old outbox rows deleted"),
                    Err(e) => tracing::warn!(error = %e, "outbox cleanup failed"),
                }
            }
            tokio::select! {
                () = self.wake.0.notified() => {}
                () = tokio::time::sleep(self.config.poll_interval) => {}
                changed = shutdown.changed() => {
                    if changed.is_err() || *shutdown.borrow() {
                        break;
                    }
                }
            }
        }
        tracing::info!("outbox relay stopped");
    }
}

async fn mark_relayed(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResultUnit {
    cached_sql(MARK_RELAYED)
        .bind::<diesel::sql_types::Uuid, _>(id)
        .execute(conn)
        .await
        .map(|_| ())
}

async fn mark_failed(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    delay: Duration,
    error: &str,
) -> QueryResultUnit {
    // A bounded error text: it is for a person reading the row.
    let error: String = error.chars().take(500).collect();
    cached_sql(MARK_FAILED)
        .bind::<Double, _>(delay.as_secs_f64())
        .bind::<Text, _>(error)
        .bind::<diesel::sql_types::Uuid, _>(id)
        .execute(conn)
        .await
        .map(|_| ())
}

type QueryResultUnit = diesel::QueryResult<()>;

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn backoff_doubles_from_the_base_up_to_the_cap() {
        let config = RelayConfig::default();
        let secs = |n| config.backoff(n).as_secs();
        assert_eq!(
            [secs(0), secs(1), secs(2), secs(3), secs(9), secs(10)],
            [1, 1, 2, 4, 256, 300]
        );
        assert_eq!(config.backoff(i32::MAX), Duration::from_secs(300));
    }

    #[test]
    fn enqueue_body_has_the_documented_shape() {
        let id = Uuid::nil();
        let body = EnqueueRequest {
            event_id: id,
            event: "low_stock".into(),
            occurred_at: DateTime::<Utc>::UNIX_EPOCH,
            order_code: None,
            recipient_email: None,
            access_link: None,
            data: serde_json::json!({"productId": "p"}),
        };
        assert_eq!(
            serde_json::to_value(&body).unwrap_or_default(),
            serde_json::json!({
                "eventId": id, "event": "low_stock", "occurredAt": "1970-01-01T00:00:00Z",
                "data": {"productId": "p"},
            })
        );
    }
}

#[cfg(all(test, feature = "testing"))]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests;
