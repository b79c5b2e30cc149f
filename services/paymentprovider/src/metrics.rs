//! paymentprovider's own metrics, beside common's HTTP and pool metrics on `/metrics`:
//! - `shop_payments_matched_total` (bank transfers applied to an order) and
//!   `shop_payments_unmatched_total` (transfers left for staff: no order code in the memo,
//!   or no order with that code), counted in this replica when the status is stored;
//! - `shop_payment_transactions_pending` and
//!   `shop_payment_transactions_pending_oldest_seconds`: transfers still waiting for
//!   retailstore (status `pending`) and how long the oldest has waited, read when scraped
//!   (at most once per [`metrics::BACKLOG_TTL`]);
//! - common's outbox backlog (`shop_outbox_pending`, `shop_outbox_oldest_pending_seconds`).

use std::sync::LazyLock;

use shop_common::db::DbPool;
use shop_common::metrics::{self, Backlog, IntCounter, ScrapeHook};

use crate::domain::transaction::TransactionStatus;

static MATCHED: LazyLock<Option<IntCounter>> = LazyLock::new(|| {
    metrics::counter(
        "shop_payments_matched_total",
        "Bank transfers applied to an order",
    )
});
static UNMATCHED: LazyLock<Option<IntCounter>> = LazyLock::new(|| {
    metrics::counter(
        "shop_payments_unmatched_total",
        "Bank transfers matched to no order, left for staff",
    )
});

/// Transfers in `pending`, and the age of the oldest.
pub const PENDING_SQL: &str = "SELECT count(*) AS n, \
     COALESCE(floor(EXTRACT(EPOCH FROM now() - min(created_at))), 0)::bigint AS oldest \
     FROM payment_transactions WHERE status = 'pending'";

static PENDING: LazyLock<Option<Backlog>> = LazyLock::new(|| {
    Backlog::new(
        (
            "shop_payment_transactions_pending",
            "Bank transfers waiting for retailstore (status pending)",
        ),
        (
            "shop_payment_transactions_pending_oldest_seconds",
            "Seconds the oldest pending bank transfer has waited (0: none)",
        ),
        PENDING_SQL,
    )
});

/// Counts a transaction whose status was just stored (other statuses are not counted).
pub fn payment_stored(status: TransactionStatus) {
    let counter = match status {
        TransactionStatus::Matched => &MATCHED,
        TransactionStatus::Unmatched => &UNMATCHED,
        _ => return,
    };
    if let Some(c) = counter.as_ref() {
        c.inc();
    }
}

/// Shows both counters (at 0) from the first scrape on.
pub fn register() {
    LazyLock::force(&MATCHED);
    LazyLock::force(&UNMATCHED);
}

/// Refreshes the pending-transfer and outbox gauges before a scrape.
pub fn scrape_hook(pool: DbPool) -> ScrapeHook {
    ScrapeHook::new(move || {
        let pool = pool.clone();
        async move {
            if let Some(pending) = PENDING.as_ref() {
                pending.refresh(&pool).await;
            }
            if let Some(outbox) = metrics::outbox_backlog() {
                outbox.refresh(&pool).await;
            }
        }
    })
}
