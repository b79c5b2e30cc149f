//! The shopper's "send me my link again" (ResendAccessLink): a fresh link to the order's
//! own address, at most [`RESENDS_PER_HOUR`] an hour. The caller answers the same
//! whatever happens here, so that nobody learns which code and e-mail go together.

use diesel_async::AsyncConnection;
use shop_common::db::DbPool;

use crate::domain::order::{Email, OrderCode};
use crate::error::StoreError;
use crate::models::order::Order;
use crate::models::outbox::recent_count;
use crate::notifications::{Event, Notifier};

/// link_resent rows one order may have in an hour (RegenerateAccessLink's count too).
pub const RESENDS_PER_HOUR: i64 = 3;

/// Writes a link_resent row when `code` and `email` (case-insensitive) name one order
/// that has had fewer than [`RESENDS_PER_HOUR`] in the last hour; returns whether it
/// did. The count is taken with the order locked, so concurrent calls cannot pass it.
pub async fn resend_access_link(
    pool: &DbPool,
    notifier: &Notifier,
    code: &OrderCode,
    email: &Email,
) -> Result<bool, StoreError> {
    let mut conn = pool.get().await?;
    // Checked before any lock, so a wrong pair cannot hold up the order's own changes.
    let matches = Order::find_by_code(&mut conn, code.as_str())
        .await?
        .is_some_and(|o| o.email.to_lowercase() == email.key());
    if !matches {
        return Ok(false);
    }
    let sent = conn
        .transaction(async |conn| {
            let Some(order) = Order::lock_by_code(conn, code.as_str()).await? else {
                return Ok::<_, StoreError>(false);
            };
            let event = Event::LinkResent.as_str();
            if recent_count(conn, &order.code, event, 3600).await? >= RESENDS_PER_HOUR {
                return Ok(false);
            }
            notifier.link_resent(conn, &order).await?;
            Ok(true)
        })
        .await?;
    if sent {
        notifier.wake();
    }
    Ok(sent)
}
