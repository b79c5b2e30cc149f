//! The one mapping from application errors to the envelope. Services define their own
//! error enums and convert them into [`ApiError`]; nothing else builds error bodies.

use std::borrow::Cow;
use std::fmt;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, error as actix_error};
use serde::{Deserialize, Serialize};

use crate::envelope::Envelope;

pub const MSG_INTERNAL: &str = "Đã xảy ra lỗi, vui lòng thử lại sau";
pub const MSG_NOT_FOUND: &str = "Không tìm thấy dữ liệu";
pub const MSG_UNAUTHORIZED: &str = "Phiên đăng nhập không hợp lệ hoặc đã hết hạn";
pub const MSG_FORBIDDEN: &str = "Bạn không có quyền thực hiện thao tác này";
pub const MSG_TOO_MANY: &str = "Quá nhiều yêu cầu, vui lòng thử lại sau";
pub const MSG_TOO_LARGE: &str = "Dữ liệu gửi lên quá lớn";
pub const MSG_UNAVAILABLE: &str = "Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau";
pub const MSG_VALIDATION: &str = "Dữ liệu không hợp lệ";

/// One invalid input field, shown by the UI under that field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// The `error` member of a failed envelope.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ErrorBody {
    pub code: u32,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub details: Option<Vec<FieldError>>,
}

/// An error as the client sees it: HTTP status, stable code, Vietnamese message.
#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: u32,
    pub message: Cow<'static, str>,
    pub details: Option<Vec<FieldError>>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: u32, message: impl Into<Cow<'static, str>>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            details: None,
        }
    }

    /// Code 1: one or more fields are invalid.
    pub fn validation(details: Vec<FieldError>) -> Self {
        let message = details
            .first()
            .map(|d| d.message.clone())
            .unwrap_or_else(|| MSG_VALIDATION.to_owned());
        Self {
            details: Some(details),
            ..Self::new(StatusCode::BAD_REQUEST, 1, message)
        }
    }

    /// Code 1 for one field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        Self::validation(vec![FieldError::new(field, message)])
    }

    /// Code 1 for input that could not be read at all (malformed JSON, bad query).
    pub fn bad_request(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, 1, message)
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, 2, MSG_NOT_FOUND)
    }

    pub fn conflict(code: u32, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    pub fn too_many_requests() -> Self {
        Self::new(StatusCode::TOO_MANY_REQUESTS, 4, MSG_TOO_MANY)
    }

    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, 5, MSG_UNAUTHORIZED)
    }

    pub fn forbidden() -> Self {
        Self::new(StatusCode::FORBIDDEN, 6, MSG_FORBIDDEN)
    }

    pub fn payload_too_large() -> Self {
        Self::new(StatusCode::PAYLOAD_TOO_LARGE, 7, MSG_TOO_LARGE)
    }

    pub fn unavailable(status: StatusCode) -> Self {
        Self::new(status, 8, MSG_UNAVAILABLE)
    }

    pub fn internal() -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, 9, MSG_INTERNAL)
    }

    pub fn with_details(mut self, details: Vec<FieldError>) -> Self {
        self.details = Some(details);
        self
    }

    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            code: self.code,
            message: self.message.to_string(),
            details: self.details.clone(),
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (code {})", self.message, self.code)
    }
}

impl std::error::Error for ApiError {}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status).json(Envelope::failure(self.status, self.body()))
    }
}

/// Logs an unexpected failure with its cause and returns the bare code 9 error.
pub fn internal_error(cause: impl fmt::Display) -> ApiError {
    tracing::error!(error = %cause, "internal error");
    ApiError::internal()
}

impl From<diesel::result::Error> for ApiError {
    fn from(e: diesel::result::Error) -> Self {
        match e {
            diesel::result::Error::NotFound => ApiError::not_found(),
            lost if crate::db::connection_lost(&lost) => {
                tracing::warn!(error = %lost, "database connection lost");
                ApiError::unavailable(StatusCode::SERVICE_UNAVAILABLE)
            }
            other => internal_error(other),
        }
    }
}

impl From<crate::db::PoolError> for ApiError {
    fn from(e: crate::db::PoolError) -> Self {
        tracing::error!(error = %e, "database pool unavailable");
        ApiError::unavailable(StatusCode::SERVICE_UNAVAILABLE)
    }
}

fn json_error(err: actix_error::JsonPayloadError) -> ApiError {
    use actix_error::JsonPayloadError as E;
    match err {
        E::Overflow { .. } | E::OverflowKnownLength { .. } => ApiError::payload_too_large(),
        E::ContentType => {
            ApiError::bad_request("Nội dung phải là JSON (Content-Type: application/json)")
        }
        E::Deserialize(e) => ApiError::bad_request(format!("JSON không hợp lệ: {e}")),
        _ => ApiError::bad_request("JSON không hợp lệ"),
    }
}

/// JSON body extractor settings that answer in the envelope (code 1 or 7).
pub fn json_config(limit: usize) -> actix_web::web::JsonConfig {
    actix_web::web::JsonConfig::default()
        .limit(limit)
        .error_handler(|err, _req: &HttpRequest| json_error(err).into())
}

/// Query-string extractor settings that answer in the envelope (code 1).
pub fn query_config() -> actix_web::web::QueryConfig {
    actix_web::web::QueryConfig::default().error_handler(|err, _req| {
        ApiError::bad_request(format!("Tham số truy vấn không hợp lệ: {err}")).into()
    })
}

/// Path-parameter extractor settings that answer in the envelope (code 1).
pub fn path_config() -> actix_web::web::PathConfig {
    actix_web::web::PathConfig::default()
        .error_handler(|_err, _req| ApiError::bad_request("Đường dẫn không hợp lệ").into())
}

/// Default service: unknown route or method, code 2 in the envelope.
pub async fn not_found_route() -> HttpResponse {
    ApiError::new(StatusCode::NOT_FOUND, 2, "Không tìm thấy đường dẫn").error_response()
}
