//! paymentprovider as retailstore calls it: the payment instruction of a new order
//! (internal route, shared key). The answer becomes the order's `payment` snapshot.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use shop_common::config::Secret;
use shop_common::internal::{CallError, InternalClient, http_client};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::StoreError;

pub const INSTRUCTION_PATH: &str =
    "/paymentprovider/internal/v1/PaymentProvider/PaymentInstruction";
/// A new order waits at most this long for its instruction.
pub const TIMEOUT: Duration = Duration::from_secs(5);
/// paymentprovider's code for an unknown or inactive provider.
const PROVIDER_UNAVAILABLE: u32 = 500;

/// paymentprovider's provider types.
fn provider_types() -> utoipa::openapi::schema::Object {
    crate::routes::openapi::one_of(&["vietqr_bank", "manual"])
}

/// What a shopper must pay, where and with which memo: the web order detail's `payment`,
/// stored with the order as it was at CreateOrder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(description = "Ảnh chụp lúc tạo đơn; sửa phương thức thanh toán sau đó không đổi đơn cũ")]
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
    /// Nội dung chuyển khoản: mã đơn hàng
    pub transfer_content: String,
    pub amount_due: i64,
    /// Chuỗi VietQR (NAPAS EMVCo)
    #[schema(required = true)]
    pub qr_payload: Option<String>,
    #[schema(required = true)]
    pub instructions: Option<String>,
}

/// paymentprovider's answer (`providerId` and `amountDue` filled in from the request when
/// absent).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Answer {
    provider_id: Option<Uuid>,
    provider_name: String,
    #[serde(rename = "type")]
    kind: String,
    bank_name: Option<String>,
    bank_bin: Option<String>,
    account_number: Option<String>,
    account_name: Option<String>,
    transfer_content: String,
    amount_due: Option<i64>,
    qr_payload: Option<String>,
    instructions: Option<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Request<'a> {
    provider_id: Uuid,
    amount: i64,
    order_code: &'a str,
}

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
        let request = Request {
            provider_id,
            amount,
            order_code,
        };
        let answer: Answer = self
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
        Ok(PaymentInstruction {
            provider_id: answer.provider_id.unwrap_or(provider_id),
            provider_name: answer.provider_name,
            kind: answer.kind,
            bank_name: answer.bank_name,
            bank_bin: answer.bank_bin,
            account_number: answer.account_number,
            account_name: answer.account_name,
            transfer_content: answer.transfer_content,
            amount_due: answer.amount_due.unwrap_or(amount),
            qr_payload: answer.qr_payload,
            instructions: answer.instructions,
        })
    }
}
