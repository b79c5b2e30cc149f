//! Service-to-service calls on `/{svc}/internal/...`: the caller sends the shared
//! key in `x-internal-key`; the callee compares it in constant time.

use std::future::{Ready, ready};
use std::time::Duration;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use serde::Serialize;
use serde::de::DeserializeOwned;
use subtle::ConstantTimeEq;

use crate::config::Secret;
use crate::envelope::Envelope;
use crate::error::{ApiError, ErrorBody, internal_error};

pub const HEADER: &str = "x-internal-key";

/// The shared key, held as app data by services that serve or call internal routes.
///
/// `INTERNAL_API_KEY` may hold a comma-separated list so the key can be rotated without
/// restarting everything at once: callers send the first entry, and any entry is
/// accepted. Rotation: put the new key second everywhere, then first, then drop the old.
#[derive(Debug, Clone)]
pub struct InternalKey(pub Secret);

impl InternalKey {
    /// Every entry is compared (in constant time), whichever matches.
    pub fn matches(&self, presented: &[u8]) -> bool {
        let mut found = subtle::Choice::from(0);
        for key in accepted_keys(&self.0) {
            found |= key.as_bytes().ct_eq(presented);
        }
        found.into()
    }
}

/// The entries of a (comma-separated) key list.
fn accepted_keys(secret: &Secret) -> impl Iterator<Item = &str> {
    secret
        .expose()
        .split(',')
        .map(str::trim)
        .filter(|key| !key.is_empty())
}

/// The key a caller sends: the list's first entry.
pub fn sending_key(secret: &Secret) -> &str {
    accepted_keys(secret).next().unwrap_or_default()
}

/// Proof that the request came from another service (code 5 otherwise).
#[derive(Debug, Clone, Copy)]
pub struct InternalCaller;

impl FromRequest for InternalCaller {
    type Error = ApiError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(check(req))
    }
}

fn check(req: &HttpRequest) -> Result<InternalCaller, ApiError> {
    let key = req
        .app_data::<web::Data<InternalKey>>()
        .ok_or_else(|| internal_error("InternalKey missing from app data"))?;
    let presented = req
        .headers()
        .get(HEADER)
        .map(|v| v.as_bytes())
        .unwrap_or_default();
    if key.matches(presented) {
        Ok(InternalCaller)
    } else {
        Err(ApiError::unauthorized())
    }
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
    fn a_key_list_accepts_each_key_and_sends_the_first() {
        let (new, old) = ("n".repeat(16), "o".repeat(16));
        let rotating = InternalKey(Secret::new(format!("{new}, {old}")));
        assert!(rotating.matches(new.as_bytes()));
        assert!(rotating.matches(old.as_bytes()));
        assert!(!rotating.matches(b""));
        assert!(!rotating.matches(format!("{new},{old}").as_bytes()));
        assert!(!rotating.matches("x".repeat(16).as_bytes()));
        assert_eq!(sending_key(&rotating.0), new);

        let single = InternalKey(Secret::new(old.clone()));
        assert!(single.matches(old.as_bytes()));
        assert!(!single.matches(new.as_bytes()));
        assert_eq!(sending_key(&single.0), old);
    }
}
