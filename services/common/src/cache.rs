//! A small keyed cache of ready-to-send response bodies with a short time to live,
//! for hot public reads (the storefront's product list). Bounded in size; a write on
//! this replica invalidates it at once, other replicas catch up within the TTL. A
//! generation counter keeps a read that started before an invalidation from
//! storing the old answer afterwards.
//!
//! When an answer expires, the first read to see it refreshes it while the others are
//! still served the expired answer, for at most one more TTL: without that, every
//! request arriving while the database is asked again would ask it too, and under load
//! the storefront list stalled at each expiry (a burst of identical queries queueing
//! for the pool, about 20 ms every 2 s in `make bench`).

use std::collections::HashMap;
use std::sync::{PoisonError, RwLock};
use std::time::{Duration, Instant};

use actix_web::web::Bytes;

struct Entry {
    stored: Instant,
    body: Bytes,
    /// A read that found it expired is asking for a fresh one.
    refreshing: bool,
}

#[derive(Default)]
struct State {
    generation: u64,
    entries: HashMap<String, Entry>,
}

pub struct BodyCache {
    ttl: Duration,
    max_entries: usize,
    state: RwLock<State>,
}

/// What a read finds: a body to serve, an expired one to refresh, or nothing usable.
enum Found {
    Serve(Bytes),
    Claim,
    Miss,
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

    /// The cached body, or a [`Miss`]: the caller builds the answer and stores it.
    /// An expired body is a miss for the first caller only; while that one refreshes
    /// it, the others get the expired body, until it is two TTLs old.
    pub fn get(&self, key: &str) -> Result<Bytes, Miss> {
        self.get_at(key, Instant::now())
    }

    fn get_at(&self, key: &str, now: Instant) -> Result<Bytes, Miss> {
        {
            let state = self.state.read().unwrap_or_else(PoisonError::into_inner);
            let miss = Miss {
                generation: state.generation,
            };
            match self.judge(state.entries.get(key), now) {
                Found::Serve(body) => return Ok(body),
                Found::Miss => return Err(miss),
                Found::Claim => {}
            }
        }
        // Expired and nobody refreshing it yet: claim the refresh, once (another
        // reader may have claimed it, or stored a fresh answer, since the read lock).
        let mut state = self.state.write().unwrap_or_else(PoisonError::into_inner);
        let miss = Miss {
            generation: state.generation,
        };
        match self.judge(state.entries.get(key), now) {
            Found::Serve(body) => Ok(body),
            Found::Miss => Err(miss),
            Found::Claim => {
                if let Some(entry) = state.entries.get_mut(key) {
                    entry.refreshing = true;
                }
                Err(miss)
            }
        }
    }

    /// What a read of `entry` at `now` gets.
    fn judge(&self, entry: Option<&Entry>, now: Instant) -> Found {
        let Some(entry) = entry else {
            return Found::Miss;
        };
        let age = now.saturating_duration_since(entry.stored);
        let stale_until = self.ttl.saturating_mul(2);
        if age < self.ttl || (entry.refreshing && age < stale_until) {
            Found::Serve(entry.body.clone())
        } else if age < stale_until {
            Found::Claim
        } else {
            Found::Miss
        }
    }

    pub fn store(&self, miss: Miss, key: String, body: Bytes) {
        self.store_at(miss, key, body, Instant::now());
    }

    fn store_at(&self, miss: Miss, key: String, body: Bytes, now: Instant) {
        let mut state = self.state.write().unwrap_or_else(PoisonError::into_inner);
        if state.generation != miss.generation {
            return;
        }
        if state.entries.len() >= self.max_entries && !state.entries.contains_key(&key) {
            let ttl = self.ttl;
            state
                .entries
                .retain(|_, entry| now.saturating_duration_since(entry.stored) < ttl);
            if state.entries.len() >= self.max_entries {
                state.entries.clear();
            }
        }
        state.entries.insert(
            key,
            Entry {
                stored: now,
                body,
                refreshing: false,
            },
        );
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

    const TTL: Duration = Duration::from_secs(2);

    fn body(text: &'static str) -> Bytes {
        Bytes::from_static(text.as_bytes())
    }

    /// A cache holding `v1` for "list", stored at the returned instant.
    fn filled() -> (BodyCache, Instant) {
        let cache = BodyCache::new(TTL, 8);
        let start = Instant::now();
        let fill = miss(cache.get_at("list", start));
        cache.store_at(fill, "list".into(), body("v1"), start);
        (cache, start)
    }

    fn miss(found: Result<Bytes, Miss>) -> Miss {
        match found {
            Err(miss) => miss,
            Ok(body) => panic!("expected a miss, got {body:?}"),
        }
    }

    #[test]
    fn hit_expiry_and_invalidation() {
        let cache = BodyCache::new(Duration::from_millis(50), 2);
        let first = miss(cache.get("a"));
        cache.store(first, "a".into(), body("1"));
        assert_eq!(cache.get("a").ok(), Some(body("1")));

        // A read that missed before an invalidation does not store its stale answer.
        let stale = miss(cache.get("b"));
        cache.invalidate();
        cache.store(stale, "b".into(), body("old"));
        assert!(cache.get("b").is_err());
        assert!(cache.get("a").is_err());

        let fill = miss(cache.get("c"));
        cache.store(fill, "c".into(), body("3"));
        std::thread::sleep(Duration::from_millis(60));
        assert!(cache.get("c").is_err());
    }

    #[test]
    fn one_reader_refreshes_an_expired_answer_while_the_others_get_it() {
        let (cache, start) = filled();

        let expired = start + TTL + Duration::from_millis(10);
        let refresh = miss(cache.get_at("list", expired));
        // Everyone else, meanwhile, is answered without asking the database.
        for _ in 0..3 {
            assert_eq!(cache.get_at("list", expired).ok(), Some(body("v1")));
        }
        cache.store_at(refresh, "list".into(), body("v2"), expired);
        assert_eq!(cache.get_at("list", expired).ok(), Some(body("v2")));

        // The next expiry is claimed anew.
        let later = expired + TTL;
        let again = miss(cache.get_at("list", later));
        assert_eq!(cache.get_at("list", later).ok(), Some(body("v2")));
        cache.store_at(again, "list".into(), body("v3"), later);
        assert_eq!(cache.get_at("list", later).ok(), Some(body("v3")));
    }

    #[test]
    fn an_expired_answer_is_served_for_at_most_one_more_ttl() {
        let (cache, start) = filled();
        // The refresh never comes back (its request failed or was dropped).
        let _lost = miss(cache.get_at("list", start + TTL));
        assert!(
            cache
                .get_at("list", start + TTL * 2 - Duration::from_millis(1))
                .is_ok()
        );
        // Then nobody is given the old answer any more: each reader asks again.
        let too_old = start + TTL * 2;
        let first = miss(cache.get_at("list", too_old));
        let second = miss(cache.get_at("list", too_old));
        cache.store_at(second, "list".into(), body("v2"), too_old);
        cache.store_at(first, "list".into(), body("v2"), too_old);
        assert_eq!(cache.get_at("list", too_old).ok(), Some(body("v2")));
    }

    #[test]
    fn an_unclaimed_answer_long_expired_is_a_miss() {
        let (cache, start) = filled();
        // Nobody asked during its second TTL: the next reader must not get it.
        assert!(cache.get_at("list", start + TTL * 3).is_err());
        assert!(cache.get_at("list", start + TTL * 3).is_err());
    }

    #[test]
    fn after_an_invalidation_no_expired_answer_is_served() {
        let (cache, start) = filled();
        let refresh = miss(cache.get_at("list", start + TTL));
        cache.invalidate();
        assert!(cache.get_at("list", start + TTL).is_err());
        // The refresh that started before the write does not bring the old list back.
        cache.store_at(refresh, "list".into(), body("old"), start + TTL);
        assert!(cache.get_at("list", start + TTL).is_err());
    }

    #[test]
    fn stays_bounded() {
        let cache = BodyCache::new(Duration::from_secs(60), 2);
        for key in ["a", "b", "c"] {
            let fill = miss(cache.get(key));
            cache.store(fill, key.into(), body("x"));
        }
        let state = cache.state.read().unwrap_or_else(PoisonError::into_inner);
        assert!(state.entries.len() <= 2);
    }
}
