//! paymentprovider's configuration, from environment variables only.
//!
//! Besides the shared settings of [`ServiceConfig`] (`DATABASE_URL`, `LISTEN_ADDR`,
//! `DB_POOL_SIZE`, `IDENTITY_URL`, `INTERNAL_API_KEY`, `TRUSTED_PROXIES`), the service
//! reads the variables below (`SYSTEM_URL` and `OUTBOX_POLL_INTERVAL_MS` for the
//! notification outbox, `SEPAY_RECONCILE_INTERVAL_SECONDS` and `SEPAY_API_BASE` for the
//! reconciliation with SePay's transaction list, `WEBHOOK_REFUSALS_PER_CLIENT` for the
//! webhook's limit on refused calls). Start-up fails with a message naming the variable when one is
//! missing or malformed; key material itself is never printed.

use std::time::Duration;

use shop_common::config::{self, ConfigError, InternalRole, Secret, ServiceConfig};
use shop_common::internal::Caller;

use crate::crypto::SecretCipher;

/// `PAYMENT_SECRET_KEY` (required): the AES-256-GCM key that encrypts the providers'
/// webhook secrets at rest, 64 hex characters (32 random bytes, e.g.
/// `openssl rand -hex 32`). Changing it makes the stored webhook secrets unreadable: set
/// them again afterwards.
pub const PAYMENT_SECRET_KEY: &str = "PAYMENT_SECRET_KEY";
/// `PUBLIC_BASE_URL` \[http://localhost:8080\]: the shop's public address (the gateway), used
/// to show each provider's webhook URL
/// (`{PUBLIC_BASE_URL}/paymentprovider/api/web/v1/PaymentWebhook/SePay/{id}`).
pub const PUBLIC_BASE_URL: &str = "PUBLIC_BASE_URL";
/// Default of [`PUBLIC_BASE_URL`].
pub const DEFAULT_PUBLIC_BASE_URL: &str = "http://localhost:8080";
/// `RETAILSTORE_URL` \[http://127.0.0.1:8083\]: where retailstore's internal API is reached
/// (ConfirmPayment, called with `INTERNAL_API_KEY` for every bank transfer that carries
/// an order code).
pub const RETAILSTORE_URL: &str = "RETAILSTORE_URL";
/// Default of [`RETAILSTORE_URL`].
pub const DEFAULT_RETAILSTORE_URL: &str = "http://127.0.0.1:8083";
/// `PAYMENT_RETRY_INTERVAL_SECONDS` \[10\]: how often the retry job looks for bank
/// transactions still `pending` because retailstore could not be reached (each one is
/// retried with its own backoff: 10 s doubling to 10 min). 1..=3600.
pub const PAYMENT_RETRY_INTERVAL_SECONDS: &str = "PAYMENT_RETRY_INTERVAL_SECONDS";
/// Default of [`PAYMENT_RETRY_INTERVAL_SECONDS`].
pub const DEFAULT_RETRY_INTERVAL_SECONDS: u64 = 10;
/// `SEPAY_RECONCILE_INTERVAL_SECONDS` \[600\]: how often each provider holding a SePay API
/// token (`sepayApiToken`) has SePay's transaction list read, so that a transfer whose
/// webhook never arrived is still applied (see [`crate::reconcile`]). 60..=86400.
pub const SEPAY_RECONCILE_INTERVAL_SECONDS: &str = "SEPAY_RECONCILE_INTERVAL_SECONDS";
/// Default of [`SEPAY_RECONCILE_INTERVAL_SECONDS`].
pub const DEFAULT_RECONCILE_INTERVAL_SECONDS: u64 = 600;
/// `SEPAY_API_BASE` \[<https://my.sepay.vn>\]: where SePay's user API is
/// (`{SEPAY_API_BASE}/userapi/transactions/list`); a stand-in's address in tests.
pub const SEPAY_API_BASE: &str = "SEPAY_API_BASE";
/// Default of [`SEPAY_API_BASE`].
pub const DEFAULT_SEPAY_API_BASE: &str = "https://my.sepay.vn";
/// `WEBHOOK_REFUSALS_PER_CLIENT` \[20\]: refused webhook calls one client may make within
/// ten minutes before it is answered 429 without any further work (0: never limited,
/// for a test run in which one address plays every caller).
pub const WEBHOOK_REFUSALS_PER_CLIENT: &str = "WEBHOOK_REFUSALS_PER_CLIENT";
/// `SYSTEM_URL` \[http://127.0.0.1:8082\]: where system's internal routes are (the outbox
/// relay posts transfer_unmatched and webhook_refused to Notification/Enqueue).
/// `OUTBOX_POLL_INTERVAL_MS` \[1000\]: how often the relay looks for due outbox rows when
/// no commit woke it (see `shop_common::outbox`).
pub use shop_common::outbox::{OUTBOX_POLL_INTERVAL_MS, SYSTEM_URL};

/// Everything the service binary needs.
#[derive(Debug, Clone)]
pub struct Config {
    pub service: ServiceConfig,
    /// `PAYMENT_SECRET_KEY`, still secret and unchecked; see [`Config::cipher`].
    pub secret_key: Secret,
    /// `PUBLIC_BASE_URL`, without a trailing slash.
    pub public_base_url: String,
    /// `RETAILSTORE_URL`, without a trailing slash.
    pub retailstore_url: String,
    /// `PAYMENT_RETRY_INTERVAL_SECONDS`.
    pub retry_interval: Duration,
    /// `SYSTEM_URL`, without a trailing slash.
    pub system_url: String,
    /// `OUTBOX_POLL_INTERVAL_MS` and the relay's fixed timings.
    pub relay: shop_common::outbox::RelayConfig,
    /// `SEPAY_RECONCILE_INTERVAL_SECONDS`.
    pub reconcile_interval: Duration,
    /// `SEPAY_API_BASE`, without a trailing slash.
    pub sepay_api_base: String,
    /// `WEBHOOK_REFUSALS_PER_CLIENT` (0: never limited).
    pub webhook_refusals_per_client: u32,
}

impl Config {
    pub fn from_env(default_listen: &str) -> Result<Self, ConfigError> {
        Ok(Self {
            // Only retailstore calls paymentprovider's internal route (PaymentInstruction).
            service: ServiceConfig::from_env(
                default_listen,
                InternalRole {
                    sends: true,
                    accepts: &[Caller::Retailstore],
                },
            )?,
            secret_key: Secret::new(config::required(PAYMENT_SECRET_KEY)?),
            public_base_url: public_base_url(&config::or(
                PUBLIC_BASE_URL,
                DEFAULT_PUBLIC_BASE_URL,
            ))?,
            retailstore_url: config::http_url(
                RETAILSTORE_URL,
                &config::or(RETAILSTORE_URL, DEFAULT_RETAILSTORE_URL),
            )?,
            retry_interval: retry_interval(config::parse_or(
                PAYMENT_RETRY_INTERVAL_SECONDS,
                DEFAULT_RETRY_INTERVAL_SECONDS,
            )?)?,
            system_url: shop_common::outbox::system_url()?,
            relay: shop_common::outbox::RelayConfig::from_env()?,
            webhook_refusals_per_client: config::parse_or(
                WEBHOOK_REFUSALS_PER_CLIENT,
                crate::limiter::REFUSALS_PER_CLIENT,
            )?,
            reconcile_interval: reconcile_interval(config::parse_or(
                SEPAY_RECONCILE_INTERVAL_SECONDS,
                DEFAULT_RECONCILE_INTERVAL_SECONDS,
            )?)?,
            sepay_api_base: config::http_url(
                SEPAY_API_BASE,
                &config::or(SEPAY_API_BASE, DEFAULT_SEPAY_API_BASE),
            )?,
        })
    }

    /// The webhook-secret cipher from `PAYMENT_SECRET_KEY`.
    pub fn cipher(&self) -> Result<SecretCipher, ConfigError> {
        parse_key(PAYMENT_SECRET_KEY, self.secret_key.expose()).map(|k| SecretCipher::new(&k))
    }
}

fn invalid(name: &'static str, reason: impl Into<String>) -> ConfigError {
    ConfigError::Invalid {
        name,
        reason: reason.into(),
    }
}

/// An `http(s)://` origin (optionally with a path prefix), trailing slashes removed.
pub fn public_base_url(text: &str) -> Result<String, ConfigError> {
    config::http_url(PUBLIC_BASE_URL, text)
}

/// The retry job's tick: 1 s to 1 h.
pub fn retry_interval(seconds: u64) -> Result<Duration, ConfigError> {
    if (1..=3600).contains(&seconds) {
        Ok(Duration::from_secs(seconds))
    } else {
        Err(invalid(
            PAYMENT_RETRY_INTERVAL_SECONDS,
            "expected 1 to 3600 seconds",
        ))
    }
}

/// The reconciliation's tick: 1 minute to 1 day.
pub fn reconcile_interval(seconds: u64) -> Result<Duration, ConfigError> {
    if (60..=86_400).contains(&seconds) {
        Ok(Duration::from_secs(seconds))
    } else {
        Err(invalid(
            SEPAY_RECONCILE_INTERVAL_SECONDS,
            "expected 60 to 86400 seconds",
        ))
    }
}

/// 64 hex characters into 32 bytes (shared rule).
pub use shop_common::config::hex_key_32 as parse_key;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const K: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

    #[test]
    fn keys() {
        assert_eq!(parse_key(PAYMENT_SECRET_KEY, K).unwrap()[31], 0x1f);
        let short = parse_key(PAYMENT_SECRET_KEY, "abcd")
            .unwrap_err()
            .to_string();
        assert!(
            short.contains(PAYMENT_SECRET_KEY) && short.contains("64 hex"),
            "{short}"
        );
        let zz = "zz".repeat(32);
        let message = parse_key(PAYMENT_SECRET_KEY, &zz).unwrap_err().to_string();
        assert!(message.contains("hexadecimal") && !message.contains("zzzz"));
        assert!(parse_key(PAYMENT_SECRET_KEY, &"00".repeat(32)).is_err());
    }

    #[test]
    fn base_urls() {
        assert_eq!(
            public_base_url("https://shop.example.vn/").unwrap(),
            "https://shop.example.vn"
        );
        assert_eq!(
            public_base_url(DEFAULT_PUBLIC_BASE_URL).unwrap(),
            DEFAULT_PUBLIC_BASE_URL
        );
        assert!(public_base_url("shop.example.vn").is_err());
        assert!(public_base_url("https://").is_err());
        assert_eq!(
            config::http_url(RETAILSTORE_URL, "http://retailstore:8083/").unwrap(),
            "http://retailstore:8083"
        );
        let message = config::http_url(RETAILSTORE_URL, "retailstore:8083")
            .unwrap_err()
            .to_string();
        assert!(message.contains(RETAILSTORE_URL), "{message}");
    }

    #[test]
    fn retry_intervals() {
        assert_eq!(retry_interval(10).unwrap(), Duration::from_secs(10));
        assert_eq!(retry_interval(1).unwrap(), Duration::from_secs(1));
        assert!(retry_interval(0).is_err());
        assert!(retry_interval(3601).is_err());
        assert_eq!(
            reconcile_interval(DEFAULT_RECONCILE_INTERVAL_SECONDS).unwrap(),
            Duration::from_secs(600)
        );
        assert!(reconcile_interval(59).is_err());
        assert!(reconcile_interval(86_401).is_err());
        assert_eq!(
            config::http_url(SEPAY_API_BASE, DEFAULT_SEPAY_API_BASE).unwrap(),
            DEFAULT_SEPAY_API_BASE
        );
    }
}
