//! POST web PaymentWebhook/SePay/{providerId}: SePay's bank-transfer notifications.
//!
//! What crosses this boundary: the caller proves itself the provider's way
//! (`webhookAuth`, see [`crate::domain::webhook_auth`]): `Authorization: Apikey <the
//! provider's webhook secret>` (checked before the body is read), or `X-SePay-Signature`
//! over `{X-SePay-Timestamp}.{raw body}` (the body read first, at most 64 KiB, then
//! checked). No bearer token; the gateway forwards these headers on `/api/web/` routes.
//! Any failure is code 501 (HTTP 401) and counts against the client
//! ([`crate::limiter`]): a client refused too often is answered code 4 (HTTP 429) before
//! any database work or key check. An authenticated delivery whose body cannot be read is
//! code 1 (SePay retries it); any other authenticated delivery is answered `success:
//! true`, HTTP 200, with `{id, status}` of the stored transaction: new, repeated, ignored
//! or pending alike, and whether or not retailstore is up. A delivery carrying the test
//! marker ([`crate::domain::webhook_call::TEST_MARKER`]) is stored as a test delivery
//! instead. Every call naming a live provider records its outcome on that provider
//! (`lastWebhook`), whatever it was.

use actix_web::http::header::AUTHORIZATION;
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use shop_common::db::DbPool;
use shop_common::net::{TrustedProxies, request_client_ip};
use shop_common::openapi::{BadRequest, Enveloped, PayloadTooLarge, Unavailable};
use shop_common::outbox::Wake;
use shop_common::route_table::RouteTable;
use shop_common::{ApiError, ok};
use utoipa::ToSchema;
use uuid::Uuid;

use super::WEBHOOK_SEPAY_PREFIX;
use super::openapi::{BadPathSegment, TooManyRefusals, WebhookRefused};
use crate::clock::Clock;
use crate::crypto::SecretCipher;
use crate::domain::sepay::Delivery;
use crate::domain::transaction::{TransactionSource, TransactionStatus, TransferType};
use crate::domain::webhook_auth::{SIGNATURE_HEADER, TIMESTAMP_HEADER, WebhookAuth};
use crate::domain::webhook_call::{WebhookOutcome, test_marker};
use crate::error::PaymentError;
use crate::limiter::RefusalLimiter;
use crate::models::provider::StoredProvider;
use crate::notifications::RefusedWebhooks;
use crate::peers::retailstore::Retailstore;
use crate::settlement::{self, Credentials, Incoming};

/// SePay's bodies are well under 2 KiB.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The answer to an authenticated delivery.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookAnswer {
    /// The stored transaction (the test delivery's id for a test)
    pub id: Uuid,
    /// `ignored` for a test delivery: it is never money
    pub status: TransactionStatus,
    /// Present (true) only for a test delivery ("Gửi thử", the body carried
    /// `shopTestDelivery`): stored as a test, never as a transaction. SePay's own
    /// deliveries are answered `{id, status}` as before.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[schema(required = false)]
    pub test: bool,
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
/// Authenticated the provider's way (`webhookAuth`). `apikey`: `Authorization: Apikey <webhook secret>`, compared in constant time before the body is read. `hmac`: `X-SePay-Timestamp` (unix seconds, within 5 minutes of the server's clock) and `X-SePay-Signature: sha256=<hex HMAC-SHA256 of "{X-SePay-Timestamp}.{raw body}" keyed with the webhook secret>` (the prefix optional), compared in constant time. A wrong or missing key or signature, a stale or future timestamp, a disabled webhook, a provider without a secret, an unknown or deleted provider, or a path id that is not a uuid all answer code 501 (HTTP 401); a client (its address as TRUSTED_PROXIES resolve it, IPv6 by /64) refused 20 times within 10 minutes is answered code 4 (HTTP 429) until its window ends, before any database work. An authenticated delivery is stored once per bank transfer (SePay `id`, whichever provider brings it; the raw body kept; `transactionDate` read as Asia/Ho_Chi_Minh, +07:00) and answered HTTP 200 `success: true` with the stored transaction's `{id, status}`: new or repeated, ignored, unmatched or pending alike. Outgoing transfers and transfers to another account (digits of `accountNumber` or `subAccount` compared with the provider's account) are `ignored`; without an order code (`DH` + 8 Crockford base32, any case, in `code` or anywhere in `content`, also glued to other words) `unmatched`; for an order whose payment instruction named another provider `unmatched` with `flag: provider_mismatch` (not applied: staff decide with Assign); otherwise retailstore's ConfirmPayment (`transactionId` `sepay:<id>`) decides: `matched`, `duplicate` (it was already paid by hand) or `unmatched` (no such order). If retailstore cannot be reached the transaction stays `pending` and is retried with backoff (10 s doubling to 10 min) by a background job; a repeated delivery of a pending transaction retries at once. A body that cannot be read is code 1 (SePay retries it), over 64 KiB code 7 (code 501 in hmac mode, where the body is read before it is trusted). Every call naming a live provider, accepted or refused, sets that provider's `lastWebhook` (when, and the outcome: the transaction's status, `test`, or why it was refused); a body that is bad input (code 1 or 7) changes nothing. A delivery whose body carries `shopTestDelivery` (what "Gửi thử", PaymentProvider/TestWebhook, sends) is authenticated and parsed the same way, then stored as a test delivery, not as a transaction: answered `{id, status: ignored, test: true}`, never sent to retailstore whatever order code it names, never in the transaction list or the unmatched count.
#[utoipa::path(post, path = "/paymentprovider/api/web/v1/PaymentWebhook/SePay/{providerId}",
    operation_id = "sepayWebhook", tag = "PaymentWebhook",
    params(("providerId" = Uuid, Path)), security(("sepayApiKey" = []), ("sepayHmac" = [], "sepayTimestamp" = [])),
    request_body = SePayDelivery,
    responses((status = 200, description = "Success", body = inline(Enveloped<WebhookAnswer>)),
        BadRequest, WebhookRefused, BadPathSegment, PayloadTooLarge, TooManyRefusals, Unavailable))]
#[allow(clippy::too_many_arguments)]
async fn sepay(
    req: HttpRequest,
    payload: web::Payload,
    pool: web::Data<DbPool>,
    cipher: web::Data<SecretCipher>,
    retailstore: web::Data<Retailstore>,
    wake: web::Data<Wake>,
    refused: web::Data<RefusedWebhooks>,
    guard: web::Data<WebhookGuard>,
) -> Result<HttpResponse, PaymentError> {
    let now = guard.clock.now();
    let client = request_client_ip(&req, &guard.proxies);
    if client.is_some_and(|ip| guard.limiter.is_limited(ip, now)) {
        return Err(ApiError::too_many_requests().into());
    }
    let provider_id = req.match_info().get("providerId").unwrap_or_default();
    let header = |name| req.headers().get(name).map(|v| v.as_bytes());
    let presented = Credentials {
        authorization: header(AUTHORIZATION.as_str()),
        signature: header(SIGNATURE_HEADER),
        timestamp: header(TIMESTAMP_HEADER),
    };
    let found = settlement::webhook_key(&pool, &cipher, provider_id).await?;
    let signed = found
        .as_ref()
        .is_some_and(|(p, _)| p.webhook_auth == WebhookAuth::Hmac);
    let mut payload = Some(payload);
    // In hmac mode the body is what is signed: read it first (a body that cannot be read
    // cannot be verified, and is refused like any unverified one).
    let early = if signed {
        read_body(payload.take()).await.ok()
    } else {
        None
    };
    let provider = match settlement::check_credentials(found, presented, early.as_deref(), now) {
        Ok(provider) => provider,
        Err(refusal) => {
            if let Some(ip) = client {
                guard.limiter.refused(ip, now);
            }
            if let Some(id) = refusal.provider_id {
                settlement::record_call(&pool, id, refusal.reason).await;
            }
            refused.refused(&pool, &wake).await;
            return Err(PaymentError::WebhookUnauthorized);
        }
    };
    // Bad input (code 1 or 7) changes nothing, the last-call line included.
    let answer = accept(&pool, &retailstore, &wake, &provider, early, payload, now).await?;
    let outcome = if answer.test {
        WebhookOutcome::Test
    } else {
        answer.status.into()
    };
    settlement::record_call(&pool, provider.id, outcome).await;
    Ok(ok(answer))
}

/// An authenticated delivery: its body read (unless `early` holds it already), parsed,
/// then stored as a test delivery when it carries the test marker, or as a transaction.
async fn accept(
    pool: &DbPool,
    retailstore: &Retailstore,
    wake: &Wake,
    provider: &StoredProvider,
    early: Option<web::Bytes>,
    mut payload: Option<web::Payload>,
    now: DateTime<Utc>,
) -> Result<WebhookAnswer, PaymentError> {
    let body = match early {
        Some(body) => body,
        None => read_body(payload.take()).await?,
    };
    let raw: Value = serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad_request(format!("JSON không hợp lệ: {e}")))?;
    let delivery = Delivery::parse(&raw)?;
    if let Some(test_id) = test_marker(&raw) {
        settlement::receive_test(pool, provider, test_id, &raw, now).await?;
        return Ok(WebhookAnswer {
            id: test_id,
            status: TransactionStatus::Ignored,
            test: true,
        });
    }
    let incoming = Incoming {
        delivery: &delivery,
        raw: &raw,
        source: TransactionSource::Webhook,
    };
    let stored = settlement::receive(pool, retailstore, wake, provider, incoming).await?;
    Ok(WebhookAnswer {
        id: stored.id,
        status: stored.status,
        test: false,
    })
}

/// What the webhook needs besides the database: the time, who the client is, and the
/// per-client count of refusals.
#[derive(Debug, Default)]
pub struct WebhookGuard {
    pub clock: Clock,
    pub proxies: TrustedProxies,
    pub limiter: RefusalLimiter,
}

/// The whole body, at most [`BODY_LIMIT`] bytes (code 7 beyond, code 1 when the stream
/// fails or was already read).
async fn read_body(payload: Option<web::Payload>) -> Result<web::Bytes, PaymentError> {
    let unreadable = || ApiError::bad_request("Không đọc được dữ liệu gửi lên").into();
    let Some(payload) = payload else {
        return Err(unreadable());
    };
    match payload.to_bytes_limited(BODY_LIMIT).await {
        Err(_) => Err(ApiError::payload_too_large().into()),
        Ok(Err(_)) => Err(unreadable()),
        Ok(Ok(body)) => Ok(body),
    }
}

pub fn routes(table: RouteTable) -> RouteTable {
    table.post(&format!("{WEBHOOK_SEPAY_PREFIX}/{{providerId}}"), sepay)
}
