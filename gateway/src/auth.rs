//! Admin-route authentication: the bearer token is verified with common's
//! [`TokenVerifier`] (EdDSA pinned, `kid`, `iss`, `aud`, `exp`), then its `ver` is
//! checked against identity's TokenStatus so revoked sessions stop working. TokenStatus
//! answers are cached per (user, ver) for at most the configured time.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::Deserialize;
use shop_common::auth::{AuthError, Claims, Role, TokenVerifier};
use shop_common::config::Secret;
use shop_common::internal::{CallError, InternalClient};
use uuid::Uuid;

use crate::error::GatewayError;

pub const TOKEN_STATUS_PATH: &str = "/identity/internal/v1/TokenStatus";
/// Longest wait for identity's TokenStatus answer.
const STATUS_TIMEOUT: Duration = Duration::from_secs(5);
/// Cached answers kept before expired ones are swept.
const CACHE_SWEEP_AT: usize = 10_000;
/// Hard bound on cached answers (only valid tokens ever reach the cache).
const CACHE_MAX: usize = 100_000;

/// The verified caller of an admin route, forwarded as `x-user-*` headers.
#[derive(Debug, Clone)]
pub struct Principal {
    pub id: Uuid,
    pub name: String,
    pub role: Role,
}

#[derive(Debug, Deserialize)]
struct TokenStatus {
    active: bool,
    #[serde(default)]
    role: Option<String>,
}

#[derive(Debug, Clone, Copy)]
struct Cached {
    active: bool,
    at: Instant,
}

#[derive(Debug)]
struct Entries {
    map: HashMap<(Uuid, i64), Cached>,
    last_sweep: Instant,
}

/// TokenStatus answers per (sub, ver).
#[derive(Debug)]
struct StatusCache {
    ttl: Duration,
    entries: Mutex<Entries>,
}

impl StatusCache {
    fn new(ttl: Duration) -> Self {
        Self {
            ttl,
            entries: Mutex::new(Entries {
                map: HashMap::new(),
                last_sweep: Instant::now(),
            }),
        }
    }
}

impl StatusCache {
    fn get(&self, key: (Uuid, i64)) -> Option<bool> {
        if self.ttl.is_zero() {
            return None;
        }
        let entries = self.entries.lock().ok()?;
        let hit = entries.map.get(&key)?;
        (hit.at.elapsed() < self.ttl).then_some(hit.active)
    }

    fn put(&self, key: (Uuid, i64), active: bool) {
        if self.ttl.is_zero() {
            return;
        }
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        let ttl = self.ttl;
        // Sweep at most once per TTL, so the cost per insert stays amortised O(1).
        if entries.map.len() >= CACHE_SWEEP_AT && entries.last_sweep.elapsed() >= ttl {
            entries.map.retain(|_, c| c.at.elapsed() < ttl);
            entries.last_sweep = Instant::now();
        }
        if entries.map.len() >= CACHE_MAX {
            entries.map.clear();
        }
        entries.map.insert(
            key,
            Cached {
                active,
                at: Instant::now(),
            },
        );
    }
}

pub struct Authenticator {
    verifier: TokenVerifier,
    identity: InternalClient,
    cache: StatusCache,
    status_timeout: Duration,
}

impl Authenticator {
    /// `client` is used for the JWKS and TokenStatus calls to `identity_url`.
    pub fn new(
        identity_url: &str,
        internal_key: Secret,
        cache_ttl: Duration,
        status_timeout: Duration,
        client: reqwest::Client,
    ) -> Self {
        Self {
            verifier: TokenVerifier::remote(identity_url, client.clone()),
            identity: InternalClient::new(client, identity_url, internal_key),
            cache: StatusCache::new(cache_ttl),
            status_timeout: status_timeout.min(STATUS_TIMEOUT),
        }
    }

    /// Verifies `token` and checks that its session version is still current.
    pub async fn authenticate(&self, token: Option<&str>) -> Result<Principal, GatewayError> {
        let token = token.ok_or(GatewayError::Unauthorized)?;
        let claims = self.verifier.verify(token).await.map_err(|e| match e {
            AuthError::KeysUnavailable(reason) => {
                tracing::warn!(%reason, "cannot verify token: identity JWKS unavailable");
                GatewayError::AuthUnavailable
            }
            other => {
                tracing::debug!(error = %other, "token rejected");
                GatewayError::Unauthorized
            }
        })?;
        if !self.is_current(&claims).await? {
            tracing::debug!(sub = %claims.sub, ver = claims.ver, "revoked token");
            return Err(GatewayError::Unauthorized);
        }
        Ok(Principal {
            id: claims.sub,
            name: claims.name,
            role: claims.role,
        })
    }

    async fn is_current(&self, claims: &Claims) -> Result<bool, GatewayError> {
        let key = (claims.sub, claims.ver);
        if let Some(active) = self.cache.get(key) {
            return Ok(active);
        }
        let sub = claims.sub.to_string();
        let ver = claims.ver.to_string();
        let query = [("sub", sub.as_str()), ("ver", ver.as_str())];
        let active = match self
            .identity
            .get::<TokenStatus>(TOKEN_STATUS_PATH, &query, self.status_timeout)
            .await
        {
            // A role that differs from the token's means the token is stale.
            Ok(status) => {
                status.active
                    && status
                        .role
                        .as_deref()
                        .is_none_or(|r| Role::parse(r) == Some(claims.role))
            }
            // Identity does not know the user (deleted): the session is over.
            Err(CallError::Application(e)) if e.code == 2 => false,
            Err(e) => {
                tracing::warn!(error = %e, "identity TokenStatus unavailable");
                return Err(GatewayError::AuthUnavailable);
            }
        };
        self.cache.put(key, active);
        Ok(active)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_respects_ttl_and_zero() {
        let cache = StatusCache::new(Duration::from_millis(50));
        let key = (Uuid::nil(), 1);
        assert_eq!(cache.get(key), None);
        cache.put(key, true);
        assert_eq!(cache.get(key), Some(true));
        std::thread::sleep(Duration::from_millis(60));
        assert_eq!(cache.get(key), None);

        let off = StatusCache::new(Duration::ZERO);
        off.put(key, true);
        assert_eq!(off.get(key), None);
    }

    #[test]
    fn cache_is_bounded() {
        let cache = StatusCache::new(Duration::from_secs(60));
        for i in 0..(CACHE_MAX as i64 + 10) {
            cache.put((Uuid::nil(), i), true);
        }
        let len = cache
            .entries
            .lock()
            .map(|e| e.map.len())
            .unwrap_or(usize::MAX);
        assert!(len <= CACHE_MAX);
    }
}
