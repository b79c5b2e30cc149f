//! Gateway configuration, read once at start-up from environment variables only.
//!
//! | variable | default | meaning |
//! |---|---|---|
//! | `LISTEN_ADDR` | `0.0.0.0:8080` | address the gateway listens on |
//! | `IDENTITY_URL` | `http://127.0.0.1:8081` | identity upstream; also the JWKS and TokenStatus source |
//! | `SYSTEM_URL` | `http://127.0.0.1:8082` | system upstream (also serves `/uploads/...`) |
//! | `RETAILSTORE_URL` | `http://127.0.0.1:8083` | retailstore upstream |
//! | `PAYMENTPROVIDER_URL` | `http://127.0.0.1:8084` | paymentprovider upstream |
//! | `FRONTEND_DIR` | `frontend/dist` | the built SPA (index.html, assets/) |
//! | `INTERNAL_API_KEY` | required, >= 16 chars | key sent to identity's internal TokenStatus route |
//! | `TRUSTED_PROXIES` | empty | comma-separated IPs/CIDRs whose `X-Forwarded-For`/`-Proto` are believed |
//! | `RATE_LIMIT_LOGIN_PER_MINUTE` | `10` | logins per client IP per minute (0 disables) |
//! | `RATE_LIMIT_ORDER_PER_MINUTE` | `20` | CreateOrder and ResendAccessLink calls per client IP per minute, counted together (0 disables) |
//! | `MAX_REQUEST_BYTES` | `1048576` | request body limit for proxied routes |
//! | `UPLOAD_MAX_REQUEST_BYTES` | `6291456` | body limit of `/system/api/admin/v1/UploadFile/Upload` |
//! | `BULK_MAX_REQUEST_BYTES` | `8388608` | body limit of `/retailstore/api/admin/v1/ProductSerialCode/CreateBulk` |
//! | `UPSTREAM_TIMEOUT_SECONDS` | `60` | time allowed for an upstream's response head (`60`, `1m`, ...) |
//! | `TOKEN_STATUS_CACHE_SECONDS` | `30` | how long a TokenStatus answer per (user, ver) is reused (0: never) |
//! | `WORKERS` | number of CPUs | HTTP worker threads |
//! | `HSTS_MAX_AGE_SECONDS` | `0` (off) | when above 0, every answer carries `Strict-Transport-Security: max-age=<n>; includeSubDomains`; set it only where the shop is served over HTTPS alone |
//! | `PUBLIC_BASE_URL` | `http://localhost:8080` | the shop's public address: canonical and Open Graph URLs, the sitemap's addresses |
//! | `PAGE_CACHE_SECONDS` | `5` | how long a rendered page (home, product page, sitemap) is reused per path (0: never) |
//! | `METRICS_PORT` | `9090` | port of the second listener that serves `GET /metrics` (on `LISTEN_ADDR`'s host); never the public port |
//! | `RUST_LOG`, `LOG_FORMAT`, `OTEL_*` | | logging and tracing, see `shop_common::telemetry`; a span per request only when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, sampled by `OTEL_TRACES_SAMPLER` |

use std::path::PathBuf;
use std::time::Duration;

use shop_common::config::{self, ConfigError, Secret};
use shop_common::limits;
use shop_common::net::TrustedProxies;

pub const DEFAULT_LISTEN_ADDR: &str = "0.0.0.0:8080";
pub const DEFAULT_METRICS_PORT: u16 = 9090;

/// The base URLs of the four services, without a trailing slash.
#[derive(Debug, Clone)]
pub struct UpstreamUrls {
    pub identity: String,
    pub system: String,
    pub retailstore: String,
    pub paymentprovider: String,
}

impl UpstreamUrls {
    /// The defaults of a local run (`make run`).
    pub fn local() -> Self {
        Self {
            identity: "http://127.0.0.1:8081".into(),
            system: "http://127.0.0.1:8082".into(),
            retailstore: "http://127.0.0.1:8083".into(),
            paymentprovider: "http://127.0.0.1:8084".into(),
        }
    }
}

/// Request body limits in bytes, per route class (defaults: [`shop_common::limits`]).
#[derive(Debug, Clone, Copy)]
pub struct BodyLimits {
    pub default: u64,
    pub upload: u64,
    pub bulk: u64,
}

impl Default for BodyLimits {
    fn default() -> Self {
        Self {
            default: limits::DEFAULT_BODY_BYTES as u64,
            upload: limits::UPLOAD_BODY_BYTES as u64,
            bulk: limits::BULK_BODY_BYTES as u64,
        }
    }
}

/// How long a new connection may take to send its first request head.
pub const CLIENT_REQUEST_TIMEOUT: Duration = Duration::from_secs(5);

/// The window of the per-minute limits.
pub const RATE_LIMIT_WINDOW: Duration = Duration::from_secs(60);

/// Everything the gateway needs; tests build it directly, `main` from the environment.
#[derive(Debug, Clone)]
pub struct Config {
    pub listen_addr: String,
    pub upstreams: UpstreamUrls,
    pub frontend_dir: PathBuf,
    pub internal_api_key: Secret,
    pub trusted_proxies: TrustedProxies,
    pub login_per_minute: u32,
    pub order_per_minute: u32,
    /// The window both limits count in: a minute, as their names say. Tests make it
    /// longer, so that a burst of requests is judged the same on a slow machine.
    pub rate_limit_window: Duration,
    pub body_limits: BodyLimits,
    pub upstream_timeout: Duration,
    /// How long a new connection may take to send its first request head (then 408).
    pub client_request_timeout: Duration,
    pub token_status_ttl: Duration,
    /// `None`: one worker per CPU.
    pub workers: Option<usize>,
    /// Port of the metrics listener (`main` binds it beside `listen_addr`).
    pub metrics_port: u16,
    /// A tracing span per request (continuing an incoming `traceparent`). On when
    /// spans are exported (`OTEL_EXPORTER_OTLP_ENDPOINT`); otherwise the gateway only
    /// propagates `traceparent` and skips the per-request span cost.
    pub request_spans: bool,
    /// `Strict-Transport-Security`'s `max-age` in seconds on every answer; `None`: no
    /// such header (a shop served over plain HTTP, or HSTS set by the TLS terminator).
    pub hsts_max_age: Option<u64>,
    /// The shop's public address without a trailing slash (canonical URLs, sitemap).
    pub public_base_url: String,
    /// How long a page's rendered head is reused ([`crate::page_meta`]); zero: never.
    pub page_cache_ttl: Duration,
}

pub const DEFAULT_PUBLIC_BASE_URL: &str = "http://localhost:8080";
pub const DEFAULT_PAGE_CACHE_TTL: Duration = Duration::from_secs(5);

impl Config {
    /// A configuration with the documented defaults, for the given upstreams and key.
    pub fn new(upstreams: UpstreamUrls, internal_api_key: Secret) -> Self {
        Self {
            listen_addr: DEFAULT_LISTEN_ADDR.into(),
            upstreams,
            frontend_dir: PathBuf::from("frontend/dist"),
            internal_api_key,
            trusted_proxies: TrustedProxies::default(),
            login_per_minute: 10,
            order_per_minute: 20,
            rate_limit_window: RATE_LIMIT_WINDOW,
            body_limits: BodyLimits::default(),
            upstream_timeout: Duration::from_secs(60),
            client_request_timeout: CLIENT_REQUEST_TIMEOUT,
            token_status_ttl: Duration::from_secs(30),
            workers: None,
            metrics_port: DEFAULT_METRICS_PORT,
            request_spans: false,
            hsts_max_age: None,
            public_base_url: DEFAULT_PUBLIC_BASE_URL.into(),
            page_cache_ttl: DEFAULT_PAGE_CACHE_TTL,
        }
    }

    /// Reads every variable listed in the module documentation.
    pub fn from_env() -> Result<Self, ConfigError> {
        let defaults = UpstreamUrls::local();
        let upstreams = UpstreamUrls {
            identity: upstream_url("IDENTITY_URL", &defaults.identity)?,
            system: upstream_url("SYSTEM_URL", &defaults.system)?,
            retailstore: upstream_url("RETAILSTORE_URL", &defaults.retailstore)?,
            paymentprovider: upstream_url("PAYMENTPROVIDER_URL", &defaults.paymentprovider)?,
        };
        let limits = BodyLimits::default();
        let workers = match config::parse_or::<usize>("WORKERS", 0)? {
            0 => None,
            n => Some(n),
        };
        Ok(Self {
            listen_addr: config::or("LISTEN_ADDR", DEFAULT_LISTEN_ADDR),
            upstreams,
            frontend_dir: PathBuf::from(config::or("FRONTEND_DIR", "frontend/dist")),
            internal_api_key: config::internal_api_key()?,
            trusted_proxies: config::trusted_proxies()?,
            login_per_minute: config::parse_or("RATE_LIMIT_LOGIN_PER_MINUTE", 10)?,
            order_per_minute: config::parse_or("RATE_LIMIT_ORDER_PER_MINUTE", 20)?,
            rate_limit_window: RATE_LIMIT_WINDOW,
            body_limits: BodyLimits {
                default: config::parse_or("MAX_REQUEST_BYTES", limits.default)?,
                upload: config::parse_or("UPLOAD_MAX_REQUEST_BYTES", limits.upload)?,
                bulk: config::parse_or("BULK_MAX_REQUEST_BYTES", limits.bulk)?,
            },
            upstream_timeout: positive(
                "UPSTREAM_TIMEOUT_SECONDS",
                config::duration_or("UPSTREAM_TIMEOUT_SECONDS", Duration::from_secs(60))?,
            )?,
            client_request_timeout: CLIENT_REQUEST_TIMEOUT,
            token_status_ttl: config::duration_or(
                "TOKEN_STATUS_CACHE_SECONDS",
                Duration::from_secs(30),
            )?,
            workers,
            metrics_port: config::parse_or("METRICS_PORT", DEFAULT_METRICS_PORT)?,
            request_spans: config::var("OTEL_EXPORTER_OTLP_ENDPOINT").is_some(),
            hsts_max_age: match config::parse_or::<u64>("HSTS_MAX_AGE_SECONDS", 0)? {
                0 => None,
                n => Some(n),
            },
            public_base_url: config::http_url(
                "PUBLIC_BASE_URL",
                &config::or("PUBLIC_BASE_URL", DEFAULT_PUBLIC_BASE_URL),
            )?,
            page_cache_ttl: config::duration_or("PAGE_CACHE_SECONDS", DEFAULT_PAGE_CACHE_TTL)?,
        })
    }
}

fn positive(name: &'static str, value: Duration) -> Result<Duration, ConfigError> {
    if value.is_zero() {
        return Err(ConfigError::Invalid {
            name,
            reason: "must be greater than zero".into(),
        });
    }
    Ok(value)
}

/// An `http(s)://host[:port]` base URL without path, query or trailing slash.
fn upstream_url(name: &'static str, default: &str) -> Result<String, ConfigError> {
    parse_upstream_url(name, &config::or(name, default))
}

fn parse_upstream_url(name: &'static str, raw: &str) -> Result<String, ConfigError> {
    let text = raw.trim().trim_end_matches('/');
    let invalid = |reason: &str| ConfigError::Invalid {
        name,
        reason: reason.to_owned(),
    };
    let url = reqwest::Url::parse(text).map_err(|e| invalid(&e.to_string()))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(invalid("expected an http:// or https:// URL"));
    }
    if url.host_str().is_none() {
        return Err(invalid("missing host"));
    }
    if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
        return Err(invalid("expected a base URL without path or query"));
    }
    Ok(text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upstream_urls() {
        let ok = |raw: &str| parse_upstream_url("X_URL", raw).ok();
        assert_eq!(
            ok("http://identity:8081/").as_deref(),
            Some("http://identity:8081")
        );
        assert_eq!(
            ok(" https://10.0.0.5 ").as_deref(),
            Some("https://10.0.0.5")
        );
        assert_eq!(ok("ftp://x"), None);
        assert_eq!(ok("identity:8081"), None);
        assert_eq!(ok("http://identity:8081/identity"), None);
        assert_eq!(ok("http://identity:8081?x=1"), None);
    }

    #[test]
    fn defaults_match_the_documentation() {
        let c = Config::new(UpstreamUrls::local(), Secret::new("k"));
        assert_eq!(c.listen_addr, "0.0.0.0:8080");
        assert_eq!(c.login_per_minute, 10);
        assert_eq!(c.order_per_minute, 20);
        assert_eq!(c.body_limits.default, 1_048_576);
        assert_eq!(c.body_limits.upload, 6_291_456);
        assert_eq!(c.body_limits.bulk, 8_388_608);
        assert_eq!(c.upstream_timeout, Duration::from_secs(60));
        assert_eq!(c.token_status_ttl, Duration::from_secs(30));
        assert_eq!(c.frontend_dir, PathBuf::from("frontend/dist"));
        assert_eq!(c.metrics_port, 9090);
        assert_eq!(c.hsts_max_age, None);
        assert_eq!(c.public_base_url, "http://localhost:8080");
        assert_eq!(c.page_cache_ttl, Duration::from_secs(5));
    }
}
