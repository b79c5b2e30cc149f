//! Per-client-IP request limits (fixed window starting at a client's first request).
//!
//! Memory stays bounded: windows that ended are pruned at least once per window
//! length, and each shard holds at most [`MAX_ENTRIES_PER_SHARD`] clients (under a
//! flood of distinct addresses the oldest windows are evicted first). IPv6 clients are keyed
//! by their /64 prefix, since one subscriber usually holds a whole /64.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

const SHARDS: usize = 16;
const MAX_ENTRIES_PER_SHARD: usize = 8192;

#[derive(Debug, Clone, Copy)]
struct Window {
    start: Instant,
    count: u32,
}

#[derive(Debug)]
struct Shard {
    windows: HashMap<u128, Window>,
    last_prune: Instant,
}

/// At most `limit` requests per client per `window`; a limit of 0 disables it.
#[derive(Debug)]
pub struct RateLimiter {
    limit: u32,
    window: Duration,
    hasher: RandomState,
    shards: Vec<Mutex<Shard>>,
}

impl RateLimiter {
    pub fn per_minute(limit: u32) -> Self {
        Self::new(limit, Duration::from_secs(60))
    }

    pub fn new(limit: u32, window: Duration) -> Self {
        let now = Instant::now();
        Self {
            limit,
            window,
            hasher: RandomState::new(),
            shards: (0..SHARDS)
                .map(|_| {
                    Mutex::new(Shard {
                        windows: HashMap::new(),
                        last_prune: now,
                    })
                })
                .collect(),
        }
    }

    /// Counts one request from `ip`: `Err(retry_after)` once the limit is reached.
    pub fn check(&self, ip: IpAddr) -> Result<(), Duration> {
        self.check_at(ip, Instant::now())
    }

    fn check_at(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        if self.limit == 0 {
            return Ok(());
        }
        let key = client_key(ip);
        let shard_index = (self.hasher.hash_one(key) as usize) % SHARDS;
        let Ok(mut shard) = self.shards[shard_index].lock() else {
            // A panic while holding the lock: fail open rather than refuse everyone.
            return Ok(());
        };
        let window = self.window;
        if now.duration_since(shard.last_prune) >= window {
            shard
                .windows
                .retain(|_, w| now.duration_since(w.start) < window);
            shard.last_prune = now;
        }
        if let Some(w) = shard.windows.get_mut(&key) {
            let elapsed = now.duration_since(w.start);
            if elapsed >= window {
                *w = Window {
                    start: now,
                    count: 1,
                };
                return Ok(());
            }
            if w.count >= self.limit {
                return Err(window - elapsed);
            }
            w.count += 1;
            return Ok(());
        }
        if shard.windows.len() >= MAX_ENTRIES_PER_SHARD {
            // Full: drop ended windows, then the older half, then everything, so
            // that the cost stays amortised O(1) even under a flood of addresses.
            shard
                .windows
                .retain(|_, w| now.duration_since(w.start) < window);
            if shard.windows.len() >= MAX_ENTRIES_PER_SHARD {
                let half = window / 2;
                shard
                    .windows
                    .retain(|_, w| now.duration_since(w.start) < half);
            }
            if shard.windows.len() >= MAX_ENTRIES_PER_SHARD {
                shard.windows.clear();
            }
            shard.last_prune = now;
        }
        shard.windows.insert(
            key,
            Window {
                start: now,
                count: 1,
            },
        );
        Ok(())
    }

    /// Number of tracked clients (for tests and diagnostics).
    pub fn tracked(&self) -> usize {
        self.shards
            .iter()
            .filter_map(|s| s.lock().ok().map(|s| s.windows.len()))
            .sum()
    }
}

/// IPv4 as its mapped IPv6 form; IPv6 reduced to its /64 prefix.
fn client_key(ip: IpAddr) -> u128 {
    match ip {
        IpAddr::V4(v4) => u128::from(v4.to_ipv6_mapped()),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => u128::from(v4.to_ipv6_mapped()),
            None => u128::from(v6) & !u128::from(u64::MAX),
        },
    }
}

/// `Retry-After` seconds for a remaining wait: rounded up, at least 1.
pub fn retry_after_secs(wait: Duration) -> u64 {
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    secs.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap_or(IpAddr::from([0, 0, 0, 0]))
    }

    #[test]
    fn limits_per_client_and_resets() {
        let limiter = RateLimiter::new(3, Duration::from_secs(60));
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(limiter.check_at(ip("1.1.1.1"), t0).is_ok());
        }
        let wait = limiter
            .check_at(ip("1.1.1.1"), t0 + Duration::from_secs(20))
            .err();
        assert_eq!(wait, Some(Duration::from_secs(40)));
        assert!(limiter.check_at(ip("2.2.2.2"), t0).is_ok());
        assert!(
            limiter
                .check_at(ip("1.1.1.1"), t0 + Duration::from_secs(60))
                .is_ok()
        );
    }

    #[test]
    fn ipv6_shares_a_64_prefix() {
        let limiter = RateLimiter::new(1, Duration::from_secs(60));
        let t0 = Instant::now();
        assert!(limiter.check_at(ip("2001:db8:1:2::1"), t0).is_ok());
        assert!(limiter.check_at(ip("2001:db8:1:2::ffff"), t0).is_err());
        assert!(limiter.check_at(ip("2001:db8:1:3::1"), t0).is_ok());
        assert_eq!(client_key(ip("::ffff:1.2.3.4")), client_key(ip("1.2.3.4")));
    }

    #[test]
    fn prunes_and_bounds_memory() {
        let limiter = RateLimiter::new(5, Duration::from_secs(60));
        let t0 = Instant::now();
        for i in 0..2000u32 {
            let _ = limiter.check_at(IpAddr::from(i.to_be_bytes()), t0);
        }
        assert_eq!(limiter.tracked(), 2000);
        let later = t0 + Duration::from_secs(61);
        let _ = limiter.check_at(ip("9.9.9.9"), later);
        // Only the shard that saw a request after the window pruned.
        assert!(limiter.tracked() < 2000);
        for i in 0..(SHARDS * MAX_ENTRIES_PER_SHARD + 5000) as u32 {
            let _ = limiter.check_at(IpAddr::from((i + 10_000).to_be_bytes()), later);
        }
        assert!(limiter.tracked() <= SHARDS * MAX_ENTRIES_PER_SHARD);
    }

    #[test]
    fn disabled_limit() {
        let limiter = RateLimiter::per_minute(0);
        for _ in 0..100 {
            assert!(limiter.check(ip("1.1.1.1")).is_ok());
        }
        assert_eq!(retry_after_secs(Duration::from_millis(1500)), 2);
        assert_eq!(retry_after_secs(Duration::ZERO), 1);
    }
}
