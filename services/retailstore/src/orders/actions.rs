//! Staff actions on an order: Cancel, Deliver, RecordRefund, ReplaceCodes, RevealCodes
//! and RegenerateAccessLink, each with its audit row in its transaction.

use chrono::Utc;
use diesel_async::AsyncConnection;
use shop_common::FieldError;
use shop_common::db::DbPool;
use uuid::Uuid;

use super::{Actor, OrderBundle, Reservation, lock_for, reserve_lines, shortage_details};
use crate::crypto::CodeCipher;
use crate::domain::audit::StoreAuditAction;
use crate::domain::order::{
    AccessToken, EventKind, OrderStatus, refund_message, refundable, replacement_allowed_to_staff,
    vnd,
};
use crate::error::StoreError;
use crate::models::order::{Order, OrderChanges, OrderItem};
use crate::models::order_event::OrderEventRow;
use crate::models::outbox::AccessTokens;
use crate::models::serial_code::SerialCodeRow;
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
        let released = SerialCodeRow::release(conn, &[order.id]).await?;
        let changes = OrderChanges {
            status: Some(OrderStatus::Cancelled),
            cancel_reason: Some(Some(reason.to_owned())),
            cancelled_at: Some(Some(Utc::now())),
            ..OrderChanges::default()
        };
        let order = Order::save(conn, order.id, &changes).await?;
        let message = format!("Hủy đơn hàng, trả {released} mã về kho. Lý do: {reason}");
        OrderEventRow::record(
            conn,
            order.id,
            EventKind::Cancelled,
            &message,
            Some(actor.user_name),
        )
        .await?;
        actor
            .record(conn, StoreAuditAction::OrderCancel, &order.code, &message)
            .await?;
        OrderBundle::load(conn, order, true).await
    })
    .await
}

/// Admin Deliver: staff's decision to hand out the codes of a `needs_attention` order
/// whose payments (less refunds) cover its total, whatever stopped it completing by
/// itself (a cancel, late money, a changed product, short stock): the missing codes are
/// reserved again from stock (code 400 naming the lines when it cannot cover them), all
/// are sold and the order completes. Code 404 for another status or money short of the
/// total. The shopper hears of it (codes_ready).
pub async fn deliver(
    pool: &DbPool,
    notifier: &Notifier,
    id: Uuid,
    note: Option<&str>,
    actor: Actor<'_>,
) -> Result<OrderBundle, StoreError> {
    let mut conn = pool.get().await?;
    conn.transaction(async |conn| {
        let order = lock_for(conn, id, OrderStatus::allows_deliver).await?;
        if order.paid_amount.saturating_sub(order.refunded_amount) < order.total {
            return Err(StoreError::OrderState);
        }
        let items = OrderItem::of_order(conn, order.id).await?;
        if let Reservation::Short(short) = reserve_lines(conn, order.id, &items).await? {
            return Err(StoreError::OutOfStock(shortage_details(
                &items,
                &short,
                |i| i.position as usize,
            )));
        }
        let sold = SerialCodeRow::sell_reserved(conn, order.id).await?;
        let now = Utc::now();
        let changes = OrderChanges {
            status: Some(OrderStatus::Completed),
            completed_at: Some(Some(now)),
            paid_at: order.paid_at.is_none().then_some(Some(now)),
            ..OrderChanges::default()
        };
        let order = Order::save(conn, order.id, &changes).await?;
        let note = note.map(|n| format!(". Ghi chú: {n}")).unwrap_or_default();
        let message = format!("Nhân viên quyết định giao {sold} mã cho khách{note}");
        OrderEventRow::record(
            conn,
            order.id,
            EventKind::Completed,
            &message,
            Some(actor.user_name),
        )
        .await?;
        actor
            .record(conn, StoreAuditAction::OrderDeliver, &order.code, &message)
            .await?;
        notifier.codes_ready(conn, &order).await?;
        let products: Vec<Uuid> = items.iter().map(|i| i.product_id).collect();
        Notifier::low_stock(conn, &products).await?;
        crate::metrics::order_completed();
        OrderBundle::load(conn, order, true).await
    })
    .await
    .inspect(|_| notifier.wake())
}

/// Admin RecordRefund: staff gave `amount` back (outside the shop: this only records
/// it). Up to what the order still holds: its payments less earlier refunds, less the
/// total once delivered (code 1 above that, code 404 when nothing is refundable or the
/// status is neither `needs_attention` nor `completed`). A `needs_attention` order whose
/// payments are all refunded is `cancelled`.
pub async fn record_refund(
    pool: &DbPool,
    id: Uuid,
    amount: i64,
    note: &str,
    actor: Actor<'_>,
) -> Result<OrderBundle, StoreError> {
    let mut conn = pool.get().await?;
    conn.transaction(async |conn| {
        let order = lock_for(conn, id, OrderStatus::allows_refund).await?;
        let left = refundable(
            order.status,
            order.paid_amount,
            order.refunded_amount,
            order.total,
        );
        if left == 0 {
            return Err(StoreError::OrderState);
        }
        if amount > left {
            return Err(StoreError::field(
                "amount",
                format!("Chỉ có thể hoàn tối đa {}", vnd(left)),
            ));
        }
        let refunded = order.refunded_amount + amount;
        let mut message = refund_message(amount, refunded, order.paid_amount, note);
        let mut changes = OrderChanges {
            refunded_amount: Some(refunded),
            ..OrderChanges::default()
        };
        if order.status == OrderStatus::NeedsAttention && refunded == order.paid_amount {
            changes.status = Some(OrderStatus::Cancelled);
            changes.cancelled_at = Some(Some(order.cancelled_at.unwrap_or_else(Utc::now)));
            if order.cancel_reason.is_none() {
                changes.cancel_reason = Some(Some(format!("Đã hoàn tiền: {note}")));
            }
            message.push_str("; đã hoàn toàn bộ, đơn chuyển sang đã hủy");
        }
        let order = Order::save(conn, order.id, &changes).await?;
        OrderEventRow::record(
            conn,
            order.id,
            EventKind::RefundRecorded,
            &message,
            Some(actor.user_name),
        )
        .await?;
        actor
            .record(
                conn,
                StoreAuditAction::OrderRecordRefund,
                &order.code,
                &message,
            )
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
/// ReplaceCodes, checked: the order line, how many codes, why, and optionally which of
/// the codes the shopper holds are replaced (the earliest sold when not named).
#[derive(Debug, Clone, Copy)]
pub struct ReplaceRequest<'a> {
    pub id: Uuid,
    pub item_id: Uuid,
    pub quantity: i32,
    pub reason: &'a str,
    pub code_ids: Option<&'a [Uuid]>,
}

pub async fn replace_codes(
    pool: &DbPool,
    notifier: &Notifier,
    request: ReplaceRequest<'_>,
    actor: Actor<'_>,
    is_admin: bool,
) -> Result<OrderBundle, StoreError> {
    let ReplaceRequest {
        id,
        item_id,
        quantity,
        reason,
        code_ids,
    } = request;
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
        // Bounded over the order's life: staff may replace up to the line's quantity in
        // all, within 30 days of the order; beyond that only an admin.
        let replaced = SerialCodeRow::replaced_count(conn, item.id).await?;
        if !is_admin
            && !replacement_allowed_to_staff(
                replaced,
                i64::from(quantity),
                i64::from(item.quantity),
                order.created_at,
                Utc::now(),
            )
        {
            return Err(StoreError::Api(shop_common::ApiError::forbidden()));
        }
        let codes =
            SerialCodeRow::lock_sellable(conn, item.product_id, i64::from(quantity)).await?;
        if codes.len() < quantity as usize {
            return Err(StoreError::OutOfStock(vec![FieldError::new(
                "quantity",
                format!("{}: chỉ còn {} mã", item.product_name, codes.len()),
            )]));
        }
        match code_ids {
            Some(ids) => {
                // Staff named the codes the shopper reported: exactly those, or nothing.
                if SerialCodeRow::mark_replaced_ids(conn, item.id, ids).await? != ids.len() {
                    return Err(StoreError::field(
                        "codeIds",
                        "Mã không thuộc dòng này, chưa được giao hoặc đã được đổi",
                    ));
                }
            }
            None => {
                SerialCodeRow::mark_replaced(conn, item.id, i64::from(quantity)).await?;
            }
        }
        if SerialCodeRow::sell_replacements(conn, order.id, item.id, &codes).await? != codes.len() {
            return Err(StoreError::Inconsistent(
                "locked codes changed before replacement",
            ));
        }
        let message = format!(
            "Đổi {quantity} mã {} miễn phí. Lý do: {reason}",
            item.product_name
        );
        OrderEventRow::record(
            conn,
            order.id,
            EventKind::CodesReplaced,
            &message,
            Some(actor.user_name),
        )
        .await?;
        actor
            .record(
                conn,
                StoreAuditAction::OrderReplaceCodes,
                &order.code,
                &message,
            )
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

/// Admin RevealCodes: the codes a completed order's shopper holds now (replaced ones
/// left out) in clear (each checked against its
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
        let mut bundle = OrderBundle::load(conn, order, false).await?;
        bundle.codes.retain(|c| c.replaced_at.is_none());
        let clear = bundle
            .codes
            .iter()
            .map(|c| cipher.open_code(&c.stored()))
            .collect::<Result<Vec<_>, _>>()?;
        let message = format!("Xem {} mã của đơn hàng", clear.len());
        OrderEventRow::record(
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
                StoreAuditAction::OrderCodesReveal,
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
            OrderEventRow::record(
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
                    StoreAuditAction::OrderRegenerateLink,
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
