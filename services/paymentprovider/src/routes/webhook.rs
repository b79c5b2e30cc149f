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
use shop_common::{ApiError, ok};
use uuid::Uuid;

use super::{WEBHOOK_SEPAY_PREFIX, endpoint};
use crate::crypto::SecretCipher;
use crate::domain::sepay::Delivery;
use crate::domain::transaction::TransactionStatus;
use crate::error::PaymentError;
use crate::retailstore::Retailstore;
use crate::settlement;

/// SePay's bodies are well under 2 KiB.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The answer to an authenticated delivery.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WebhookAnswer {
    /// The stored transaction's id.
    pub id: Uuid,
    pub status: TransactionStatus,
}

async fn sepay(
    req: HttpRequest,
    payload: web::Payload,
    pool: web::Data<DbPool>,
    cipher: web::Data<SecretCipher>,
    retailstore: web::Data<Retailstore>,
) -> Result<HttpResponse, PaymentError> {
    let provider_id = req.match_info().get("provider_id").unwrap_or_default();
    let authorization = req.headers().get(AUTHORIZATION).map(|v| v.as_bytes());
    let provider = settlement::authenticate(&pool, &cipher, provider_id, authorization).await?;

    let body = match payload.to_bytes_limited(BODY_LIMIT).await {
        Err(_) => return Err(ApiError::payload_too_large().into()),
        Ok(Err(_)) => return Err(ApiError::bad_request("Không đọc được dữ liệu gửi lên").into()),
        Ok(Ok(body)) => body,
    };
    let raw: Value = serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad_request(format!("JSON không hợp lệ: {e}")))?;
    let delivery = Delivery::parse(&raw)?;
    let stored = settlement::receive(&pool, &retailstore, &provider, &delivery, &raw).await?;
    Ok(ok(WebhookAnswer {
        id: stored.id,
        status: stored.status,
    }))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        endpoint(format!("{WEBHOOK_SEPAY_PREFIX}/{{provider_id}}")).route(web::post().to(sepay)),
    );
}
