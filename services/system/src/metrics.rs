//! system's own metrics, beside common's HTTP and pool metrics on `/metrics`:
//! - `shop_notifications_sent_total{channel}` and `shop_notifications_failed_total{channel}`
//!   (failed for good), counted in the replica that recorded the outcome; sum them over
//!   replicas;
//! - `shop_notifications_pending{channel}`: deliveries still to send (`pending` or
//!   `sending`), read from the database when scraped, at most once per [`PENDING_TTL`].

use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};

use prometheus::{IntCounterVec, Opts};
use shop_common::db::DbPool;
use shop_common::metrics::{self, IntGaugeVec, ScrapeHook};

use crate::domain::notification::Channel;
use crate::models::notification;

/// How long a scrape reuses the last pending count.
pub const PENDING_TTL: Duration = Duration::from_secs(10);

/// A counter family by channel in the process registry (`None` only for an invalid name).
fn counters(name: &str, help: &str) -> Option<IntCounterVec> {
    IntCounterVec::new(Opts::new(name, help), &["channel"])
        .ok()
        .map(metrics::register)
}

static SENT: LazyLock<Option<IntCounterVec>> = LazyLock::new(|| {
    counters(
        "shop_notifications_sent_total",
        "Notifications sent, per channel",
    )
});
static FAILED: LazyLock<Option<IntCounterVec>> = LazyLock::new(|| {
    counters(
        "shop_notifications_failed_total",
        "Notifications failed for good, per channel",
    )
});
static PENDING: LazyLock<Option<IntGaugeVec>> = LazyLock::new(|| {
    metrics::gauges(
        "shop_notifications_pending",
        "Deliveries still to send (pending or sending), per channel",
        &["channel"],
    )
});

fn bump(family: &LazyLock<Option<IntCounterVec>>, channel: Channel) {
    if let Some(g) = family
        .as_ref()
        .and_then(|f| f.get_metric_with_label_values(&[channel.as_str()]).ok())
    {
        g.inc();
    }
}

pub fn sent(channel: Channel) {
    bump(&SENT, channel);
}

pub fn failed(channel: Channel) {
    bump(&FAILED, channel);
}

/// Shows every series (at 0 before its first event) and refreshes the pending gauge
/// before a scrape.
pub fn scrape_hook(pool: DbPool) -> ScrapeHook {
    let last: Arc<Mutex<Option<Instant>>> = Arc::default();
    ScrapeHook::new(move || {
        let (pool, last) = (pool.clone(), last.clone());
        async move {
            for channel in [Channel::Email, Channel::Telegram] {
                for family in [&SENT, &FAILED] {
                    if let Some(f) = family.as_ref() {
                        let _ = f.get_metric_with_label_values(&[channel.as_str()]);
                    }
                }
            }
            refresh_pending(&pool, &last).await;
        }
    })
}

async fn refresh_pending(pool: &DbPool, last: &Mutex<Option<Instant>>) {
    let Some(gauges) = PENDING.as_ref() else {
        return;
    };
    {
        let Ok(mut at) = last.lock() else { return };
        if at.is_some_and(|t| t.elapsed() < PENDING_TTL) {
            return;
        }
        *at = Some(Instant::now());
    }
    let counts = match pool.get().await {
        Ok(mut conn) => notification::pending_by_channel(&mut conn).await,
        Err(e) => {
            tracing::debug!(error = %e, "pending gauge not refreshed");
            return;
        }
    };
    match counts {
        Ok(rows) => {
            for channel in [Channel::Email, Channel::Telegram] {
                let n = rows
                    .iter()
                    .find(|(c, _)| c == channel.as_str())
                    .map_or(0, |(_, n)| *n);
                if let Ok(g) = gauges.get_metric_with_label_values(&[channel.as_str()]) {
                    g.set(n);
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "reading pending notifications for metrics"),
    }
}
