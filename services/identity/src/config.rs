//! identity's settings, read only from environment variables.
//!
//! Besides the common ones ([`ServiceConfig`]: `DATABASE_URL`, `LISTEN_ADDR` \[0.0.0.0:8081\],
//! `DB_POOL_SIZE`, `INTERNAL_API_KEY`, `TRUSTED_PROXIES`, ...):
//!
//! | variable | default | meaning |
//! |---|---|---|
//! | `JWT_PRIVATE_KEY` | | Ed25519 private key, PKCS#8 PEM text (`\n` escapes accepted) |
//! | `JWT_PRIVATE_KEY_FILE` | | path of that PEM file (instead of `JWT_PRIVATE_KEY`) |
//! | `JWT_RETIRED_PUBLIC_KEYS_FILE` | | PEM file of old keys (`PUBLIC KEY` or `PRIVATE KEY` blocks) whose public halves stay published in the JWKS |
//! | `ACCESS_TOKEN_TTL` | `8h` | access-token lifetime (`8h`, `30m`, `3600`) |
//! | `ADMIN_USERNAME` | `admin` | the account created on first start |
//! | `ADMIN_PASSWORD` | | its password; required while the user table is empty |
//! | `LOGIN_MAX_FAILURES` | `5` | failed logins per (user name, client IP) before a lock |
//! | `LOGIN_LOCK_MINUTES` | `15` | lock length, and the window in which failures count |
//! | `PASSWORD_HASH_CONCURRENCY` | cores, at most 4 | argon2 hashing threads (each holds 19 MiB); more requests queue |

use std::time::Duration;

use shop_common::config::{self, ConfigError, Secret, ServiceConfig};
use shop_common::net::TrustedProxies;

/// What the running app needs (tests build it directly, with short timings).
#[derive(Debug, Clone)]
pub struct Settings {
    /// Lifetime of issued access tokens.
    pub access_token_ttl: Duration,
    /// Failed logins per (user name, client IP) that trigger a lock.
    pub login_max_failures: u32,
    /// How long a lock lasts.
    pub login_lock: Duration,
    /// Failures older than this no longer count.
    pub login_failure_window: Duration,
    /// Argon2 hashing threads (each holds 19 MiB of working memory).
    pub password_hash_concurrency: usize,
    /// Peers whose `X-Forwarded-For` is believed (the gateway).
    pub trusted_proxies: TrustedProxies,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            access_token_ttl: Duration::from_secs(8 * 3600),
            login_max_failures: 5,
            login_lock: Duration::from_secs(15 * 60),
            login_failure_window: Duration::from_secs(15 * 60),
            password_hash_concurrency: crate::password::default_threads(),
            trusted_proxies: TrustedProxies::default(),
        }
    }
}

/// Everything identity reads at start-up.
#[derive(Debug, Clone)]
pub struct IdentityConfig {
    pub service: ServiceConfig,
    /// PKCS#8 PEM of the current signing key.
    pub private_key_pem: Secret,
    /// PEM text holding retired public keys (still published in the JWKS).
    pub retired_public_keys_pem: Option<String>,
    pub admin_username: String,
    pub admin_password: Option<Secret>,
    pub settings: Settings,
}

impl IdentityConfig {
    /// Reads the identity-specific variables on top of an already read [`ServiceConfig`].
    pub fn from_env(service: ServiceConfig) -> Result<Self, ConfigError> {
        let lock_minutes: u32 = config::parse_or("LOGIN_LOCK_MINUTES", 15)?;
        if lock_minutes == 0 {
            return Err(invalid("LOGIN_LOCK_MINUTES", "use at least 1"));
        }
        let max_failures: u32 = config::parse_or("LOGIN_MAX_FAILURES", 5)?;
        if max_failures == 0 {
            return Err(invalid("LOGIN_MAX_FAILURES", "use at least 1"));
        }
        let concurrency: usize = config::parse_or(
            "PASSWORD_HASH_CONCURRENCY",
            crate::password::default_threads(),
        )?;
        if !(1..=64).contains(&concurrency) {
            return Err(invalid("PASSWORD_HASH_CONCURRENCY", "use 1 to 64"));
        }
        let ttl = config::duration_or("ACCESS_TOKEN_TTL", Duration::from_secs(8 * 3600))?;
        if ttl.as_secs() < 60 {
            return Err(invalid("ACCESS_TOKEN_TTL", "use at least one minute"));
        }
        let lock = Duration::from_secs(u64::from(lock_minutes) * 60);
        let settings = Settings {
            access_token_ttl: ttl,
            login_max_failures: max_failures,
            login_lock: lock,
            login_failure_window: lock,
            password_hash_concurrency: concurrency,
            trusted_proxies: service.trusted_proxies.clone(),
        };
        Ok(Self {
            private_key_pem: private_key_pem()?,
            retired_public_keys_pem: retired_public_keys_pem()?,
            admin_username: config::or("ADMIN_USERNAME", "admin").trim().to_owned(),
            admin_password: config::var("ADMIN_PASSWORD").map(Secret::new),
            settings,
            service,
        })
    }
}

fn invalid(name: &'static str, reason: &str) -> ConfigError {
    ConfigError::Invalid {
        name,
        reason: reason.to_owned(),
    }
}

/// `JWT_PRIVATE_KEY` (PEM text) or `JWT_PRIVATE_KEY_FILE` (a path), exactly one of them
/// (the `_FILE` form is read like every other variable's, see `shop_common::config`).
fn private_key_pem() -> Result<Secret, ConfigError> {
    config::required("JWT_PRIVATE_KEY").map(|text| Secret::new(unescape_newlines(&text)))
}

fn retired_public_keys_pem() -> Result<Option<String>, ConfigError> {
    config::var("JWT_RETIRED_PUBLIC_KEYS_FILE")
        .map(|path| {
            std::fs::read_to_string(&path).map_err(|e| {
                invalid(
                    "JWT_RETIRED_PUBLIC_KEYS_FILE",
                    &format!("cannot read {path}: {e}"),
                )
            })
        })
        .transpose()
}

/// PEM passed through a one-line variable often arrives with literal `\n`.
fn unescape_newlines(text: &str) -> String {
    if text.contains('\n') {
        text.to_owned()
    } else {
        text.replace("\\n", "\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newline_escapes() {
        assert_eq!(unescape_newlines("a\\nb"), "a\nb");
        assert_eq!(unescape_newlines("a\nb\\n"), "a\nb\\n");
    }
}
