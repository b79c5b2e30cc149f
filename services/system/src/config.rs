//! The system service's settings, read once at start-up from environment variables.
//!
//! Besides the variables every service reads ([`ServiceConfig`]: `DATABASE_URL`,
//! `LISTEN_ADDR`, `DB_POOL_SIZE`, `IDENTITY_URL`, `INTERNAL_API_KEY`, `TRUSTED_PROXIES`):
//!
//! - `UPLOAD_MAX_BYTES` \[5242880, i.e. 5 MiB\]: the largest accepted upload, in bytes.
//!   Larger uploads are refused with code 210 (HTTP 413) while they stream in.
//! - `UPLOAD_STORE` \[`local`\]: where uploads are kept, `local` or `s3`.
//! - `UPLOAD_DIR` \[`.data/uploads`\], with `local`: the directory holding uploaded files.
//!   Created at start-up when missing. One replica only (or a shared volume).
//! - With `s3`, any number of replicas share one bucket:
//!   - `S3_BUCKET` (required): the bucket's name.
//!   - `S3_REGION` \[`us-east-1`\]: its region.
//!   - `S3_ENDPOINT` \[AWS\]: an S3-compatible server's address (`http://` allowed).
//!   - `S3_PREFIX` \[none\]: a folder inside the bucket, such as `shop/uploads`.
//!   - `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY`: both or neither. Without them the
//!     standard AWS variables and chain apply (`AWS_ACCESS_KEY_ID`, web identity from
//!     `AWS_WEB_IDENTITY_TOKEN_FILE` and `AWS_ROLE_ARN`, container or instance credentials).
//!
//! Notifications (e-mail and Telegram; see docs/notifications.md):
//!
//! - `SYSTEM_SECRET_KEY` (required): the AES-256-GCM key that seals the SMTP password, the
//!   Telegram bot token and the order links waiting to be e-mailed, as 64 hex characters
//!   or 44 characters of base64 (32 random bytes, e.g. `openssl rand -hex 32`). Changing
//!   it makes the stored password and token unreadable: set them again afterwards.
//! - `SMTP_URL` \[none\]: the SMTP server used while the stored SMTP host is empty, in
//!   lettre's URL form: `smtp://host:25` (no TLS), `smtp://user:pass@host:587?tls=required`
//!   (STARTTLS), `smtps://user:pass@host:465` (TLS). Without it (and without a stored
//!   host) no e-mail is sent.
//! - `MAIL_FROM` \[none\]: the sender with `SMTP_URL` (`Shop <shop@example.vn>` or a bare
//!   address), unless the stored settings name one.
//! - `TELEGRAM_BOT_TOKEN`, `TELEGRAM_CHAT_ID` \[none\]: the seller alerts' bot and chat
//!   while the stored ones are empty.
//! - `TELEGRAM_API_BASE` \[<https://api.telegram.org>\]: where the Bot API is reached.
//! - `PUBLIC_BASE_URL` \[http://localhost:8080\]: the shop's public address, for the logo and
//!   the back-office links in alerts.
//! - `NOTIFY_CONCURRENCY` \[32\]: deliveries one replica sends at once, each on its own SMTP
//!   connection (1..=256); at 200 ms per message that is about 150 e-mails a second.
//! - `NOTIFY_POLL_INTERVAL_MS` \[1000\]: how often the worker looks for due deliveries when
//!   no Enqueue woke it (10..=3600000).
//! - `NOTIFY_RETRY_BASE_MS` \[5000\]: the first retry's delay, doubled each time up to 10
//!   minutes (1..=600000).
//! - `NOTIFY_RETRY_FOR_SECONDS` \[86400\]: a delivery still failing this long after its
//!   first attempt becomes `failed` (1..=2592000).
//! - `NOTIFY_LEASE_SECONDS` \[60\]: how long a claimed delivery is reserved for the replica
//!   sending it; after a crash another replica sends it then (5..=3600).

use std::path::PathBuf;
use std::time::Duration;

use shop_common::config::{self, ConfigError, Secret};

use crate::DEFAULT_LISTEN_ADDR;
use shop_common::config::{InternalRole, ServiceConfig};
use shop_common::internal::Caller;

/// Default for `UPLOAD_DIR`.
pub const DEFAULT_UPLOAD_DIR: &str = ".data/uploads";
/// Default for `UPLOAD_MAX_BYTES`: the largest file the gateway lets through.
pub const DEFAULT_UPLOAD_MAX_BYTES: u64 = shop_common::limits::UPLOAD_FILE_BYTES as u64;
/// Upper bound accepted for `UPLOAD_MAX_BYTES` (uploads are held in memory while checked).
pub const UPLOAD_MAX_BYTES_CEILING: u64 = 64 * 1024 * 1024;
/// Default for `S3_REGION`.
pub const DEFAULT_S3_REGION: &str = "us-east-1";

/// Where uploaded files are kept (`UPLOAD_STORE`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreSettings {
    /// `local`: files in one directory (`UPLOAD_DIR`).
    Local { dir: PathBuf },
    /// `s3`: objects in an S3 bucket, shared by every replica.
    S3(S3Settings),
}

/// The bucket, from the `S3_*` variables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct S3Settings {
    pub bucket: String,
    pub region: String,
    /// `http(s)://host[:port]`, without a trailing slash; `None` for AWS itself.
    pub endpoint: Option<String>,
    /// Keys are stored under `<prefix>/<name>`; empty for the bucket's root.
    pub prefix: String,
    /// `None`: the standard AWS credential chain.
    pub credentials: Option<S3Credentials>,
}

/// A static access key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct S3Credentials {
    pub access_key_id: String,
    pub secret_access_key: Secret,
}

/// Upload settings: where files go and how large one may be.
#[derive(Debug, Clone)]
pub struct UploadSettings {
    pub store: StoreSettings,
    /// `UPLOAD_MAX_BYTES`.
    pub max_bytes: u64,
}

fn invalid(name: &'static str, reason: impl Into<String>) -> ConfigError {
    ConfigError::Invalid {
        name,
        reason: reason.into(),
    }
}

/// S3's bucket naming rule: 3 to 63 lower-case letters, digits, dots and hyphens,
/// starting and ending with a letter or digit.
fn bucket_name(text: &str) -> Result<String, ConfigError> {
    let ok_char = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-';
    let edge_ok = |c: Option<char>| c.is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if (3..=63).contains(&text.len())
        && text.chars().all(ok_char)
        && edge_ok(text.chars().next())
        && edge_ok(text.chars().last())
    {
        Ok(text.to_owned())
    } else {
        Err(invalid(
            "S3_BUCKET",
            "expected 3 to 63 lower-case letters, digits, dots or hyphens",
        ))
    }
}

/// Folders of letters, digits, `-`, `_` and `.` (never `.` or `..` alone), joined by
/// `/`; outer slashes are dropped.
fn key_prefix(text: &str) -> Result<String, ConfigError> {
    let trimmed = text.trim().trim_matches('/');
    let segment_ok = |s: &str| {
        !s.is_empty()
            && s != "."
            && s != ".."
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    };
    if trimmed.is_empty() || trimmed.split('/').all(segment_ok) {
        Ok(trimmed.to_owned())
    } else {
        Err(invalid(
            "S3_PREFIX",
            "expected folders of letters, digits, '-', '_' or '.' separated by '/'",
        ))
    }
}

impl S3Settings {
    fn from_lookup(get: &impl Fn(&'static str) -> Option<String>) -> Result<Self, ConfigError> {
        let bucket = bucket_name(
            get("S3_BUCKET")
                .ok_or(ConfigError::Missing("S3_BUCKET"))?
                .trim(),
        )?;
        let region =
            get("S3_REGION").map_or_else(|| DEFAULT_S3_REGION.to_owned(), |r| r.trim().to_owned());
        let endpoint = get("S3_ENDPOINT")
            .map(|e| config::http_url("S3_ENDPOINT", &e))
            .transpose()?;
        let prefix = get("S3_PREFIX")
            .map(|p| key_prefix(&p))
            .transpose()?
            .unwrap_or_default();
        let credentials = match (get("S3_ACCESS_KEY_ID"), get("S3_SECRET_ACCESS_KEY")) {
            (Some(id), Some(secret)) => Some(S3Credentials {
                access_key_id: id.trim().to_owned(),
                secret_access_key: Secret::new(secret.trim()),
            }),
            (None, None) => None,
            (Some(_), None) => return Err(ConfigError::Missing("S3_SECRET_ACCESS_KEY")),
            (None, Some(_)) => return Err(ConfigError::Missing("S3_ACCESS_KEY_ID")),
        };
        Ok(Self {
            bucket,
            region,
            endpoint,
            prefix,
            credentials,
        })
    }
}

impl UploadSettings {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(&|name| config::var(name))
    }

    /// The settings from `get` (the environment, or a table in tests); unset and blank
    /// values are `None`.
    pub fn from_lookup(get: &impl Fn(&'static str) -> Option<String>) -> Result<Self, ConfigError> {
        let max_bytes = match get("UPLOAD_MAX_BYTES") {
            None => DEFAULT_UPLOAD_MAX_BYTES,
            Some(text) => text
                .trim()
                .parse()
                .map_err(|e: std::num::ParseIntError| invalid("UPLOAD_MAX_BYTES", e.to_string()))?,
        };
        if max_bytes == 0 || max_bytes > UPLOAD_MAX_BYTES_CEILING {
            return Err(invalid(
                "UPLOAD_MAX_BYTES",
                format!("expected 1..={UPLOAD_MAX_BYTES_CEILING} bytes"),
            ));
        }
        let kind = get("UPLOAD_STORE").map(|k| k.trim().to_ascii_lowercase());
        let store = match kind.as_deref() {
            None | Some("local") => StoreSettings::Local {
                dir: PathBuf::from(
                    get("UPLOAD_DIR").unwrap_or_else(|| DEFAULT_UPLOAD_DIR.to_owned()),
                ),
            },
            Some("s3") => StoreSettings::S3(S3Settings::from_lookup(get)?),
            Some(_) => return Err(invalid("UPLOAD_STORE", "expected 'local' or 's3'")),
        };
        Ok(Self { store, max_bytes })
    }
}

/// `SYSTEM_SECRET_KEY`.
pub const SYSTEM_SECRET_KEY: &str = "SYSTEM_SECRET_KEY";
/// Default of `TELEGRAM_API_BASE`.
pub const DEFAULT_TELEGRAM_API_BASE: &str = "https://api.telegram.org";
/// Default of `PUBLIC_BASE_URL`.
pub const DEFAULT_PUBLIC_BASE_URL: &str = "http://localhost:8080";
pub const DEFAULT_NOTIFY_CONCURRENCY: usize = 32;
pub const DEFAULT_NOTIFY_POLL_INTERVAL_MS: u64 = 1_000;
pub const DEFAULT_NOTIFY_RETRY_BASE_MS: u64 = 5_000;
pub const DEFAULT_NOTIFY_RETRY_FOR_SECONDS: u64 = 86_400;
pub const DEFAULT_NOTIFY_LEASE_SECONDS: u64 = 60;

/// The notification settings of the environment: the defaults of the stored settings
/// and the worker's timings.
#[derive(Debug, Clone)]
pub struct NotifyConfig {
    /// `SMTP_URL`, checked by lettre; it may hold a password.
    pub smtp_url: Option<Secret>,
    /// `MAIL_FROM`, a checked mailbox.
    pub mail_from: Option<String>,
    pub telegram_bot_token: Option<Secret>,
    pub telegram_chat_id: Option<String>,
    /// Without a trailing slash.
    pub telegram_api_base: String,
    /// Without a trailing slash.
    pub public_base_url: String,
    pub concurrency: usize,
    pub poll_interval: Duration,
    pub retry_base: Duration,
    pub retry_for: Duration,
    pub lease: Duration,
}

fn bounded(
    get: &impl Fn(&'static str) -> Option<String>,
    name: &'static str,
    default: u64,
    range: std::ops::RangeInclusive<u64>,
) -> Result<u64, ConfigError> {
    let value = match get(name) {
        None => default,
        Some(text) => text
            .trim()
            .parse()
            .map_err(|e: std::num::ParseIntError| invalid(name, e.to_string()))?,
    };
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(invalid(
            name,
            format!("expected {} to {}", range.start(), range.end()),
        ))
    }
}

impl NotifyConfig {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(&|name| config::var(name))
    }

    /// The settings from `get` (the environment, or a table in tests).
    pub fn from_lookup(get: &impl Fn(&'static str) -> Option<String>) -> Result<Self, ConfigError> {
        let smtp_url = get("SMTP_URL").map(|url| url.trim().to_owned());
        if let Some(url) = &smtp_url {
            crate::notify::mail::check_url(url).map_err(|reason| invalid("SMTP_URL", reason))?;
        }
        let mail_from = get("MAIL_FROM")
            .map(|from| {
                crate::domain::notification::MailFrom::parse(from.trim())
                    .map(|m| m.as_str().to_owned())
                    .map_err(|_| invalid("MAIL_FROM", "expected an address or Name <address>"))
            })
            .transpose()?;
        let telegram_chat_id = get("TELEGRAM_CHAT_ID")
            .map(|id| {
                crate::domain::notification::ChatId::parse(id.trim())
                    .map(|c| c.as_str().to_owned())
                    .map_err(|_| invalid("TELEGRAM_CHAT_ID", "expected a chat id or @channel"))
            })
            .transpose()?;
        let telegram_bot_token = get("TELEGRAM_BOT_TOKEN")
            .map(|token| {
                crate::domain::notification::BotToken::parse(token.trim())
                    .map(|t| Secret::new(t.as_str()))
                    .map_err(|_| invalid("TELEGRAM_BOT_TOKEN", "expected <digits>:<secret>"))
            })
            .transpose()?;
        let base = |name, default: &str| {
            config::http_url(name, &get(name).unwrap_or_else(|| default.to_owned()))
        };
        Ok(Self {
            smtp_url: smtp_url.map(Secret::new),
            mail_from,
            telegram_bot_token,
            telegram_chat_id,
            telegram_api_base: base("TELEGRAM_API_BASE", DEFAULT_TELEGRAM_API_BASE)?,
            public_base_url: base("PUBLIC_BASE_URL", DEFAULT_PUBLIC_BASE_URL)?,
            concurrency: usize::try_from(bounded(
                get,
                "NOTIFY_CONCURRENCY",
                DEFAULT_NOTIFY_CONCURRENCY as u64,
                1..=256,
            )?)
            .unwrap_or(DEFAULT_NOTIFY_CONCURRENCY),
            poll_interval: Duration::from_millis(bounded(
                get,
                "NOTIFY_POLL_INTERVAL_MS",
                DEFAULT_NOTIFY_POLL_INTERVAL_MS,
                10..=3_600_000,
            )?),
            retry_base: Duration::from_millis(bounded(
                get,
                "NOTIFY_RETRY_BASE_MS",
                DEFAULT_NOTIFY_RETRY_BASE_MS,
                1..=600_000,
            )?),
            retry_for: Duration::from_secs(bounded(
                get,
                "NOTIFY_RETRY_FOR_SECONDS",
                DEFAULT_NOTIFY_RETRY_FOR_SECONDS,
                1..=2_592_000,
            )?),
            lease: Duration::from_secs(bounded(
                get,
                "NOTIFY_LEASE_SECONDS",
                DEFAULT_NOTIFY_LEASE_SECONDS,
                5..=3600,
            )?),
        })
    }
}

/// `SYSTEM_SECRET_KEY`: 64 hex characters or the base64 of 32 bytes.
pub fn secret_key(text: &str) -> Result<[u8; 32], ConfigError> {
    use base64::Engine;
    let text = text.trim();
    if text.len() == 64 {
        return config::hex_key_32(SYSTEM_SECRET_KEY, text);
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text)
        .map_err(|_| {
            invalid(
                SYSTEM_SECRET_KEY,
                "expected 64 hex characters or the base64 of 32 bytes",
            )
        })?;
    let key: [u8; 32] = bytes.try_into().map_err(|_| {
        invalid(
            SYSTEM_SECRET_KEY,
            "expected 64 hex characters or the base64 of 32 bytes",
        )
    })?;
    // The same rule as the hex form: one repeated byte is a placeholder, not a key.
    config::hex_key_32(SYSTEM_SECRET_KEY, &hex::encode(key))
}

/// Everything the binary needs.
#[derive(Debug, Clone)]
pub struct SystemConfig {
    pub service: ServiceConfig,
    pub upload: UploadSettings,
    /// `SYSTEM_SECRET_KEY`, checked.
    pub secret_key: Secret,
    pub notify: NotifyConfig,
}

impl SystemConfig {
    pub fn from_env() -> Result<Self, ConfigError> {
        let secret_key = config::required(SYSTEM_SECRET_KEY)?;
        secret_key_check(&secret_key)?;
        Ok(Self {
            // The services that emit events call Enqueue; retailstore reads ByOrder.
            service: ServiceConfig::from_env(
                DEFAULT_LISTEN_ADDR,
                InternalRole {
                    sends: true,
                    accepts: &[Caller::Retailstore, Caller::Paymentprovider],
                },
            )?,
            upload: UploadSettings::from_env()?,
            secret_key: Secret::new(secret_key),
            notify: NotifyConfig::from_env()?,
        })
    }

    /// The cipher of `SYSTEM_SECRET_KEY`.
    pub fn cipher(&self) -> Result<crate::crypto::SecretCipher, ConfigError> {
        secret_key(self.secret_key.expose()).map(|k| crate::crypto::SecretCipher::new(&k))
    }
}

fn secret_key_check(text: &str) -> Result<(), ConfigError> {
    secret_key(text).map(|_| ())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use std::collections::HashMap;

    use super::*;

    fn settings(vars: &[(&'static str, &str)]) -> Result<UploadSettings, ConfigError> {
        let table: HashMap<&'static str, String> =
            vars.iter().map(|(k, v)| (*k, (*v).to_owned())).collect();
        UploadSettings::from_lookup(&|name| table.get(name).cloned())
    }

    fn rejected(vars: &[(&'static str, &str)]) -> String {
        settings(vars).unwrap_err().to_string()
    }

    #[test]
    fn local_by_default() {
        let s = settings(&[]).unwrap();
        assert_eq!(s.max_bytes, DEFAULT_UPLOAD_MAX_BYTES);
        assert_eq!(
            s.store,
            StoreSettings::Local {
                dir: PathBuf::from(DEFAULT_UPLOAD_DIR)
            }
        );
        let s = settings(&[("UPLOAD_STORE", "local"), ("UPLOAD_DIR", "/data/up")]).unwrap();
        assert_eq!(
            s.store,
            StoreSettings::Local {
                dir: PathBuf::from("/data/up")
            }
        );
    }

    #[test]
    fn s3_with_every_setting() {
        let s = settings(&[
            ("UPLOAD_STORE", "S3"),
            ("S3_BUCKET", "shop-uploads"),
            ("S3_REGION", "ap-southeast-1"),
            ("S3_ENDPOINT", "http://minio.storage:9000/"),
            ("S3_PREFIX", "/prod/uploads/"),
            ("S3_ACCESS_KEY_ID", "AKIDEXAMPLE"),
            ("S3_SECRET_ACCESS_KEY", "very-secret"),
        ])
        .unwrap();
        let StoreSettings::S3(s3) = s.store else {
            panic!("expected s3");
        };
        assert_eq!(s3.bucket, "shop-uploads");
        assert_eq!(s3.region, "ap-southeast-1");
        assert_eq!(s3.endpoint.as_deref(), Some("http://minio.storage:9000"));
        assert_eq!(s3.prefix, "prod/uploads");
        let credentials = s3.credentials.unwrap();
        assert_eq!(credentials.access_key_id, "AKIDEXAMPLE");
        assert_eq!(credentials.secret_access_key.expose(), "very-secret");
        assert!(!format!("{credentials:?}").contains("very-secret"));
    }

    #[test]
    fn s3_defaults_to_aws_and_its_credential_chain() {
        let s = settings(&[("UPLOAD_STORE", "s3"), ("S3_BUCKET", "shop.uploads-1")]).unwrap();
        assert_eq!(
            s.store,
            StoreSettings::S3(S3Settings {
                bucket: "shop.uploads-1".to_owned(),
                region: DEFAULT_S3_REGION.to_owned(),
                endpoint: None,
                prefix: String::new(),
                credentials: None,
            })
        );
    }

    fn notify(vars: &[(&'static str, &str)]) -> Result<NotifyConfig, ConfigError> {
        let table: HashMap<&'static str, String> =
            vars.iter().map(|(k, v)| (*k, (*v).to_owned())).collect();
        NotifyConfig::from_lookup(&|name| table.get(name).cloned())
    }

    #[test]
    fn notify_defaults_and_checks() {
        let n = notify(&[]).unwrap();
        assert!(n.smtp_url.is_none() && n.mail_from.is_none());
        assert_eq!(n.telegram_api_base, DEFAULT_TELEGRAM_API_BASE);
        assert_eq!(n.public_base_url, DEFAULT_PUBLIC_BASE_URL);
        assert_eq!(n.concurrency, 32);
        assert_eq!(n.poll_interval, Duration::from_millis(1000));
        assert_eq!(n.retry_base, Duration::from_millis(5000));
        assert_eq!(n.retry_for, Duration::from_secs(86_400));
        assert_eq!(n.lease, Duration::from_secs(60));
        let n = notify(&[
            ("SMTP_URL", "smtps://user:pa55@mail.example.vn:465"),
            ("MAIL_FROM", "Shop <shop@example.vn>"),
            (
                "TELEGRAM_BOT_TOKEN",
                "123456:ABCdefGHIjklMNOpqrSTUvwxYZ0123456789",
            ),
            ("TELEGRAM_CHAT_ID", "-1001234567890"),
            ("PUBLIC_BASE_URL", "https://shop.example.vn/"),
            ("NOTIFY_RETRY_BASE_MS", "50"),
        ])
        .unwrap();
        assert_eq!(n.public_base_url, "https://shop.example.vn");
        assert_eq!(n.retry_base, Duration::from_millis(50));
        assert!(!format!("{n:?}").contains("pa55"));
        assert!(!format!("{n:?}").contains("ABCdef"));
        for bad in [
            ("SMTP_URL", "http://mail.example.vn"),
            ("MAIL_FROM", "not an address"),
            ("TELEGRAM_CHAT_ID", "chat room"),
            ("TELEGRAM_BOT_TOKEN", "token"),
            ("NOTIFY_CONCURRENCY", "0"),
            ("NOTIFY_LEASE_SECONDS", "1"),
            ("TELEGRAM_API_BASE", "api.telegram.org"),
        ] {
            let message = notify(&[bad]).unwrap_err().to_string();
            assert!(message.contains(bad.0), "{message}");
        }
    }

    #[test]
    fn secret_keys_in_hex_or_base64() {
        let hex_key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
        assert_eq!(secret_key(hex_key).unwrap()[31], 0x1f);
        let b64 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
        assert_eq!(secret_key(b64).unwrap(), secret_key(hex_key).unwrap());
        assert!(secret_key("abcd").is_err());
        assert!(secret_key(&"00".repeat(32)).is_err());
        assert!(secret_key("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=").is_err());
        let message = secret_key("c2VjcmV0").unwrap_err().to_string();
        assert!(message.contains(SYSTEM_SECRET_KEY) && !message.contains("c2VjcmV0"));
    }

    #[test]
    fn bad_settings_are_named() {
        let s3 = ("UPLOAD_STORE", "s3");
        let bucket = ("S3_BUCKET", "shop-uploads");
        assert!(rejected(&[("UPLOAD_STORE", "nfs")]).contains("UPLOAD_STORE"));
        assert!(rejected(&[s3]).contains("S3_BUCKET is required"));
        for bad in ["Shop", "ab", "-shop", "shop/uploads", "shop uploads"] {
            assert!(
                rejected(&[s3, ("S3_BUCKET", bad)]).contains("S3_BUCKET"),
                "{bad}"
            );
        }
        for bad in ["a//b", "../x", "a/./b", "a b", "a?b"] {
            assert!(
                rejected(&[s3, bucket, ("S3_PREFIX", bad)]).contains("S3_PREFIX"),
                "{bad}"
            );
        }
        assert!(rejected(&[s3, bucket, ("S3_ENDPOINT", "minio:9000")]).contains("S3_ENDPOINT"));
        assert!(
            rejected(&[s3, bucket, ("S3_ACCESS_KEY_ID", "id")]).contains("S3_SECRET_ACCESS_KEY")
        );
        assert!(
            rejected(&[s3, bucket, ("S3_SECRET_ACCESS_KEY", "k")]).contains("S3_ACCESS_KEY_ID")
        );
        assert!(rejected(&[("UPLOAD_MAX_BYTES", "0")]).contains("UPLOAD_MAX_BYTES"));
        assert!(rejected(&[("UPLOAD_MAX_BYTES", "lots")]).contains("UPLOAD_MAX_BYTES"));
    }
}
