//! The expiry job: unpaid orders past `expiresAt` become `expired` (or `needs_attention`
//! when part of the money already arrived) and their reserved codes return to stock, in
//! the same transaction. Each batch locks its orders with `FOR UPDATE SKIP LOCKED`, so
//! replicas sweeping at once share the work and a payment holding an order's lock is
//! never waited for: whichever commits first wins, the other sees the new status (a
//! payment for an expired order re-reserves codes). Expired idempotency answers are
//! deleted on the same tick. An order that turns `needs_attention` raises that event in
//! the same transaction.

use std::time::Duration;

use diesel_async::AsyncConnection;
use shop_common::db::DbPool;
use tokio::sync::watch;

use crate::domain::order::{EventKind, OrderStatus, expired_status};
use crate::error::StoreError;
use crate::models::idempotency::StoredAnswer;
use crate::models::order::Order;
use crate::models::order_event::OrderEventRow;
use crate::models::serial_code::SerialCodeRow;
use crate::notifications::Notifier;

/// Orders per transaction.
pub const BATCH: i64 = 200;
/// Expired idempotency answers deleted per tick.
pub const ANSWERS_PER_TICK: i64 = 1_000;

/// What one sweep did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Swept {
    pub orders: usize,
    pub codes: usize,
}

/// Expires every due order, a batch per transaction.
pub async fn sweep(pool: &DbPool, notifier: &Notifier) -> Result<Swept, StoreError> {
    let mut swept = Swept::default();
    loop {
        let batch = expire_batch(pool, notifier, BATCH).await?;
        crate::metrics::orders_expired(batch.orders);
        swept.orders += batch.orders;
        swept.codes += batch.codes;
        if batch.orders < BATCH as usize {
            break;
        }
    }
    let mut conn = pool.get().await?;
    StoredAnswer::delete_expired(&mut conn, ANSWERS_PER_TICK).await?;
    Ok(swept)
}

/// Expires up to `limit` due orders in one transaction.
pub async fn expire_batch(
    pool: &DbPool,
    notifier: &Notifier,
    limit: i64,
) -> Result<Swept, StoreError> {
    let mut conn = pool.get().await?;
    let mut attention = false;
    let swept = conn
        .transaction(async |conn| {
            let due = Order::lock_due(conn, limit).await?;
            if due.is_empty() {
                return Ok(Swept::default());
            }
            let ids: Vec<_> = due.iter().map(|o| o.id).collect();
            let codes = SerialCodeRow::release(conn, &ids).await?;
            for status in [OrderStatus::Expired, OrderStatus::NeedsAttention] {
                let group: Vec<_> = due
                    .iter()
                    .filter(|o| expired_status(o.paid_amount) == status)
                    .map(|o| o.id)
                    .collect();
                if group.is_empty() {
                    continue;
                }
                Order::set_status(conn, &group, status).await?;
                let (kind, message) = if status == OrderStatus::Expired {
                    (
                        EventKind::Expired,
                        "Hết hạn thanh toán, mã đã giữ được trả về kho",
                    )
                } else {
                    (
                        EventKind::NeedsAttention,
                        "Hết hạn khi mới nhận một phần tiền; mã đã giữ được trả về kho",
                    )
                };
                OrderEventRow::record_all(conn, &group, kind, &vec![message; group.len()], None)
                    .await?;
                if status == OrderStatus::NeedsAttention {
                    // Rare (a short payment, then silence): one read per order is fine.
                    for id in &group {
                        let order = Order::find(conn, *id)
                            .await?
                            .ok_or(StoreError::Inconsistent("locked due order vanished"))?;
                        notifier.needs_attention(conn, &order, message).await?;
                    }
                    attention = true;
                }
            }
            Ok::<_, StoreError>(Swept {
                orders: due.len(),
                codes,
            })
        })
        .await?;
    if attention {
        notifier.wake();
    }
    Ok(swept)
}

/// Sweeps every `interval` until `shutdown` turns true (a sweep under way finishes
/// first). Started by the binary beside the HTTP server.
pub async fn run(
    pool: DbPool,
    notifier: Notifier,
    interval: Duration,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut ticker = tokio::time::interval(interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticker.tick() => match sweep(&pool, &notifier).await {
                Ok(swept) if swept.orders > 0 => {
                    tracing::info!(orders = swept.orders, codes = swept.codes, "orders expired");
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "order sweep failed"),
            },
            changed = shutdown.changed() => {
                if changed.is_err() || *shutdown.borrow() {
                    break;
                }
            }
        }
    }
    tracing::info!("order sweep stopped");
}
