//! The shopper's contact details: e-mail address and phone number.

use std::net::{IpAddr, Ipv6Addr};

pub use shop_common::input::EMAIL_MAX as MAX_EMAIL;

/// The client as the per-client unpaid-order limit counts it, and as `orders.client_key`
/// stores it: an IPv4 address in full, an IPv6 one by its /64 prefix (one subscriber
/// usually holds a whole /64, so rotating addresses inside it must not make a new
/// client; identity's login lockout and the gateway's limiter key the same way). An
/// IPv4-mapped IPv6 address counts as its IPv4 address.
pub fn client_key(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let prefix = u128::from(v6) & !u128::from(u64::MAX);
                format!("{}/64", Ipv6Addr::from(prefix))
            }
        },
    }
}

/// An e-mail address of a plausible shape ([`shop_common::input::plausible_email`], the
/// rule identity applies to users' e-mails too).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Option<Self> {
        let email = raw.trim();
        shop_common::input::plausible_email(email).then(|| Self(email.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The form compared for limits and lookups.
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }
}

/// A Vietnamese phone number, stored as its national form `0xxxxxxxxx`: a mobile number
/// (10 digits, `03`, `05`, `07`, `08`, `09`) or a landline (11 digits, `02`). Spaces, dots,
/// dashes and a `+84`/`84` prefix are accepted on input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone(String);

impl Phone {
    pub fn parse(raw: &str) -> Option<Self> {
        let compact: String = raw
            .trim()
            .chars()
            .filter(|c| !matches!(c, ' ' | '.' | '-' | '(' | ')'))
            .collect();
        let digits = if let Some(rest) = compact.strip_prefix("+84") {
            format!("0{rest}")
        } else if let Some(rest) = compact.strip_prefix("84").filter(|r| r.len() >= 9) {
            format!("0{rest}")
        } else {
            compact
        };
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let bytes = digits.as_bytes();
        let mobile = bytes.len() == 10 && bytes[0] == b'0' && b"35789".contains(&bytes[1]);
        let landline = bytes.len() == 11 && bytes.starts_with(b"02");
        (mobile || landline).then_some(Self(digits))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn client_keys_take_an_ipv6_64_as_one_client() {
        let key = |s: &str| client_key(s.parse().unwrap());
        assert_eq!(key("203.0.113.7"), "203.0.113.7");
        assert_eq!(key("::ffff:203.0.113.7"), "203.0.113.7");
        assert_eq!(key("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(key("2001:db8:1:2:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
        assert_ne!(key("2001:db8:1:3::1"), key("2001:db8:1:2::1"));
    }

    #[test]
    fn emails_and_phones() {
        for ok in ["a@b.vn", "Nguyen.Van+shop@Mail.Example.com"] {
            assert!(Email::parse(ok).is_some(), "{ok}");
        }
        for bad in [
            "",
            "a",
            "a@b",
            "a@@b.vn",
            "a b@c.vn",
            "a..b@c.vn",
            "a@-b.vn",
            "@b.vn",
        ] {
            assert!(Email::parse(bad).is_none(), "{bad}");
        }
        assert_eq!(Email::parse(" A@B.VN ").unwrap().key(), "a@b.vn");
        let phone = |s: &str| Phone::parse(s).map(|p| p.0);
        assert_eq!(phone("0912 345 678").as_deref(), Some("0912345678"));
        assert_eq!(phone("+84 912.345.678").as_deref(), Some("0912345678"));
        assert_eq!(phone("84912345678").as_deref(), Some("0912345678"));
        assert_eq!(phone("024 3825 1234").as_deref(), Some("02438251234"));
        for bad in [
            "",
            "12345",
            "0112345678",
            "091234567",
            "09123456789",
            "09a2345678",
        ] {
            assert_eq!(phone(bad), None, "{bad}");
        }
    }
}
