//! The shop configuration as the admin edits it: each field's checked type and limits,
//! and [`ConfigPatch`], a checked save (a field left out stays unchanged, `None`; an
//! optional field cleared is `Some(None)`).

use crate::domain::image::ObjectName;

pub const SHOP_NAME_MAX: usize = 100;
pub const SHOP_TAGLINE_MAX: usize = 200;
pub const FOOTER_NOTE_MAX: usize = 500;
pub const URL_MAX: usize = 2048;
pub const EMAIL_MAX: usize = 254;
pub const PHONE_MIN: usize = 6;
pub const PHONE_MAX: usize = 20;
pub const ANALYTICS_ID_MAX: usize = 50;

/// The public path prefix of uploaded files.
pub const UPLOADS_PREFIX: &str = "/uploads/";

const MSG_CONTROL: &str = "Không được chứa ký tự điều khiển";

macro_rules! text_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $name(String);

        impl $name {
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }
    };
}

text_type!(
    /// 1..100 characters on one line.
    ShopName
);
text_type!(
    /// 0..200 characters on one line.
    ShopTagline
);
text_type!(
    /// 0..500 characters; line breaks allowed (stored as `\n`).
    FooterNote
);
text_type!(
    /// An uploaded file (`/uploads/<sha256>.<ext>`) or an `https://` URL.
    LogoUrl
);
text_type!(
    /// An `http://` or `https://` URL.
    SocialUrl
);
text_type!(
    /// A plausible e-mail address.
    ContactEmail
);
text_type!(
    /// 6..20 characters of digits and spaces, optionally led by `+`.
    ContactPhone
);
text_type!(
    /// An analytics measurement id such as `G-XXXX`: 1..50 of `A-Z a-z 0-9 - _`.
    AnalyticsId
);

fn has_control(text: &str) -> bool {
    text.chars().any(char::is_control)
}

fn single_line(text: &str, max: usize, too_long: &'static str) -> Result<String, &'static str> {
    if has_control(text) {
        return Err(MSG_CONTROL);
    }
    if text.chars().count() > max {
        return Err(too_long);
    }
    Ok(text.to_owned())
}

impl ShopName {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let text = text.trim();
        if text.is_empty() {
            return Err("Nhập tên cửa hàng");
        }
        single_line(text, SHOP_NAME_MAX, "Tên cửa hàng tối đa 100 ký tự").map(Self)
    }
}

impl ShopTagline {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        single_line(text.trim(), SHOP_TAGLINE_MAX, "Khẩu hiệu tối đa 200 ký tự").map(Self)
    }

    pub fn empty() -> Self {
        Self(String::new())
    }
}

impl FooterNote {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let text = text.trim().replace("\r\n", "\n");
        if text
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t')
        {
            return Err(MSG_CONTROL);
        }
        if text.chars().count() > FOOTER_NOTE_MAX {
            return Err("Ghi chú chân trang tối đa 500 ký tự");
        }
        Ok(Self(text))
    }

    pub fn empty() -> Self {
        Self(String::new())
    }
}

/// An absolute `https://` (or, when `allow_http`, `http://`) URL with a host and no
/// credentials, returned as written.
fn web_url(text: &str, allow_http: bool) -> Option<String> {
    if text.len() > URL_MAX || text.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return None;
    }
    let lower = text.get(..8).unwrap_or(text).to_ascii_lowercase();
    let scheme_ok = lower.starts_with("https://") || (allow_http && lower.starts_with("http://"));
    if !scheme_ok {
        return None;
    }
    let url = reqwest::Url::parse(text).ok()?;
    let scheme_ok = url.scheme() == "https" || (allow_http && url.scheme() == "http");
    let host_ok = url.host_str().is_some_and(|h| !h.is_empty());
    let no_credentials = url.username().is_empty() && url.password().is_none();
    (scheme_ok && host_ok && no_credentials).then(|| text.to_owned())
}

impl LogoUrl {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        const MSG: &str = "Logo phải là ảnh đã tải lên (/uploads/...) hoặc địa chỉ https:// hợp lệ";
        if let Some(name) = text.strip_prefix(UPLOADS_PREFIX) {
            return ObjectName::parse(name)
                .map(|_| Self(text.to_owned()))
                .ok_or(MSG);
        }
        web_url(text, false).map(Self).ok_or(MSG)
    }
}

impl SocialUrl {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        web_url(text, true)
            .map(Self)
            .ok_or("Địa chỉ trang mạng xã hội phải là URL http:// hoặc https:// hợp lệ")
    }
}

fn email_local_ok(local: &str) -> bool {
    const SPECIALS: &str = "!#$%&'*+/=?^_`{|}~.-";
    !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || SPECIALS.contains(c))
}

fn email_domain_ok(domain: &str) -> bool {
    let labels: Vec<&str> = domain.split('.').collect();
    labels.len() >= 2
        && domain.len() <= 253
        && labels.iter().all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.chars().any(|c| !c.is_ascii_digit()))
}

impl ContactEmail {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let valid = text.len() <= EMAIL_MAX
            && text
                .rsplit_once('@')
                .is_some_and(|(local, domain)| email_local_ok(local) && email_domain_ok(domain));
        if valid {
            Ok(Self(text.to_owned()))
        } else {
            Err("Email liên hệ không hợp lệ")
        }
    }
}

impl ContactPhone {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let length = text.chars().count();
        let digits = text.chars().filter(char::is_ascii_digit).count();
        let chars_ok = text
            .char_indices()
            .all(|(i, c)| c.is_ascii_digit() || c == ' ' || (c == '+' && i == 0));
        if chars_ok && (PHONE_MIN..=PHONE_MAX).contains(&length) && digits >= PHONE_MIN {
            Ok(Self(text.to_owned()))
        } else {
            Err("Số điện thoại gồm 6 đến 20 ký tự: chữ số, dấu cách và dấu + ở đầu")
        }
    }
}

impl AnalyticsId {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let valid = (1..=ANALYTICS_ID_MAX).contains(&text.len())
            && text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if valid {
            Ok(Self(text.to_owned()))
        } else {
            Err("Mã analytics gồm 1 đến 50 ký tự: chữ, số, - hoặc _")
        }
    }
}

/// A checked save. A required text is `None` when left out; an optional field is `None`
/// when left out, `Some(None)` when cleared.
#[derive(Debug, Clone)]
pub struct ConfigPatch {
    pub shop_name: Option<ShopName>,
    pub shop_tagline: Option<ShopTagline>,
    pub logo_url: Option<Option<LogoUrl>>,
    pub social_url: Option<Option<SocialUrl>>,
    pub footer_note: Option<FooterNote>,
    pub contact_email: Option<Option<ContactEmail>>,
    pub contact_phone: Option<Option<ContactPhone>>,
    pub analytics_id: Option<Option<AnalyticsId>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shop_name_bounds() {
        assert!(ShopName::parse("  Cửa hàng  ").is_ok_and(|n| n.as_str() == "Cửa hàng"));
        assert!(ShopName::parse("   ").is_err());
        assert!(ShopName::parse(&"ả".repeat(100)).is_ok());
        assert!(ShopName::parse(&"ả".repeat(101)).is_err());
        assert!(ShopName::parse("a\u{0007}b").is_err());
    }

    #[test]
    fn urls() {
        let upload = format!("/uploads/{}.png", "a".repeat(64));
        assert!(LogoUrl::parse(&upload).is_ok());
        assert!(LogoUrl::parse("/uploads/../etc/passwd").is_err());
        assert!(LogoUrl::parse("/static/logo.png").is_err());
        assert!(LogoUrl::parse("https://cdn.example.com/logo.png").is_ok());
        assert!(LogoUrl::parse("http://cdn.example.com/logo.png").is_err());
        assert!(LogoUrl::parse("javascript:alert(1)").is_err());
        assert!(SocialUrl::parse("http://facebook.com/shop").is_ok());
        assert!(SocialUrl::parse("https://facebook.com/shop").is_ok());
        assert!(SocialUrl::parse("https://user:pw@facebook.com/").is_err());
        assert!(SocialUrl::parse("https://").is_err());
        assert!(SocialUrl::parse("https:facebook.com").is_err());
        assert!(SocialUrl::parse("ftp://facebook.com").is_err());
        assert!(SocialUrl::parse("https://face book.com").is_err());
    }

    #[test]
    fn emails() {
        assert!(ContactEmail::parse("shop@example.com").is_ok());
        assert!(ContactEmail::parse("a.b+c@mail.example.vn").is_ok());
        assert!(ContactEmail::parse("no-at-sign").is_err());
        assert!(ContactEmail::parse("a@b").is_err());
        assert!(ContactEmail::parse("a@@b.com").is_err());
        assert!(ContactEmail::parse(".a@b.com").is_err());
        assert!(ContactEmail::parse("a b@c.com").is_err());
        assert!(ContactEmail::parse("a@-b.com").is_err());
        assert!(ContactEmail::parse("a@1.2").is_err());
    }

    #[test]
    fn phones_and_analytics() {
        assert!(ContactPhone::parse("+84 912 345 678").is_ok());
        assert!(ContactPhone::parse("0912345678").is_ok());
        assert!(ContactPhone::parse("12345").is_err());
        assert!(ContactPhone::parse("09-1234-5678").is_err());
        assert!(ContactPhone::parse("0912+345678").is_err());
        assert!(ContactPhone::parse(&"1".repeat(21)).is_err());
        assert!(AnalyticsId::parse("G-ABC123_x").is_ok());
        assert!(AnalyticsId::parse("G ABC").is_err());
        assert!(AnalyticsId::parse(&"a".repeat(51)).is_err());
    }

    #[test]
    fn footer_keeps_lines() {
        let note = FooterNote::parse(" a\r\nb\tc ").ok();
        assert_eq!(note.map(|n| n.0), Some("a\nb\tc".to_owned()));
        assert!(FooterNote::parse("a\u{0000}b").is_err());
    }
}
