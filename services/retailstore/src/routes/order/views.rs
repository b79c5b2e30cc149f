//! The order answers: the shopper's detail and lookup, the back office's list, detail,
//! revealed codes and access link, and the internal ConfirmPayment's answer.

use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

use crate::crypto::CodeCipher;
use crate::domain::order::{OrderStatus, PaymentSource, PaymentStatus};
use crate::domain::serial_code::{CodeStatus, masked};
use crate::error::StoreError;
use crate::models::order::{Order, OrderSummary};
use crate::orders::{OrderBundle, Outcome};
use crate::payment_provider::PaymentInstruction;

/// A delivered code in the shopper's view.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WebCode {
    pub code: String,
    pub expires_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WebItem {
    pub product_id: Uuid,
    pub product_name: String,
    pub image_url: Option<String>,
    pub unit_price: i64,
    pub quantity: i32,
    pub line_total: i64,
    /// Only once the order is completed.
    pub codes: Option<Vec<WebCode>>,
}

/// The web order detail (api.md); `accessToken` only in CreateOrder's answer.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WebOrderDetail {
    pub code: String,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
    pub customer_name: Option<String>,
    pub email: String,
    pub phone: Option<String>,
    pub items: Vec<WebItem>,
    pub total: i64,
    pub paid_amount: i64,
    pub payment: PaymentInstruction,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access_token: Option<String>,
}

pub(super) fn snapshot(order: &Order) -> Result<PaymentInstruction, StoreError> {
    serde_json::from_value(order.payment.clone())
        .map_err(|_| StoreError::Inconsistent("stored payment snapshot unreadable"))
}

impl WebOrderDetail {
    /// The shopper's view; codes decrypted only when the order is completed.
    pub fn build(bundle: &OrderBundle, cipher: &CodeCipher) -> Result<Self, StoreError> {
        let mut delivered = bundle.delivered(cipher)?;
        let completed = bundle.order.status == OrderStatus::Completed;
        let o = &bundle.order;
        Ok(Self {
            code: o.code.clone(),
            status: o.status,
            payment_status: o.payment_status,
            created_at: o.created_at,
            expires_at: o.expires_at,
            paid_at: o.paid_at,
            completed_at: o.completed_at,
            customer_name: o.customer_name.clone(),
            email: o.email.clone(),
            phone: o.phone.clone(),
            items: bundle
                .items
                .iter()
                .map(|i| WebItem {
                    product_id: i.product_id,
                    product_name: i.product_name.clone(),
                    image_url: i.image_url.clone(),
                    unit_price: i.unit_price,
                    quantity: i.quantity,
                    line_total: i.line_total,
                    codes: completed.then(|| {
                        delivered
                            .remove(&i.id)
                            .unwrap_or_default()
                            .into_iter()
                            .map(|d| WebCode {
                                code: d.code,
                                expires_at: d.expires_at,
                            })
                            .collect()
                    }),
                })
                .collect(),
            total: o.total,
            paid_amount: o.paid_amount,
            payment: snapshot(o)?,
            access_token: None,
        })
    }
}

/// OrderLookup's answer: status, amounts and the payment instruction only.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderLookupView {
    pub code: String,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
    pub total: i64,
    pub paid_amount: i64,
    pub payment: PaymentInstruction,
}

/// A row of the admin list.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderListItem {
    pub id: Uuid,
    pub code: String,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    pub customer_name: Option<String>,
    pub email: String,
    pub phone: Option<String>,
    pub total: i64,
    pub paid_amount: i64,
    /// The number of codes ordered (sum of the lines' quantities).
    pub item_count: i32,
    pub provider_name: String,
    pub created_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
}

impl From<OrderSummary> for OrderListItem {
    fn from(o: OrderSummary) -> Self {
        Self {
            id: o.id,
            code: o.code,
            status: o.status,
            payment_status: o.payment_status,
            customer_name: o.customer_name,
            email: o.email,
            phone: o.phone,
            total: o.total,
            paid_amount: o.paid_amount,
            item_count: o.item_count,
            provider_name: o.provider_name,
            created_at: o.created_at,
            paid_at: o.paid_at,
        }
    }
}

/// An order's code in the back office: masked.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminCode {
    pub id: Uuid,
    pub masked_code: String,
    pub status: CodeStatus,
    /// Handed out free by ReplaceCodes.
    pub replacement: bool,
    /// Replaced by a later ReplaceCodes (still sold, no longer shown to the shopper).
    pub replaced: bool,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminItem {
    pub id: Uuid,
    pub product_id: Uuid,
    pub product_name: String,
    pub image_url: Option<String>,
    pub unit_price: i64,
    pub quantity: i32,
    pub line_total: i64,
    pub codes: Vec<AdminCode>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentView {
    pub transaction_id: String,
    pub amount: i64,
    pub paid_at: DateTime<Utc>,
    pub source: PaymentSource,
    pub actor: Option<String>,
    pub note: Option<String>,
    /// The bank transfer later recognised as this manual payment.
    pub linked_transaction_id: Option<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EventView {
    pub at: DateTime<Utc>,
    #[serde(rename = "type")]
    pub kind: String,
    pub message: String,
    pub actor: Option<String>,
}

/// Admin Order/Detail (also the answer of every admin order action).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrderDetail {
    pub id: Uuid,
    pub code: String,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
    pub customer_name: Option<String>,
    pub email: String,
    pub phone: Option<String>,
    pub note: Option<String>,
    pub cancel_reason: Option<String>,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub items: Vec<AdminItem>,
    pub total: i64,
    pub paid_amount: i64,
    pub payment: PaymentInstruction,
    pub payments: Vec<PaymentView>,
    pub events: Vec<EventView>,
}

impl AdminOrderDetail {
    pub fn build(bundle: &OrderBundle) -> Result<Self, StoreError> {
        let o = &bundle.order;
        let items = bundle
            .items
            .iter()
            .map(|i| AdminItem {
                id: i.id,
                product_id: i.product_id,
                product_name: i.product_name.clone(),
                image_url: i.image_url.clone(),
                unit_price: i.unit_price,
                quantity: i.quantity,
                line_total: i.line_total,
                codes: bundle
                    .codes
                    .iter()
                    .filter(|c| c.order_item_id == Some(i.id))
                    .map(|c| AdminCode {
                        id: c.id,
                        masked_code: masked(&c.last4),
                        status: c.status,
                        replacement: c.replacement,
                        replaced: c.replaced_at.is_some(),
                    })
                    .collect(),
            })
            .collect();
        Ok(Self {
            id: o.id,
            code: o.code.clone(),
            status: o.status,
            payment_status: o.payment_status,
            created_at: o.created_at,
            updated_at: o.updated_at,
            expires_at: o.expires_at,
            paid_at: o.paid_at,
            completed_at: o.completed_at,
            customer_name: o.customer_name.clone(),
            email: o.email.clone(),
            phone: o.phone.clone(),
            note: o.note.clone(),
            cancel_reason: o.cancel_reason.clone(),
            ip: o.ip.clone(),
            user_agent: o.user_agent.clone(),
            items,
            total: o.total,
            paid_amount: o.paid_amount,
            payment: snapshot(o)?,
            payments: bundle
                .payments
                .iter()
                .map(|p| PaymentView {
                    transaction_id: p.transaction_id.clone(),
                    amount: p.amount,
                    paid_at: p.paid_at,
                    source: p.source,
                    actor: p.actor.clone(),
                    note: p.note.clone(),
                    linked_transaction_id: p.bank_transaction_id.clone(),
                })
                .collect(),
            events: bundle
                .events
                .iter()
                .map(|e| EventView {
                    at: e.at,
                    kind: e.kind.clone(),
                    message: e.message.clone(),
                    actor: e.actor.clone(),
                })
                .collect(),
        })
    }
}

/// A code in clear, from RevealCodes.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RevealedCode {
    pub id: Uuid,
    pub code: String,
    pub status: CodeStatus,
    pub expires_at: Option<DateTime<Utc>>,
    pub replacement: bool,
    pub replaced: bool,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RevealedItem {
    pub item_id: Uuid,
    pub product_id: Uuid,
    pub product_name: String,
    pub codes: Vec<RevealedCode>,
}

#[derive(Debug, Serialize)]
pub struct RevealView {
    pub items: Vec<RevealedItem>,
}

#[derive(Debug, Serialize)]
pub struct AccessLinkView {
    pub url: String,
}

/// The internal ConfirmPayment's answer.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmView {
    pub order_id: Uuid,
    pub order_code: String,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    pub applied: bool,
    pub outcome: Outcome,
}
