//! The wrapped response every API answers with: `{status, success, result, error}`.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use serde::{Deserialize, Serialize};

use crate::error::ErrorBody;

#[derive(Debug, Serialize, Deserialize)]
pub struct Envelope<T> {
    pub status: u16,
    pub success: bool,
    pub result: Option<T>,
    pub error: Option<ErrorBody>,
}

impl<T: Serialize> Envelope<T> {
    pub fn success(result: T) -> Self {
        Self {
            status: 200,
            success: true,
            result: Some(result),
            error: None,
        }
    }
}

impl Envelope<()> {
    pub fn failure(status: StatusCode, error: ErrorBody) -> Self {
        Self {
            status: status.as_u16(),
            success: false,
            result: None,
            error: Some(error),
        }
    }
}

/// A 200 answer carrying `result`.
pub fn ok<T: Serialize>(result: T) -> HttpResponse {
    HttpResponse::Ok().json(Envelope::success(result))
}
