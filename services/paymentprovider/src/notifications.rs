//! The events paymentprovider raises (docs/notifications.md, section 2), as outbox rows
//! relayed to system by `shop_common::outbox`: `transfer_unmatched`, written in the
//! transaction that stores a transfer as unmatched, and `webhook_refused`, for a burst of
//! refused webhook calls, at most one an hour across replicas. Neither carries a link.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{Integer, Jsonb, Text};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde::Serialize;
use shop_common::db::{DbPool, cached_sql};
use shop_common::outbox::Wake;
use uuid::Uuid;

use crate::error::PaymentError;
use crate::models::transaction::Transaction;

pub const TRANSFER_UNMATCHED: &str = "transfer_unmatched";
pub const WEBHOOK_REFUSED: &str = "webhook_refused";

/// Refused webhook calls within [`REFUSED_WINDOW`] that make a burst (per replica).
pub const REFUSED_BURST: usize = 20;
pub const REFUSED_WINDOW: Duration = Duration::from_secs(300);

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct UnmatchedFacts<'a> {
    transaction_id: Uuid,
    provider_name: &'a str,
    amount: i64,
    content: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    bank_reference: Option<&'a str>,
    received_at: DateTime<Utc>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct RefusedFacts {
    count: usize,
    window_seconds: u64,
}

async fn insert(
    conn: &mut AsyncPgConnection,
    event: &str,
    data: &serde_json::Value,
) -> diesel::QueryResult<()> {
    cached_sql("INSERT INTO outbox (id, event, data) VALUES ($1, $2, $3)")
        .bind::<diesel::sql_types::Uuid, _>(Uuid::new_v4())
        .bind::<Text, _>(event)
        .bind::<Jsonb, _>(data)
        .execute(conn)
        .await
        .map(|_| ())
}

fn json(value: &impl Serialize) -> Result<serde_json::Value, PaymentError> {
    serde_json::to_value(value).map_err(|e| {
        PaymentError::Api(shop_common::error::internal_error(format!(
            "event data: {e}"
        )))
    })
}

/// transfer_unmatched for a transaction just stored (or set back) as unmatched. Call
/// inside that transaction; wake the relay after its commit.
pub async fn transfer_unmatched(
    conn: &mut AsyncPgConnection,
    transaction: &Transaction,
    provider_name: &str,
) -> Result<(), PaymentError> {
    let data = json(&UnmatchedFacts {
        transaction_id: transaction.id,
        provider_name,
        amount: transaction.amount,
        content: &transaction.content,
        bank_reference: transaction.reference_code.as_deref(),
        received_at: transaction.transaction_date,
    })?;
    Ok(insert(conn, TRANSFER_UNMATCHED, &data).await?)
}

#[derive(QueryableByName)]
struct Marked {
    #[diesel(sql_type = Integer)]
    #[allow(dead_code)]
    one: i32,
}

/// Refused webhook calls of this replica, and the once-an-hour webhook_refused alert.
#[derive(Debug)]
pub struct RefusedWebhooks {
    burst: usize,
    window: Duration,
    /// When each recent refusal happened, oldest first (at most `burst`).
    recent: Mutex<VecDeque<Instant>>,
}

impl Default for RefusedWebhooks {
    fn default() -> Self {
        Self::new(REFUSED_BURST, REFUSED_WINDOW)
    }
}

impl RefusedWebhooks {
    pub fn new(burst: usize, window: Duration) -> Self {
        Self {
            burst: burst.max(1),
            window,
            recent: Mutex::new(VecDeque::new()),
        }
    }

    /// Counts one refusal; `true` when it completes a burst (the count starts again).
    fn count(&self, at: Instant) -> bool {
        let Ok(mut recent) = self.recent.lock() else {
            return false;
        };
        while recent
            .front()
            .is_some_and(|first| at.duration_since(*first) > self.window)
        {
            recent.pop_front();
        }
        recent.push_back(at);
        if recent.len() >= self.burst {
            recent.clear();
            true
        } else {
            false
        }
    }

    /// Notes a refused call. A burst writes webhook_refused unless any replica wrote one
    /// within the hour: a guarded UPDATE of the alert's row decides, in the transaction
    /// of the outbox row. The database is asked once per burst, never per call.
    pub async fn refused(&self, pool: &DbPool, wake: &Wake) {
        if !self.count(Instant::now()) {
            return;
        }
        let data = RefusedFacts {
            count: self.burst,
            window_seconds: self.window.as_secs(),
        };
        match raise(pool, &data).await {
            Ok(true) => {
                tracing::warn!(
                    count = data.count,
                    window_seconds = data.window_seconds,
                    "burst of refused webhook calls"
                );
                wake.now();
            }
            Ok(false) => {}
            Err(e) => tracing::warn!(error = %e, "webhook_refused alert not written"),
        }
    }
}

async fn raise(pool: &DbPool, data: &RefusedFacts) -> Result<bool, PaymentError> {
    let data = json(data)?;
    let mut conn = pool.get().await?;
    conn.transaction(async |conn| {
        let marked: Option<Marked> = cached_sql(
            "UPDATE alert_marks SET alerted_at = now() \
              WHERE name = $1 AND alerted_at < now() - interval '1 hour' \
             RETURNING 1 AS one",
        )
        .bind::<Text, _>(WEBHOOK_REFUSED)
        .get_result(conn)
        .await
        .map(Some)
        .or_else(|e| match e {
            diesel::result::Error::NotFound => Ok(None),
            other => Err(other),
        })?;
        if marked.is_none() {
            return Ok(false);
        }
        insert(conn, WEBHOOK_REFUSED, &data).await?;
        Ok(true)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_is_that_many_refusals_within_the_window() {
        let refused = RefusedWebhooks::new(3, Duration::from_secs(10));
        let start = Instant::now();
        let at = |s| start + Duration::from_secs(s);
        assert!(!refused.count(at(0)));
        assert!(!refused.count(at(1)));
        // The first fell out of the window: 1 and 11 are left, then a third.
        assert!(!refused.count(at(11)));
        assert!(refused.count(at(11)));
        // Counting starts again after a burst.
        assert!(!refused.count(at(13)));
        assert!(!refused.count(at(14)));
        assert!(refused.count(at(15)));
    }
}
