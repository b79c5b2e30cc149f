//! retailstore's configuration, from environment variables only.
//!
//! Besides the shared settings of [`ServiceConfig`] (`DATABASE_URL`, `LISTEN_ADDR`,
//! `DB_POOL_SIZE`, `IDENTITY_URL`, `INTERNAL_API_KEY`, `TRUSTED_PROXIES`), the service reads
//! the serial-code keys, the order settings and the notification settings (`SYSTEM_URL`,
//! `OUTBOX_POLL_INTERVAL_MS`) below. Start-up fails with a message naming
//! the variable when one is missing or malformed; key material itself is never printed.

use std::time::Duration;

use shop_common::config::{self, ConfigError, InternalRole, Secret, ServiceConfig};
use shop_common::internal::Caller;

use crate::crypto::{CodeCipher, KEY_LEN, KeyringError};

/// `CODE_ENCRYPTION_KEY` (required): the current AES-256-GCM key for serial codes, 64 hex
/// characters (32 random bytes, e.g. `openssl rand -hex 32`). New and re-written codes are
/// encrypted with it.
pub const CODE_ENCRYPTION_KEY: &str = "CODE_ENCRYPTION_KEY";
/// `CODE_ENCRYPTION_KEY_ID` \[1\]: the id stored beside every code encrypted with
/// `CODE_ENCRYPTION_KEY`; an integer from 1 to 32767. Give each new key a new id.
pub const CODE_ENCRYPTION_KEY_ID: &str = "CODE_ENCRYPTION_KEY_ID";
/// `CODE_ENCRYPTION_OLD_KEYS` \[none\]: retired keys that still decrypt codes written with
/// them, as `id:hex,id:hex` (each hex 64 characters). Keep a key here while any row uses it.
pub const CODE_ENCRYPTION_OLD_KEYS: &str = "CODE_ENCRYPTION_OLD_KEYS";
/// `CODE_HASH_KEY` (required): the HMAC-SHA256 key of the codes' keyed hash (duplicate
/// detection and exact search), 64 hex characters, different from every encryption key.
/// It cannot be rotated without re-hashing every stored code.
pub const CODE_HASH_KEY: &str = "CODE_HASH_KEY";

/// `PAYMENTPROVIDER_URL` \[http://127.0.0.1:8084\]: where paymentprovider's internal routes
/// are (CreateOrder asks it for the payment instruction).
pub const PAYMENTPROVIDER_URL: &str = "PAYMENTPROVIDER_URL";
/// `PUBLIC_BASE_URL` \[http://localhost:8080\]: the shop's public address (the gateway);
/// RegenerateAccessLink answers `{PUBLIC_BASE_URL}/order-detail?code=...#token=...`, and
/// each shopper e-mail carries such a link.
pub const PUBLIC_BASE_URL: &str = "PUBLIC_BASE_URL";
/// `ORDER_TTL_SECONDS` \[900\]: how long a new order waits for its money (60..86400).
pub const ORDER_TTL_SECONDS: &str = "ORDER_TTL_SECONDS";
/// `ORDER_SWEEP_INTERVAL_SECONDS` \[30\]: the expiry job's tick (1..3600).
pub const ORDER_SWEEP_INTERVAL_SECONDS: &str = "ORDER_SWEEP_INTERVAL_SECONDS";
/// `MAX_UNPAID_ORDERS_PER_EMAIL` \[3\]: unpaid (`pending_payment`) orders one e-mail may
/// hold; 0 turns the limit off.
pub const MAX_UNPAID_ORDERS_PER_EMAIL: &str = "MAX_UNPAID_ORDERS_PER_EMAIL";
/// `MAX_UNPAID_ORDERS_PER_IP` \[3\]: the same per client (`TRUSTED_PROXIES` decide which
/// `X-Forwarded-For` entry counts): an IPv4 address, or an IPv6 /64 prefix as one client
/// (as the login lockout and the gateway count); 0 turns the limit off.
pub const MAX_UNPAID_ORDERS_PER_IP: &str = "MAX_UNPAID_ORDERS_PER_IP";

/// `SYSTEM_URL` \[http://127.0.0.1:8082\]: where system's internal routes are (the outbox
/// relay posts events to Notification/Enqueue; the admin order detail reads
/// Notification/ByOrder). `OUTBOX_POLL_INTERVAL_MS` \[1000\]: how often the relay looks for
/// due outbox rows when no commit woke it (see `shop_common::outbox`).
pub use shop_common::outbox::{OUTBOX_POLL_INTERVAL_MS, SYSTEM_URL};

pub const DEFAULT_PAYMENTPROVIDER_URL: &str = "http://127.0.0.1:8084";
pub const DEFAULT_PUBLIC_BASE_URL: &str = "http://localhost:8080";

/// Everything the service binary needs.
#[derive(Debug, Clone)]
pub struct Config {
    pub service: ServiceConfig,
    pub codes: CodeKeys,
    pub orders: OrderConfig,
    pub relay: shop_common::outbox::RelayConfig,
}

impl Config {
    pub fn from_env(default_listen: &str) -> Result<Self, ConfigError> {
        Ok(Self {
            // Only paymentprovider calls retailstore's internal route (ConfirmPayment).
            service: ServiceConfig::from_env(
                default_listen,
                InternalRole {
                    sends: true,
                    accepts: &[Caller::Paymentprovider],
                },
            )?,
            codes: CodeKeys::from_env()?,
            orders: OrderConfig::from_env()?,
            relay: shop_common::outbox::RelayConfig::from_env()?,
        })
    }
}

/// The order settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderConfig {
    /// Without a trailing slash.
    pub paymentprovider_url: String,
    /// Without a trailing slash.
    pub public_base_url: String,
    /// Without a trailing slash.
    pub system_url: String,
    pub ttl: Duration,
    pub sweep_interval: Duration,
    /// 0: no limit.
    pub max_unpaid_per_email: i64,
    /// 0: no limit.
    pub max_unpaid_per_ip: i64,
}

impl Default for OrderConfig {
    fn default() -> Self {
        Self {
            paymentprovider_url: DEFAULT_PAYMENTPROVIDER_URL.to_owned(),
            public_base_url: DEFAULT_PUBLIC_BASE_URL.to_owned(),
            system_url: shop_common::outbox::DEFAULT_SYSTEM_URL.to_owned(),
            ttl: Duration::from_secs(900),
            sweep_interval: Duration::from_secs(30),
            max_unpaid_per_email: 3,
            max_unpaid_per_ip: 3,
        }
    }
}

impl OrderConfig {
    pub fn from_env() -> Result<Self, ConfigError> {
        let defaults = Self::default();
        Ok(Self {
            paymentprovider_url: config::http_url(
                PAYMENTPROVIDER_URL,
                &config::or(PAYMENTPROVIDER_URL, DEFAULT_PAYMENTPROVIDER_URL),
            )?,
            public_base_url: config::http_url(
                PUBLIC_BASE_URL,
                &config::or(PUBLIC_BASE_URL, DEFAULT_PUBLIC_BASE_URL),
            )?,
            system_url: shop_common::outbox::system_url()?,
            ttl: seconds(ORDER_TTL_SECONDS, defaults.ttl, 60..=86_400)?,
            sweep_interval: seconds(
                ORDER_SWEEP_INTERVAL_SECONDS,
                defaults.sweep_interval,
                1..=3_600,
            )?,
            max_unpaid_per_email: limit(
                MAX_UNPAID_ORDERS_PER_EMAIL,
                defaults.max_unpaid_per_email,
            )?,
            max_unpaid_per_ip: limit(MAX_UNPAID_ORDERS_PER_IP, defaults.max_unpaid_per_ip)?,
        })
    }
}

fn seconds(
    name: &'static str,
    default: Duration,
    range: std::ops::RangeInclusive<u64>,
) -> Result<Duration, ConfigError> {
    let value: u64 = config::parse_or(name, default.as_secs())?;
    if range.contains(&value) {
        Ok(Duration::from_secs(value))
    } else {
        Err(invalid(
            name,
            format!(
                "expected whole seconds from {} to {}",
                range.start(),
                range.end()
            ),
        ))
    }
}

fn limit(name: &'static str, default: i64) -> Result<i64, ConfigError> {
    let value: i64 = config::parse_or(name, default)?;
    if (0..=1_000_000).contains(&value) {
        Ok(value)
    } else {
        Err(invalid(
            name,
            "expected a count from 0 (no limit) to 1000000",
        ))
    }
}

/// The serial-code keys as read from the environment, still secret.
#[derive(Debug, Clone)]
pub struct CodeKeys {
    pub current_id: Option<String>,
    pub current: Secret,
    pub old: Option<Secret>,
    pub hash: Secret,
}

impl CodeKeys {
    pub fn from_env() -> Result<Self, ConfigError> {
        Ok(Self {
            current_id: config::var(CODE_ENCRYPTION_KEY_ID),
            current: Secret::new(config::required(CODE_ENCRYPTION_KEY)?),
            old: config::var(CODE_ENCRYPTION_OLD_KEYS).map(Secret::new),
            hash: Secret::new(config::required(CODE_HASH_KEY)?),
        })
    }

    /// Parses and checks the keys into the keyring.
    pub fn cipher(&self) -> Result<CodeCipher, ConfigError> {
        let current_id = match &self.current_id {
            None => 1,
            Some(text) => parse_key_id(CODE_ENCRYPTION_KEY_ID, text)?,
        };
        let current = config::hex_key_32(CODE_ENCRYPTION_KEY, self.current.expose())?;
        let old = match &self.old {
            None => Vec::new(),
            Some(list) => parse_old_keys(list.expose())?,
        };
        let hash = config::hex_key_32(CODE_HASH_KEY, self.hash.expose())?;
        CodeCipher::new((current_id, current), &old, &hash).map_err(|e| match e {
            KeyringError::DuplicateId(id) => invalid(
                CODE_ENCRYPTION_OLD_KEYS,
                format!("key id {id} is used twice (the current key included)"),
            ),
            KeyringError::SharedHashKey | KeyringError::HashKeyLength => {
                invalid(CODE_HASH_KEY, e.to_string())
            }
        })
    }
}

fn invalid(name: &'static str, reason: impl Into<String>) -> ConfigError {
    ConfigError::Invalid {
        name,
        reason: reason.into(),
    }
}

fn parse_key_id(name: &'static str, text: &str) -> Result<i32, ConfigError> {
    match text.trim().parse::<i32>() {
        Ok(id) if (1..=i32::from(i16::MAX)).contains(&id) => Ok(id),
        _ => Err(invalid(name, "expected an integer key id from 1 to 32767")),
    }
}

/// `id:hex,id:hex`.
fn parse_old_keys(list: &str) -> Result<Vec<(i32, [u8; KEY_LEN])>, ConfigError> {
    list.split(',')
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(|entry| {
            let (id, key) = entry
                .split_once(':')
                .ok_or_else(|| invalid(CODE_ENCRYPTION_OLD_KEYS, "expected id:hex,id:hex"))?;
            Ok((
                parse_key_id(CODE_ENCRYPTION_OLD_KEYS, id)?,
                config::hex_key_32(CODE_ENCRYPTION_OLD_KEYS, key)?,
            ))
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const K1: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    const K2: &str = "1f1e1d1c1b1a191817161514131211100f0e0d0c0b0a09080706050403020100";
    const KH: &str = "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf";

    fn keys(id: Option<&str>, current: &str, old: Option<&str>, hash: &str) -> CodeKeys {
        CodeKeys {
            current_id: id.map(str::to_owned),
            current: Secret::new(current),
            old: old.map(Secret::new),
            hash: Secret::new(hash),
        }
    }

    fn error(keys: &CodeKeys) -> String {
        keys.cipher()
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    }

    #[test]
    fn order_settings() {
        assert_eq!(
            config::http_url(PUBLIC_BASE_URL, " https://shop.vn/ ").unwrap(),
            "https://shop.vn"
        );
        assert!(config::http_url(PUBLIC_BASE_URL, "shop.vn").is_err());
        assert!(config::http_url(PUBLIC_BASE_URL, "https://").is_err());
        assert_eq!(OrderConfig::default().ttl.as_secs(), 900);
        assert_eq!(OrderConfig::default().sweep_interval.as_secs(), 30);
    }

    #[test]
    fn accepts_a_keyring() {
        let cipher = keys(Some("2"), K2, Some(&format!("1:{K1}")), KH)
            .cipher()
            .unwrap();
        assert_eq!(cipher.current_key_id(), 2);
        assert_eq!(
            keys(None, K1, None, KH).cipher().unwrap().current_key_id(),
            1
        );
    }

    #[test]
    fn rejects_malformed_keys_without_quoting_them() {
        let short = error(&keys(None, "abcd", None, KH));
        assert!(
            short.contains(CODE_ENCRYPTION_KEY) && short.contains("64 hex"),
            "{short}"
        );
        let not_hex = "zz".repeat(32);
        let message = error(&keys(None, &not_hex, None, KH));
        assert!(
            message.contains("hexadecimal") && !message.contains("zzzz"),
            "{message}"
        );
        assert!(error(&keys(None, K1, None, &"00".repeat(32))).contains(CODE_HASH_KEY));
        assert!(error(&keys(None, K1, None, K1)).contains(CODE_HASH_KEY));
        assert!(error(&keys(Some("0"), K1, None, KH)).contains(CODE_ENCRYPTION_KEY_ID));
        assert!(error(&keys(Some("x"), K1, None, KH)).contains(CODE_ENCRYPTION_KEY_ID));
        assert!(error(&keys(None, K1, Some(&format!("1:{K2}")), KH)).contains("twice"));
        assert!(error(&keys(None, K1, Some("2"), KH)).contains("id:hex"));
        assert!(!format!("{:?}", keys(None, K1, None, KH)).contains(K1));
    }
}
