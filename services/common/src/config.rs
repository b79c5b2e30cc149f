//! Configuration comes only from environment variables. Each reader names its
//! variable; the README lists them all. Secrets are wrapped so they never print.
//!
//! Any variable may instead be given as a file: `NAME_FILE=/path` reads the file (one
//! trailing newline dropped), which is how a mounted Kubernetes Secret or a Docker
//! secret is passed without putting the value in the process environment. Setting both
//! `NAME` and `NAME_FILE` is an error.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::internal::{Caller, InternalKeys, check_own_keys};
use crate::net::TrustedProxies;

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("environment variable {0} is required")]
    Missing(&'static str),
    #[error("environment variable {name} is invalid: {reason}")]
    Invalid { name: &'static str, reason: String },
    #[error("{name}_FILE: {reason}")]
    File { name: String, reason: String },
}

/// A value that must never reach a log line.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

/// The variable's value from `NAME` or the file named by `NAME_FILE`; `None` when
/// neither is set or the value is blank.
pub fn lookup(name: &str) -> Result<Option<String>, ConfigError> {
    lookup_in(name, |n| std::env::var(n).ok())
}

/// [`lookup`] over any environment (tests pass a map: the process's is shared).
fn lookup_in(
    name: &str,
    env: impl Fn(&str) -> Option<String>,
) -> Result<Option<String>, ConfigError> {
    let direct = env(name).filter(|v| !v.trim().is_empty());
    let file = env(&format!("{name}_FILE")).filter(|v| !v.trim().is_empty());
    let file_error = |reason: String| ConfigError::File {
        name: name.to_owned(),
        reason,
    };
    match (direct, file) {
        (Some(_), Some(_)) => Err(file_error(format!("set {name} or {name}_FILE, not both"))),
        (Some(value), None) => Ok(Some(value)),
        (None, None) => Ok(None),
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path.trim())
                .map_err(|e| file_error(format!("cannot read {}: {e}", path.trim())))?;
            let text = text
                .strip_suffix('\n')
                .map(|t| t.strip_suffix('\r').unwrap_or(t))
                .unwrap_or(&text);
            Ok(Some(text.to_owned()).filter(|v| !v.trim().is_empty()))
        }
    }
}

/// The variable's value, `None` when unset or blank. An unreadable `NAME_FILE` is
/// logged and counts as unset; a required variable reports it instead.
pub fn var(name: &str) -> Option<String> {
    lookup(name).unwrap_or_else(|e| {
        tracing::error!(error = %e, "configuration file unreadable");
        None
    })
}

pub fn required(name: &'static str) -> Result<String, ConfigError> {
    lookup(name)?.ok_or(ConfigError::Missing(name))
}

pub fn or(name: &str, default: &str) -> String {
    var(name).unwrap_or_else(|| default.to_owned())
}

pub fn parse_or<T>(name: &'static str, default: T) -> Result<T, ConfigError>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    match var(name) {
        None => Ok(default),
        Some(v) => v.trim().parse().map_err(|e: T::Err| ConfigError::Invalid {
            name,
            reason: e.to_string(),
        }),
    }
}

/// Parses `8h`, `30m`, `45s`, `2d` or a bare number of seconds.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let text = text.trim();
    let (digits, unit) = match text.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => text.split_at(i),
        None => (text, "s"),
    };
    let n: u64 = digits.parse().ok()?;
    let secs = match unit.trim() {
        "s" => n,
        "m" => n.checked_mul(60)?,
        "h" => n.checked_mul(3600)?,
        "d" => n.checked_mul(86_400)?,
        _ => return None,
    };
    Some(Duration::from_secs(secs))
}

pub fn duration_or(name: &'static str, default: Duration) -> Result<Duration, ConfigError> {
    match var(name) {
        None => Ok(default),
        Some(v) => parse_duration(&v).ok_or(ConfigError::Invalid {
            name,
            reason: "expected a duration such as 8h, 30m or 3600".into(),
        }),
    }
}

/// Settings every service reads.
///
/// `DATABASE_URL` (required), `LISTEN_ADDR`, `DB_POOL_SIZE` \[10\], `IDENTITY_URL`
/// \[http://127.0.0.1:8081\], `INTERNAL_API_KEY` (this service's own key, required when it
/// calls other services), `<CALLER>_INTERNAL_KEY` for each caller its internal routes
/// accept (see [`crate::internal`]), `TRUSTED_PROXIES` \[none\], `TOKEN_STATUS_CACHE_SECONDS`
/// \[30\] (how long identity's revocation answer is reused).
#[derive(Debug, Clone)]
pub struct ServiceConfig {
    pub database_url: Secret,
    pub listen_addr: String,
    pub db_pool_size: usize,
    pub identity_url: String,
    /// This service's own key, sent on its internal calls (empty for a service that
    /// calls none).
    pub internal_api_key: Secret,
    /// The services allowed to call this one's internal routes, with their keys.
    pub internal_callers: InternalKeys,
    pub trusted_proxies: TrustedProxies,
    pub token_status_ttl: Duration,
}

/// How a service takes part in internal calls.
#[derive(Debug, Clone, Copy)]
pub struct InternalRole {
    /// Whether it calls other services (and so needs `INTERNAL_API_KEY`).
    pub sends: bool,
    /// The callers its internal routes accept.
    pub accepts: &'static [Caller],
}

impl ServiceConfig {
    pub fn from_env(default_listen: &str, role: InternalRole) -> Result<Self, ConfigError> {
        Ok(Self {
            database_url: Secret::new(required("DATABASE_URL")?),
            listen_addr: or("LISTEN_ADDR", default_listen),
            db_pool_size: parse_or("DB_POOL_SIZE", 10)?,
            identity_url: identity_url(),
            internal_api_key: if role.sends {
                internal_api_key()?
            } else {
                Secret::new(String::new())
            },
            internal_callers: InternalKeys::from_env(role.accepts)?,
            trusted_proxies: trusted_proxies()?,
            token_status_ttl: token_status_ttl()?,
        })
    }
}

pub fn identity_url() -> String {
    or("IDENTITY_URL", "http://127.0.0.1:8081")
        .trim_end_matches('/')
        .to_owned()
}

/// `TOKEN_STATUS_CACHE_SECONDS` \[30\]: how long a revocation answer per (user, session
/// version) is reused; 0 asks identity on every call.
pub fn token_status_ttl() -> Result<Duration, ConfigError> {
    duration_or("TOKEN_STATUS_CACHE_SECONDS", Duration::from_secs(30))
}

/// `INTERNAL_API_KEY`: this service's own key, or a comma-separated list during a
/// rotation (the first is sent; see [`crate::internal::sending_key`]).
pub fn internal_api_key() -> Result<Secret, ConfigError> {
    let key = required("INTERNAL_API_KEY")?;
    check_own_keys("INTERNAL_API_KEY", &key)?;
    Ok(Secret::new(key))
}

pub fn trusted_proxies() -> Result<TrustedProxies, ConfigError> {
    TrustedProxies::parse(&or("TRUSTED_PROXIES", "")).map_err(|reason| ConfigError::Invalid {
        name: "TRUSTED_PROXIES",
        reason,
    })
}

fn invalid(name: &'static str, reason: impl Into<String>) -> ConfigError {
    ConfigError::Invalid {
        name,
        reason: reason.into(),
    }
}

/// The value of `name` as an `http(s)://` address (optionally with a path prefix),
/// trimmed, trailing slashes removed: a service's URL or the shop's public address.
pub fn http_url(name: &'static str, text: &str) -> Result<String, ConfigError> {
    let url = text.trim().trim_end_matches('/');
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains(char::is_whitespace) => Ok(url.to_owned()),
        _ => Err(ConfigError::Invalid {
            name,
            reason: "expected an http:// or https:// address".to_owned(),
        }),
    }
}

/// Why `url`, the shop's public address, would not work where it is used (SePay's
/// webhook calls, links in e-mails, the staff guide): not `https`, or a host only this
/// machine or its network reaches. `None` when it looks public.
pub fn public_url_concern(url: &str) -> Option<&'static str> {
    let Some(rest) = url.strip_prefix("https://") else {
        return Some("it is not https");
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => authority.rsplit_once(':').map_or(authority, |(h, _)| h),
    }
    .to_ascii_lowercase();
    let local_name = host == "localhost"
        || host.ends_with(".localhost")
        || host.ends_with(".local")
        || host.ends_with(".internal")
        || !host.contains(['.', ':']);
    let local_ip = match host.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(ip)) => {
            ip.is_loopback() || ip.is_private() || ip.is_link_local() || ip.is_unspecified()
        }
        Ok(std::net::IpAddr::V6(ip)) => {
            let first = ip.segments()[0];
            ip.is_loopback()
                || ip.is_unspecified()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
        }
        Err(_) => false,
    };
    (local_name || local_ip).then_some("its host is reachable only from this machine or network")
}

/// Logs a warning at start when `url` (`PUBLIC_BASE_URL`) is not a public https
/// address: SePay could not deliver its webhooks there, and links in e-mails would not
/// open on a shopper's phone.
pub fn warn_if_not_public(url: &str) {
    if let Some(why) = public_url_concern(url) {
        tracing::warn!(
            public_base_url = %url,
            why,
            "PUBLIC_BASE_URL is not a public https address: SePay cannot call the webhook \
             there and links in e-mails will not open for shoppers (fine for a local run)"
        );
    }
}

/// A 256-bit key given as 64 hex characters. The message never quotes the value, and a
/// key of one repeated byte (a placeholder, not a key) is refused.
pub fn hex_key_32(name: &'static str, text: &str) -> Result<[u8; 32], ConfigError> {
    let text = text.trim();
    if text.len() != 64 {
        return Err(invalid(
            name,
            format!("expected 64 hex characters, got {}", text.len()),
        ));
    }
    let mut key = [0u8; 32];
    hex::decode_to_slice(text, &mut key)
        .map_err(|_| invalid(name, "expected hexadecimal digits only"))?;
    if key.iter().all(|b| *b == key[0]) {
        return Err(invalid(
            name,
            "the key is a repeated byte: use random bytes",
        ));
    }
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("8h"), Some(Duration::from_secs(28_800)));
        assert_eq!(parse_duration("30m"), Some(Duration::from_secs(1_800)));
        assert_eq!(parse_duration("3600"), Some(Duration::from_secs(3_600)));
        assert_eq!(parse_duration("2d"), Some(Duration::from_secs(172_800)));
        assert_eq!(parse_duration("h"), None);
        assert_eq!(parse_duration("5w"), None);
    }

    #[test]
    fn hex_keys() {
        let good = "0f".repeat(16) + &"a1".repeat(16);
        assert!(hex_key_32("K", &good).is_ok());
        assert!(hex_key_32("K", "abcd").is_err());
        assert!(hex_key_32("K", &"zz".repeat(32)).is_err());
        assert!(hex_key_32("K", &"00".repeat(32)).is_err());
        let message = hex_key_32("K", &"zz".repeat(32))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(!message.contains("zz"), "{message}");
    }

    #[test]
    fn a_variable_can_come_from_a_file() {
        let dir = std::env::temp_dir().join(format!("shop-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("key");
        std::fs::write(&path, "from-the-file\n").unwrap();
        let path = path.to_string_lossy().into_owned();
        let env = |pairs: Vec<(&'static str, String)>| {
            move |n: &str| pairs.iter().find(|(k, _)| *k == n).map(|(_, v)| v.clone())
        };

        let file_only = env(vec![("KEY_FILE", path.clone())]);
        assert_eq!(
            lookup_in("KEY", file_only).unwrap().as_deref(),
            Some("from-the-file")
        );
        let direct = env(vec![("KEY", "direct".into())]);
        assert_eq!(lookup_in("KEY", direct).unwrap().as_deref(), Some("direct"));
        let both = env(vec![("KEY", "direct".into()), ("KEY_FILE", path.clone())]);
        let err = lookup_in("KEY", both).unwrap_err().to_string();
        assert!(err.contains("not both") && !err.contains("direct"), "{err}");
        let missing = env(vec![("KEY_FILE", format!("{path}.absent"))]);
        assert!(
            lookup_in("KEY", missing)
                .unwrap_err()
                .to_string()
                .starts_with("KEY_FILE")
        );
        assert_eq!(lookup_in("KEY", env(vec![])).unwrap(), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_public_address_is_https_on_a_public_host() {
        for ok in [
            "https://shop.example.vn",
            "https://shop.example.vn:8443/cua-hang",
            "https://203.0.113.7",
        ] {
            assert_eq!(public_url_concern(ok), None, "{ok}");
        }
        assert_eq!(
            public_url_concern("http://shop.example.vn"),
            Some("it is not https")
        );
        for local in [
            "https://localhost:8080",
            "https://127.0.0.1",
            "https://192.168.1.20",
            "https://10.0.0.5:443",
            "https://[::1]:8443",
            "https://[fd00::1]",
            "https://shop.local",
            "https://gateway",
        ] {
            assert!(public_url_concern(local).is_some(), "{local}");
        }
    }

    #[test]
    fn secret_never_prints() {
        assert_eq!(format!("{:?}", Secret::new("hunter2")), "Secret(***)");
    }
}
