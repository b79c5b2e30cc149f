//! The order answers: the shopper's detail and lookup, the back office's list, detail,
//! revealed codes and access link, and the internal ConfirmPayment's answer.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::crypto::CodeCipher;
use crate::domain::order::{EventKind, OrderStatus, PaymentSource, PaymentStatus};
use crate::domain::serial_code::{CodeStatus, masked};
use crate::error::StoreError;
use crate::models::order::Order;
use crate::orders::{OrderBundle, Outcome};
use crate::peers::payment_provider::PaymentInstruction;

/// A delivered code in the shopper's view.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebOrderCode {
    /// Mã thẻ (PIN)
    pub code: String,
    /// Số seri in trên thẻ, khi thẻ có
    #[schema(required = true)]
    pub serial: Option<String>,
    #[schema(required = true)]
    pub expires_at: Option<DateTime<Utc>>,
    /// Mã thay thế (cửa hàng đổi miễn phí cho một mã trước đó)
    pub replacement: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebOrderItem {
    pub product_id: Uuid,
    pub product_name: String,
    #[schema(required = true)]
    pub image_url: Option<String>,
    pub unit_price: i64,
    pub quantity: i32,
    pub line_total: i64,
    /// Chỉ khi đơn đã hoàn tất (null trước đó)
    #[schema(required = true)]
    pub codes: Option<Vec<WebOrderCode>>,
    /// Hướng dẫn sử dụng của sản phẩm (Markdown, hiển thị không kèm HTML); chỉ khi đơn
    /// đã hoàn tất
    #[schema(required = true)]
    pub redeem_instructions: Option<String>,
}

/// The web order detail: the lookup's status, amounts and payment instruction,
/// with the shopper's contact and the items.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(description = "Chi tiết đơn hàng cho khách")]
pub struct WebOrder {
    #[serde(flatten)]
    pub state: OrderLookup,
    #[schema(required = true)]
    pub customer_name: Option<String>,
    pub email: String,
    #[schema(required = true)]
    pub phone: Option<String>,
    pub items: Vec<WebOrderItem>,
}

/// CreateOrder's answer: the web order detail and its access token (only here).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebOrderCreated {
    #[serde(flatten)]
    pub order: WebOrder,
    /// 32 byte ngẫu nhiên, base64url; chỉ có ở đây. Gửi lại trong header X-Order-Token
    pub access_token: String,
}

fn snapshot(order: &Order) -> Result<PaymentInstruction, StoreError> {
    serde_json::from_value(order.payment.clone())
        .map_err(|_| StoreError::Inconsistent("stored payment snapshot unreadable"))
}

impl WebOrder {
    /// The shopper's view; codes decrypted only when the order is completed.
    pub fn build(bundle: &OrderBundle, cipher: &CodeCipher) -> Result<Self, StoreError> {
        let mut delivered = bundle.delivered(cipher)?;
        let completed = bundle.order.status == OrderStatus::Completed;
        let o = &bundle.order;
        Ok(Self {
            state: OrderLookup::of(o)?,
            customer_name: o.customer_name.clone(),
            email: o.email.clone(),
            phone: o.phone.clone(),
            items: bundle
                .items
                .iter()
                .map(|i| WebOrderItem {
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
                            .map(|d| WebOrderCode {
                                code: d.code,
                                serial: d.serial,
                                expires_at: d.expires_at,
                                replacement: d.replacement,
                            })
                            .collect()
                    }),
                    redeem_instructions: bundle.redeem_instructions.get(&i.product_id).cloned(),
                })
                .collect(),
        })
    }
}

/// OrderLookup's answer: status, amounts and the payment instruction only.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(
    description = "Chỉ trạng thái, số tiền và hướng dẫn thanh toán: không có mã, không có token"
)]
pub struct OrderLookup {
    #[schema(example = "DH7K2M9QXA")]
    pub code: String,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    #[schema(required = true)]
    pub paid_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub completed_at: Option<DateTime<Utc>>,
    pub total: i64,
    pub paid_amount: i64,
    pub payment: PaymentInstruction,
}

impl OrderLookup {
    pub fn of(o: &Order) -> Result<Self, StoreError> {
        Ok(Self {
            code: o.code.clone(),
            status: o.status,
            payment_status: o.payment_status,
            created_at: o.created_at,
            expires_at: o.expires_at,
            paid_at: o.paid_at,
            completed_at: o.completed_at,
            total: o.total,
            paid_amount: o.paid_amount,
            payment: snapshot(o)?,
        })
    }
}

/// A row of the admin list.
pub use crate::models::order::OrderListItem;

/// An order's code in the back office: masked.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrderCode {
    pub id: Uuid,
    pub masked_code: String,
    /// Số seri của thẻ (không bí mật)
    #[schema(required = true)]
    pub serial: Option<String>,
    pub status: CodeStatus,
    /// Mã đổi miễn phí (ReplaceCodes)
    pub replacement: bool,
    /// Đã được thay bằng mã khác; vẫn là sold, khách không còn thấy
    pub replaced: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrderItem {
    pub id: Uuid,
    pub product_id: Uuid,
    pub product_name: String,
    #[schema(required = true)]
    pub image_url: Option<String>,
    pub unit_price: i64,
    pub quantity: i32,
    pub line_total: i64,
    pub codes: Vec<AdminOrderCode>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPayment {
    /// Mã giao dịch của paymentprovider, hoặc manual:<...> cho xác nhận thủ công
    pub transaction_id: String,
    pub amount: i64,
    pub paid_at: DateTime<Utc>,
    pub source: PaymentSource,
    #[schema(required = true)]
    pub actor: Option<String>,
    #[schema(required = true)]
    pub note: Option<String>,
    /// Giao dịch ngân hàng về sau được nhận ra là khoản thủ công này (không tính hai lần)
    #[schema(required = true)]
    pub linked_transaction_id: Option<String>,
    /// Khi cửa hàng ghi nhận khoản tiền (với giao dịch được nhân viên gán: lúc gán)
    pub recorded_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderEvent {
    pub at: DateTime<Utc>,
    #[serde(rename = "type")]
    #[schema(value_type = EventKind)]
    pub kind: String,
    pub message: String,
    #[schema(required = true)]
    pub actor: Option<String>,
}

/// One notification of an order, as system's deliveries list it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderNotification {
    /// order_placed, codes_ready, codes_replaced, needs_attention, link_resent
    pub event: String,
    /// email | telegram
    pub channel: String,
    /// pending | sending | sent | failed
    pub status: String,
    #[schema(required = true)]
    pub sent_at: Option<DateTime<Utc>>,
    /// Địa chỉ hoặc chat nhận (system che bớt)
    pub recipient: String,
    pub attempts: i32,
    pub created_at: DateTime<Utc>,
}

impl From<shop_common::outbox::Delivery> for OrderNotification {
    fn from(d: shop_common::outbox::Delivery) -> Self {
        Self {
            event: d.event,
            channel: d.channel,
            status: d.status,
            sent_at: d.sent_at,
            recipient: d.recipient,
            attempts: d.attempts,
            created_at: d.created_at,
        }
    }
}

/// Admin Order/Detail (also the answer of every admin order action).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrder {
    pub id: Uuid,
    pub code: String,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    #[schema(required = true)]
    pub paid_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub completed_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub customer_name: Option<String>,
    pub email: String,
    #[schema(required = true)]
    pub phone: Option<String>,
    #[schema(required = true)]
    pub note: Option<String>,
    #[schema(required = true)]
    pub cancel_reason: Option<String>,
    #[schema(required = true)]
    pub ip: Option<String>,
    #[schema(required = true)]
    pub user_agent: Option<String>,
    pub items: Vec<AdminOrderItem>,
    pub total: i64,
    pub paid_amount: i64,
    /// Số tiền nhân viên đã ghi nhận hoàn lại (RecordRefund)
    pub refunded_amount: i64,
    /// Khi nhân viên hủy đơn; tiền đến sau đó không tự hoàn tất đơn
    #[schema(required = true)]
    pub cancelled_at: Option<DateTime<Utc>>,
    pub payment: PaymentInstruction,
    pub payments: Vec<OrderPayment>,
    pub events: Vec<OrderEvent>,
    /// Chỉ có ở Order/Detail (lấy từ system; rỗng khi system không trả lời); các thao
    /// tác khác không kèm trường này
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notifications: Option<Vec<OrderNotification>>,
}

impl AdminOrder {
    pub fn build(bundle: &OrderBundle) -> Result<Self, StoreError> {
        let o = &bundle.order;
        let items = bundle
            .items
            .iter()
            .map(|i| AdminOrderItem {
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
                    .map(|c| AdminOrderCode {
                        id: c.id,
                        masked_code: masked(&c.last4),
                        serial: c.serial.clone(),
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
            refunded_amount: o.refunded_amount,
            cancelled_at: o.cancelled_at,
            payment: snapshot(o)?,
            payments: bundle
                .payments
                .iter()
                .map(|p| OrderPayment {
                    transaction_id: p.transaction_id.clone(),
                    amount: p.amount,
                    paid_at: p.paid_at,
                    source: p.source,
                    actor: p.actor.clone(),
                    note: p.note.clone(),
                    linked_transaction_id: p.bank_transaction_id.clone(),
                    recorded_at: p.created_at,
                })
                .collect(),
            events: bundle
                .events
                .iter()
                .map(|e| OrderEvent {
                    at: e.at,
                    kind: e.kind.clone(),
                    message: e.message.clone(),
                    actor: e.actor.clone(),
                })
                .collect(),
            notifications: None,
        })
    }
}

/// A code in clear, from RevealCodes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevealedOrderCode {
    pub id: Uuid,
    pub code: String,
    /// Số seri của thẻ (không bí mật)
    #[schema(required = true)]
    pub serial: Option<String>,
    pub status: CodeStatus,
    #[schema(required = true)]
    pub expires_at: Option<DateTime<Utc>>,
    pub replacement: bool,
    pub replaced: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevealedItem {
    pub item_id: Uuid,
    pub product_id: Uuid,
    pub product_name: String,
    pub codes: Vec<RevealedOrderCode>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RevealedOrder {
    pub items: Vec<RevealedItem>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AccessLink {
    #[schema(example = "https://shop.example.vn/order-detail?code=DH7K2M9QXA#token=...")]
    pub url: String,
}

/// The internal ConfirmPayment's answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankPaymentResult {
    pub order_id: Uuid,
    pub order_code: String,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    /// true chỉ khi khoản tiền vừa được cộng
    pub applied: bool,
    pub outcome: Outcome,
}
