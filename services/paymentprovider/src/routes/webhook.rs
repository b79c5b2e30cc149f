//! POST web PaymentWebhook/SePay/{providerId}: SePay's bank-transfer notifications.
//!
//! What crosses this boundary: the caller proves itself with
//! `Authorization: Apikey <the provider's webhook secret>` (no bearer token; the gateway
//! forwards this header on `/api/web/` routes). The key is checked before the body is
//! read; any failure is code 501 (HTTP 401). An authenticated delivery whose body cannot
//! be read is code 1 (SePay retries it); any other authenticated delivery is answered
//! `success: true`, HTTP 200, with `{id, status}` of the stored transaction: new,
//! repeated, ignored or pending alike, and whether or not retailstore is up.

use actix_web::http::header::AUTHORIZATION;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;
use serde_json::Value;
use shop_common::db::DbPool;
use shop_common::openapi::{BadRequest, Enveloped, PayloadTooLarge, Unavailable};
use shop_common::outbox::Wake;
use shop_common::route_table::RouteTable;
use shop_common::{ApiError, ok};
use utoipa::ToSchema;
use uuid::Uuid;

use super::WEBHOOK_SEPAY_PREFIX;
use super::openapi::{BadPathSegment, WebhookRefused};
use crate::crypto::SecretCipher;
use crate::domain::sepay::Delivery;
use crate::domain::transaction::{TransactionStatus, TransferType};
use crate::error::PaymentError;
use crate::notifications::RefusedWebhooks;
use crate::retailstore::Retailstore;
use crate::settlement;

/// SePay's bodies are well under 2 KiB.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The answer to an authenticated delivery.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookAnswer {
    /// The stored transaction
    pub id: Uuid,
    pub status: TransactionStatus,
}

/// SePay's body; other fields are kept in the stored raw payload. The handler reads it as
/// JSON (`Delivery::parse`): this type only describes it.
#[derive(Debug, ToSchema)]
#[schema(rename_all = "camelCase")]
pub struct SePayDelivery {
    /// SePay's transaction id (unique per provider)
    #[schema(schema_with = super::openapi::integer_or_string)]
    pub id: Value,
    #[schema(example = "Vietcombank")]
    pub gateway: String,
    /// YYYY-MM-DD HH:MM:SS, Asia/Ho_Chi_Minh (an RFC 3339 time is accepted too)
    #[schema(example = "2026-03-25 14:02:37")]
    pub transaction_date: String,
    pub account_number: String,
    pub sub_account: Option<String>,
    pub code: Option<String>,
    pub content: Option<String>,
    pub transfer_type: TransferType,
    #[schema(minimum = 1)]
    pub transfer_amount: i64,
    pub accumulated: Option<i64>,
    pub reference_code: Option<String>,
    pub description: Option<String>,
}

/// SePay bank-transfer notification for one provider (the provider's webhookUrl)
///
/// Authenticated by `Authorization: Apikey <the provider's webhook secret>`, compared in constant time before the body is read; a wrong or missing key, a disabled webhook, a provider without a secret, an unknown or deleted provider, or a path id that is not a uuid all answer code 501 (HTTP 401). An authenticated delivery is stored once per provider and SePay `id` (the raw body kept; `transactionDate` read as Asia/Ho_Chi_Minh, +07:00) and answered HTTP 200 `success: true` with the stored transaction's `{id, status}`: new or repeated, ignored, unmatched or pending alike. Outgoing transfers and transfers to another account (digits of `accountNumber` or `subAccount` compared with the provider's account) are `ignored`; without an order code (`DH` + 8 Crockford base32, any case, in `code` or anywhere in `content`, also glued to other words) `unmatched`; otherwise retailstore's ConfirmPayment decides: `matched`, `duplicate` (it was already paid by hand) or `unmatched` (no such order). If retailstore cannot be reached the transaction stays `pending` and is retried with backoff (10 s doubling to 10 min) by a background job; a repeated delivery of a pending transaction retries at once. A body that cannot be read is code 1 (SePay retries it), over 64 KiB code 7.
#[utoipa::path(post, path = "/paymentprovider/api/web/v1/PaymentWebhook/SePay/{providerId}",
    operation_id = "sepayWebhook", tag = "PaymentWebhook",
    params(("providerId" = Uuid, Path)), security(("sepayApiKey" = [])),
    request_body = SePayDelivery,
    responses((status = 200, description = "Success", body = inline(Enveloped<WebhookAnswer>)),
        BadRequest, WebhookRefused, BadPathSegment, PayloadTooLarge, Unavailable))]
async fn sepay(
    req: HttpRequest,
    payload: web::Payload,
    pool: web::Data<DbPool>,
    cipher: web::Data<SecretCipher>,
    retailstore: web::Data<Retailstore>,
    wake: web::Data<Wake>,
    refused: web::Data<RefusedWebhooks>,
) -> Result<HttpResponse, PaymentError> {
    let provider_id = req.match_info().get("providerId").unwrap_or_default();
    let authorization = req.headers().get(AUTHORIZATION).map(|v| v.as_bytes());
    let provider = match settlement::authenticate(&pool, &cipher, provider_id, authorization).await
    {
        Err(PaymentError::WebhookUnauthorized) => {
            refused.refused(&pool, &wake).await;
            return Err(PaymentError::WebhookUnauthorized);
        }
        other => other?,
    };

    let body = match payload.to_bytes_limited(BODY_LIMIT).await {
        Err(_) => return Err(ApiError::payload_too_large().into()),
        Ok(Err(_)) => return Err(ApiError::bad_request("Không đọc được dữ liệu gửi lên").into()),
        Ok(Ok(body)) => body,
    };
    let raw: Value = serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad_request(format!("JSON không hợp lệ: {e}")))?;
    let delivery = Delivery::parse(&raw)?;
    let stored =
        settlement::receive(&pool, &retailstore, &wake, &provider, &delivery, &raw).await?;
    Ok(ok(WebhookAnswer {
        id: stored.id,
        status: stored.status,
    }))
}

pub fn routes(table: RouteTable) -> RouteTable {
    table.post(&format!("{WEBHOOK_SEPAY_PREFIX}/{{providerId}}"), sepay)
}
