//! The gateway's own answers, all mapped to the envelope through [`ApiError`] here.

use std::fmt;
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use shop_common::ApiError;

use crate::rate_limit::retry_after_secs;

#[derive(Debug)]
pub enum GatewayError {
    /// Unknown, refused or internal path: code 2 (404).
    NotFound,
    /// Per-IP limit reached: code 4 (429) with `Retry-After`.
    RateLimited(Duration),
    /// Token missing, invalid or revoked: code 5 (401).
    Unauthorized,
    /// Request body over the route's limit: code 7 (413).
    TooLarge,
    /// The request body could not be read from the client: code 1 (400).
    BadBody,
    /// Identity could not answer a token check: code 8 (503).
    AuthUnavailable,
    /// The upstream refused the connection or broke it: code 8 (502).
    BadGateway,
    /// The upstream sent no response head in time: code 8 (504).
    Timeout,
    /// Any other error already expressed as an [`ApiError`].
    Api(ApiError),
}

impl GatewayError {
    fn api(&self) -> ApiError {
        match self {
            GatewayError::NotFound => {
                ApiError::new(StatusCode::NOT_FOUND, 2, "Không tìm thấy đường dẫn")
            }
            GatewayError::RateLimited(_) => ApiError::too_many_requests(),
            GatewayError::Unauthorized => ApiError::unauthorized(),
            GatewayError::TooLarge => ApiError::payload_too_large(),
            GatewayError::BadBody => ApiError::bad_request("Không đọc được dữ liệu gửi lên"),
            GatewayError::AuthUnavailable => ApiError::unavailable(StatusCode::SERVICE_UNAVAILABLE),
            GatewayError::BadGateway => ApiError::unavailable(StatusCode::BAD_GATEWAY),
            GatewayError::Timeout => ApiError::unavailable(StatusCode::GATEWAY_TIMEOUT),
            GatewayError::Api(e) => e.clone(),
        }
    }
}

impl fmt::Display for GatewayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.api(), f)
    }
}

impl std::error::Error for GatewayError {}

impl From<ApiError> for GatewayError {
    fn from(e: ApiError) -> Self {
        GatewayError::Api(e)
    }
}

impl ResponseError for GatewayError {
    fn status_code(&self) -> StatusCode {
        self.api().status
    }

    fn error_response(&self) -> HttpResponse {
        let mut resp = self.api().error_response();
        if let GatewayError::RateLimited(wait) = self {
            resp.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(retry_after_secs(*wait)),
            );
        }
        resp
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_and_codes() {
        let cases = [
            (GatewayError::NotFound, 404, 2),
            (GatewayError::RateLimited(Duration::from_secs(3)), 429, 4),
            (GatewayError::Unauthorized, 401, 5),
            (GatewayError::TooLarge, 413, 7),
            (GatewayError::AuthUnavailable, 503, 8),
            (GatewayError::BadGateway, 502, 8),
            (GatewayError::Timeout, 504, 8),
        ];
        for (err, status, code) in cases {
            assert_eq!(err.status_code().as_u16(), status);
            assert_eq!(err.api().code, code);
        }
        let resp = GatewayError::RateLimited(Duration::from_millis(2500)).error_response();
        assert_eq!(
            resp.headers().get(header::RETRY_AFTER),
            Some(&HeaderValue::from_static("3"))
        );
    }
}
