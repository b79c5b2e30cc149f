//! Staff actions on an order: Cancel, ReplaceCodes, RevealCodes and
//! RegenerateAccessLink, each with its audit row in its transaction.

use diesel_async::AsyncConnection;
use shop_common::FieldError;
use shop_common::db::DbPool;
use uuid::Uuid;

use super::{Actor, OrderBundle, lock_for};
use crate::crypto::CodeCipher;
use crate::domain::audit::AuditAction;
use crate::domain::order::{AccessToken, EventKind, OrderStatus};
use crate::error::StoreError;
use crate::models::order::{Order, OrderChanges, OrderItem};
use crate::models::order_event::OrderEvent;
use crate::models::outbox::AccessTokens;
use crate::models::serial_code::SerialCode;
use crate::notifications::Notifier;

/// Admin Cancel: a pending (or needs-attention) order is cancelled and its reserved codes
/// return to stock.
pub async fn cancel(
    pool: &DbPool,
    id: Uuid,
    reason: &str,
    actor: Actor<'_>,
) -> Result<OrderBundle, StoreError> {
    let mut conn = pool.get().await?;
    conn.transaction(async |conn| {
        let order = lock_for(conn, id, OrderStatus::allows_cancel).await?;
        let released = SerialCode::release(conn, &[order.id]).await?;
        let changes = OrderChanges {
            status: Some(OrderStatus::Cancelled),
            cancel_reason: Some(Some(reason.to_owned())),
            ..OrderChanges::default()
        };
        let order = Order::save(conn, order.id, &changes).await?;
        let message = format!("Hủy đơn hàng, trả {released} mã về kho. Lý do: {reason}");
        OrderEvent::record(
            conn,
            order.id,
            EventKind::Cancelled,
            &message,
            Some(actor.user_name),
        )
        .await?;
        actor
            .record(conn, AuditAction::OrderCancel, &order.code, &message)
            .await?;
        OrderBundle::load(conn, order, true).await
    })
    .await
}

/// Admin ReplaceCodes: `quantity` new codes of a line's product, sold to the order free
/// and flagged `replacement`; as many earlier codes of the line are flagged replaced
/// (they stay sold, the shopper no longer sees them). Code 400 when the stock cannot
/// cover them. The shopper hears of it (codes_replaced), the seller of a product it
/// leaves low (low_stock).
pub async fn replace_codes(
    pool: &DbPool,
    notifier: &Notifier,
    id: Uuid,
    item_id: Uuid,
    quantity: i32,
    reason: &str,
    actor: Actor<'_>,
) -> Result<OrderBundle, StoreError> {
    let mut conn = pool.get().await?;
    conn.transaction(async |conn| {
        let order = lock_for(conn, id, OrderStatus::is_delivered).await?;
        let items = OrderItem::of_order(conn, order.id).await?;
        let item = items
            .iter()
            .find(|i| i.id == item_id)
            .ok_or_else(|| StoreError::field("itemId", "Đơn hàng không có dòng sản phẩm này"))?;
        if !(1..=item.quantity).contains(&quantity) {
            return Err(StoreError::field(
                "quantity",
                format!("Số mã đổi từ 1 đến {}", item.quantity),
            ));
        }
        let codes = SerialCode::lock_sellable(conn, item.product_id, i64::from(quantity)).await?;
        if codes.len() < quantity as usize {
            return Err(StoreError::OutOfStock(vec![FieldError::new(
                "quantity",
                format!("{}: chỉ còn {} mã", item.product_name, codes.len()),
            )]));
        }
        SerialCode::mark_replaced(conn, item.id, i64::from(quantity)).await?;
        if SerialCode::sell_replacements(conn, order.id, item.id, &codes).await? != codes.len() {
            return Err(StoreError::Inconsistent(
                "locked codes changed before replacement",
            ));
        }
        let message = format!(
            "Đổi {quantity} mã {} miễn phí. Lý do: {reason}",
            item.product_name
        );
        OrderEvent::record(
            conn,
            order.id,
            EventKind::CodesReplaced,
            &message,
            Some(actor.user_name),
        )
        .await?;
        actor
            .record(conn, AuditAction::OrderReplaceCodes, &order.code, &message)
            .await?;
        let order = Order::save(conn, order.id, &OrderChanges::default()).await?;
        notifier
            .codes_replaced(conn, &order, &item.product_name, quantity)
            .await?;
        Notifier::low_stock(conn, &[item.product_id]).await?;
        OrderBundle::load(conn, order, true).await
    })
    .await
    .inspect(|_| notifier.wake())
}

/// Admin RevealCodes: every code of a completed order in clear (each checked against its
/// keyed hash), with one audit row and one timeline event in the same transaction.
pub async fn reveal_codes(
    pool: &DbPool,
    cipher: &CodeCipher,
    id: Uuid,
    actor: Actor<'_>,
) -> Result<(OrderBundle, Vec<String>), StoreError> {
    let mut conn = pool.get().await?;
    conn.transaction(async |conn| {
        let order = Order::find(conn, id)
            .await?
            .ok_or(StoreError::OrderNotFound)?;
        if !order.status.is_delivered() {
            return Err(StoreError::OrderState);
        }
        let bundle = OrderBundle::load(conn, order, false).await?;
        let clear = bundle
            .codes
            .iter()
            .map(|c| cipher.open_code(&c.stored()))
            .collect::<Result<Vec<_>, _>>()?;
        let message = format!("Xem {} mã của đơn hàng", clear.len());
        OrderEvent::record(
            conn,
            bundle.order.id,
            EventKind::CodesRevealed,
            &message,
            Some(actor.user_name),
        )
        .await?;
        actor
            .record(
                conn,
                AuditAction::OrderCodesReveal,
                &bundle.order.code,
                &message,
            )
            .await?;
        Ok((bundle, clear))
    })
    .await
}

const REGENERATED: &str = "Tạo đường dẫn xem đơn hàng mới; đường dẫn cũ hết hiệu lực";

/// Admin RegenerateAccessLink: a new token for a completed order; every older one (the
/// page's and each e-mail's) stops working at commit. With `send_email`, a fresh link
/// also goes to the order's address (link_resent).
pub async fn regenerate_access(
    pool: &DbPool,
    notifier: &Notifier,
    id: Uuid,
    send_email: bool,
    actor: Actor<'_>,
) -> Result<(Order, AccessToken), StoreError> {
    let mut conn = pool.get().await?;
    let done = conn
        .transaction(async |conn| {
            let order = lock_for(conn, id, OrderStatus::is_delivered).await?;
            let token = AccessToken::generate();
            let changes = OrderChanges {
                access_token_hash: Some(token.hash().to_vec()),
                ..OrderChanges::default()
            };
            let order = Order::save(conn, order.id, &changes).await?;
            AccessTokens::delete_all(conn, order.id).await?;
            if send_email {
                notifier.link_resent(conn, &order).await?;
            }
            OrderEvent::record(
                conn,
                order.id,
                EventKind::AccessLinkRegenerated,
                REGENERATED,
                Some(actor.user_name),
            )
            .await?;
            actor
                .record(
                    conn,
                    AuditAction::OrderRegenerateLink,
                    &order.code,
                    REGENERATED,
                )
                .await?;
            Ok((order, token))
        })
        .await;
    if send_email && done.is_ok() {
        notifier.wake();
    }
    done
}
