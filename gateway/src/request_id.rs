//! The request id, sent upstream and back to the client as `x-request-id`: the one the
//! tracing middleware logs when request spans are on (so answers and logs match), else
//! a fresh one.

use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::{HttpMessage, HttpRequest, HttpResponse};
use tracing_actix_web::RequestId as SpanRequestId;
use uuid::Uuid;

use crate::headers::X_REQUEST_ID;

const NAME: HeaderName = HeaderName::from_static(X_REQUEST_ID);

/// A request id in its hyphenated lower-case form, kept on the stack.
pub struct RequestId {
    text: [u8; uuid::fmt::Hyphenated::LENGTH],
}

impl RequestId {
    /// The id of a request the actix-web `App` serves.
    pub fn of(req: &HttpRequest) -> Self {
        let id = req
            .extensions()
            .get::<SpanRequestId>()
            .map_or_else(Uuid::new_v4, |id| **id);
        Self::from_uuid(id)
    }

    /// A fresh id, for a request served without the `App`.
    pub fn fresh() -> Self {
        Self::from_uuid(Uuid::new_v4())
    }

    fn from_uuid(id: Uuid) -> Self {
        let mut text = [0; uuid::fmt::Hyphenated::LENGTH];
        id.hyphenated().encode_lower(&mut text);
        Self { text }
    }

    pub fn as_str(&self) -> &str {
        // Always ASCII: written by `encode_lower`.
        std::str::from_utf8(&self.text).unwrap_or_default()
    }

    /// Adds the id to an answer.
    pub fn set_on(&self, resp: &mut HttpResponse) {
        if let Ok(v) = HeaderValue::from_bytes(&self.text) {
            resp.headers_mut().insert(NAME, v);
        }
    }
}
