//! The events retailstore raises (docs/notifications.md, section 2), each an outbox row
//! written in the transaction of the change, and relayed to system by
//! `shop_common::outbox`. A shopper e-mail carries its own fresh access token: its hash
//! joins `order_access_tokens`, and the order link holding it is sealed with the code
//! keyring, bound to the row id, until the relay has handed it over. `data` never holds
//! a serial code or a token.

use std::sync::Arc;

use actix_web::web;
use chrono::{DateTime, Utc};
use diesel_async::AsyncPgConnection;
use serde::Serialize;
use shop_common::outbox::{SealedLink, Wake};
use uuid::Uuid;

use crate::crypto::{CodeCipher, SealedCode};
use crate::domain::order::AccessToken;
use crate::error::StoreError;
use crate::models::order::{Order, OrderItem};
use crate::models::outbox::{AccessTokens, NewOutboxRow, flag_low_stock};
use crate::peers::payment_provider::PaymentInstruction;

/// The events, as Enqueue names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    OrderPlaced,
    CodesReady,
    CodesReplaced,
    NeedsAttention,
    LinkResent,
    LowStock,
}

impl Event {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::OrderPlaced => "order_placed",
            Self::CodesReady => "codes_ready",
            Self::CodesReplaced => "codes_replaced",
            Self::NeedsAttention => "needs_attention",
            Self::LinkResent => "link_resent",
            Self::LowStock => "low_stock",
        }
    }
}

/// A line as an e-mail lists it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Line<'a> {
    name: &'a str,
    quantity: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    line_total: Option<i64>,
}

/// What order_placed tells of the payment: where to pay, not the QR payload.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PaymentFacts<'a> {
    provider_name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    bank_name: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    account_number: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    account_name: Option<&'a str>,
    transfer_content: &'a str,
    amount_due: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    instructions: Option<&'a str>,
}

/// The facts every order event starts with.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct OrderFacts<'a> {
    order_id: Uuid,
    #[serde(skip_serializing_if = "Option::is_none")]
    customer_name: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    total: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    paid_amount: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expires_at: Option<DateTime<Utc>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    items: Option<Vec<Line<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    payment: Option<PaymentFacts<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a str>,
}

impl<'a> OrderFacts<'a> {
    fn of(order: &'a Order) -> Self {
        Self {
            order_id: order.id,
            customer_name: order.customer_name.as_deref(),
            total: None,
            paid_amount: None,
            expires_at: None,
            items: None,
            payment: None,
            reason: None,
        }
    }

    fn amounts(self, order: &Order) -> Self {
        Self {
            total: Some(order.total),
            paid_amount: Some(order.paid_amount),
            ..self
        }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct LowStockFacts<'a> {
    product_id: Uuid,
    product_name: &'a str,
    available: i64,
    threshold: i32,
}

fn json(value: &impl Serialize) -> Result<serde_json::Value, StoreError> {
    serde_json::to_value(value).map_err(|_| StoreError::Inconsistent("event data not JSON"))
}

/// A shopper e-mail prepared for its row: see [`Notifier::shopper_mail`].
pub struct ShopperMail {
    pub id: Uuid,
    pub token_hash: [u8; 32],
    pub link: SealedCode,
}

/// Writes the events, and wakes the relay after their commits. Cheap to clone; shared as
/// app data and handed to the expiry job.
#[derive(Clone)]
pub struct Notifier {
    cipher: web::Data<CodeCipher>,
    /// Without a trailing slash.
    public_base_url: Arc<str>,
    wake: Wake,
}

impl Notifier {
    pub fn new(cipher: web::Data<CodeCipher>, public_base_url: &str, wake: Wake) -> Self {
        Self {
            cipher,
            public_base_url: public_base_url.into(),
            wake,
        }
    }

    /// The relay's handle: writers call [`wake`](Self::wake) after their commits.
    pub fn wake_handle(&self) -> Wake {
        self.wake.clone()
    }

    /// Tells the relay that a commit wrote outbox rows.
    pub fn wake(&self) {
        self.wake.now();
    }

    /// The shopper's link to an order: `{PUBLIC_BASE_URL}/order-detail?code=…#token=…`
    /// (the token after `#` never reaches a server log).
    pub fn link(&self, code: &str, token: &AccessToken) -> String {
        format!(
            "{}/order-detail?code={code}#token={}",
            self.public_base_url,
            token.as_str()
        )
    }

    /// Opens an outbox row's sealed link, for the relay.
    pub fn open(&self, id: Uuid, link: &SealedLink) -> Result<String, String> {
        self.cipher
            .open_link(id, link.key_id, &link.nonce, &link.sealed)
            .map_err(|e| e.to_string())
    }

    /// A shopper e-mail about `order` (and, per the settings, the seller's alert): a
    /// fresh access token joins the order's, and the link holding it is sealed for the
    /// row.
    async fn to_shopper(
        &self,
        conn: &mut AsyncPgConnection,
        order: &Order,
        event: Event,
        data: serde_json::Value,
    ) -> Result<(), StoreError> {
        let mail = self.shopper_mail(&order.code)?;
        AccessTokens::insert(conn, order.id, &mail.token_hash).await?;
        NewOutboxRow {
            id: mail.id,
            event: event.as_str(),
            order_code: Some(&order.code),
            recipient_email: Some(&order.email),
            data: &data,
            link: Some(&mail.link),
        }
        .insert(conn)
        .await?;
        Ok(())
    }

    /// A shopper e-mail's row id, fresh token (its hash) and sealed link, for the
    /// statements that write the row themselves (the checkout functions).
    pub fn shopper_mail(&self, order_code: &str) -> Result<ShopperMail, StoreError> {
        let id = Uuid::now_v7();
        let token = AccessToken::generate();
        let link = self.cipher.seal_link(id, &self.link(order_code, &token))?;
        Ok(ShopperMail {
            id,
            token_hash: token.hash(),
            link,
        })
    }

    /// order_placed's data: the amount, where to pay, the memo and the expiry (the
    /// checkout function writes the row, with the link of a [`shopper_mail`](Self::shopper_mail)).
    pub fn order_placed_data(
        order: &Order,
        items: &[OrderItem],
    ) -> Result<serde_json::Value, StoreError> {
        let payment: PaymentInstruction = serde_json::from_value(order.payment.clone())
            .map_err(|_| StoreError::Inconsistent("stored payment snapshot unreadable"))?;
        let facts = OrderFacts {
            total: Some(order.total),
            expires_at: Some(order.expires_at),
            items: Some(
                items
                    .iter()
                    .map(|i| Line {
                        name: &i.product_name,
                        quantity: i.quantity,
                        line_total: Some(i.line_total),
                    })
                    .collect(),
            ),
            payment: Some(PaymentFacts {
                provider_name: &payment.provider_name,
                bank_name: payment.bank_name.as_deref(),
                account_number: payment.account_number.as_deref(),
                account_name: payment.account_name.as_deref(),
                transfer_content: &payment.transfer_content,
                amount_due: payment.amount_due,
                instructions: payment.instructions.as_deref(),
            }),
            ..OrderFacts::of(order)
        };
        json(&facts)
    }

    /// codes_ready: the order completed (`order` as saved).
    pub async fn codes_ready(
        &self,
        conn: &mut AsyncPgConnection,
        order: &Order,
    ) -> Result<(), StoreError> {
        let items = OrderItem::of_order(conn, order.id).await?;
        let facts = OrderFacts {
            items: Some(
                items
                    .iter()
                    .map(|i| Line {
                        name: &i.product_name,
                        quantity: i.quantity,
                        line_total: None,
                    })
                    .collect(),
            ),
            ..OrderFacts::of(order).amounts(order)
        };
        self.to_shopper(conn, order, Event::CodesReady, json(&facts)?)
            .await
    }

    /// codes_replaced: `quantity` new codes of `product_name`.
    pub async fn codes_replaced(
        &self,
        conn: &mut AsyncPgConnection,
        order: &Order,
        product_name: &str,
        quantity: i32,
    ) -> Result<(), StoreError> {
        let facts = OrderFacts {
            items: Some(vec![Line {
                name: product_name,
                quantity,
                line_total: None,
            }]),
            ..OrderFacts::of(order)
        };
        self.to_shopper(conn, order, Event::CodesReplaced, json(&facts)?)
            .await
    }

    /// needs_attention: money the shop must handle (`order` as saved); `reason` is the
    /// timeline's Vietnamese message, for the seller.
    pub async fn needs_attention(
        &self,
        conn: &mut AsyncPgConnection,
        order: &Order,
        reason: &str,
    ) -> Result<(), StoreError> {
        let facts = OrderFacts {
            reason: Some(reason),
            ..OrderFacts::of(order).amounts(order)
        };
        self.to_shopper(conn, order, Event::NeedsAttention, json(&facts)?)
            .await
    }

    /// link_resent: a new link to the order's own address.
    pub async fn link_resent(
        &self,
        conn: &mut AsyncPgConnection,
        order: &Order,
    ) -> Result<(), StoreError> {
        let facts = OrderFacts::of(order);
        self.to_shopper(conn, order, Event::LinkResent, json(&facts)?)
            .await
    }

    /// low_stock for each of `product_ids` that this transaction's reservation left
    /// below its threshold, at most once per product per 24 h. Returns whether it wrote
    /// a row.
    pub async fn low_stock(
        conn: &mut AsyncPgConnection,
        product_ids: &[Uuid],
    ) -> Result<bool, StoreError> {
        let mut ids = product_ids.to_vec();
        ids.sort();
        ids.dedup();
        let low = flag_low_stock(conn, &ids).await?;
        for product in &low {
            let data = json(&LowStockFacts {
                product_id: product.product_id,
                product_name: &product.name,
                available: product.available,
                threshold: product.threshold,
            })?;
            NewOutboxRow {
                id: Uuid::now_v7(),
                event: Event::LowStock.as_str(),
                order_code: None,
                recipient_email: None,
                data: &data,
                link: None,
            }
            .insert(conn)
            .await?;
        }
        Ok(!low.is_empty())
    }
}

impl std::fmt::Debug for Notifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Notifier")
            .field("public_base_url", &self.public_base_url)
            .finish_non_exhaustive()
    }
}
