//! Payments reaching an order: the bank transfer paymentprovider matched (the internal
//! ConfirmPayment), a staff member's manual confirmation, and how either settles the
//! order along its state machine (docs/buying-flow.md).

use chrono::{DateTime, Utc};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use shop_common::db::DbPool;
use uuid::Uuid;

use super::{Actor, OrderBundle, Reservation, lock_for, reserve_lines, shortage_text};
use crate::crypto::CodeCipher;
use crate::domain::audit::StoreAuditAction;
use crate::domain::order::{
    EventKind, OrderCode, OrderStatus, PaymentSource, PaymentStatus, Settlement, late_refusal,
    settle, vnd,
};
use crate::error::StoreError;
use crate::idempotency::Idempotent;
use crate::models::order::{Order, OrderChanges, OrderItem};
use crate::models::order_checkout::{BankTransfer, Confirmed, MailRow, Refusal};
use crate::models::order_event::OrderEventRow;
use crate::models::order_payment::{NewOrderPayment, OrderPaymentRow};
use crate::models::serial_code::SerialCodeRow;
use crate::notifications::{Event, Notifier};

/// One payment as it reaches an order.
#[derive(Debug, Clone)]
pub struct PaymentInput<'a> {
    /// paymentprovider's transaction id, or `manual:<...>` (none for a manual
    /// confirmation of 0 đ, which only retries the delivery).
    pub transaction_id: Option<&'a str>,
    pub amount: i64,
    pub paid_at: DateTime<Utc>,
    pub source: PaymentSource,
    pub actor: Option<&'a str>,
    pub provider_id: Option<Uuid>,
    pub note: Option<&'a str>,
}

/// What a payment did (the internal ConfirmPayment's `outcome`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Applied,
    AlreadyApplied,
    DuplicateOfManual,
}

/// Adds a payment to a locked order and moves it along the state machine: completed
/// (reserved codes sold) once the payments cover the total, codes re-reserved for an
/// expired order when stock allows, `needs_attention` for money it cannot fulfil.
/// Idempotent on the transaction id; a bank transfer of the same amount as an unlinked
/// manual payment is linked to it instead of counted. Its events (codes_ready,
/// needs_attention, low_stock) go into the outbox in the same transaction: the caller
/// wakes the relay after the commit. Call inside a transaction.
pub async fn apply_payment(
    conn: &mut AsyncPgConnection,
    notifier: &Notifier,
    order: Order,
    payment: &PaymentInput<'_>,
) -> Result<(Order, Outcome), StoreError> {
    if let Some(tx) = payment.transaction_id {
        if OrderPaymentRow::is_applied(conn, order.id, tx).await? {
            return Ok((order, Outcome::AlreadyApplied));
        }
        if payment.source == PaymentSource::Webhook
            && let Some(manual) =
                OrderPaymentRow::unlinked_manual(conn, order.id, payment.amount).await?
        {
            OrderPaymentRow::link(conn, manual, tx).await?;
            let message = format!(
                "Giao dịch {tx} ({}) trùng với khoản đã xác nhận thủ công, không tính thêm",
                vnd(payment.amount)
            );
            OrderEventRow::record(conn, order.id, EventKind::PaymentDuplicate, &message, None)
                .await?;
            return Ok((order, Outcome::DuplicateOfManual));
        }
        OrderPaymentRow::insert(
            conn,
            &NewOrderPayment {
                id: Uuid::now_v7(),
                order_id: order.id,
                transaction_id: tx,
                amount: payment.amount,
                paid_at: payment.paid_at,
                source: payment.source,
                actor: payment.actor,
                provider_id: payment.provider_id,
                note: payment.note,
            },
        )
        .await?;
    }
    let paid = order.paid_amount.saturating_add(payment.amount);
    // The timeline of this payment, written in one statement at the end.
    let mut events: Vec<(EventKind, String, Option<&str>)> = Vec::new();
    if payment.amount > 0 {
        let how = match payment.source {
            PaymentSource::Webhook => format!(
                "Nhận {} qua chuyển khoản (giao dịch {})",
                vnd(payment.amount),
                payment.transaction_id.unwrap_or_default()
            ),
            PaymentSource::Manual => {
                format!("Xác nhận thanh toán thủ công {}", vnd(payment.amount))
            }
        };
        let note = payment.note.map(|n| format!(" ({n})")).unwrap_or_default();
        let message = format!("{how}{note}; đã nhận {} / {}", vnd(paid), vnd(order.total));
        events.push((EventKind::PaymentReceived, message, payment.actor));
    }
    let mut changes = OrderChanges {
        paid_amount: Some(paid),
        payment_status: Some(PaymentStatus::of(paid, order.total)),
        ..OrderChanges::default()
    };
    if order.paid_at.is_none() && paid >= order.total {
        changes.paid_at = Some(Some(payment.paid_at));
    }
    let mut settlement = settle(order.status, paid, order.total);
    // Money that covers an order whose codes went back to stock takes them again by
    // itself only within bounds; otherwise staff decides (Deliver or RecordRefund).
    let mut held = None;
    if settlement == Settlement::Reserve {
        let changed = if order.cancelled_at.is_none() {
            Order::changed_lines(conn, order.id).await?
        } else {
            Vec::new()
        };
        let paid_at = payment.paid_at.min(Utc::now());
        held = late_refusal(
            order.cancelled_at.is_some(),
            order.expires_at,
            paid_at,
            &changed,
        );
        if held.is_some() {
            settlement = Settlement::NeedsAttention;
        }
    }
    match settlement {
        Settlement::Stay => {}
        Settlement::Complete | Settlement::Reserve => {
            // Usually the order still holds every code it needs: they are sold in one
            // statement, all or none, without reading the lines first.
            let at_once =
                SerialCodeRow::sell_all_reserved(conn, order.id, i64::from(order.item_count))
                    .await?;
            let delivered = if at_once > 0 {
                Ok(at_once)
            } else {
                let items = OrderItem::of_order(conn, order.id).await?;
                match reserve_lines(conn, order.id, &items).await? {
                    Reservation::Reserved(reserved) => {
                        if reserved > 0 {
                            let message =
                                format!("Giữ lại {reserved} mã từ kho sau khi nhận đủ tiền");
                            events.push((EventKind::CodesReserved, message, None));
                            let products: Vec<Uuid> = items.iter().map(|i| i.product_id).collect();
                            Notifier::low_stock(conn, &products).await?;
                        }
                        Ok(SerialCodeRow::sell_reserved(conn, order.id).await?)
                    }
                    Reservation::Short(short) => Err(shortage_text(&items, &short)),
                }
            };
            match delivered {
                Ok(sold) => {
                    crate::metrics::order_completed();
                    changes.status = Some(OrderStatus::Completed);
                    changes.completed_at = Some(Some(Utc::now()));
                    let message = format!("Đã thanh toán đủ, giao {sold} mã cho khách");
                    events.push((EventKind::Completed, message, None));
                }
                Err(short) => {
                    changes.status = Some(OrderStatus::NeedsAttention);
                    let message = format!("Đã nhận đủ tiền nhưng kho không đủ mã để giao: {short}");
                    events.push((EventKind::NeedsAttention, message, None));
                }
            }
        }
        Settlement::NeedsAttention => {
            changes.status = Some(OrderStatus::NeedsAttention);
            let message = match (held, order.status) {
                (Some(reason), _) => reason,
                (None, OrderStatus::Cancelled) => {
                    "Nhận tiền cho đơn hàng đã hủy: chờ nhân viên giao mã hoặc hoàn tiền".to_owned()
                }
                _ => format!(
                    "Nhận tiền sau khi đơn hết hạn nhưng chưa đủ ({} / {})",
                    vnd(paid),
                    vnd(order.total)
                ),
            };
            events.push((EventKind::NeedsAttention, message, None));
        }
    }
    OrderEventRow::record_each(conn, order.id, &events).await?;
    let order = Order::save(conn, order.id, &changes).await?;
    // Each timeline event the shopper and the seller must hear of becomes an outbox row.
    for (kind, message, _) in &events {
        match kind {
            EventKind::Completed => notifier.codes_ready(conn, &order).await?,
            EventKind::NeedsAttention => notifier.needs_attention(conn, &order, message).await?,
            _ => {}
        }
    }
    Ok((order, Outcome::Applied))
}

/// A bank transfer paymentprovider matched to an order.
#[derive(Debug, Clone)]
pub struct MatchedTransfer {
    pub order_code: OrderCode,
    pub amount: i64,
    pub provider_id: Uuid,
    pub transaction_id: String,
    pub paid_at: DateTime<Utc>,
    /// Staff chose this order for the transfer (paymentprovider's Assign): money that
    /// came through another provider than the order's is then theirs to accept.
    pub staff_assigned: bool,
    /// The user name of the staff member who assigned it, recorded as the payment's actor.
    pub assigned_by: Option<String>,
}

/// The internal ConfirmPayment: code 403 when no order has the code; code 407 (nothing
/// written) when the money came through another provider than the one the order was
/// told to pay, unless staff assigned it: such a transfer is flagged, not applied.
///
/// The plain case (an order waiting for payment, a new transfer) is one statement, the
/// SQL function `confirm_bank_payment`; anything else it leaves untouched, and the
/// payment is applied here by [`apply_payment`] in a transaction of its own.
pub async fn confirm_bank_payment(
    pool: &DbPool,
    notifier: &Notifier,
    payment: &MatchedTransfer,
) -> Result<(Order, Outcome), StoreError> {
    let mut conn = pool.get().await?;
    let mail = notifier.shopper_mail(payment.order_code.as_str())?;
    let transfer = BankTransfer {
        order_code: payment.order_code.as_str(),
        amount: payment.amount,
        provider_id: payment.provider_id,
        transaction_id: &payment.transaction_id,
        paid_at: payment.paid_at,
        staff_assigned: payment.staff_assigned,
        actor: payment.assigned_by.as_deref(),
        payment_id: Uuid::now_v7(),
        events: [
            (Uuid::now_v7(), EventKind::PaymentReceived.as_str()),
            (Uuid::now_v7(), EventKind::Completed.as_str()),
        ],
        at: Utc::now(),
        mail: MailRow {
            id: mail.id,
            event: Event::CodesReady.as_str(),
            token_hash: &mail.token_hash,
            link: &mail.link,
        },
    };
    let done = match Order::confirm_bank_payment(&mut conn, &transfer).await {
        Ok((order, Confirmed::Applied)) => {
            if order.status == OrderStatus::Completed {
                crate::metrics::order_completed();
            }
            Ok((order, Outcome::Applied))
        }
        Ok((order, Confirmed::AlreadyApplied)) => Ok((order, Outcome::AlreadyApplied)),
        Ok((_, Confirmed::Fallback)) => apply_bank_payment(&mut conn, notifier, payment).await,
        Err(e) => Err(match Refusal::of(&e) {
            Some(Refusal::OrderNotFound) => StoreError::OrderNotFound,
            Some(Refusal::ProviderMismatch) => StoreError::ProviderMismatch,
            _ => e.into(),
        }),
    };
    if matches!(done, Ok((_, Outcome::Applied))) {
        notifier.wake();
    }
    done
}

/// [`confirm_bank_payment`] by the state machine's full rules, in a transaction.
async fn apply_bank_payment(
    conn: &mut AsyncPgConnection,
    notifier: &Notifier,
    payment: &MatchedTransfer,
) -> Result<(Order, Outcome), StoreError> {
    conn.transaction(async |conn| {
        let order = Order::lock_by_code(conn, payment.order_code.as_str())
            .await?
            .ok_or(StoreError::OrderNotFound)?;
        if order.provider_id != payment.provider_id && !payment.staff_assigned {
            return Err(StoreError::ProviderMismatch);
        }
        apply_payment(
            conn,
            notifier,
            order,
            &PaymentInput {
                transaction_id: Some(&payment.transaction_id),
                amount: payment.amount,
                paid_at: payment.paid_at,
                source: PaymentSource::Webhook,
                actor: payment.assigned_by.as_deref(),
                provider_id: Some(payment.provider_id),
                note: None,
            },
        )
        .await
    })
    .await
}

/// A staff member's confirmation of money received outside the webhook.
#[derive(Debug, Clone, Copy)]
pub struct ManualConfirmation<'a> {
    pub id: Uuid,
    /// 0 only retries the delivery of an order its payments already cover.
    pub amount: i64,
    pub note: Option<&'a str>,
}

/// The admin ConfirmPayment: a manual payment recorded as `manual:<id derived from the
/// order and the key>`; its answer is stored under the Idempotency-Key (code 406 for
/// another body). The key again on the same order after its replay expired: code 3,
/// nothing written.
pub async fn confirm_manual_payment<R>(
    pool: &DbPool,
    cipher: &CodeCipher,
    notifier: &Notifier,
    payment: ManualConfirmation<'_>,
    actor: Actor<'_>,
    idempotent: &Idempotent<'_>,
    render: R,
) -> Result<Vec<u8>, StoreError>
where
    R: Fn(&OrderBundle) -> Result<Vec<u8>, StoreError> + Sync,
{
    let mut conn = pool.get().await?;
    if let Some(answer) = idempotent.replay(&mut conn, cipher).await? {
        return Ok(answer);
    }
    let ManualConfirmation { id, amount, note } = payment;
    let transaction_id = idempotent.key.manual_transaction_id(id);
    let result = conn
        .transaction(async |conn| {
            idempotent.claim(conn).await?;
            let order = lock_for(conn, id, OrderStatus::allows_manual_payment).await?;
            if amount == 0 && order.paid_amount < order.total {
                return Err(StoreError::field(
                    "amount",
                    "Số tiền phải lớn hơn 0 khi đơn chưa được thanh toán đủ",
                ));
            }
            let (order, outcome) = apply_payment(
                conn,
                notifier,
                order,
                &PaymentInput {
                    transaction_id: (amount > 0).then_some(transaction_id.as_str()),
                    amount,
                    paid_at: Utc::now(),
                    source: PaymentSource::Manual,
                    actor: Some(actor.user_name),
                    provider_id: None,
                    note,
                },
            )
            .await?;
            if outcome == Outcome::AlreadyApplied {
                // The key's replay is gone (24 h) but this order holds its payment: not
                // a fresh success, and nothing is written (no audit row either).
                return Err(StoreError::PaymentAlreadyApplied);
            }
            let detail = match note {
                Some(note) => format!("Xác nhận thanh toán {}. Ghi chú: {note}", vnd(amount)),
                None => format!("Xác nhận thanh toán {}", vnd(amount)),
            };
            actor
                .record(
                    conn,
                    StoreAuditAction::OrderConfirmPayment,
                    &order.code,
                    &detail,
                )
                .await?;
            let bundle = OrderBundle::load(conn, order, true).await?;
            let answer = render(&bundle)?;
            idempotent.fill(conn, cipher, &answer).await?;
            Ok(answer)
        })
        .await;
    match result {
        Err(StoreError::KeyTaken) => idempotent.replay_winner(&mut conn, cipher).await,
        Ok(answer) => {
            notifier.wake();
            Ok(answer)
        }
        other => other,
    }
}
