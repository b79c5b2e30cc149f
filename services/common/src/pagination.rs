//! Paged lists: `pageIndex` (1-based), `pageSize` (1..100), `keyword`, `sortBy`
//! (only the endpoint's sortable fields), `sortDir`.

use serde::{Deserialize, Serialize};

use crate::error::{ApiError, FieldError};

pub const DEFAULT_PAGE_SIZE: i64 = 20;
pub const MAX_PAGE_SIZE: i64 = 100;

/// The raw query, as sent. Filters live in each endpoint's own query struct.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageQuery {
    pub page_index: Option<i64>,
    pub page_size: Option<i64>,
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
    pub fn offset(&self) -> i64 {
        (self.index - 1) * self.size
    }
}

impl PageQuery {
    /// Checks the query against the endpoint's sortable fields (code 1 otherwise).
    pub fn check(&self, sortable: &[&'static str]) -> Result<PageRequest, ApiError> {
        let mut errors = Vec::new();
        let index = self.page_index.unwrap_or(1);
        if index < 1 {
            errors.push(FieldError::new("pageIndex", "Trang phải từ 1 trở lên"));
        }
        let size = self.page_size.unwrap_or(DEFAULT_PAGE_SIZE);
        if !(1..=MAX_PAGE_SIZE).contains(&size) {
            errors.push(FieldError::new(
                "pageSize",
                "Số dòng mỗi trang từ 1 đến 100",
            ));
        }
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
            page_size: Some(101),
            sort_by: Some("password".into()),
            ..Default::default()
        }
        .check(&["name"]);
        let details = bad.err().and_then(|e| e.details).unwrap_or_default();
        let fields: Vec<_> = details.iter().map(|d| d.field.as_str()).collect();
        assert_eq!(fields, ["pageSize", "sortBy"]);
    }

    #[test]
    fn like_escapes() {
        assert_eq!(like_pattern("a_b%"), "%a\\_b\\%%");
    }
}
