//! Where the upstream request's headers are written: the header lines as they go on the
//! wire, or (in tests) a header map.

use actix_web::http::header::{self as ax, HeaderName, HeaderValue};

/// Where the upstream request's headers go.
pub trait HeaderSink {
    /// Adds a header the gateway made; `value` must be [header text](is_header_text).
    fn put(&mut self, name: &HeaderName, value: &[u8]);

    /// Adds a header whose value was already checked (the client's, as parsed).
    fn put_value(&mut self, name: &HeaderName, value: &HeaderValue);
}

impl HeaderSink for ax::HeaderMap {
    fn put(&mut self, name: &HeaderName, value: &[u8]) {
        if let Ok(v) = HeaderValue::from_bytes(value) {
            self.append(name.clone(), v);
        }
    }

    fn put_value(&mut self, name: &HeaderName, value: &HeaderValue) {
        self.append(name.clone(), value.clone());
    }
}

/// The header lines of an upstream request as they go on the wire (`name: value`, each
/// ended by CRLF): written once, with no header map built and hashed on the way.
#[derive(Debug, Default)]
pub struct HeaderBlock(Vec<u8>);

impl HeaderBlock {
    pub fn with_capacity(bytes: usize) -> Self {
        Self(Vec::with_capacity(bytes))
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}

impl HeaderBlock {
    fn line(&mut self, name: &HeaderName, value: &[u8]) {
        let name = name.as_str().as_bytes();
        self.0.reserve(name.len() + value.len() + 4);
        self.0.extend_from_slice(name);
        self.0.extend_from_slice(b": ");
        self.0.extend_from_slice(value);
        self.0.extend_from_slice(b"\r\n");
    }
}

impl HeaderSink for HeaderBlock {
    fn put(&mut self, name: &HeaderName, value: &[u8]) {
        debug_assert!(is_header_text(value));
        self.line(name, value);
    }

    fn put_value(&mut self, name: &HeaderName, value: &HeaderValue) {
        self.line(name, value.as_bytes());
    }
}

/// What a header value may hold (as `HeaderValue` checks it): visible ASCII, obs-text,
/// space and tab; never a line end.
pub fn is_header_text(value: &[u8]) -> bool {
    !value.iter().any(|&b| (b < b' ' && b != b'\t') || b == 0x7f)
}
