//! A small time-to-live cache of rendered answers, keyed by request path: a page read
//! again within the TTL costs no upstream round trip.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Paths kept at most: unknown slugs are cheap to ask for, so the map is bounded.
const MAX_ENTRIES: usize = 2_000;

pub struct TtlCache<V> {
    ttl: Duration,
    entries: Mutex<HashMap<String, (Instant, Arc<V>)>>,
}

impl<V> TtlCache<V> {
    pub fn new(ttl: Duration) -> Self {
        Self {
            ttl,
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// The value stored for `key` less than a TTL ago.
    pub fn get(&self, key: &str) -> Option<Arc<V>> {
        if self.ttl.is_zero() {
            return None;
        }
        let entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries
            .get(key)
            .filter(|(at, _)| at.elapsed() < self.ttl)
            .map(|(_, v)| v.clone())
    }

    /// Keeps `value` for a TTL; when the map is full, expired entries go first and a new
    /// key is dropped if none has expired.
    pub fn put(&self, key: &str, value: Arc<V>) {
        if self.ttl.is_zero() {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        if entries.len() >= MAX_ENTRIES && !entries.contains_key(key) {
            let ttl = self.ttl;
            entries.retain(|_, (at, _)| at.elapsed() < ttl);
            if entries.len() >= MAX_ENTRIES {
                return;
            }
        }
        entries.insert(key.to_owned(), (Instant::now(), value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_values_for_the_ttl_only() {
        let cache = TtlCache::new(Duration::from_millis(50));
        cache.put("/", Arc::new(1));
        assert_eq!(cache.get("/").as_deref(), Some(&1));
        assert_eq!(cache.get("/x"), None);
        std::thread::sleep(Duration::from_millis(60));
        assert_eq!(cache.get("/"), None);

        let off = TtlCache::new(Duration::ZERO);
        off.put("/", Arc::new(1));
        assert_eq!(off.get("/"), None);
    }

    #[test]
    fn a_full_cache_makes_room_from_expired_entries_only() {
        let cache = TtlCache::new(Duration::from_secs(60));
        for i in 0..MAX_ENTRIES {
            cache.put(&format!("/{i}"), Arc::new(i));
        }
        cache.put("/new", Arc::new(0));
        assert_eq!(cache.get("/new"), None);
        assert_eq!(cache.get("/0").as_deref(), Some(&0));
    }
}
