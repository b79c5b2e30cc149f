//! The payment instruction: paymentprovider's answer to retailstore's internal
//! PaymentInstruction call, which retailstore keeps with the order and shows the shopper.
//! One type for both sides of that call.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};
use uuid::Uuid;

/// paymentprovider's internal route that answers it.
pub const PATH: &str = "/paymentprovider/internal/v1/PaymentProvider/PaymentInstruction";

/// The provider types (`type`), as paymentprovider names them.
pub const PROVIDER_TYPES: &[&str] = &["vietqr_bank", "manual"];

fn provider_types() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(PROVIDER_TYPES.iter().copied()))
        .build()
}

/// What a shopper must pay, where and with which memo.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(
    description = "What a shopper must pay, where and with which memo. Kept with the order as it was at CreateOrder: a later change of the provider does not change it."
)]
pub struct PaymentInstruction {
    pub provider_id: Uuid,
    pub provider_name: String,
    #[serde(rename = "type")]
    #[schema(schema_with = provider_types)]
    pub kind: String,
    #[schema(required = true)]
    pub bank_name: Option<String>,
    #[schema(required = true)]
    pub bank_bin: Option<String>,
    #[schema(required = true)]
    pub account_number: Option<String>,
    #[schema(required = true)]
    pub account_name: Option<String>,
    /// The order code, to put in the transfer memo
    pub transfer_content: String,
    /// VND
    pub amount_due: i64,
    /// The VietQR string (NAPAS EMVCo) the shopper's banking app scans
    #[schema(required = true)]
    pub qr_payload: Option<String>,
    #[schema(required = true)]
    pub instructions: Option<String>,
}

/// retailstore's request.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InstructionRequest<'a> {
    pub provider_id: Uuid,
    pub amount: i64,
    pub order_code: &'a str,
}
