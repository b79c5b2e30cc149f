//! Paged lists: `pageIndex` (1..=1,000,000, 1-based), `pageSize` (1..=100), `keyword`,
//! `sortBy` (only the endpoint's sortable fields), `sortDir`. The numbers arrive as
//! text and are parsed here, so that any bad value (including one too large for 64
//! bits) is code 1 naming its field rather than a generic query error.

use serde::{Deserialize, Serialize};

use crate::error::{ApiError, FieldError};

pub use crate::limits::{DEFAULT_PAGE_SIZE, MAX_PAGE_INDEX, MAX_PAGE_SIZE};

/// The raw query, as sent. Filters live in each endpoint's own query struct.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageQuery {
    pub page_index: Option<String>,
    pub page_size: Option<String>,
    pub keyword: Option<String>,
    pub sort_by: Option<String>,
    pub sort_dir: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortDir {
    Asc,
    Desc,
}

/// A checked page request.
#[derive(Debug, Clone)]
pub struct PageRequest {
    pub index: i64,
    pub size: i64,
    /// Trimmed, `None` when blank.
    pub keyword: Option<String>,
    /// One of the endpoint's sortable field names, with its direction.
    pub sort: Option<(&'static str, SortDir)>,
}

impl PageRequest {
    /// Rows to skip. [`PageQuery::check`] bounds both factors (at most 99,999,900);
    /// saturating so that a hand-built request can never overflow.
    pub fn offset(&self) -> i64 {
        self.index
            .saturating_sub(1)
            .max(0)
            .saturating_mul(self.size)
    }
}

impl PageQuery {
    /// Checks the query against the endpoint's sortable fields (code 1 otherwise).
    pub fn check(&self, sortable: &[&'static str]) -> Result<PageRequest, ApiError> {
        let mut errors = Vec::new();
        let index = bounded(self.page_index.as_deref(), 1, MAX_PAGE_INDEX).unwrap_or_else(|| {
            errors.push(FieldError::new(
                "pageIndex",
                "Trang là số từ 1 đến 1.000.000",
            ));
            1
        });
        let size = bounded(self.page_size.as_deref(), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
            .unwrap_or_else(|| {
                errors.push(FieldError::new(
                    "pageSize",
                    "Số dòng mỗi trang từ 1 đến 100",
                ));
                DEFAULT_PAGE_SIZE
            });
        let dir = match self.sort_dir.as_deref() {
            None | Some("") => None,
            Some("asc") => Some(SortDir::Asc),
            Some("desc") => Some(SortDir::Desc),
            Some(_) => {
                errors.push(FieldError::new("sortDir", "Chiều sắp xếp là asc hoặc desc"));
                None
            }
        };
        let sort = match self.sort_by.as_deref() {
            None | Some("") => None,
            Some(field) => match sortable.iter().find(|f| **f == field) {
                Some(f) => Some((*f, dir.unwrap_or(SortDir::Asc))),
                None => {
                    errors.push(FieldError::new(
                        "sortBy",
                        "Không thể sắp xếp theo trường này",
                    ));
                    None
                }
            },
        };
        let keyword = self
            .keyword
            .as_deref()
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .map(str::to_owned);
        if keyword.as_ref().is_some_and(|k| k.chars().count() > 200) {
            errors.push(FieldError::new("keyword", "Từ khóa tối đa 200 ký tự"));
        } else if keyword
            .as_ref()
            .is_some_and(|k| k.chars().any(char::is_control))
        {
            // PostgreSQL refuses a NUL in text: it would be a 500, not a search.
            errors.push(FieldError::new(
                "keyword",
                "Từ khóa không được chứa ký tự điều khiển",
            ));
        }
        if errors.is_empty() {
            Ok(PageRequest {
                index,
                size,
                keyword,
                sort,
            })
        } else {
            Err(ApiError::validation(errors))
        }
    }
}

/// `raw` as a whole number in `1..=max`, `default` when absent or blank; `None` for
/// anything else (not a number, out of range, too large for 64 bits).
fn bounded(raw: Option<&str>, default: i64, max: i64) -> Option<i64> {
    match raw.map(str::trim).filter(|t| !t.is_empty()) {
        None => Some(default),
        Some(text) => text.parse::<i64>().ok().filter(|n| (1..=max).contains(n)),
    }
}

/// One page of results.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total_count: i64,
    pub page_index: i64,
    pub page_size: i64,
}

impl<T> Page<T> {
    pub fn new(items: Vec<T>, total_count: i64, req: &PageRequest) -> Self {
        Self {
            items,
            total_count,
            page_index: req.index,
            page_size: req.size,
        }
    }
}

/// `%`, `_` and `\` escaped for use inside an `ILIKE` pattern.
pub fn like_pattern(keyword: &str) -> String {
    let mut out = String::with_capacity(keyword.len() + 2);
    out.push('%');
    for c in keyword.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_bounds() {
        let ok = PageQuery::default().check(&["name"]);
        assert!(
            ok.as_ref()
                .is_ok_and(|r| r.index == 1 && r.size == 20 && r.sort.is_none())
        );
        let bad = PageQuery {
            page_size: Some("101".into()),
            sort_by: Some("password".into()),
            ..Default::default()
        }
        .check(&["name"]);
        let details = bad.err().and_then(|e| e.details).unwrap_or_default();
        let fields: Vec<_> = details.iter().map(|d| d.field.as_str()).collect();
        assert_eq!(fields, ["pageSize", "sortBy"]);
    }

    fn fields(query: PageQuery) -> Vec<String> {
        let details = query.check(&[]).err().and_then(|e| e.details);
        details
            .unwrap_or_default()
            .into_iter()
            .map(|d| d.field)
            .collect()
    }

    #[test]
    fn page_numbers_outside_the_bounds_name_their_field() {
        let index = |text: &str| PageQuery {
            page_index: Some(text.into()),
            ..Default::default()
        };
        let size = |text: &str| PageQuery {
            page_size: Some(text.into()),
            ..Default::default()
        };
        for bad in [
            "0",
            "-1",
            "1000001",
            "9223372036854775807",
            "9223372036854775808",
            "99999999999999999999999",
            "1.5",
            "abc",
        ] {
            assert_eq!(fields(index(bad)), ["pageIndex"], "pageIndex={bad}");
            assert_eq!(fields(size(bad)), ["pageSize"], "pageSize={bad}");
        }
        assert_eq!(fields(size("101")), ["pageSize"]);
        let deepest = index("1000000").check(&[]).map(|r| (r.index, r.offset()));
        assert_eq!(deepest.ok(), Some((1_000_000, 19_999_980)));
        let largest = size(" 100 ").check(&[]).map(|r| r.size);
        assert_eq!(largest.ok(), Some(100));
        let blank = index("").check(&[]).map(|r| r.index);
        assert_eq!(blank.ok(), Some(1));
    }

    #[test]
    fn keywords_with_control_characters_name_their_field() {
        let keyword = |text: &str| PageQuery {
            keyword: Some(text.into()),
            ..Default::default()
        };
        for bad in ["a\0b", "\u{1}", "mã\u{7f}"] {
            assert_eq!(fields(keyword(bad)), ["keyword"], "keyword={bad:?}");
        }
        let kept = keyword(" Thẻ quà tặng\t").check(&[]).map(|r| r.keyword);
        assert_eq!(kept.ok(), Some(Some("Thẻ quà tặng".to_owned())));
    }

    #[test]
    fn offset_never_overflows() {
        let request = PageRequest {
            index: i64::MAX,
            size: i64::MAX,
            keyword: None,
            sort: None,
        };
        assert_eq!(request.offset(), i64::MAX);
    }

    #[test]
    fn like_escapes() {
        assert_eq!(like_pattern("a_b%"), "%a\\_b\\%%");
    }
}
