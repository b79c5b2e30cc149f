//! Order codes in bank-transfer memos: `DH` + 8 characters of Crockford base32, the memo
//! the shopper was asked to write. Banks and SePay hand it back in `code` or somewhere in
//! `content`, sometimes glued to other words or with its case changed.
//!
//! Matching is case-insensitive and the result is upper case. The Crockford decoding
//! aliases (`O` for `0`, `I` and `L` for `1`) are deliberately NOT applied: retailstore
//! only issues the canonical alphabet and shoppers copy the memo from the QR code, while
//! aliasing would turn ordinary glued words (`...DHOLIDAY1...`) into order codes. A memo
//! that needs an alias is left `unmatched` for staff to assign, which is the safe side:
//! money is never applied to an order on a guess.

use std::fmt;

/// `DH`: what every order code starts with.
pub const PREFIX: &str = "DH";
/// Characters after the prefix.
pub const BODY_LEN: usize = 8;
/// The whole code's length.
pub const LEN: usize = PREFIX.len() + BODY_LEN;

pub const MSG_ORDER_CODE: &str = "Mã đơn hàng gồm DH và 8 chữ cái hoặc chữ số";

/// Crockford base32 digits (upper case): `0-9 A-Z` without `I L O U`.
pub fn is_crockford(b: u8) -> bool {
    matches!(b.to_ascii_uppercase(), b'0'..=b'9' | b'A'..=b'Z')
        && !matches!(b.to_ascii_uppercase(), b'I' | b'L' | b'O' | b'U')
}

/// A well-formed order code, upper case (`DHAB12CD34`). Whether the order exists is
/// retailstore's to say.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct OrderCode(String);

impl OrderCode {
    /// The whole `text` (trimmed) as an order code, any case.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        Self::at(text.as_bytes(), 0).filter(|_| text.len() == LEN)
    }

    /// The code starting at byte `i` of `bytes`, if one does.
    fn at(bytes: &[u8], i: usize) -> Option<Self> {
        let window = bytes.get(i..i + LEN)?;
        let (prefix, body) = window.split_at(PREFIX.len());
        if !prefix.eq_ignore_ascii_case(PREFIX.as_bytes()) || !body.iter().all(|b| is_crockford(*b))
        {
            return None;
        }
        let code = window.iter().map(|b| char::from(b.to_ascii_uppercase()));
        Some(Self(code.collect()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for OrderCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for OrderCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OrderCode({})", self.0)
    }
}

/// The first order code in `text`, wherever it sits: a code standing on its own (between
/// non-alphanumerics or the ends of the text) wins over one glued to other characters,
/// so `FT2611DHXY... DHAB12CD34` finds the second; otherwise the first glued one
/// (`NGUYENVANA-DHAB12CD34-FT...`, `123DHAB12CD34`, `DHAB12CD34CHUYEN TIEN`).
pub fn find_in(text: &str) -> Option<OrderCode> {
    let bytes = text.as_bytes();
    let standalone = |i: usize| {
        let before = i.checked_sub(1).and_then(|j| bytes.get(j));
        let after = bytes.get(i + LEN);
        !before.is_some_and(u8::is_ascii_alphanumeric)
            && !after.is_some_and(u8::is_ascii_alphanumeric)
    };
    let mut first = None;
    for i in 0..bytes.len().saturating_sub(LEN - 1) {
        if let Some(code) = OrderCode::at(bytes, i) {
            if standalone(i) {
                return Some(code);
            }
            first.get_or_insert(code);
        }
    }
    first
}

/// The order code of a transfer: SePay's extracted `code` first, then the memo.
pub fn find(code: Option<&str>, content: &str) -> Option<OrderCode> {
    code.and_then(find_in).or_else(|| find_in(content))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Option<String> {
        find_in(text).map(OrderCode::into_string)
    }

    #[test]
    fn alphabet() {
        let all: String = (0u8..=127)
            .filter(|b| is_crockford(*b))
            .map(char::from)
            .filter(char::is_ascii_uppercase)
            .collect();
        assert_eq!(all, "ABCDEFGHJKMNPQRSTVWXYZ");
        assert!(is_crockford(b'7') && is_crockford(b'z'));
        assert!(!is_crockford(b'-') && !is_crockford(b'o') && !is_crockford(b'u'));
    }

    #[test]
    fn parse_whole_codes() {
        assert_eq!(
            OrderCode::parse(" dhab12cd34 ").unwrap().as_str(),
            "DHAB12CD34"
        );
        assert_eq!(
            OrderCode::parse("DHAB12CD34").unwrap().to_string(),
            "DHAB12CD34"
        );
        for bad in [
            "",
            "DH",
            "DHAB12CD3",
            "DHAB12CD345",
            "XHAB12CD34",
            "DHAB12CDO4", // O is not Crockford: no alias
            "DHAB1LCD34",
            "DHAB12CDU4",
            "DH AB12CD3",
            "ĐHAB12CD34",
        ] {
            assert!(OrderCode::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn memos_as_banks_write_them() {
        let cases = [
            ("DHAB12CD34", "DHAB12CD34"),
            ("CT DEN:123 DHAB12CD34 chuyen tien", "DHAB12CD34"),
            ("thanh toan dhab12cd34", "DHAB12CD34"),
            ("NGUYENVANA-DHAB12CD34-FT23100123456", "DHAB12CD34"),
            (
                "MBVCB.3278907687.DHAB12CD34.CT tu 0011001234567",
                "DHAB12CD34",
            ),
            ("123456DHAB12CD34", "DHAB12CD34"),
            ("DHAB12CD34CHUYEN TIEN", "DHAB12CD34"),
            ("chuyen khoan Dhab12Cd34", "DHAB12CD34"),
            ("Thanh toán đơn DHAB12CD34 cảm ơn", "DHAB12CD34"),
            // Two codes: the first one.
            ("DHAAAAAAAA DHBBBBBBBB", "DHAAAAAAAA"),
            // A glued look-alike before a standalone code: the standalone one.
            ("GOLDHXYZ12345 DHAB12CD34", "DHAB12CD34"),
            // Only glued ones: the first.
            ("xDHAAAAAAAAy xDHBBBBBBBBy", "DHAAAAAAAA"),
        ];
        for (memo, want) in cases {
            assert_eq!(found(memo).as_deref(), Some(want), "{memo}");
        }
        for none in [
            "",
            "chuyen tien mua iphone",
            "DH",
            "DHAB12CD3",
            "DH AB12CD34",
            "DHOLIDAYS1", // aliases are not applied
            "DHAB12-CD34",
            "ĐHAB12CD34",
        ] {
            assert_eq!(found(none), None, "{none}");
        }
    }

    #[test]
    fn code_field_first() {
        assert_eq!(
            find(Some("DHAAAAAAAA"), "DHBBBBBBBB").unwrap().as_str(),
            "DHAAAAAAAA"
        );
        assert_eq!(find(None, "x DHBBBBBBBB").unwrap().as_str(), "DHBBBBBBBB");
        // A `code` SePay extracted with another pattern: fall back to the memo.
        assert_eq!(
            find(Some("TT123"), "DHBBBBBBBB").unwrap().as_str(),
            "DHBBBBBBBB"
        );
        assert_eq!(find(Some(""), "no code"), None);
    }
}
