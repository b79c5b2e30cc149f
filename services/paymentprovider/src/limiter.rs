//! Refused webhook calls, counted per client in memory so that a caller without the key
//! costs nothing: once a client has been refused [`REFUSALS_PER_CLIENT`] times within
//! [`REFUSAL_WINDOW`], its next calls are answered code 4 (HTTP 429) before the database
//! is asked anything or any key is checked, until its window ends.
//!
//! The client is the address `TRUSTED_PROXIES` makes of the request (the peer, or the
//! `X-Forwarded-For` entry its trusted proxies name), an IPv6 address counted by its /64
//! (as the login lockout and the gateway count). Per replica: with several replicas a
//! client gets at most that many refusals from each, which still keeps the database out
//! of a flood. At most [`MAX_CLIENTS`] clients are remembered; past that, expired entries
//! go first, then arbitrary ones (a forgotten client only starts counting again).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::Mutex;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};

/// Refusals per client within [`REFUSAL_WINDOW`] before it is limited.
pub const REFUSALS_PER_CLIENT: u32 = 20;
pub const REFUSAL_WINDOW: Duration = Duration::from_secs(600);
/// Clients remembered at most (about 64 bytes each).
pub const MAX_CLIENTS: usize = 50_000;

#[derive(Debug, Clone, Copy)]
struct Count {
    since: DateTime<Utc>,
    refusals: u32,
}

/// The per-client count of refused webhook calls (one per replica, shared by workers).
#[derive(Debug)]
pub struct RefusalLimiter {
    limit: u32,
    window: TimeDelta,
    max_clients: usize,
    counts: Mutex<HashMap<IpAddr, Count>>,
}

impl Default for RefusalLimiter {
    fn default() -> Self {
        Self::new(REFUSALS_PER_CLIENT, REFUSAL_WINDOW)
    }
}

/// The key a client is counted under: IPv4 in full (an IPv4-mapped IPv6 address as its
/// IPv4 one), IPv6 by its /64 prefix.
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX))),
        },
    }
}

impl RefusalLimiter {
    /// A `limit` of 0 never limits anyone.
    pub fn new(limit: u32, window: Duration) -> Self {
        Self {
            limit,
            window: TimeDelta::from_std(window).unwrap_or(TimeDelta::MAX),
            max_clients: MAX_CLIENTS,
            counts: Mutex::new(HashMap::new()),
        }
    }

    fn live(&self, count: &Count, now: DateTime<Utc>) -> bool {
        now.signed_duration_since(count.since) < self.window
    }

    /// Whether `client` has used up its refusals (answer 429 without further work).
    pub fn is_limited(&self, client: IpAddr, now: DateTime<Utc>) -> bool {
        if self.limit == 0 {
            return false;
        }
        let Ok(counts) = self.counts.lock() else {
            return false;
        };
        counts
            .get(&client_key(client))
            .is_some_and(|c| self.live(c, now) && c.refusals >= self.limit)
    }

    /// Counts one refusal for `client`.
    pub fn refused(&self, client: IpAddr, now: DateTime<Utc>) {
        let Ok(mut counts) = self.counts.lock() else {
            return;
        };
        let key = client_key(client);
        if !counts.contains_key(&key) && counts.len() >= self.max_clients {
            counts.retain(|_, c| now.signed_duration_since(c.since) < self.window);
            if counts.len() >= self.max_clients
                && let Some(any) = counts.keys().next().copied()
            {
                counts.remove(&any);
            }
        }
        let fresh = Count {
            since: now,
            refusals: 0,
        };
        let count = counts.entry(key).or_insert(fresh);
        if now.signed_duration_since(count.since) >= self.window {
            *count = fresh;
        }
        count.refusals = count.refusals.saturating_add(1);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn at(s: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_700_000_000 + s, 0).unwrap()
    }

    #[test]
    fn a_client_is_limited_after_its_refusals_until_its_window_ends() {
        let limiter = RefusalLimiter::new(3, Duration::from_secs(60));
        let a: IpAddr = "203.0.113.7".parse().unwrap();
        let b: IpAddr = "203.0.113.8".parse().unwrap();
        for s in 0..3 {
            assert!(!limiter.is_limited(a, at(s)));
            limiter.refused(a, at(s));
        }
        assert!(limiter.is_limited(a, at(3)));
        assert!(limiter.is_limited(a, at(59)));
        assert!(!limiter.is_limited(b, at(3)));
        // The window started at the first refusal.
        assert!(!limiter.is_limited(a, at(60)));
        limiter.refused(a, at(60));
        assert!(!limiter.is_limited(a, at(61)));
    }

    #[test]
    fn ipv6_counts_by_its_64() {
        let limiter = RefusalLimiter::new(2, Duration::from_secs(60));
        limiter.refused("2001:db8:1:2::1".parse().unwrap(), at(0));
        limiter.refused("2001:db8:1:2:ffff::9".parse().unwrap(), at(1));
        assert!(limiter.is_limited("2001:db8:1:2::abcd".parse().unwrap(), at(2)));
        assert!(!limiter.is_limited("2001:db8:1:3::1".parse().unwrap(), at(2)));
        assert_eq!(
            client_key("::ffff:198.51.100.1".parse().unwrap()),
            "198.51.100.1".parse::<IpAddr>().unwrap()
        );
    }

    #[test]
    fn memory_is_bounded() {
        let mut limiter = RefusalLimiter::new(1, Duration::from_secs(60));
        limiter.max_clients = 4;
        for i in 0..20u8 {
            limiter.refused(IpAddr::from([10, 0, 0, i]), at(0));
        }
        assert!(limiter.counts.lock().unwrap().len() <= 4);
        assert!(limiter.is_limited(IpAddr::from([10, 0, 0, 19]), at(1)));
    }

    #[test]
    fn a_limit_of_zero_limits_nobody() {
        let limiter = RefusalLimiter::new(0, Duration::from_secs(60));
        let client = IpAddr::from([192, 0, 2, 7]);
        for _ in 0..100 {
            limiter.refused(client, at(0));
        }
        assert!(!limiter.is_limited(client, at(1)));
    }
}
