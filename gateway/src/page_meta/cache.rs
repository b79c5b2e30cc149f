//! A small time-to-live cache of rendered answers, keyed by request path: a page read
//! again within the TTL costs no upstream round trip. When an entry expires, the first
//! reader refreshes it while the others are still served the old one (for one more TTL
//! at most), so a popular page never sends a burst of requests upstream at once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Paths kept at most: unknown slugs are cheap to ask for, so the map is bounded.
const MAX_ENTRIES: usize = 2_000;

struct Entry<V> {
    at: Instant,
    value: Arc<V>,
    refreshing: bool,
}

pub struct TtlCache<V> {
    ttl: Duration,
    entries: Mutex<HashMap<String, Entry<V>>>,
}

impl<V> TtlCache<V> {
    pub fn new(ttl: Duration) -> Self {
        Self {
            ttl,
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// The value for `key`: stored less than a TTL ago, or less than two while another
    /// caller refreshes it. `None` tells the caller to build it and [`Self::put`] it.
    pub fn get(&self, key: &str) -> Option<Arc<V>> {
        if self.ttl.is_zero() {
            return None;
        }
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = entries.get_mut(key)?;
        let age = entry.at.elapsed();
        if age < self.ttl {
            return Some(entry.value.clone());
        }
        if age < self.ttl * 2 && entry.refreshing {
            return Some(entry.value.clone());
        }
        // Expired: this caller refreshes it, the next ones get the old value meanwhile.
        entry.refreshing = age < self.ttl * 2;
        None
    }

    /// Keeps `value` for a TTL; when the map is full, expired entries go first and a new
    /// key is dropped if none has expired.
    pub fn put(&self, key: &str, value: Arc<V>) {
        if self.ttl.is_zero() {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        if entries.len() >= MAX_ENTRIES && !entries.contains_key(key) {
            let keep = self.ttl * 2;
            entries.retain(|_, e| e.at.elapsed() < keep);
            if entries.len() >= MAX_ENTRIES {
                return;
            }
        }
        let entry = Entry {
            at: Instant::now(),
            value,
            refreshing: false,
        };
        entries.insert(key.to_owned(), entry);
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
        std::thread::sleep(Duration::from_millis(120));
        assert_eq!(cache.get("/"), None);
        assert_eq!(cache.get("/"), None);

        let off = TtlCache::new(Duration::ZERO);
        off.put("/", Arc::new(1));
        assert_eq!(off.get("/"), None);
    }

    #[test]
    fn one_reader_refreshes_an_expired_value_while_the_others_keep_it() {
        let cache = TtlCache::new(Duration::from_millis(100));
        cache.put("/", Arc::new(1));
        std::thread::sleep(Duration::from_millis(110));
        assert_eq!(cache.get("/"), None, "the first reader refreshes");
        assert_eq!(
            cache.get("/").as_deref(),
            Some(&1),
            "the others wait on the old one"
        );
        cache.put("/", Arc::new(2));
        assert_eq!(cache.get("/").as_deref(), Some(&2));
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
