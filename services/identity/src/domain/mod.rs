//! Checked input types: raw request fields are parsed into these once, at the edge, so
//! the rest of the service never sees an unchecked user name, e-mail or password. Beside
//! them, the rules that need no database: the common passwords a new password may not be
//! ([`common_passwords`]) and the actions the audit log records ([`audit`]).

use std::fmt;
use std::net::{IpAddr, Ipv6Addr};

use shop_common::auth::Role;

pub mod audit;
pub mod common_passwords;

pub const MSG_USER_NAME: &str =
    "Tên đăng nhập từ 3 đến 50 ký tự, chỉ gồm chữ cái không dấu, chữ số và . _ -";
pub const MSG_FULL_NAME_REQUIRED: &str = "Vui lòng nhập họ tên";
pub const MSG_FULL_NAME_LENGTH: &str = "Họ tên tối đa 100 ký tự";
pub const MSG_FULL_NAME_CONTROL: &str = "Họ tên không được chứa ký tự điều khiển";
pub const MSG_EMAIL: &str = "Email không hợp lệ";
pub const MSG_PASSWORD_LENGTH: &str = "Mật khẩu từ 6 đến 30 ký tự";
pub const MSG_ROLE: &str = "Vai trò phải là admin hoặc staff";

pub const PASSWORD_MIN_CHARS: usize = 6;
pub const PASSWORD_MAX_CHARS: usize = 30;
pub const USER_NAME_MAX_CHARS: usize = 50;

/// A user name: 3..50 of `a-z 0-9 . _ -` (upper-case letters accepted; names are unique
/// case-insensitively). Kept as typed, compared through [`UserName::key`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserName(String);

impl UserName {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let name = raw.trim();
        let ok = (3..=USER_NAME_MAX_CHARS).contains(&name.len())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
        if ok {
            Ok(Self(name.to_owned()))
        } else {
            Err(MSG_USER_NAME)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The case-folded form used for lookups and uniqueness.
    pub fn key(&self) -> String {
        login_key(&self.0)
    }
}

/// The lookup key of a user name as typed at login (trimmed, lower case).
pub fn login_key(raw: &str) -> String {
    raw.trim().to_lowercase()
}

/// The client as the login lockout counts it: an IPv4 address in full, an IPv6 one by
/// its /64 prefix (one subscriber usually holds a whole /64, so rotating addresses inside
/// it must not start a fresh count; the gateway's limiter keys the same way). An
/// IPv4-mapped IPv6 address counts as its IPv4 address.
pub fn client_key(ip: Option<IpAddr>) -> String {
    match ip {
        None => "unknown".to_owned(),
        Some(IpAddr::V4(v4)) => v4.to_string(),
        Some(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let prefix = u128::from(v6) & !u128::from(u64::MAX);
                format!("{}/64", Ipv6Addr::from(prefix))
            }
        },
    }
}

/// A full name: 1..100 characters after trimming, none of them a control character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FullName(String);

impl FullName {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let name = raw.trim();
        if name.is_empty() {
            Err(MSG_FULL_NAME_REQUIRED)
        } else if name.chars().count() > 100 {
            Err(MSG_FULL_NAME_LENGTH)
        } else if name.chars().any(char::is_control) {
            Err(MSG_FULL_NAME_CONTROL)
        } else {
            Ok(Self(name.to_owned()))
        }
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

/// An e-mail address of a plausible shape, at most 254 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let email = raw.trim();
        if shop_common::input::plausible_email(email) {
            Ok(Self(email.to_owned()))
        } else {
            Err(MSG_EMAIL)
        }
    }

    /// An optional e-mail: absent or blank means none.
    pub fn parse_optional(raw: Option<&str>) -> Result<Option<Self>, &'static str> {
        match raw.map(str::trim) {
            None | Some("") => Ok(None),
            Some(text) => Self::parse(text).map(Some),
        }
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

/// A new password: 6..30 Unicode characters (kept exactly as typed). Never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl Password {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        if has_password_length(raw) {
            Ok(Self(raw.to_owned()))
        } else {
            Err(MSG_PASSWORD_LENGTH)
        }
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(***)")
    }
}

pub fn has_password_length(raw: &str) -> bool {
    (PASSWORD_MIN_CHARS..=PASSWORD_MAX_CHARS).contains(&raw.chars().count())
}

/// `admin` or `staff`.
pub fn parse_role(raw: &str) -> Result<Role, &'static str> {
    Role::parse(raw.trim()).ok_or(MSG_ROLE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_names() {
        assert!(UserName::parse("ab").is_err());
        assert!(UserName::parse("abc").is_ok());
        assert!(UserName::parse("Nhan.Vien_1-a").is_ok());
        assert!(UserName::parse("có dấu").is_err());
        assert!(UserName::parse("a b c").is_err());
        assert!(UserName::parse(&"a".repeat(51)).is_err());
        assert_eq!(
            UserName::parse("  Alice ").map(|n| n.key()),
            Ok("alice".to_owned())
        );
    }

    #[test]
    fn emails() {
        assert!(Email::parse("a@b.vn").is_ok());
        assert!(Email::parse("first.last+tag@shop.example.com").is_ok());
        assert!(Email::parse("no-at.example.com").is_err());
        assert!(Email::parse("a@b").is_err());
        assert!(Email::parse("a..b@c.vn").is_err());
        assert!(Email::parse("a b@c.vn").is_err());
        assert_eq!(Email::parse_optional(Some("  ")), Ok(None));
    }

    #[test]
    fn passwords_count_characters() {
        assert!(Password::parse("12345").is_err());
        assert!(Password::parse("123456").is_ok());
        assert!(Password::parse(&"ậ".repeat(30)).is_ok());
        assert!(Password::parse(&"a".repeat(31)).is_err());
        assert_eq!(
            format!("{:?}", Password::parse("secret1")),
            "Ok(Password(***))"
        );
    }

    #[test]
    fn client_keys() {
        let key = |s: &str| client_key(s.parse().ok());
        assert_eq!(key("203.0.113.7"), "203.0.113.7");
        assert_eq!(key("::ffff:203.0.113.7"), "203.0.113.7");
        assert_eq!(key("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(key("2001:db8:1:2:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
        assert_ne!(key("2001:db8:1:3::1"), key("2001:db8:1:2::1"));
        assert_eq!(client_key(None), "unknown");
    }

    #[test]
    fn full_names() {
        assert!(FullName::parse("  ").is_err());
        assert!(FullName::parse(&"ư".repeat(100)).is_ok());
        assert!(FullName::parse(&"ư".repeat(101)).is_err());
        assert_eq!(FullName::parse("Nguyễn\0An"), Err(MSG_FULL_NAME_CONTROL));
        assert_eq!(FullName::parse("Nguyễn\nAn"), Err(MSG_FULL_NAME_CONTROL));
    }
}
