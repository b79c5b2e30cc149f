//! The one answer type of every crate's black-box tests: the HTTP status and the JSON
//! body of a response, checked against the envelope by [`Answer::ok`] and
//! [`Answer::error`].

use std::fmt;
use std::ops::Index;

use serde_json::Value;

use super::{assert_error, assert_ok, detail_fields};

/// An envelope as a test received it.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
}

impl From<(u16, Value)> for Answer {
    fn from((status, body): (u16, Value)) -> Self {
        Self { status, body }
    }
}

impl Answer {
    /// Reads a raw response (panics if the body is not JSON).
    pub async fn of(response: reqwest::Response) -> Self {
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        let body = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("status {status}: not JSON ({e}): {text}"));
        Self { status, body }
    }

    /// Asserts a successful envelope (HTTP 200) and returns its `result`.
    pub fn ok(&self) -> &Value {
        assert_ok(self.status, &self.body)
    }

    /// Asserts a failed envelope with this HTTP status and code, no result and a
    /// message for people; returns the `field` of each entry of `error.details`.
    pub fn error(&self, status: u16, code: u64) -> Vec<String> {
        let fields = assert_error(self.status, &self.body, status, code);
        assert!(
            self.body["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "no message: {}",
            self.body
        );
        fields
    }

    /// Asserts a successful envelope and returns the `items` of its result (a page).
    pub fn items(&self) -> Vec<Value> {
        let items = self.ok()["items"].as_array();
        items
            .unwrap_or_else(|| panic!("no items: {}", self.body))
            .clone()
    }

    /// The error code (0 on success).
    pub fn code(&self) -> i64 {
        self.body["error"]["code"].as_i64().unwrap_or(0)
    }

    /// The `result`, unchecked.
    pub fn result(&self) -> &Value {
        &self.body["result"]
    }

    /// The `field` of each entry of `error.details`.
    pub fn detail_fields(&self) -> Vec<String> {
        detail_fields(&self.body)
    }
}

/// Shows the body, as failed assertions quote it.
impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.body.fmt(f)
    }
}

/// `answer["result"]` reads the body.
impl Index<&str> for Answer {
    type Output = Value;

    fn index(&self, key: &str) -> &Value {
        &self.body[key]
    }
}
