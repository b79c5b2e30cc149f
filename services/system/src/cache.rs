//! A short-lived in-memory copy of the public configuration answer (already
//! serialised), so the storefront's most frequent call rarely touches the database.
//!
//! A save on this replica invalidates it at once; other replicas catch up within
//! [`PUBLIC_CONFIG_TTL`]. A generation counter keeps a read that started before an
//! invalidation from putting the old answer back.

use std::sync::{PoisonError, RwLock};
use std::time::{Duration, Instant};

use bytes::Bytes;

/// How long a cached answer is served.
pub const PUBLIC_CONFIG_TTL: Duration = Duration::from_secs(5);

#[derive(Default)]
struct State {
    generation: u64,
    entry: Option<(Instant, Bytes)>,
}

/// The cached public configuration body.
pub struct PublicConfigCache {
    ttl: Duration,
    state: RwLock<State>,
}

/// A cache miss: pass it back to [`PublicConfigCache::store`].
#[derive(Debug, Clone, Copy)]
pub struct Miss {
    generation: u64,
}

impl PublicConfigCache {
    pub fn new(ttl: Duration) -> Self {
        Self {
            ttl,
            state: RwLock::new(State::default()),
        }
    }

    /// The fresh cached body, or a [`Miss`] to fill.
    pub fn get(&self) -> Result<Bytes, Miss> {
        let state = self.state.read().unwrap_or_else(PoisonError::into_inner);
        match &state.entry {
            Some((at, body)) if at.elapsed() < self.ttl => Ok(body.clone()),
            _ => Err(Miss {
                generation: state.generation,
            }),
        }
    }

    /// Caches `body`, unless the cache was invalidated since `miss`.
    pub fn store(&self, miss: Miss, body: Bytes) {
        let mut state = self.state.write().unwrap_or_else(PoisonError::into_inner);
        if state.generation == miss.generation {
            state.entry = Some((Instant::now(), body));
        }
    }

    /// Forgets the cached body (after a save).
    pub fn invalidate(&self) {
        let mut state = self.state.write().unwrap_or_else(PoisonError::into_inner);
        state.generation = state.generation.wrapping_add(1);
        state.entry = None;
    }
}

impl Default for PublicConfigCache {
    fn default() -> Self {
        Self::new(PUBLIC_CONFIG_TTL)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalidation_wins_over_a_slow_reader() {
        let cache = PublicConfigCache::default();
        let Err(miss) = cache.get() else {
            panic!("empty cache hit")
        };
        cache.invalidate();
        cache.store(miss, Bytes::from_static(b"old"));
        assert!(cache.get().is_err());
        let Err(miss) = cache.get() else {
            panic!("empty cache hit")
        };
        cache.store(miss, Bytes::from_static(b"new"));
        assert_eq!(cache.get().ok(), Some(Bytes::from_static(b"new")));
    }

    #[test]
    fn expires() {
        let cache = PublicConfigCache::new(Duration::ZERO);
        let Err(miss) = cache.get() else {
            panic!("empty cache hit")
        };
        cache.store(miss, Bytes::from_static(b"x"));
        assert!(cache.get().is_err());
    }
}
