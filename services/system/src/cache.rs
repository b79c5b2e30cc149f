//! A short-lived in-memory copy of the public configuration answer (already
//! serialised), so the storefront's most frequent call rarely touches the database.
//! A save on this replica invalidates it at once; other replicas catch up within
//! [`PUBLIC_CONFIG_TTL`].

use std::time::Duration;

use actix_web::web::Bytes;
use shop_common::cache::{BodyCache, Miss};

/// How long a cached answer is served.
pub const PUBLIC_CONFIG_TTL: Duration = Duration::from_secs(5);

/// The cached public configuration body: one entry of a [`BodyCache`].
pub struct PublicConfigCache(BodyCache);

const KEY: &str = "public";

impl PublicConfigCache {
    pub fn new(ttl: Duration) -> Self {
        Self(BodyCache::new(ttl, 1))
    }

    /// The fresh cached body, or a [`Miss`] to fill.
    pub fn get(&self) -> Result<Bytes, Miss> {
        self.0.get(KEY)
    }

    /// Caches `body`, unless the cache was invalidated since `miss`.
    pub fn store(&self, miss: Miss, body: Bytes) {
        self.0.store(miss, KEY.to_owned(), body);
    }

    /// Forgets the cached body (after a save).
    pub fn invalidate(&self) {
        self.0.invalidate();
    }
}

impl Default for PublicConfigCache {
    fn default() -> Self {
        Self::new(PUBLIC_CONFIG_TTL)
    }
}
