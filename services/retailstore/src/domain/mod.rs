//! Domain types: raw input is parsed into these once, at the edge; handlers and models
//! only see checked values.

pub mod product;
pub mod serial_code;

use chrono::{DateTime, Utc};

use crate::error::Problems;

pub use shop_common::input::nullable;

/// Trimmed text, `None` when blank; a problem when longer than `max` characters or when
/// it holds control characters (`multiline` allows line breaks and tabs).
pub fn optional_text(
    problems: &mut Problems,
    field: &str,
    value: Option<String>,
    max: usize,
    multiline: bool,
) -> Option<String> {
    let text = value
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())?;
    if text.chars().count() > max {
        problems.push(field, format!("Tối đa {max} ký tự"));
    } else if text
        .chars()
        .any(|c| c.is_control() && !(multiline && matches!(c, '\n' | '\r' | '\t')))
    {
        problems.push(field, "Không được chứa ký tự điều khiển");
    }
    Some(text)
}

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
