//! Service-to-service calls on `/{svc}/internal/...`. Every calling service holds a key
//! of its own and sends it in `x-internal-key`; a callee knows each legitimate caller's
//! key (or only its SHA-256), so it learns *who* is calling, and each route admits only
//! its own callers: ConfirmPayment only paymentprovider, Enqueue only the services that
//! emit events, TokenStatus any service. The gateway's key opens no money route.

use std::fmt;
use std::future::{Ready, ready};
use std::time::Duration;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::config::{ConfigError, Secret};
use crate::envelope::Envelope;
use crate::error::{ApiError, ErrorBody, internal_error};

pub const HEADER: &str = "x-internal-key";

/// A service that may call another's internal routes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Caller {
    Gateway,
    Retailstore,
    Paymentprovider,
    System,
}

impl Caller {
    pub const ALL: [Caller; 4] = [
        Caller::Gateway,
        Caller::Retailstore,
        Caller::Paymentprovider,
        Caller::System,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Caller::Gateway => "gateway",
            Caller::Retailstore => "retailstore",
            Caller::Paymentprovider => "paymentprovider",
            Caller::System => "system",
        }
    }

    /// The variable in which a callee finds this caller's keys.
    pub fn env_var(self) -> &'static str {
        match self {
            Caller::Gateway => "GATEWAY_INTERNAL_KEY",
            Caller::Retailstore => "RETAILSTORE_INTERNAL_KEY",
            Caller::Paymentprovider => "PAYMENTPROVIDER_INTERNAL_KEY",
            Caller::System => "SYSTEM_INTERNAL_KEY",
        }
    }
}

impl fmt::Display for Caller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Keys shorter than this are refused at start-up.
pub const MIN_KEY_LEN: usize = 16;

/// The entries of a comma-separated key list, trimmed, blanks dropped.
fn entries(list: &str) -> impl Iterator<Item = &str> {
    list.split(',').map(str::trim).filter(|key| !key.is_empty())
}

/// The key a service sends: the first entry of its own list (`INTERNAL_API_KEY`).
///
/// Rotation of a caller's key: add the new key second in the caller's list and in every
/// callee's list for that caller, then swap the caller's two entries (it now sends the
/// new one), then drop the old key everywhere.
pub fn sending_key(secret: &Secret) -> &str {
    entries(secret.expose()).next().unwrap_or_default()
}

/// Checks an own key list (`INTERNAL_API_KEY`): every entry long enough.
pub fn check_own_keys(name: &'static str, list: &str) -> Result<(), ConfigError> {
    if entries(list).next().is_none() || entries(list).any(|key| key.len() < MIN_KEY_LEN) {
        return Err(ConfigError::Invalid {
            name,
            reason: format!("use at least {MIN_KEY_LEN} characters for each key of the list"),
        });
    }
    Ok(())
}

/// What a callee holds for one caller: the SHA-256 of each accepted key. Comparing
/// digests keeps the comparison constant-time and fixed-length, and lets an operator
/// give a callee only `sha256:<hex>` digests, so that reading one service's settings
/// never yields a key that impersonates another.
#[derive(Clone)]
struct CallerKeys {
    caller: Caller,
    digests: Vec<[u8; 32]>,
}

/// The callers a service accepts on its internal routes, with their keys; held as app
/// data by every service that serves internal routes.
#[derive(Clone, Default)]
pub struct InternalKeys {
    callers: Vec<CallerKeys>,
}

impl fmt::Debug for InternalKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = self.callers.iter().map(|c| c.caller.name()).collect();
        f.debug_struct("InternalKeys")
            .field("callers", &names)
            .finish()
    }
}

fn digest(key: &[u8]) -> [u8; 32] {
    Sha256::digest(key).into()
}

impl InternalKeys {
    /// No caller accepted.
    pub fn none() -> Self {
        Self::default()
    }

    /// Adds `caller` with `list`: comma-separated keys, each a key of at least
    /// [`MIN_KEY_LEN`] characters or `sha256:` and the 64 hex digits of one. The error
    /// names `caller`'s variable and never quotes a key.
    pub fn accept(mut self, caller: Caller, list: &str) -> Result<Self, ConfigError> {
        let invalid = |reason: String| ConfigError::Invalid {
            name: caller.env_var(),
            reason,
        };
        let mut digests = Vec::new();
        for entry in entries(list) {
            if let Some(hex_digits) = entry.strip_prefix("sha256:") {
                let mut d = [0u8; 32];
                hex::decode_to_slice(hex_digits, &mut d)
                    .map_err(|_| invalid("a sha256: entry needs 64 hex digits".into()))?;
                digests.push(d);
            } else if entry.len() < MIN_KEY_LEN {
                return Err(invalid(format!(
                    "use at least {MIN_KEY_LEN} characters for each key of the list"
                )));
            } else {
                digests.push(digest(entry.as_bytes()));
            }
        }
        if digests.is_empty() {
            return Err(ConfigError::Missing(caller.env_var()));
        }
        self.callers.retain(|c| c.caller != caller);
        self.callers.push(CallerKeys { caller, digests });
        Ok(self)
    }

    /// Reads each of `callers`' variables (each required).
    pub fn from_env(callers: &[Caller]) -> Result<Self, ConfigError> {
        let mut keys = Self::none();
        for &caller in callers {
            let list = crate::config::required(caller.env_var())?;
            keys = keys.accept(caller, &list)?;
        }
        Ok(keys)
    }

    /// Which caller `presented` belongs to. Every digest is compared, whichever
    /// matches, so the time taken does not say which caller or entry came close.
    pub fn identify(&self, presented: &[u8]) -> Option<Caller> {
        let presented = digest(presented);
        let mut found = None;
        for keys in &self.callers {
            let mut hit = subtle::Choice::from(0);
            for d in &keys.digests {
                hit |= d.ct_eq(&presented);
            }
            if bool::from(hit) {
                found = Some(keys.caller);
            }
        }
        found
    }
}

/// Proof that the request came from another service, and which (code 5 otherwise).
/// A route then admits only its own callers with [`InternalCaller::allow`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InternalCaller(pub Caller);

impl InternalCaller {
    /// `Ok` when this caller is one of `allowed`; a known service calling a route that
    /// is not its own gets code 6 (and a warning: it is a misconfiguration or worse).
    pub fn allow(self, allowed: &[Caller]) -> Result<Caller, ApiError> {
        if allowed.contains(&self.0) {
            Ok(self.0)
        } else {
            tracing::warn!(caller = %self.0, "internal route refused to a caller that is not its own");
            Err(ApiError::forbidden())
        }
    }
}

impl FromRequest for InternalCaller {
    type Error = ApiError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(check(req))
    }
}

fn check(req: &HttpRequest) -> Result<InternalCaller, ApiError> {
    let keys = req
        .app_data::<web::Data<InternalKeys>>()
        .ok_or_else(|| internal_error("InternalKeys missing from app data"))?;
    let presented = req
        .headers()
        .get(HEADER)
        .map(|v| v.as_bytes())
        .unwrap_or_default();
    if presented.is_empty() {
        return Err(ApiError::unauthorized());
    }
    keys.identify(presented)
        .map(InternalCaller)
        .ok_or_else(ApiError::unauthorized)
}

#[derive(Debug, thiserror::Error)]
pub enum CallError {
    #[error("transport: {0}")]
    Transport(#[from] reqwest::Error),
    #[error("application error {}: {}", .0.code, .0.message)]
    Application(ErrorBody),
    #[error("malformed answer")]
    Malformed,
}

/// A small client for another service's internal routes.
#[derive(Clone)]
pub struct InternalClient {
    client: reqwest::Client,
    base_url: String,
    key: Secret,
}

impl InternalClient {
    pub fn new(client: reqwest::Client, base_url: &str, key: Secret) -> Self {
        Self {
            client,
            base_url: base_url.trim_end_matches('/').to_owned(),
            key,
        }
    }

    async fn read<R: DeserializeOwned>(resp: reqwest::Response) -> Result<R, CallError> {
        let env: Envelope<R> = resp.json().await?;
        match (env.success, env.result, env.error) {
            (true, Some(r), _) => Ok(r),
            (false, _, Some(e)) => Err(CallError::Application(e)),
            _ => Err(CallError::Malformed),
        }
    }

    /// Sends `request` with the shared key and the current trace context.
    async fn send<R: DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
        timeout: Duration,
    ) -> Result<R, CallError> {
        let mut headers = reqwest::header::HeaderMap::new();
        crate::telemetry::inject_context(&mut headers);
        let resp = request
            .headers(headers)
            .header(HEADER, sending_key(&self.key))
            .timeout(timeout)
            .send()
            .await?;
        Self::read(resp).await
    }

    pub async fn get<R: DeserializeOwned>(
        &self,
        path: &str,
        query: &(impl Serialize + ?Sized),
        timeout: Duration,
    ) -> Result<R, CallError> {
        let url = format!("{}{path}", self.base_url);
        self.send(self.client.get(url).query(query), timeout).await
    }

    pub async fn post<R: DeserializeOwned>(
        &self,
        path: &str,
        body: &(impl Serialize + ?Sized),
        timeout: Duration,
    ) -> Result<R, CallError> {
        let url = format!("{}{path}", self.base_url);
        self.send(self.client.post(url).json(body), timeout).await
    }
}

/// A reqwest client with rustls on the ring provider (installed once).
pub fn http_client() -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(5))
        .pool_idle_timeout(Duration::from_secs(90))
        .build()
        .unwrap_or_else(|e| {
            tracing::error!(error = %e, "http client with defaults");
            reqwest::Client::new()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_callers_key_list_accepts_each_key_and_the_caller_sends_the_first() {
        let (new, old) = ("n".repeat(16), "o".repeat(16));
        let keys = InternalKeys::none()
            .accept(Caller::Paymentprovider, &format!("{new}, {old}"))
            .unwrap();
        assert_eq!(keys.identify(new.as_bytes()), Some(Caller::Paymentprovider));
        assert_eq!(keys.identify(old.as_bytes()), Some(Caller::Paymentprovider));
        assert_eq!(keys.identify(b""), None);
        assert_eq!(keys.identify(format!("{new},{old}").as_bytes()), None);
        assert_eq!(keys.identify("x".repeat(16).as_bytes()), None);
        assert_eq!(sending_key(&Secret::new(format!("{new}, {old}"))), new);
        assert_eq!(sending_key(&Secret::new(old.clone())), old);
    }

    #[test]
    fn each_key_names_its_own_caller() {
        let (pp, rs, gw) = ("p".repeat(20), "r".repeat(20), "g".repeat(20));
        let keys = InternalKeys::none()
            .accept(Caller::Paymentprovider, &pp)
            .unwrap()
            .accept(Caller::Retailstore, &rs)
            .unwrap()
            .accept(Caller::Gateway, &gw)
            .unwrap();
        assert_eq!(keys.identify(pp.as_bytes()), Some(Caller::Paymentprovider));
        assert_eq!(keys.identify(rs.as_bytes()), Some(Caller::Retailstore));
        assert_eq!(keys.identify(gw.as_bytes()), Some(Caller::Gateway));

        let gateway = InternalCaller(Caller::Gateway);
        assert_eq!(
            gateway.allow(&[Caller::Paymentprovider]).unwrap_err().code,
            6
        );
        assert_eq!(
            InternalCaller(Caller::Paymentprovider)
                .allow(&[Caller::Paymentprovider])
                .unwrap(),
            Caller::Paymentprovider
        );
    }

    #[test]
    fn a_digest_stands_for_the_key_it_hashes() {
        let key = "k".repeat(24);
        let hex_digest = hex::encode(Sha256::digest(key.as_bytes()));
        let keys = InternalKeys::none()
            .accept(Caller::System, &format!("sha256:{hex_digest}"))
            .unwrap();
        assert_eq!(keys.identify(key.as_bytes()), Some(Caller::System));
        // The digest itself is not a key.
        assert_eq!(
            keys.identify(format!("sha256:{hex_digest}").as_bytes()),
            None
        );
    }

    #[test]
    fn short_keys_and_bad_digests_are_refused_without_quoting_them() {
        for list in [
            "short",
            "sha256:abc",
            "ok-key-of-sixteen-chars, tiny",
            " , ",
        ] {
            let err = InternalKeys::none()
                .accept(Caller::Gateway, list)
                .unwrap_err()
                .to_string();
            assert!(err.contains("GATEWAY_INTERNAL_KEY"), "{err}");
            assert!(!err.contains("tiny") && !err.contains("short"), "{err}");
        }
        assert!(check_own_keys("INTERNAL_API_KEY", "tiny").is_err());
        assert!(check_own_keys("INTERNAL_API_KEY", "").is_err());
        assert!(check_own_keys("INTERNAL_API_KEY", &"a".repeat(16)).is_ok());
    }
}
