//! paymentprovider's configuration, from environment variables only.
//!
//! Besides the shared settings of [`ServiceConfig`] (`DATABASE_URL`, `LISTEN_ADDR`,
//! `DB_POOL_SIZE`, `IDENTITY_URL`, `INTERNAL_API_KEY`, `TRUSTED_PROXIES`), the service
//! reads the variables below. Start-up fails with a message naming the variable when one is
//! missing or malformed; key material itself is never printed.

use shop_common::config::{self, ConfigError, Secret, ServiceConfig};

use crate::crypto::SecretCipher;

/// `PAYMENT_SECRET_KEY` (required): the AES-256-GCM key that encrypts the providers'
/// webhook secrets at rest, 64 hex characters (32 random bytes, e.g.
/// `openssl rand -hex 32`). Changing it makes the stored webhook secrets unreadable: set
/// them again afterwards.
pub const PAYMENT_SECRET_KEY: &str = "PAYMENT_SECRET_KEY";
/// `PUBLIC_BASE_URL` [http://localhost:8080]: the shop's public address (the gateway), used
/// to show each provider's webhook URL
/// (`{PUBLIC_BASE_URL}/paymentprovider/api/web/v1/PaymentWebhook/SePay/{id}`).
pub const PUBLIC_BASE_URL: &str = "PUBLIC_BASE_URL";
/// Default of [`PUBLIC_BASE_URL`].
pub const DEFAULT_PUBLIC_BASE_URL: &str = "http://localhost:8080";

/// Everything the service binary needs.
#[derive(Debug, Clone)]
pub struct Config {
    pub service: ServiceConfig,
    /// `PAYMENT_SECRET_KEY`, still secret and unchecked; see [`Config::cipher`].
    pub secret_key: Secret,
    /// `PUBLIC_BASE_URL`, without a trailing slash.
    pub public_base_url: String,
}

impl Config {
    pub fn from_env(default_listen: &str) -> Result<Self, ConfigError> {
        Ok(Self {
            service: ServiceConfig::from_env(default_listen)?,
            secret_key: Secret::new(config::required(PAYMENT_SECRET_KEY)?),
            public_base_url: public_base_url(&config::or(
                PUBLIC_BASE_URL,
                DEFAULT_PUBLIC_BASE_URL,
            ))?,
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
    let url = text.trim().trim_end_matches('/');
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains(char::is_whitespace) => Ok(url.to_owned()),
        _ => Err(invalid(
            PUBLIC_BASE_URL,
            "expected an http:// or https:// address",
        )),
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
    }
}
