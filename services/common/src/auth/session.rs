//! Revocation: whether a verified token's session is still current. identity bumps a
//! user's `ver` on password change or reset, disable, role change and delete; its
//! internal `TokenStatus?sub=&ver=` (sent with the internal key) says whether `(sub,
//! ver)` is still active and with which role. The gateway and every service ask it
//! through [`SessionCheck`], whose answers are cached per `(sub, ver)` for at most the
//! configured time (30 s by default), so a revoked token stops working everywhere
//! within that time, whether the call came through the gateway or not.
//!
//! When identity cannot answer, the check fails closed with
//! [`AuthError::Unavailable`] (code 8, HTTP 503, like an unreachable JWKS): nothing is
//! let through unchecked, and a client is not told its token is bad (code 5 would sign
//! the back office out) because of an outage.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use serde::Deserialize;
use uuid::Uuid;

use crate::auth::{AuthError, Claims, Role};
use crate::config::Secret;
use crate::internal::{CallError, InternalClient};

pub const TOKEN_STATUS_PATH: &str = "/identity/internal/v1/TokenStatus";
/// Longest wait for identity's TokenStatus answer.
pub const STATUS_TIMEOUT: Duration = Duration::from_secs(5);
/// Cached answers kept before expired ones are swept.
const CACHE_SWEEP_AT: usize = 10_000;
/// Hard bound on cached answers (only verified tokens ever reach the cache).
const CACHE_MAX: usize = 100_000;

/// Where session answers come from: identity over HTTP in production, a fixed list
/// in other crates' tests.
pub trait SessionSource: Send + Sync {
    /// Whether the session `(claims.sub, claims.ver)` is still active with
    /// `claims.role`; [`AuthError::Unavailable`] when that cannot be known.
    fn is_current<'a>(&'a self, claims: &'a Claims) -> BoxFuture<'a, Result<bool, AuthError>>;
}

#[derive(Debug, Deserialize)]
struct TokenStatus {
    active: bool,
    #[serde(default)]
    role: Option<String>,
}

/// identity's `TokenStatus` route.
pub struct IdentitySessions {
    identity: InternalClient,
    timeout: Duration,
}

impl IdentitySessions {
    pub fn new(
        identity_url: &str,
        internal_key: Secret,
        timeout: Duration,
        client: reqwest::Client,
    ) -> Self {
        Self {
            identity: InternalClient::new(client, identity_url, internal_key),
            timeout: timeout.min(STATUS_TIMEOUT),
        }
    }
}

impl SessionSource for IdentitySessions {
    fn is_current<'a>(&'a self, claims: &'a Claims) -> BoxFuture<'a, Result<bool, AuthError>> {
        Box::pin(async move {
            let sub = claims.sub.to_string();
            let ver = claims.ver.to_string();
            let query = [("sub", sub.as_str()), ("ver", ver.as_str())];
            match self
                .identity
                .get::<TokenStatus>(TOKEN_STATUS_PATH, &query, self.timeout)
                .await
            {
                // A role that differs from the token's means the token is stale.
                Ok(status) => Ok(status.active
                    && status
                        .role
                        .as_deref()
                        .is_none_or(|r| Role::parse(r) == Some(claims.role))),
                // identity does not know the user (deleted): the session is over.
                Err(CallError::Application(e)) if e.code == 2 => Ok(false),
                Err(e) => Err(AuthError::Unavailable(format!("TokenStatus: {e}"))),
            }
        })
    }
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

/// Session answers per `(sub, ver)`, for at most `ttl` (zero: never cached).
#[derive(Debug)]
pub(crate) struct StatusCache {
    ttl: Duration,
    entries: Mutex<Entries>,
}

impl StatusCache {
    pub(crate) fn new(ttl: Duration) -> Self {
        Self {
            ttl,
            entries: Mutex::new(Entries {
                map: HashMap::new(),
                last_sweep: Instant::now(),
            }),
        }
    }

    pub(crate) fn get(&self, key: (Uuid, i64)) -> Option<bool> {
        if self.ttl.is_zero() {
            return None;
        }
        let entries = self.entries.lock().ok()?;
        let hit = entries.map.get(&key)?;
        (hit.at.elapsed() < self.ttl).then_some(hit.active)
    }

    pub(crate) fn put(&self, key: (Uuid, i64), active: bool) {
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

    #[cfg(test)]
    fn len(&self) -> usize {
        self.entries
            .lock()
            .map(|e| e.map.len())
            .unwrap_or(usize::MAX)
    }
}

/// A [`SessionSource`] behind a [`StatusCache`].
pub struct SessionCheck {
    source: Box<dyn SessionSource>,
    cache: StatusCache,
    lookups: AtomicU64,
}

impl SessionCheck {
    pub fn new(source: impl SessionSource + 'static, cache_ttl: Duration) -> Self {
        Self {
            source: Box::new(source),
            cache: StatusCache::new(cache_ttl),
            lookups: AtomicU64::new(0),
        }
    }

    /// Asks identity at `identity_url` (the gateway's and the services' check).
    pub fn identity(
        identity_url: &str,
        internal_key: Secret,
        cache_ttl: Duration,
        client: reqwest::Client,
    ) -> Self {
        let source = IdentitySessions::new(identity_url, internal_key, STATUS_TIMEOUT, client);
        Self::new(source, cache_ttl)
    }

    /// `Ok(false)` when the session was revoked.
    pub async fn is_current(&self, claims: &Claims) -> Result<bool, AuthError> {
        let key = (claims.sub, claims.ver);
        if let Some(active) = self.cache.get(key) {
            return Ok(active);
        }
        self.lookups.fetch_add(1, Ordering::Relaxed);
        let active = self.source.is_current(claims).await?;
        self.cache.put(key, active);
        Ok(active)
    }

    /// How many answers were not served from the cache (for tests and metrics).
    pub fn lookups(&self) -> u64 {
        self.lookups.load(Ordering::Relaxed)
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
        assert_eq!(cache.get((Uuid::nil(), 2)), None);
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
        assert!(cache.len() <= CACHE_MAX);
    }
}
