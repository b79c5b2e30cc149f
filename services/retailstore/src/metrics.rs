//! retailstore's own metrics, beside common's HTTP and pool metrics on `/metrics`:
//! - `shop_orders_created_total`, `shop_orders_completed_total` (paid in full and
//!   delivered), `shop_orders_expired_total` (payment time ran out: `expired`, or
//!   `needs_attention` when part of the money had arrived);
//! - `shop_codes_available{product_id}`: available codes per product, read from the
//!   stock view when scraped, at most once per [`STOCK_TTL`] per worker;
//! - common's outbox backlog (`shop_outbox_pending`, `shop_outbox_oldest_pending_seconds`),
//!   read when scraped.
//!
//! Counters are counted after the fact they count, in this replica; sum them over
//! replicas.

use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};

use shop_common::db::DbPool;
use shop_common::metrics::{self, IntCounter, IntGaugeVec, ScrapeHook};

use crate::models::product::StockCounts;

/// How long a scrape reuses the last stock reading.
pub const STOCK_TTL: Duration = Duration::from_secs(10);

static CREATED: LazyLock<Option<IntCounter>> =
    LazyLock::new(|| metrics::counter("shop_orders_created_total", "Orders created"));
static COMPLETED: LazyLock<Option<IntCounter>> = LazyLock::new(|| {
    metrics::counter(
        "shop_orders_completed_total",
        "Orders paid in full and delivered",
    )
});
static EXPIRED: LazyLock<Option<IntCounter>> = LazyLock::new(|| {
    metrics::counter(
        "shop_orders_expired_total",
        "Unpaid orders whose payment time ran out",
    )
});
static CODES_AVAILABLE: LazyLock<Option<IntGaugeVec>> = LazyLock::new(|| {
    metrics::gauges(
        "shop_codes_available",
        "Available serial codes per product",
        &["product_id"],
    )
});

fn add(counter: &LazyLock<Option<IntCounter>>, n: usize) {
    if let Some(c) = counter.as_ref() {
        c.inc_by(n as u64);
    }
}

pub fn order_created() {
    add(&CREATED, 1);
}

pub fn order_completed() {
    add(&COMPLETED, 1);
}

pub fn orders_expired(n: usize) {
    add(&EXPIRED, n);
}

/// Refreshes `shop_codes_available` before a scrape (and shows every counter, at 0
/// before its first event).
pub fn scrape_hook(pool: DbPool) -> ScrapeHook {
    let last: Arc<Mutex<Option<Instant>>> = Arc::default();
    ScrapeHook::new(move || {
        let (pool, last) = (pool.clone(), last.clone());
        async move {
            for counter in [&CREATED, &COMPLETED, &EXPIRED] {
                LazyLock::force(counter);
            }
            refresh_stock(&pool, &last).await;
            if let Some(outbox) = metrics::outbox_backlog() {
                outbox.refresh(&pool).await;
            }
        }
    })
}

async fn refresh_stock(pool: &DbPool, last: &Mutex<Option<Instant>>) {
    let Some(gauges) = CODES_AVAILABLE.as_ref() else {
        return;
    };
    {
        let Ok(mut at) = last.lock() else { return };
        if at.is_some_and(|t| t.elapsed() < STOCK_TTL) {
            return;
        }
        *at = Some(Instant::now());
    }
    let stock = match pool.get().await {
        Ok(mut conn) => StockCounts::available_by_product(&mut conn).await,
        Err(e) => {
            tracing::debug!(error = %e, "stock gauge not refreshed");
            return;
        }
    };
    match stock {
        Ok(rows) => {
            // Deleted products drop out.
            gauges.reset();
            let mut buf = uuid::Uuid::encode_buffer();
            for (product, available) in rows {
                let id = product.hyphenated().encode_lower(&mut buf);
                if let Ok(g) = gauges.get_metric_with_label_values(&[&*id]) {
                    g.set(available);
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "reading stock for metrics"),
    }
}
