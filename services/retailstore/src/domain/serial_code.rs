//! Serial codes: status, and the normalised code itself (a secret: its `Debug` hides it).

use std::fmt;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The most characters a code may have.
pub const MAX_CODE_LEN: usize = 200;
/// Characters shown in `maskedCode`: at most 4, and at most half of a short code.
pub const VISIBLE_TAIL: usize = 4;
/// `maskedCode` is this prefix plus the visible tail (the prefix does not reveal length).
pub const MASK: &str = "••••••";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CodeStatus {
    Available,
    Reserved,
    Sold,
    Disabled,
}

impl CodeStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Available => "available",
            Self::Reserved => "reserved",
            Self::Sold => "sold",
            Self::Disabled => "disabled",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "available" => Some(Self::Available),
            "reserved" => Some(Self::Reserved),
            "sold" => Some(Self::Sold),
            "disabled" => Some(Self::Disabled),
            _ => None,
        }
    }

    /// Staff may edit or delete a code only in these states.
    pub const EDITABLE: [CodeStatus; 2] = [Self::Available, Self::Disabled];
}

/// Why a submitted line is not a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum InvalidReason {
    TooLong,
    ControlCharacter,
}

impl InvalidReason {
    pub fn message(self) -> &'static str {
        match self {
            Self::TooLong => "Mã serial tối đa 200 ký tự",
            Self::ControlCharacter => "Mã serial không được chứa ký tự điều khiển",
        }
    }
}

/// Control characters, and the invisible format characters that paste along with them.
fn is_unprintable(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}'
        )
}

/// A normalised code: no BOM, CR or surrounding white space, case kept, 1..=200
/// printable characters.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Code(String);

impl fmt::Debug for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Code(***)")
    }
}

impl Code {
    /// `Ok(None)` for a blank line.
    pub fn parse(raw: &str) -> Result<Option<Self>, InvalidReason> {
        let text = raw.trim_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}');
        if text.is_empty() {
            return Ok(None);
        }
        if text.chars().count() > MAX_CODE_LEN {
            return Err(InvalidReason::TooLong);
        }
        if text.chars().any(is_unprintable) {
            return Err(InvalidReason::ControlCharacter);
        }
        Ok(Some(Self(text.to_owned())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }

    /// The characters kept in clear for the masked view.
    pub fn visible_tail(&self) -> String {
        let len = self.0.chars().count();
        let keep = VISIBLE_TAIL.min(len / 2);
        self.0.chars().skip(len - keep).collect()
    }
}

/// The most characters a card's serial may have.
pub const MAX_SERIAL_LEN: usize = 64;

/// A card's serial ("Seri"), printed beside its secret PIN: not secret, stored and shown
/// in clear. Trimmed like a code; 1..=64 printable characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Serial(String);

impl Serial {
    /// `Ok(None)` for a blank serial; `Err` with the reason in Vietnamese.
    pub fn parse(raw: &str) -> Result<Option<Self>, &'static str> {
        let text = raw.trim_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}');
        if text.is_empty() {
            return Ok(None);
        }
        if text.chars().count() > MAX_SERIAL_LEN {
            return Err("Số seri tối đa 64 ký tự");
        }
        if text.chars().any(is_unprintable) {
            return Err("Số seri không được chứa ký tự điều khiển");
        }
        Ok(Some(Self(text.to_owned())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// `••••••AB12`.
pub fn masked(visible_tail: &str) -> String {
    format!("{MASK}{visible_tail}")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn parsed(raw: &str) -> String {
        Code::parse(raw).unwrap().unwrap().into_string()
    }

    #[test]
    fn normalises() {
        assert_eq!(parsed("\u{FEFF}ABC-123\r"), "ABC-123");
        assert_eq!(parsed("  aBc \t"), "aBc");
        assert_eq!(parsed(" \u{FEFF} x "), "x");
        assert_eq!(Code::parse(" \r ").unwrap(), None);
        assert_eq!(Code::parse("").unwrap(), None);
        assert_eq!(parsed(&"é".repeat(200)).chars().count(), 200);
    }

    #[test]
    fn rejects() {
        assert_eq!(Code::parse(&"a".repeat(201)), Err(InvalidReason::TooLong));
        assert_eq!(Code::parse("a\u{7}b"), Err(InvalidReason::ControlCharacter));
        assert_eq!(Code::parse("a\rb"), Err(InvalidReason::ControlCharacter));
        assert_eq!(
            Code::parse("a\u{200B}b"),
            Err(InvalidReason::ControlCharacter)
        );
    }

    #[test]
    fn serials() {
        let parsed = |s: &str| Serial::parse(s).unwrap().map(Serial::into_string);
        assert_eq!(
            parsed(" 10000123456789 \r").as_deref(),
            Some("10000123456789")
        );
        assert_eq!(parsed("\u{FEFF}  "), None);
        assert_eq!(parsed(&"9".repeat(64)).map(|s| s.len()), Some(64));
        assert!(Serial::parse(&"9".repeat(65)).is_err());
        assert!(Serial::parse("12\u{7}34").is_err());
    }

    #[test]
    fn masks_without_revealing_short_codes() {
        let tail = |s: &str| Code::parse(s).unwrap().unwrap().visible_tail();
        assert_eq!(tail("GRN-1234-AB12"), "AB12");
        assert_eq!(tail("12345678"), "5678");
        assert_eq!(tail("ABCDEF"), "DEF");
        assert_eq!(tail("A"), "");
        assert_eq!(tail("Mã-số-đẹp"), "-đẹp");
        assert_eq!(masked("AB12"), "••••••AB12");
        assert_eq!(
            format!("{:?}", Code::parse("secret").unwrap()),
            "Some(Code(***))"
        );
    }
}
