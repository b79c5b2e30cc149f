//! Orders: statuses, the order code and access token, the shopper's checked order
//! request, and the pure rules of the state machine (what a payment or a sweep does to
//! an order). No database, no HTTP here.

mod codes;
mod contact;
mod request;
mod status;

pub use codes::*;
pub use contact::*;
pub use request::*;
pub use status::*;

use super::optional_text;
use crate::error::Problems;

pub const MAX_REASON: usize = 500;
/// Stored `User-Agent` is cut to this many characters.
pub const MAX_USER_AGENT: usize = 500;

/// A required reason (Cancel, ReplaceCodes): trimmed, 1..500 characters.
pub fn reason(p: &mut Problems, field: &str, value: Option<String>) -> Option<String> {
    let text = optional_text(p, field, value, MAX_REASON, true);
    if text.is_none() {
        p.push(field, "Vui lòng nhập lý do");
    }
    text
}

/// `100000` -> `100.000đ`.
pub fn vnd(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 2);
    if amount < 0 {
        out.push('-');
    }
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('.');
        }
        out.push(c);
    }
    out.push('đ');
    out
}
