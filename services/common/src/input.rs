//! Input checking shared by the services: a collector of field problems that yields the
//! checked value or code 1 with every problem at once, and the three-way fields of
//! `Update` bodies (left out, `null`, value).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer};

use crate::error::FieldError;

/// The problems found in one request's input; converted into a service's
/// validation error (code 1 with `details`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid(pub Vec<FieldError>);

/// Collects field problems, then yields the checked value or all of them.
#[derive(Debug, Default)]
pub struct Problems(Vec<FieldError>);

impl Problems {
    pub fn push(&mut self, field: &str, message: impl Into<String>) {
        self.0.push(FieldError::new(field, message));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The parsed value, or `None` with the parser's message recorded for `field`.
    pub fn check<T, M: Into<String>>(&mut self, field: &str, parsed: Result<T, M>) -> Option<T> {
        parsed.map_err(|message| self.push(field, message)).ok()
    }

    /// Takes on problems found by another check (a page request's), keeping their order.
    pub fn extend(&mut self, problems: impl IntoIterator<Item = FieldError>) {
        self.0.extend(problems);
    }

    /// `value()` when nothing was found, else the service error for [`Invalid`].
    pub fn finish<T, E: From<Invalid>>(self, value: impl FnOnce() -> T) -> Result<T, E> {
        if self.0.is_empty() {
            Ok(value())
        } else {
            Err(Invalid(self.0).into())
        }
    }
}

/// An optional query filter: absent or empty is no filter; otherwise `parse` must accept
/// it, or `message` is recorded against `field`. Callers decide whether to trim first.
pub fn optional_choice<T>(
    p: &mut Problems,
    field: &str,
    value: Option<&str>,
    parse: impl FnOnce(&str) -> Option<T>,
    message: &str,
) -> Option<T> {
    match value {
        None | Some("") => None,
        Some(text) => parse(text).or_else(|| {
            p.push(field, message);
            None
        }),
    }
}

/// For `Update` bodies: a field left out is `None` (unchanged), an explicit `null` is
/// `Some(None)` (cleared), a value is `Some(Some(v))`. Use with `#[serde(default)]`.
pub fn nullable<'de, D, T>(de: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(de).map(Some)
}

/// A required field of a patch: left out keeps `current`, a value replaces it, `null`
/// is a problem.
pub fn patch_required<T>(
    p: &mut Problems,
    field: &str,
    patch: Option<Option<T>>,
    current: &mut Option<T>,
) {
    match patch {
        None => {}
        Some(Some(v)) => *current = Some(v),
        Some(None) => p.push(field, "Trường này không được để trống"),
    }
}

/// An optional field of a patch: left out keeps `current`, anything else replaces it.
pub fn patch_optional<T>(patch: Option<Option<T>>, current: &mut Option<T>) {
    if let Some(v) = patch {
        *current = v;
    }
}

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

/// An image reference: `/uploads/<name>` (a file served by the system service) or an
/// `https://` URL without characters that could break out of an attribute.
pub fn image_url_ok(url: &str) -> bool {
    let safe = |c: char| !c.is_whitespace() && !c.is_control() && !"\"'<>\\`".contains(c);
    if let Some(file) = url.strip_prefix("/uploads/") {
        !file.is_empty()
            && !file.starts_with('.')
            && file
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
    } else if let Some(rest) = url.strip_prefix("https://") {
        !rest.is_empty() && !rest.starts_with(['/', ':', '@']) && rest.chars().all(safe)
    } else {
        false
    }
}

/// The longest e-mail address accepted (RFC 5321's path limit).
pub const EMAIL_MAX: usize = 254;

/// An e-mail address of a plausible shape, already trimmed: `local@domain.tld`, an ASCII
/// local part of at most 64 characters from RFC 5322's atom characters, a domain of at
/// least two DNS labels (letters, digits, inner hyphens, at most 63 each), no `..`, at
/// most [`EMAIL_MAX`] characters. The one rule for every service (users, shoppers).
pub fn plausible_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".!#$%&'*+/=?^_`{|}~-".contains(c));
    let label_ok = |label: &str| {
        !label.is_empty()
            && label.len() <= 63
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    };
    let mut labels = 0;
    let domain_ok = domain.split('.').all(|label| {
        labels += 1;
        label_ok(label)
    });
    local_ok && domain_ok && labels >= 2 && email.len() <= EMAIL_MAX && !email.contains("..")
}

/// An RFC 3339 instant (with its offset) from an optional parameter; blank is none, and
/// anything else unreadable is a problem for `field`.
pub fn instant(p: &mut Problems, field: &str, value: Option<&str>) -> Option<DateTime<Utc>> {
    let text = value.map(str::trim).filter(|t| !t.is_empty())?;
    DateTime::parse_from_rfc3339(text)
        .map(|at| at.with_timezone(&Utc))
        .map_err(|_| {
            p.push(
                field,
                "Thời điểm phải theo RFC 3339, ví dụ 2026-01-31T00:00:00+07:00",
            )
        })
        .ok()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Patch {
        #[serde(default, deserialize_with = "nullable")]
        note: Option<Option<String>>,
    }

    #[test]
    fn absent_null_and_value() {
        let absent: Patch = serde_json::from_str("{}").unwrap();
        assert_eq!(absent.note, None);
        let null: Patch = serde_json::from_str(r#"{"note":null}"#).unwrap();
        assert_eq!(null.note, Some(None));
        let value: Patch = serde_json::from_str(r#"{"note":"x"}"#).unwrap();
        assert_eq!(value.note, Some(Some("x".into())));
    }

    #[test]
    fn patches_and_problems() {
        let mut p = Problems::default();
        let mut name = Some("a".to_owned());
        patch_required(&mut p, "name", None, &mut name);
        assert_eq!(name.as_deref(), Some("a"));
        patch_required(&mut p, "name", Some(Some("b".into())), &mut name);
        assert_eq!(name.as_deref(), Some("b"));
        assert!(p.is_empty());
        assert_eq!(p.check("name", Ok::<_, &str>(3)), Some(3));
        assert!(p.is_empty());
        patch_required(&mut p, "name", Some(None), &mut name);
        let mut note = Some("x".to_owned());
        patch_optional(Some(None), &mut note);
        assert_eq!(note, None);
        assert_eq!(p.check::<(), _>("age", Err("Tuổi không hợp lệ")), None);
        let err: Invalid = p.finish(|| ()).unwrap_err();
        assert_eq!(
            err.0,
            vec![
                FieldError::new("name", "Trường này không được để trống"),
                FieldError::new("age", "Tuổi không hợp lệ"),
            ]
        );
    }

    #[test]
    fn plausible_emails() {
        for good in [
            "a@b.vn",
            "khach.hang+shop@mail.example.com",
            "o'brien@x-y.io",
            "UPPER@Example.VN",
        ] {
            assert!(plausible_email(good), "{good}");
        }
        let long_local = format!("{}@example.vn", "a".repeat(65));
        let long_all = format!("{}@{}.vn", "a".repeat(60), "b".repeat(200));
        for bad in [
            "",
            "a",
            "a@",
            "@b.vn",
            "a@b",
            "a@b..vn",
            "a..b@c.vn",
            "a@-b.vn",
            "a@b-.vn",
            "a b@c.vn",
            "a@b.vn ",
            "a@@b.vn",
            "nguyễn@b.vn",
            long_local.as_str(),
            long_all.as_str(),
        ] {
            assert!(!plausible_email(bad), "{bad}");
        }
    }
}
