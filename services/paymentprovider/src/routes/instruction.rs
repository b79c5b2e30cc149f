//! POST internal PaymentProvider/PaymentInstruction: what a shopper must pay, where, with
//! which memo, and (for bank providers) the VietQR payload. Called by retailstore when it
//! creates an order; it keeps the answer as the order's snapshot.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use shop_common::db::DbPool;
use shop_common::internal::{Caller, InternalCaller};
use shop_common::ok;
use shop_common::openapi::{Enveloped, Unavailable};
use shop_common::payment_instruction::{self, PaymentInstruction};
use shop_common::route_table::RouteTable;
use utoipa::ToSchema;
use uuid::Uuid;

use super::openapi::{InstructionRefused, NoInternalKey, NotYourCaller};
use crate::domain::provider::ProviderType;
use crate::error::{PaymentError, Problems};
use crate::models::order_provider::OrderProvider;
use crate::models::provider::StoredProvider;
use crate::vietqr::{self, Transfer};

/// The largest amount tag 54 can carry (13 characters).
pub const MAX_AMOUNT: i64 = 9_999_999_999_999;
/// The longest order code accepted as a transfer memo.
pub const MAX_ORDER_CODE: usize = 25;

/// The request, as sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentInstructionRequest {
    #[schema(value_type = Uuid, required = true)]
    pub provider_id: Option<Uuid>,
    /// VND
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 9_999_999_999_999_i64)]
    pub amount: Option<i64>,
    #[schema(value_type = String, required = true, pattern = "^[A-Za-z0-9]{1,25}$", example = "DH12345678")]
    pub order_code: Option<String>,
}

/// A checked request.
struct Checked {
    provider_id: Uuid,
    amount: i64,
    order_code: String,
}

impl PaymentInstructionRequest {
    fn check(self) -> Result<Checked, PaymentError> {
        let mut p = Problems::default();
        if self.provider_id.is_none() {
            p.push("providerId", "Vui lòng chọn phương thức thanh toán");
        }
        match self.amount {
            None => p.push("amount", "Thiếu số tiền"),
            Some(a) if !(1..=MAX_AMOUNT).contains(&a) => {
                p.push("amount", "Số tiền phải lớn hơn 0");
            }
            Some(_) => {}
        }
        let code = self
            .order_code
            .as_deref()
            .map(str::trim)
            .unwrap_or_default();
        if code.is_empty()
            || code.len() > MAX_ORDER_CODE
            || !code.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            p.push("orderCode", "Mã đơn hàng gồm 1 đến 25 chữ cái hoặc chữ số");
        }
        p.finish(|| Checked {
            provider_id: self.provider_id.unwrap_or_default(),
            amount: self.amount.unwrap_or_default(),
            order_code: code.to_owned(),
        })
    }
}

fn instruction(
    p: StoredProvider,
    amount: i64,
    order_code: String,
) -> Result<PaymentInstruction, PaymentError> {
    let qr_payload = match (p.kind, &p.bank_bin, &p.account_number) {
        (ProviderType::VietqrBank, Some(bin), Some(account)) => Some(vietqr::payload(&Transfer {
            bank_bin: bin,
            account_number: account,
            amount,
            memo: &order_code,
        })?),
        _ => None,
    };
    Ok(PaymentInstruction {
        provider_id: p.id,
        provider_name: p.name,
        kind: p.kind.as_str().to_owned(),
        bank_name: p.bank_name,
        bank_bin: p.bank_bin,
        account_number: p.account_number,
        account_name: p.account_name,
        transfer_content: order_code,
        amount_due: amount,
        qr_payload,
        instructions: p.instructions,
    })
}

/// Payment instruction for a new order (service-to-service only)
///
/// Requires retailstore's own key in `x-internal-key` (another service's key: 403, code 6); never routed by the gateway. Remembers which provider the order was told to pay through: a transfer for the order that arrives through another provider is held back (`unmatched`, `flag: provider_mismatch`). `qrPayload` is the NAPAS EMVCo VietQR string (tags 00, 01=12, 38, 53=704, 54, 58=VN, 62/08=orderCode, 63=CRC-16/CCITT-FALSE) for vietqr_bank providers, null for manual ones.
#[utoipa::path(post, path = payment_instruction::PATH,
    operation_id = "paymentInstruction", tag = "Internal",
    security(("internalKey" = [])), request_body = PaymentInstructionRequest,
    responses((status = 200, description = "Success", body = inline(Enveloped<PaymentInstruction>)),
        InstructionRefused, NoInternalKey, NotYourCaller, Unavailable))]
async fn payment_instruction(
    caller: InternalCaller,
    pool: web::Data<DbPool>,
    body: web::Json<PaymentInstructionRequest>,
) -> Result<HttpResponse, PaymentError> {
    caller.allow(&[Caller::Retailstore])?;
    let request = body.into_inner().check()?;
    let mut conn = pool.get().await?;
    let provider = StoredProvider::find_active(&mut conn, request.provider_id)
        .await?
        .ok_or(PaymentError::ProviderUnavailable)?;
    // Money for this order is expected through this provider only (settlement flags the
    // rest).
    OrderProvider::record(&mut conn, &request.order_code, provider.id).await?;
    drop(conn);
    Ok(ok(instruction(
        provider,
        request.amount,
        request.order_code,
    )?))
}

pub fn routes(table: RouteTable) -> RouteTable {
    table.post(payment_instruction::PATH, payment_instruction)
}
