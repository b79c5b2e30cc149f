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
//!
//! [`BodyCache::get_or_compute`] also coalesces misses (single flight): while the first
//! reader of a missing key computes it, the others reading that key wait for its answer
//! (at most a given time) instead of asking the database too. A burst of 64 identical
//! storefront searches nobody asked for yet is one query, not 64. A failed computation is
//! not cached: its waiters get [`Coalesced::LeaderFailed`], the next reader tries again.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{PoisonError, RwLock};
use std::time::{Duration, Instant};

use actix_web::web::Bytes;
use tokio::sync::watch;

struct Entry {
    stored: Instant,
    body: Bytes,
    /// A read that found it expired is asking for a fresh one.
    refreshing: bool,
}

/// What the waiters of a computation are told.
#[derive(Clone)]
enum Outcome {
    Pending,
    Done(Bytes),
    Failed,
}

/// A computation in progress for one key, which later readers of the key wait for.
struct Flight {
    id: u64,
    outcome: watch::Receiver<Outcome>,
    waiters: usize,
}

#[derive(Default)]
struct State {
    generation: u64,
    entries: HashMap<String, Entry>,
    flights: HashMap<String, Flight>,
    next_flight: u64,
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

/// Why [`BodyCache::get_or_compute`] has no body.
#[derive(Debug, PartialEq, Eq)]
pub enum Coalesced<E> {
    /// This reader's own computation failed.
    Failed(E),
    /// The computation this reader waited for failed (its cause went to its own caller).
    LeaderFailed,
    /// The computation this reader waited for did not finish within the wait.
    TimedOut,
}

/// What a reader of [`BodyCache::get_or_compute`] does next.
enum Turn<'a> {
    Serve(Bytes),
    Lead(Miss, Leader<'a>),
    Wait(watch::Receiver<Outcome>),
}

/// The reader computing a key for the others. Dropped unfinished (its request was
/// cancelled), it leaves the key free and its waiters try again.
struct Leader<'a> {
    cache: &'a BodyCache,
    key: String,
    id: u64,
    outcome: watch::Sender<Outcome>,
}

impl Drop for Leader<'_> {
    fn drop(&mut self) {
        let mut state = self
            .cache
            .state
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        if state
            .flights
            .get(&self.key)
            .is_some_and(|f| f.id == self.id)
        {
            state.flights.remove(&self.key);
        }
    }
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

    /// The cached body of `key`, else the body `compute` makes, stored for the next
    /// readers. Readers missing the same key meanwhile wait up to `wait` for this
    /// computation instead of starting their own; see [`Coalesced`] for the failures.
    pub async fn get_or_compute<E, F, Fut>(
        &self,
        key: &str,
        wait: Duration,
        compute: F,
    ) -> Result<Bytes, Coalesced<E>>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Bytes, E>>,
    {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match self.turn(key, Instant::now()) {
                Turn::Serve(body) => return Ok(body),
                Turn::Lead(miss, leader) => {
                    let result = compute().await;
                    let outcome = match &result {
                        Ok(body) => {
                            self.store(miss, key.to_owned(), body.clone());
                            Outcome::Done(body.clone())
                        }
                        Err(_) => Outcome::Failed,
                    };
                    // The waiters see the outcome; dropping the leader frees the key.
                    leader.outcome.send_replace(outcome);
                    drop(leader);
                    return result.map_err(Coalesced::Failed);
                }
                Turn::Wait(mut outcome) => {
                    let waited = tokio::time::timeout_at(
                        deadline,
                        outcome.wait_for(|o| !matches!(o, Outcome::Pending)),
                    )
                    .await;
                    let finished = match waited {
                        Err(_) => return Err(Coalesced::TimedOut),
                        // The leader was dropped unfinished: try again, maybe as the leader.
                        Ok(Err(_)) => continue,
                        Ok(Ok(finished)) => finished.clone(),
                    };
                    return match finished {
                        Outcome::Done(body) => Ok(body),
                        Outcome::Failed | Outcome::Pending => Err(Coalesced::LeaderFailed),
                    };
                }
            }
        }
    }

    /// Serve, lead the computation of `key` or wait for the one in flight.
    fn turn(&self, key: &str, now: Instant) -> Turn<'_> {
        {
            let state = self.state.read().unwrap_or_else(PoisonError::into_inner);
            if let Found::Serve(body) = self.judge(state.entries.get(key), now) {
                return Turn::Serve(body);
            }
        }
        let mut state = self.state.write().unwrap_or_else(PoisonError::into_inner);
        let miss = Miss {
            generation: state.generation,
        };
        match self.judge(state.entries.get(key), now) {
            Found::Serve(body) => return Turn::Serve(body),
            Found::Claim => {
                if let Some(entry) = state.entries.get_mut(key) {
                    entry.refreshing = true;
                }
            }
            Found::Miss => {
                if let Some(flight) = state.flights.get_mut(key) {
                    flight.waiters += 1;
                    return Turn::Wait(flight.outcome.clone());
                }
            }
        }
        let id = state.next_flight;
        state.next_flight = id.wrapping_add(1);
        let (outcome, receiver) = watch::channel(Outcome::Pending);
        state.flights.insert(
            key.to_owned(),
            Flight {
                id,
                outcome: receiver,
                waiters: 0,
            },
        );
        let leader = Leader {
            cache: self,
            key: key.to_owned(),
            id,
            outcome,
        };
        Turn::Lead(miss, leader)
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
        // Readers after a write do not join a computation that started before it.
        state.flights.clear();
    }

    /// How many readers wait for the computation of `key` (tests).
    #[cfg(test)]
    fn waiters(&self, key: &str) -> Option<usize> {
        let state = self.state.read().unwrap_or_else(PoisonError::into_inner);
        state.flights.get(key).map(|f| f.waiters)
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

    mod single_flight {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};

        use tokio::sync::oneshot;
        use tokio::task::JoinHandle;

        use super::*;

        const WAIT: Duration = Duration::from_secs(30);

        type Answer = Result<Bytes, Coalesced<&'static str>>;

        /// A reader of "k" whose own computation counts itself and answers "own".
        fn reader(cache: &Arc<BodyCache>, calls: &Arc<AtomicUsize>) -> JoinHandle<Answer> {
            let (cache, calls) = (cache.clone(), calls.clone());
            tokio::spawn(async move {
                cache
                    .get_or_compute("k", WAIT, || async move {
                        calls.fetch_add(1, Ordering::SeqCst);
                        Ok(body("own"))
                    })
                    .await
            })
        }

        /// The first reader of "k": its computation answers what `release` is sent.
        async fn leader(
            cache: &Arc<BodyCache>,
            calls: &Arc<AtomicUsize>,
        ) -> (
            JoinHandle<Answer>,
            oneshot::Sender<Result<Bytes, &'static str>>,
        ) {
            let (release, gate) = oneshot::channel();
            let (cache2, calls) = (cache.clone(), calls.clone());
            let handle = tokio::spawn(async move {
                cache2
                    .get_or_compute("k", WAIT, || async move {
                        calls.fetch_add(1, Ordering::SeqCst);
                        gate.await.unwrap_or(Err("gate dropped"))
                    })
                    .await
            });
            while cache.waiters("k").is_none() {
                tokio::task::yield_now().await;
            }
            (handle, release)
        }

        async fn until_waiting(cache: &BodyCache, n: usize) {
            while cache.waiters("k") != Some(n) {
                tokio::task::yield_now().await;
            }
        }

        #[tokio::test]
        async fn concurrent_misses_wait_for_one_computation() {
            let cache = Arc::new(BodyCache::new(TTL, 8));
            let calls = Arc::new(AtomicUsize::new(0));
            let (first, release) = leader(&cache, &calls).await;
            let others: Vec<_> = (0..63).map(|_| reader(&cache, &calls)).collect();
            until_waiting(&cache, 63).await;

            release.send(Ok(body("v1"))).unwrap();
            assert_eq!(first.await.unwrap(), Ok(body("v1")));
            for other in others {
                assert_eq!(other.await.unwrap(), Ok(body("v1")));
            }
            assert_eq!(calls.load(Ordering::SeqCst), 1, "computed once");
            // Stored for the next readers, and the key is free again.
            assert_eq!(cache.get("k").ok(), Some(body("v1")));
            assert_eq!(cache.waiters("k"), None);
        }

        #[tokio::test]
        async fn a_failure_is_not_cached_and_every_waiter_is_told() {
            let cache = Arc::new(BodyCache::new(TTL, 8));
            let calls = Arc::new(AtomicUsize::new(0));
            let (first, release) = leader(&cache, &calls).await;
            let others: Vec<_> = (0..3).map(|_| reader(&cache, &calls)).collect();
            until_waiting(&cache, 3).await;

            release.send(Err("database down")).unwrap();
            assert_eq!(
                first.await.unwrap(),
                Err(Coalesced::Failed("database down"))
            );
            for other in others {
                assert_eq!(other.await.unwrap(), Err(Coalesced::LeaderFailed));
            }
            assert!(cache.get("k").is_err(), "the failure is not cached");
            // The next reader computes afresh.
            assert_eq!(reader(&cache, &calls).await.unwrap(), Ok(body("own")));
            assert_eq!(calls.load(Ordering::SeqCst), 2);
        }

        #[tokio::test]
        async fn a_waiter_gives_up_after_its_wait() {
            let cache = Arc::new(BodyCache::new(TTL, 8));
            let calls = Arc::new(AtomicUsize::new(0));
            let (_first, _release) = leader(&cache, &calls).await;
            // The leader never finishes: the waiter is answered when its wait is over.
            let waited = cache
                .get_or_compute("k", Duration::from_millis(20), || async {
                    Ok::<_, &str>(body("own"))
                })
                .await;
            assert_eq!(waited, Err(Coalesced::TimedOut));
            assert_eq!(calls.load(Ordering::SeqCst), 1);
        }

        #[tokio::test]
        async fn a_cancelled_leader_hands_over_to_a_waiter() {
            let cache = Arc::new(BodyCache::new(TTL, 8));
            let calls = Arc::new(AtomicUsize::new(0));
            let (first, _release) = leader(&cache, &calls).await;
            let other = reader(&cache, &calls);
            until_waiting(&cache, 1).await;

            // The first request went away (client disconnected) mid-computation.
            first.abort();
            assert!(first.await.unwrap_err().is_cancelled());
            assert_eq!(other.await.unwrap(), Ok(body("own")));
            assert_eq!(calls.load(Ordering::SeqCst), 2);
            assert_eq!(cache.get("k").ok(), Some(body("own")));
        }

        #[tokio::test]
        async fn readers_after_a_write_do_not_join_an_older_computation() {
            let cache = Arc::new(BodyCache::new(TTL, 8));
            let calls = Arc::new(AtomicUsize::new(0));
            let (first, release) = leader(&cache, &calls).await;
            cache.invalidate();
            // Computed anew from the written data, not handed the older answer.
            assert_eq!(reader(&cache, &calls).await.unwrap(), Ok(body("own")));
            release.send(Ok(body("before the write"))).unwrap();
            assert_eq!(first.await.unwrap(), Ok(body("before the write")));
            assert_eq!(cache.get("k").ok(), Some(body("own")));
        }

        #[tokio::test]
        async fn a_cached_answer_is_served_without_computing() {
            let cache = Arc::new(BodyCache::new(TTL, 8));
            let calls = Arc::new(AtomicUsize::new(0));
            let fill = miss(cache.get("k"));
            cache.store(fill, "k".into(), body("cached"));
            assert_eq!(reader(&cache, &calls).await.unwrap(), Ok(body("cached")));
            assert_eq!(calls.load(Ordering::SeqCst), 0);
        }
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
