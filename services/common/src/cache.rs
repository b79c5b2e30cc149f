//! A small keyed cache of ready-to-send response bodies with a short time to live,
//! for hot public reads (the storefront's product list). Bounded in size; a write on
//! this replica invalidates it at once, other replicas catch up within the TTL. A
//! generation counter keeps a read that started before an invalidation from
//! storing the old answer afterwards.

use std::collections::HashMap;
use std::sync::{PoisonError, RwLock};
use std::time::{Duration, Instant};

use actix_web::web::Bytes;

#[derive(Default)]
struct State {
    generation: u64,
    entries: HashMap<String, (Instant, Bytes)>,
}

pub struct BodyCache {
    ttl: Duration,
    max_entries: usize,
    state: RwLock<State>,
}

/// A cache miss for one key: pass it back to [`BodyCache::store`].
#[derive(Debug, Clone, Copy)]
pub struct Miss {
    generation: u64,
}

impl BodyCache {
    pub fn new(ttl: Duration, max_entries: usize) -> Self {
        Self {
            ttl,
            max_entries: max_entries.max(1),
            state: RwLock::new(State::default()),
        }
    }

    pub fn get(&self, key: &str) -> Result<Bytes, Miss> {
        let state = self.state.read().unwrap_or_else(PoisonError::into_inner);
        match state.entries.get(key) {
            Some((at, body)) if at.elapsed() < self.ttl => Ok(body.clone()),
            _ => Err(Miss {
                generation: state.generation,
            }),
        }
    }

    pub fn store(&self, miss: Miss, key: String, body: Bytes) {
        let mut state = self.state.write().unwrap_or_else(PoisonError::into_inner);
        if state.generation != miss.generation {
            return;
        }
        if state.entries.len() >= self.max_entries {
            let ttl = self.ttl;
            state.entries.retain(|_, (at, _)| at.elapsed() < ttl);
            if state.entries.len() >= self.max_entries {
                state.entries.clear();
            }
        }
        state.entries.insert(key, (Instant::now(), body));
    }

    pub fn invalidate(&self) {
        let mut state = self.state.write().unwrap_or_else(PoisonError::into_inner);
        state.generation = state.generation.wrapping_add(1);
        state.entries.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_expiry_and_invalidation() {
        let cache = BodyCache::new(Duration::from_millis(50), 2);
        let miss = cache.get("a").err().unwrap_or(Miss { generation: 99 });
        cache.store(miss, "a".into(), Bytes::from_static(b"1"));
        assert_eq!(cache.get("a").ok(), Some(Bytes::from_static(b"1")));

        // A read that missed before an invalidation does not store its stale answer.
        let stale = cache.get("b").err().unwrap_or(Miss { generation: 99 });
        cache.invalidate();
        cache.store(stale, "b".into(), Bytes::from_static(b"old"));
        assert!(cache.get("b").is_err());
        assert!(cache.get("a").is_err());

        let miss = cache.get("c").err().unwrap_or(Miss { generation: 99 });
        cache.store(miss, "c".into(), Bytes::from_static(b"3"));
        std::thread::sleep(Duration::from_millis(60));
        assert!(cache.get("c").is_err());
    }

    #[test]
    fn stays_bounded() {
        let cache = BodyCache::new(Duration::from_secs(60), 2);
        for key in ["a", "b", "c"] {
            let miss = cache.get(key).err().unwrap_or(Miss { generation: 99 });
            cache.store(miss, key.into(), Bytes::from_static(b"x"));
        }
        let state = cache.state.read().unwrap_or_else(PoisonError::into_inner);
        assert!(state.entries.len() <= 2);
    }
}
