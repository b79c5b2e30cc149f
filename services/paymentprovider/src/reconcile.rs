//! A missed webhook is recovered: SePay stops retrying a delivery after about
//! half an hour, so every `SEPAY_RECONCILE_INTERVAL_SECONDS` each provider holding a SePay
//! API token has SePay's transaction list read
//! ([`crate::domain::sepay_api`]) and every incoming transfer fed through the webhook's own
//! path ([`settlement::receive`]): the same de-duplication (`sepay:<SePay id>`, so a
//! transfer already stored, by whichever provider, is not stored or applied again), the
//! same matching, the same single ConfirmPayment.
//!
//! Safe with several replicas: a pass takes a provider with one guarded UPDATE (a lease on
//! its row, and only when its last pass is old enough), so each provider is read by one
//! replica per interval. The cursor (`since_id`: the highest SePay id fed) and
//! `lastReconciledAt` are stored on the provider. A provider without a cursor yet is read
//! from [`FIRST_LOOKBACK_DAYS`] days back.
//!
//! Calls to SePay are paced to at most 3 a second per replica ([`MIN_CALL_GAP`]), and a
//! 429 waits for `x-sepay-userapi-retry-after` seconds (at most [`MAX_RETRY_AFTER`], up to
//! [`MAX_RETRIES`] times) before asking again. Time and pauses come from an injectable
//! [`Clock`] and [`Sleeper`].

use std::sync::Mutex;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use serde_json::Value;
use shop_common::db::DbPool;
use shop_common::outbox::Wake;
use tokio::sync::watch;

use crate::clock::{Clock, Sleeper};
use crate::crypto::SecretCipher;
use crate::domain::sepay::{Delivery, vietnam};
use crate::domain::sepay_api::{self, LIST_PATH, ListError, RETRY_AFTER_HEADER};
use crate::domain::transaction::TransactionSource;
use crate::error::PaymentError;
use crate::models::provider::ReconcileTarget;
use crate::peers::retailstore::Retailstore;
use crate::settlement::{self, Incoming};

/// At most 3 calls a second: this much between the starts of two calls.
pub const MIN_CALL_GAP: Duration = Duration::from_millis(334);
/// The longest `x-sepay-userapi-retry-after` honoured as given.
pub const MAX_RETRY_AFTER: Duration = Duration::from_secs(60);
/// 429s in a row before a pass gives up on a provider (the next pass tries again).
pub const MAX_RETRIES: u32 = 3;
/// Rows asked for per call (SePay's maximum); a full page asks for the next.
pub const PAGE_LIMIT: usize = 5000;
/// Pages per provider per pass at most.
pub const MAX_PAGES: usize = 20;
/// How far back the first pass of a provider reads.
pub const FIRST_LOOKBACK_DAYS: i64 = 2;
/// A replica holds a provider this long at most (a pass takes seconds).
pub const LEASE: Duration = Duration::from_secs(300);
/// One call's time-out.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(20);

/// Why a pass could not read a provider's list.
#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    #[error("SePay API unreachable: {0}")]
    Transport(#[from] reqwest::Error),
    #[error("SePay API answered HTTP {0}")]
    Status(u16),
    #[error("SePay API still rate-limiting after {MAX_RETRIES} waits")]
    RateLimited,
    #[error(transparent)]
    List(#[from] ListError),
}

/// SePay's user API, paced.
pub struct SepayApi {
    http: reqwest::Client,
    base: String,
    clock: Clock,
    sleeper: Sleeper,
    last_call: Mutex<Option<DateTime<Utc>>>,
}

/// Where a list starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Since {
    /// Rows with an id from this one on (SePay's `since_id`).
    Id(i64),
    /// Rows from this Vietnam day on (`transaction_date_min`).
    Day(chrono::NaiveDate),
}

impl SepayApi {
    pub fn new(http: reqwest::Client, base: &str, clock: Clock, sleeper: Sleeper) -> Self {
        Self {
            http,
            base: base.trim_end_matches('/').to_owned(),
            clock,
            sleeper,
            last_call: Mutex::new(None),
        }
    }

    /// Waits until a call may start (3 a second), then notes it as started.
    async fn pace(&self) {
        let last = self.last_call.lock().ok().and_then(|l| *l);
        if let Some(last) = last {
            let gap = TimeDelta::from_std(MIN_CALL_GAP).unwrap_or(TimeDelta::MAX);
            let wait = (last + gap).signed_duration_since(self.clock.now());
            if let Ok(wait) = wait.to_std()
                && !wait.is_zero()
            {
                self.sleeper.sleep(wait).await;
            }
        }
        if let Ok(mut l) = self.last_call.lock() {
            *l = Some(self.clock.now());
        }
    }

    /// One page of an account's transactions from `since`.
    pub async fn list(
        &self,
        token: &str,
        account_number: &str,
        since: Since,
    ) -> Result<Vec<Value>, FetchError> {
        let limit = PAGE_LIMIT.to_string();
        let mut query: Vec<(&str, String)> = vec![
            ("account_number", account_number.to_owned()),
            ("limit", limit),
        ];
        match since {
            Since::Id(id) => query.push(("since_id", id.to_string())),
            Since::Day(day) => {
                query.push(("transaction_date_min", day.format("%Y-%m-%d").to_string()));
            }
        }
        let url = format!("{}{LIST_PATH}", self.base);
        let mut waits = 0;
        loop {
            self.pace().await;
            let response = self
                .http
                .get(&url)
                .query(&query)
                .bearer_auth(token)
                .timeout(CALL_TIMEOUT)
                .send()
                .await?;
            let status = response.status().as_u16();
            if status == 429 {
                if waits >= MAX_RETRIES {
                    return Err(FetchError::RateLimited);
                }
                waits += 1;
                let after = response
                    .headers()
                    .get(RETRY_AFTER_HEADER)
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.trim().parse::<f64>().ok())
                    .filter(|s| s.is_finite() && *s >= 0.0)
                    .map_or(Duration::from_secs(1), Duration::from_secs_f64)
                    .min(MAX_RETRY_AFTER);
                tracing::info!(wait_ms = after.as_millis() as u64, "SePay API rate limit");
                self.sleeper.sleep(after).await;
                continue;
            }
            if !(200..300).contains(&status) {
                return Err(FetchError::Status(status));
            }
            let answer: Value = response.json().await?;
            return Ok(sepay_api::rows(&answer)?.to_vec());
        }
    }
}

/// What a pass needs.
pub struct Reconciler {
    pub pool: DbPool,
    pub retailstore: Retailstore,
    pub wake: Wake,
    pub cipher: SecretCipher,
    pub api: SepayApi,
    /// A provider is read again once its last pass is this old (the interval, less a
    /// little so that replicas' ticks do not skip a turn).
    pub due_after: Duration,
}

/// What one provider's pass did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ProviderPass {
    /// Incoming transfers handed to the webhook's path (new or already stored).
    pub fed: usize,
    /// Calls made to SePay.
    pub pages: usize,
}

impl Reconciler {
    /// One pass over every provider with a token that is due and not held by another
    /// replica. Returns how many providers this pass read to the end.
    pub async fn pass(&self) -> Result<usize, PaymentError> {
        let targets = {
            let mut conn = self.pool.get().await?;
            ReconcileTarget::all(&mut conn).await?
        };
        let mut done = 0;
        for target in targets {
            let id = target.provider.id;
            let claimed = {
                let mut conn = self.pool.get().await?;
                ReconcileTarget::claim(&mut conn, id, LEASE, self.due_after).await?
            };
            let Some(cursor) = claimed else { continue };
            let (outcome, last_id) = self.provider_pass(&target, cursor).await;
            let completed = outcome.is_ok();
            match &outcome {
                Ok(pass) => tracing::info!(
                    provider_id = %id,
                    fed = pass.fed,
                    pages = pass.pages,
                    last_id,
                    "SePay transactions reconciled"
                ),
                Err(e) => {
                    tracing::warn!(provider_id = %id, error = %e, "reconciliation failed; retried next pass")
                }
            }
            let mut conn = self.pool.get().await?;
            ReconcileTarget::finish(&mut conn, id, last_id, completed).await?;
            if completed {
                done += 1;
            }
        }
        Ok(done)
    }

    /// Reads one provider's list from its cursor and feeds the incoming rows, oldest
    /// first. Returns the outcome and the highest id fed in order (the new cursor: a row
    /// that could not be stored stops it there, so the next pass reads it again).
    async fn provider_pass(
        &self,
        target: &ReconcileTarget,
        cursor: Option<i64>,
    ) -> (Result<ProviderPass, String>, Option<i64>) {
        let provider = &target.provider;
        let Some(account) = provider.account_number.as_deref() else {
            return (Ok(ProviderPass::default()), cursor);
        };
        let token = match self.cipher.decrypt_token(
            provider.id,
            &target.token.nonce,
            &target.token.ciphertext,
        ) {
            Ok(token) => token,
            Err(e) => return (Err(format!("token unreadable: {e}")), cursor),
        };
        let mut last = cursor;
        let mut pass = ProviderPass::default();
        for _ in 0..MAX_PAGES {
            let since = match last {
                Some(id) => Since::Id(id),
                None => Since::Day(
                    (self.api.clock.now().with_timezone(&vietnam())
                        - TimeDelta::days(FIRST_LOOKBACK_DAYS))
                    .date_naive(),
                ),
            };
            let rows = match self.api.list(&token, account, since).await {
                Ok(rows) => rows,
                Err(e) => return (Err(e.to_string()), last),
            };
            pass.pages += 1;
            let full = rows.len() >= PAGE_LIMIT;
            let mut rows: Vec<(i64, Value)> = rows
                .into_iter()
                .filter_map(|row| sepay_api::row_id(&row).map(|id| (id, row)))
                .filter(|(id, _)| last.is_none_or(|l| *id > l))
                .collect();
            rows.sort_by_key(|(id, _)| *id);
            if rows.is_empty() {
                break;
            }
            for (id, row) in rows {
                if let Err(e) = self.feed(provider, &row).await {
                    return (Err(format!("transfer {id} not stored: {e}")), last);
                }
                pass.fed += usize::from(sepay_api::webhook_body(&row).is_some());
                last = Some(id);
            }
            if !full {
                break;
            }
        }
        (Ok(pass), last)
    }

    /// One row through the webhook's path; outgoing and unreadable rows are skipped.
    async fn feed(
        &self,
        provider: &crate::models::provider::StoredProvider,
        row: &Value,
    ) -> Result<(), PaymentError> {
        let Some(body) = sepay_api::webhook_body(row) else {
            return Ok(());
        };
        let delivery = match Delivery::parse(&body) {
            Ok(d) => d,
            Err(invalid) => {
                tracing::warn!(provider_id = %provider.id, problems = ?invalid.0, "SePay row unreadable; skipped");
                return Ok(());
            }
        };
        let incoming = Incoming {
            delivery: &delivery,
            raw: row,
            source: TransactionSource::Reconciliation,
        };
        settlement::receive(
            &self.pool,
            &self.retailstore,
            &self.wake,
            provider,
            incoming,
        )
        .await
        .map(|_| ())
    }

    /// The job: a pass every `every`, until `stop` turns true or its sender is dropped.
    pub async fn run(self, every: Duration, mut stop: watch::Receiver<bool>) {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stop.changed() => {}
            }
            if *stop.borrow() || stop.has_changed().is_err() {
                break;
            }
            if let Err(e) = self.pass().await {
                tracing::warn!(error = %e, "reconciliation pass failed");
            }
        }
        tracing::info!("SePay reconciliation stopped");
    }
}
