//! Table structs, insert/update forms and the queries on them. Every query is a function
//! taking `&mut AsyncPgConnection`; functions that must run inside a transaction say so.

pub mod audit_entry;
pub mod dashboard;
pub mod idempotency;
pub mod order;
pub mod order_checkout;
pub mod order_event;
pub mod order_payment;
pub mod outbox;
pub mod product;
pub mod serial_code;

use crate::domain::audit::StoreAuditAction;
use crate::domain::order::{OrderStatus, PaymentSource, PaymentStatus};
use crate::domain::product::ProductStatus;
use crate::domain::serial_code::CodeStatus;

shop_common::text_enum!(
    StoreAuditAction,
    ProductStatus,
    CodeStatus,
    OrderStatus,
    PaymentStatus,
    PaymentSource
);
