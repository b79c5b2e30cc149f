//! Table structs, insert/update forms and the queries on them. Every query is a function
//! taking `&mut AsyncPgConnection`; functions that must run inside a transaction say so.

pub mod audit_entry;
pub mod order_provider;
pub mod provider;
pub mod test_delivery;
pub mod transaction;

use crate::domain::audit::PaymentAuditAction;
use crate::domain::provider::ProviderType;
use crate::domain::transaction::{
    TransactionFlag, TransactionSource, TransactionStatus, TransferType,
};
use crate::domain::webhook_auth::WebhookAuth;

shop_common::text_enum!(
    PaymentAuditAction,
    ProviderType,
    TransactionStatus,
    TransferType,
    WebhookAuth,
    TransactionFlag,
    TransactionSource
);
