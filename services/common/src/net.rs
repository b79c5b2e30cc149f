//! Client address resolution: `X-Forwarded-For` is believed only from trusted proxies.

use std::net::IpAddr;
use std::sync::atomic::{AtomicI64, Ordering};

use ipnet::IpNet;

#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// Comma-separated IPs or CIDRs; blank means no proxy is trusted.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut nets = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let net = match part.parse::<IpNet>() {
                Ok(n) => n,
                Err(_) => part
                    .parse::<IpAddr>()
                    .map(IpNet::from)
                    .map_err(|_| format!("'{part}' is not an IP address or CIDR"))?,
            };
            nets.push(net);
        }
        Ok(Self(nets))
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        self.0.iter().any(|n| n.contains(&ip))
    }

    /// The client's address: the peer itself unless the peer is a trusted proxy, in
    /// which case the right-most `X-Forwarded-For` entry that is not a trusted proxy.
    pub fn client_ip(&self, peer: IpAddr, forwarded_for: Option<&str>) -> IpAddr {
        let peer = canonical(peer);
        if !self.contains(peer) {
            if forwarded_for.is_some() {
                warn_untrusted_forwarder(peer);
            }
            return peer;
        }
        let Some(header) = forwarded_for else {
            return peer;
        };
        let mut last = peer;
        for entry in header.rsplit(',') {
            let Ok(ip) = entry.trim().parse::<IpAddr>() else {
                // An unparsable hop: stop at what we could trust so far.
                return last;
            };
            let ip = canonical(ip);
            if !self.contains(ip) {
                return ip;
            }
            last = ip;
        }
        last
    }
}

/// The last time (unix seconds) an ignored `X-Forwarded-For` was logged.
static LAST_UNTRUSTED_WARNING: AtomicI64 = AtomicI64::new(i64::MIN);
const UNTRUSTED_WARNING_EVERY_SECONDS: i64 = 60;

/// A load balancer missing from `TRUSTED_PROXIES` makes every client look like one
/// address (one rate-limit bucket, one lockout key for the whole shop): say so, at
/// most once a minute, since a client may also send the header itself.
fn warn_untrusted_forwarder(peer: IpAddr) {
    let now = chrono::Utc::now().timestamp();
    if claim_warning(&LAST_UNTRUSTED_WARNING, now) {
        tracing::warn!(
            %peer,
            "X-Forwarded-For from a peer outside TRUSTED_PROXIES was ignored; if it is your \
             proxy or load balancer, add its address to TRUSTED_PROXIES"
        );
    }
}

/// True for the first caller after the quiet period (one winner among racing threads).
fn claim_warning(last: &AtomicI64, now: i64) -> bool {
    let previous = last.load(Ordering::Relaxed);
    now.saturating_sub(previous) >= UNTRUSTED_WARNING_EVERY_SECONDS
        && last
            .compare_exchange(previous, now, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
}

fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(ip),
        v4 => v4,
    }
}

/// The client address of an actix request, honouring trusted proxies.
pub fn request_client_ip(req: &actix_web::HttpRequest, proxies: &TrustedProxies) -> Option<IpAddr> {
    let peer = req.peer_addr()?.ip();
    let xff = req
        .headers()
        .get("x-forwarded-for")
        .and_then(|v| v.to_str().ok());
    Some(proxies.client_ip(peer, xff))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap_or(IpAddr::from([0, 0, 0, 0]))
    }

    #[test]
    fn untrusted_peer_ignores_header() {
        let p = TrustedProxies::parse("").unwrap_or_default();
        assert_eq!(p.client_ip(ip("1.2.3.4"), Some("9.9.9.9")), ip("1.2.3.4"));
    }

    #[test]
    fn trusted_peer_takes_rightmost_untrusted() {
        let p = TrustedProxies::parse("10.0.0.0/8, 127.0.0.1").unwrap_or_default();
        assert_eq!(
            p.client_ip(ip("127.0.0.1"), Some("6.6.6.6, 5.5.5.5, 10.1.1.1")),
            ip("5.5.5.5")
        );
        assert_eq!(p.client_ip(ip("127.0.0.1"), None), ip("127.0.0.1"));
        assert_eq!(
            p.client_ip(ip("127.0.0.1"), Some("garbage")),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn rejects_bad_entries() {
        assert!(TrustedProxies::parse("nope").is_err());
    }

    #[test]
    fn warns_about_an_ignored_forwarder_at_most_once_a_minute() {
        let last = AtomicI64::new(i64::MIN);
        assert!(claim_warning(&last, 1_000));
        assert!(!claim_warning(&last, 1_000));
        assert!(!claim_warning(&last, 1_059));
        assert!(claim_warning(&last, 1_060));
        assert!(!claim_warning(&last, 1_061));
    }
}
