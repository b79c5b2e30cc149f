//! paymentprovider as retailstore calls it: the payment instruction of a new order
//! (internal route, shared key). The answer becomes the order's `payment` snapshot.

use std::time::Duration;

use shop_common::config::Secret;
use shop_common::internal::{CallError, InternalClient, http_client};
pub use shop_common::payment_instruction::PaymentInstruction;
use shop_common::payment_instruction::{self, InstructionRequest};
use uuid::Uuid;

use crate::error::StoreError;

/// paymentprovider's internal PaymentInstruction route.
pub const INSTRUCTION_PATH: &str = payment_instruction::PATH;
/// A new order waits at most this long for its instruction.
pub const TIMEOUT: Duration = Duration::from_secs(5);
/// paymentprovider's code for an unknown or inactive provider.
const PROVIDER_UNAVAILABLE: u32 = 500;

/// The client, shared as app data.
#[derive(Clone)]
pub struct PaymentProviderClient(InternalClient);

impl PaymentProviderClient {
    pub fn new(base_url: &str, internal_key: Secret) -> Self {
        Self(InternalClient::new(http_client(), base_url, internal_key))
    }

    /// The instruction for paying `amount` to `provider_id` with `order_code` as memo.
    /// Code 500 when the provider is unknown or inactive; code 8 when paymentprovider
    /// cannot answer.
    pub async fn instruction(
        &self,
        provider_id: Uuid,
        amount: i64,
        order_code: &str,
    ) -> Result<PaymentInstruction, StoreError> {
        let request = InstructionRequest {
            provider_id,
            amount,
            order_code,
        };
        let answer: PaymentInstruction = self
            .0
            .post(INSTRUCTION_PATH, &request, TIMEOUT)
            .await
            .map_err(|e| match e {
                CallError::Application(body) if body.code == PROVIDER_UNAVAILABLE => {
                    StoreError::ProviderUnavailable
                }
                CallError::Application(body) if matches!(body.code, 8 | 9) => {
                    StoreError::Upstream(format!("paymentprovider: code {}", body.code))
                }
                CallError::Application(body) => StoreError::UpstreamAnswer(format!(
                    "paymentprovider PaymentInstruction: code {}: {}",
                    body.code, body.message
                )),
                other => StoreError::Upstream(format!("paymentprovider: {other}")),
            })?;
        // The order stores this as what the shopper must pay: it must be what was asked.
        if answer.provider_id != provider_id
            || answer.amount_due != amount
            || answer.transfer_content != order_code
        {
            return Err(StoreError::UpstreamAnswer(
                "paymentprovider PaymentInstruction: another provider, amount or memo".into(),
            ));
        }
        Ok(answer)
    }
}
