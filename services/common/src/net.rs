//! Client address resolution: `X-Forwarded-For` is believed only from trusted proxies.

use std::net::IpAddr;

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
}
