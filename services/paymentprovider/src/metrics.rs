//! paymentprovider's own metrics, beside common's HTTP and pool metrics on `/metrics`:
//! `shop_payments_matched_total` (bank transfers applied to an order) and
//! `shop_payments_unmatched_total` (transfers left for staff: no order code in the memo,
//! or no order with that code), counted in this replica when the status is stored.

use std::sync::LazyLock;

use shop_common::metrics::{self, IntCounter};

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
