//! Domain types: checked values and the rules that need no database. Request bodies as
//! sent live in `routes`, which checks them into these once, at the edge; use cases and
//! models only see checked values.

pub mod audit;
pub mod dashboard;
pub mod order;
pub mod product;
pub mod serial_code;
pub mod slug;

use chrono::{DateTime, Utc};

use crate::error::Problems;

pub use shop_common::input::optional_text;

/// An expiry must lie in the future.
pub fn future_instant(
    problems: &mut Problems,
    field: &str,
    value: Option<DateTime<Utc>>,
) -> Option<DateTime<Utc>> {
    if value.is_some_and(|at| at <= Utc::now()) {
        problems.push(field, "Thời điểm hết hạn phải ở tương lai");
    }
    value
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn text_rules() {
        let mut p = Problems::default();
        assert_eq!(
            optional_text(&mut p, "a", Some("  ".into()), 5, false),
            None
        );
        assert_eq!(
            optional_text(&mut p, "a", Some(" ab ".into()), 5, false),
            Some("ab".into())
        );
        assert!(p.is_empty());
        optional_text(&mut p, "a", Some("abcdef".into()), 5, false);
        optional_text(&mut p, "b", Some("a\u{7}b".into()), 5, false);
        optional_text(&mut p, "c", Some("a\nb".into()), 5, true);
        let error = p.finish::<_, crate::error::StoreError>(|| ()).unwrap_err();
        let crate::error::StoreError::Validation(details) = error else {
            panic!("validation expected");
        };
        let fields: Vec<_> = details.iter().map(|d| d.field.as_str()).collect();
        assert_eq!(fields, ["a", "b"]);
    }
}
