//! "Gửi thử": a signed test delivery posted over HTTP to this service's own SePay webhook
//! route, so that it takes the real path: the router, the per-client limiter, the
//! provider's authentication (`webhookAuth`: `Authorization: Apikey`, or the HMAC signature
//! over `{timestamp}.{body}`), the body's parsing and the last-call record. The body
//! carries [`TEST_MARKER`], so the webhook stores it as a test delivery and never as a
//! transaction.
//!
//! It is posted to the address the service listens on (loopback for a wildcard address),
//! not to `PUBLIC_BASE_URL`: it proves the provider's secret and mode and the service's
//! handling, not that SePay can reach the public address through the gateway (the
//! provider dialog warns when that address is not public https).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use chrono::{DateTime, Utc};
use reqwest::header::AUTHORIZATION;
use serde::Deserialize;
use uuid::Uuid;

use actix_web::http::StatusCode;
use shop_common::ApiError;
use shop_common::db::DbPool;

use crate::crypto::SecretCipher;
use crate::domain::audit::PaymentAuditAction;
use crate::domain::sepay::APIKEY_SCHEME;
use crate::domain::webhook_auth::{SIGNATURE_HEADER, TIMESTAMP_HEADER, WebhookAuth, sign};
use crate::domain::webhook_call::{WebhookOutcome, test_body};
use crate::error::PaymentError;
use crate::models::audit_entry::Actor;
use crate::models::provider::{ProviderRecord, StoredProvider};
use crate::routes::WEBHOOK_SEPAY_PREFIX;
use crate::settlement;

#[cfg(doc)]
use crate::domain::webhook_call::TEST_MARKER;

pub const MSG_NO_SUCH_PROVIDER: &str = "Không tìm thấy phương thức thanh toán";
pub const MSG_TEST_WEBHOOK_OFF: &str =
    "Webhook của phương thức này đang tắt: bật webhook rồi gửi thử";
pub const MSG_TEST_NO_SECRET: &str =
    "Không đọc được khóa bí mật webhook: nhập lại khóa (API Key hoặc HMAC) rồi gửi thử";

/// The whole test call, the webhook's own work included (it calls nothing else).
pub const CALL_TIMEOUT: Duration = Duration::from_secs(15);

/// The HTTP client the test deliveries go out with.
#[derive(Debug, Clone)]
pub struct WebhookProbe {
    client: reqwest::Client,
}

impl WebhookProbe {
    pub fn new(client: reqwest::Client) -> Self {
        Self { client }
    }
}

/// What the webhook answered the test delivery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sent {
    pub test_id: Uuid,
    /// The webhook's HTTP status; `None` when the call did not get an answer.
    pub http_status: Option<u16>,
    /// The webhook answered `success: true` with `test: true`.
    pub accepted: bool,
    /// The webhook's error message, or why the call failed.
    pub error: Option<String>,
}

/// The webhook's envelope, as far as the test reads it.
#[derive(Debug, Deserialize)]
struct Envelope {
    #[serde(default)]
    success: bool,
    result: Option<Answer>,
    error: Option<Problem>,
}

#[derive(Debug, Deserialize)]
struct Answer {
    #[serde(default)]
    test: bool,
}

#[derive(Debug, Deserialize)]
struct Problem {
    message: String,
}

/// Where the service itself answers: its listening address, with a wildcard address
/// replaced by loopback of the same family.
pub fn own_address(local: SocketAddr) -> SocketAddr {
    let ip = match local.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    SocketAddr::new(ip, local.port())
}

/// Posts a test delivery for `provider`, signed with `secret` its way at `now`, to the
/// webhook at `local` (the service's listening address).
pub async fn send(
    probe: &WebhookProbe,
    local: SocketAddr,
    provider: &StoredProvider,
    secret: &str,
    now: DateTime<Utc>,
) -> Sent {
    let test_id = Uuid::new_v4();
    let body = test_body(test_id, provider.account_number.as_deref(), now).to_string();
    let url = format!(
        "http://{}{WEBHOOK_SEPAY_PREFIX}/{}",
        own_address(local),
        provider.id
    );
    let mut request = probe
        .client
        .post(url)
        .timeout(CALL_TIMEOUT)
        .header("content-type", "application/json");
    request = match provider.webhook_auth {
        WebhookAuth::Apikey => request.header(AUTHORIZATION, format!("{APIKEY_SCHEME} {secret}")),
        WebhookAuth::Hmac => {
            let timestamp = now.timestamp();
            request
                .header(TIMESTAMP_HEADER, timestamp.to_string())
                .header(SIGNATURE_HEADER, sign(secret, timestamp, body.as_bytes()))
        }
    };
    let response = match request.body(body).send().await {
        Ok(response) => response,
        Err(e) => {
            tracing::warn!(provider_id = %provider.id, error = %e, "test delivery not sent");
            return Sent {
                test_id,
                http_status: None,
                accepted: false,
                error: Some(format!("Không gọi được webhook: {e}")),
            };
        }
    };
    let status = response.status().as_u16();
    let envelope = response.json::<Envelope>().await.ok();
    let accepted = envelope
        .as_ref()
        .is_some_and(|e| e.success && e.result.as_ref().is_some_and(|r| r.test));
    let error = if accepted {
        None
    } else {
        Some(
            envelope
                .and_then(|e| e.error)
                .map_or_else(|| format!("Webhook trả lời HTTP {status}"), |p| p.message),
        )
    };
    Sent {
        test_id,
        http_status: Some(status),
        accepted,
        error,
    }
}

/// What a "Gửi thử" came to: the call as sent, the outcome it left on the provider's
/// last-call line (none when no call reached the provider), and the provider as it is now.
pub struct TestRun {
    pub sent: Sent,
    pub outcome: Option<WebhookOutcome>,
    pub record: ProviderRecord,
}

/// "Gửi thử" for provider `id`: checks that its webhook is on and its secret readable,
/// sends the test delivery to the webhook at `local` (signed at `now`), reads back the
/// line the call left and audits the test as `actor`. Unknown or deleted: code 2; webhook
/// off or no secret: a field error, and nothing is sent.
#[allow(clippy::too_many_arguments)]
pub async fn run(
    pool: &DbPool,
    cipher: &SecretCipher,
    probe: &WebhookProbe,
    local: SocketAddr,
    now: DateTime<Utc>,
    id: Uuid,
    actor: Actor<'_>,
) -> Result<TestRun, PaymentError> {
    let (provider, secret) = settlement::webhook_key(pool, cipher, &id.to_string())
        .await?
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, 2, MSG_NO_SUCH_PROVIDER))?;
    if !provider.webhook_enabled {
        return Err(PaymentError::field("webhookEnabled", MSG_TEST_WEBHOOK_OFF));
    }
    let Some(secret) = secret else {
        return Err(PaymentError::field("webhookSecret", MSG_TEST_NO_SECRET));
    };
    let sent = send(probe, local, &provider, &secret, now).await;
    let mut conn = pool.get().await?;
    let record = StoredProvider::find(&mut conn, id).await?;
    // Only an accepted or refused delivery was recorded; a throttled (429) or failed call
    // reached no provider, and the stored line is then an earlier call's.
    let outcome = if sent.accepted {
        Some(WebhookOutcome::Test)
    } else if sent.http_status == Some(StatusCode::UNAUTHORIZED.as_u16()) {
        record.provider.last_webhook().map(|(_, outcome)| outcome)
    } else {
        None
    };
    let detail = format!(
        "Gửi thử webhook ({}): {}",
        provider.webhook_auth.as_str(),
        outcome.map_or("không gọi được webhook", WebhookOutcome::as_str),
    );
    actor
        .record(
            &mut conn,
            PaymentAuditAction::PaymentProviderTestWebhook,
            &provider.audit_target(),
            &detail,
        )
        .await?;
    Ok(TestRun {
        sent,
        outcome,
        record,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wildcard_address_is_reached_on_loopback() {
        let at = |text: &str| text.parse::<SocketAddr>().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(own_address(at("0.0.0.0:8084")), at("127.0.0.1:8084"));
        assert_eq!(own_address(at("[::]:8084")), at("[::1]:8084"));
        assert_eq!(own_address(at("10.1.2.3:9000")), at("10.1.2.3:9000"));
    }
}
