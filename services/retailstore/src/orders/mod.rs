//! Orders, from the buyer's request to the end of their life: creating one
//! ([`checkout`], with the per-replica [`admission`] hint), payments (the bank webhook's
//! and staff's), the order state machine (docs/buying-flow.md), Cancel, ReplaceCodes,
//! RevealCodes and RegenerateAccessLink, and the [`expiry`] job. Every change after
//! CreateOrder runs in one transaction with the order row locked (`FOR UPDATE`) and writes
//! a timeline event; codes move in single statements.

mod access;
mod actions;
pub mod admission;
pub mod checkout;
pub mod expiry;
mod payment;

pub use access::{RESENDS_PER_HOUR, resend_access_link};
pub use actions::{
    ReplaceRequest, cancel, deliver, record_refund, regenerate_access, replace_codes, reveal_codes,
};
pub use payment::{
    ManualConfirmation, MatchedTransfer, Outcome, PaymentInput, apply_payment,
    confirm_bank_payment, confirm_manual_payment,
};

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel_async::AsyncPgConnection;
use shop_common::FieldError;
use uuid::Uuid;

use crate::crypto::CodeCipher;
use crate::domain::order::{OrderCode, OrderStatus, shortage, token_hash, token_matches};
use crate::error::StoreError;
pub use crate::models::audit_entry::Actor;
use crate::models::order::{Order, OrderItem};
use crate::models::order_checkout::{ReservedCodes, reserve_order_codes};
use crate::models::order_event::OrderEventRow;
use crate::models::order_payment::OrderPaymentRow;
use crate::models::outbox::AccessTokens;
use crate::models::product::Product;
use crate::models::serial_code::{OrderCodeRow, SerialCodeRow};

/// Everything the order views show.
#[derive(Debug, Clone)]
pub struct OrderBundle {
    pub order: Order,
    pub items: Vec<OrderItem>,
    pub codes: Vec<OrderCodeRow>,
    pub payments: Vec<OrderPaymentRow>,
    pub events: Vec<OrderEventRow>,
    /// The lines' products' redemption steps (Markdown), by product id: loaded only for a
    /// completed order, whose page shows them under the codes.
    pub redeem_instructions: HashMap<Uuid, String>,
}

impl OrderBundle {
    /// Loads an order's lines and codes, and with `history` its payments and timeline.
    pub async fn load(
        conn: &mut AsyncPgConnection,
        order: Order,
        history: bool,
    ) -> Result<Self, StoreError> {
        let items = OrderItem::of_order(conn, order.id).await?;
        let codes = SerialCodeRow::of_order(conn, order.id).await?;
        let redeem_instructions = if order.status == OrderStatus::Completed {
            let products: Vec<Uuid> = items.iter().map(|i| i.product_id).collect();
            Product::redeem_instructions(conn, &products)
                .await?
                .into_iter()
                .collect()
        } else {
            HashMap::new()
        };
        let (payments, events) = if history {
            (
                OrderPaymentRow::of_order(conn, order.id).await?,
                OrderEventRow::of_order(conn, order.id).await?,
            )
        } else {
            (Vec::new(), Vec::new())
        };
        Ok(Self {
            order,
            items,
            codes,
            payments,
            events,
            redeem_instructions,
        })
    }

    /// The codes a line has handed out and not replaced, decrypted (only for a completed
    /// order: the shopper's view after payment).
    pub fn delivered(
        &self,
        cipher: &CodeCipher,
    ) -> Result<HashMap<Uuid, Vec<Delivered>>, StoreError> {
        let mut out: HashMap<Uuid, Vec<Delivered>> = HashMap::new();
        if self.order.status != OrderStatus::Completed {
            return Ok(out);
        }
        for code in self.codes.iter().filter(|c| c.replaced_at.is_none()) {
            let Some(item_id) = code.order_item_id else {
                continue;
            };
            let clear = cipher.open_code(&code.stored())?;
            out.entry(item_id).or_default().push(Delivered {
                code: clear,
                serial: code.serial.clone(),
                expires_at: code.expires_at,
                replacement: code.replacement,
            });
        }
        Ok(out)
    }
}

/// A delivered code in clear.
#[derive(Debug, Clone)]
pub struct Delivered {
    pub code: String,
    pub serial: Option<String>,
    pub expires_at: Option<DateTime<Utc>>,
    /// Given free in place of another (ReplaceCodes).
    pub replacement: bool,
}

/// The shopper's view of an order: found by code, opened by its page token (constant-time
/// comparison of hashes) or by one of its e-mail tokens. Code 403 for an unknown code or
/// a wrong token alike.
pub async fn find_for_shopper(
    conn: &mut AsyncPgConnection,
    code: &OrderCode,
    token: &str,
) -> Result<OrderBundle, StoreError> {
    let order = Order::find_by_code(conn, code.as_str())
        .await?
        .ok_or(StoreError::OrderNotFound)?;
    if !token_matches(&order.access_token_hash, token)
        && !AccessTokens::holds(conn, order.id, &token_hash(token)).await?
    {
        return Err(StoreError::OrderNotFound);
    }
    OrderBundle::load(conn, order, false).await
}

/// Lines whose codes the stock cannot cover: (line id, codes that could be had).
pub type Shortages = Vec<(Uuid, usize)>;

/// What reserving an order's missing codes came to.
#[derive(Debug)]
pub enum Reservation {
    /// Every line holds its quantity; this many codes were taken from stock.
    Reserved(usize),
    /// The stock cannot cover these lines (in the order's line order): nothing was
    /// reserved, and the locks go with the transaction.
    Short(Shortages),
}

/// Makes every line of an order hold `quantity` reserved codes, taking the missing ones
/// from stock in one statement (`reserve_order_codes`: the buying flow's one reservation
/// loop, CreateOrder's too). Call inside a transaction.
pub async fn reserve_lines(
    conn: &mut AsyncPgConnection,
    order_id: Uuid,
    items: &[OrderItem],
) -> Result<Reservation, StoreError> {
    Ok(match reserve_order_codes(conn, order_id).await? {
        ReservedCodes::Taken(n) => Reservation::Reserved(n),
        ReservedCodes::Short(short) => Reservation::Short(
            items
                .iter()
                .filter_map(|item| short.get(&item.id).map(|n| (item.id, *n)))
                .collect(),
        ),
    })
}

/// The detail of each shortage, as `items[i].quantity` of `index_of(line)`.
pub fn shortage_details(
    items: &[OrderItem],
    short: &Shortages,
    index_of: impl Fn(&OrderItem) -> usize,
) -> Vec<FieldError> {
    short
        .iter()
        .filter_map(|(item_id, available)| {
            let item = items.iter().find(|i| i.id == *item_id)?;
            Some(shortage(index_of(item), &item.product_name, *available))
        })
        .collect()
}

fn shortage_text(items: &[OrderItem], short: &Shortages) -> String {
    shortage_details(items, short, |i| i.position as usize)
        .into_iter()
        .map(|d| d.message)
        .collect::<Vec<_>>()
        .join("; ")
}

/// The order locked `FOR UPDATE` for a change its status must allow: code 403 when
/// there is no such order, code 404 when `allowed` refuses its status.
async fn lock_for(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    allowed: fn(OrderStatus) -> bool,
) -> Result<Order, StoreError> {
    let order = Order::lock(conn, id)
        .await?
        .ok_or(StoreError::OrderNotFound)?;
    if allowed(order.status) {
        Ok(order)
    } else {
        Err(StoreError::OrderState)
    }
}
