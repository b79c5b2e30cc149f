//! The service's one error type and its one mapping to the envelope. Internal causes
//! are logged, never sent.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use shop_common::db::{PoolError, connection_lost};
use shop_common::error::internal_error;
use shop_common::{ApiError, FieldError};

pub const CODE_UPLOAD_TOO_LARGE: u32 = 210;
pub const CODE_NOT_AN_IMAGE: u32 = 211;
pub const CODE_NO_FILE: u32 = 212;
/// The envelope's "not in a state that allows this action" (HTTP 409): Resend of a delivery
/// that is not `failed`.
pub const CODE_WRONG_STATE: u32 = 404;
pub const MSG_NOT_FAILED: &str =
    "Chỉ gửi lại được thông báo đã thất bại; liên kết mới cho người mua: tạo lại liên kết đơn hàng";

#[derive(Debug, thiserror::Error)]
pub enum SystemError {
    /// Code 1 with one entry per invalid field.
    #[error("validation failed: {0:?}")]
    Validation(Vec<FieldError>),
    /// Code 1 without details: the input could not be read at all.
    #[error("bad request: {0}")]
    BadRequest(&'static str),
    /// Code 210 (HTTP 413).
    #[error("upload larger than {limit} bytes")]
    UploadTooLarge { limit: u64 },
    /// Code 211.
    #[error("upload is not an accepted image")]
    NotAnImage,
    /// Code 212.
    #[error("no file in the upload")]
    NoFile,
    /// Code 1 with a message of its own and no details: a test send that the mail or
    /// Telegram server refused (the message is that server's own error).
    #[error("send failed: {0}")]
    SendFailed(String),
    /// Code 404 (HTTP 409): the delivery is not `failed`.
    #[error("delivery not failed")]
    NotFailed,
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] PoolError),
    #[error("storage: {0}")]
    Storage(#[from] std::io::Error),
    /// Anything else that should not happen (a failed background task, encoding).
    #[error("internal: {0}")]
    Internal(String),
    /// Already an envelope error (authentication, role).
    #[error(transparent)]
    Api(#[from] ApiError),
}

impl From<shop_common::input::Invalid> for SystemError {
    fn from(invalid: shop_common::input::Invalid) -> Self {
        Self::Validation(invalid.0)
    }
}

/// `5 MB` for whole MiB limits, otherwise `<n> KB` (rounded up) or `<n> byte`.
pub fn human_size(bytes: u64) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = 1024 * KIB;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MB", bytes / MIB)
    } else if bytes >= KIB {
        format!("{} KB", bytes.div_ceil(KIB))
    } else {
        format!("{bytes} byte")
    }
}

impl SystemError {
    /// The client's view of the error; causes of internal errors are not included.
    fn to_api(&self) -> ApiError {
        match self {
            Self::Validation(details) => ApiError::validation(details.clone()),
            Self::BadRequest(message) => ApiError::bad_request(*message),
            Self::UploadTooLarge { limit } => ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                CODE_UPLOAD_TOO_LARGE,
                format!("Tệp tải lên vượt quá {}", human_size(*limit)),
            ),
            Self::NotAnImage => ApiError::new(
                StatusCode::BAD_REQUEST,
                CODE_NOT_AN_IMAGE,
                "Tệp tải lên không phải ảnh hợp lệ (PNG, JPEG, WEBP, GIF)",
            ),
            Self::NoFile => ApiError::new(
                StatusCode::BAD_REQUEST,
                CODE_NO_FILE,
                "Chưa có tệp nào được tải lên (trường 'file')",
            ),
            Self::SendFailed(message) => ApiError::bad_request(message.clone()),
            Self::NotFailed => ApiError::conflict(CODE_WRONG_STATE, MSG_NOT_FAILED),
            Self::Database(diesel::result::Error::NotFound) => ApiError::not_found(),
            Self::Pool(_) => ApiError::unavailable(StatusCode::SERVICE_UNAVAILABLE),
            Self::Database(e) if connection_lost(e) => {
                ApiError::unavailable(StatusCode::SERVICE_UNAVAILABLE)
            }
            Self::Database(_) | Self::Storage(_) | Self::Internal(_) => ApiError::internal(),
            Self::Api(e) => e.clone(),
        }
    }
}

impl From<SystemError> for ApiError {
    fn from(e: SystemError) -> Self {
        e.to_api()
    }
}

impl ResponseError for SystemError {
    fn status_code(&self) -> StatusCode {
        self.to_api().status
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            Self::Database(diesel::result::Error::NotFound) => {}
            Self::Database(e) if connection_lost(e) => {
                tracing::warn!(error = %e, "database connection lost");
            }
            Self::Database(_) | Self::Storage(_) | Self::Internal(_) => {
                let _ = internal_error(self);
            }
            Self::Pool(e) => tracing::error!(error = %e, "database pool unavailable"),
            _ => {}
        }
        self.to_api().error_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(human_size(5 * 1024 * 1024), "5 MB");
        assert_eq!(human_size(1000), "1000 byte");
        assert_eq!(human_size(1025), "2 KB");
    }

    #[test]
    fn codes() {
        let e = ApiError::from(SystemError::UploadTooLarge { limit: 5 << 20 });
        assert_eq!((e.status.as_u16(), e.code), (413, 210));
        assert_eq!(e.message, "Tệp tải lên vượt quá 5 MB");
        assert_eq!(ApiError::from(SystemError::NotAnImage).code, 211);
        assert_eq!(ApiError::from(SystemError::NoFile).code, 212);
        let refused = ApiError::from(SystemError::SendFailed("535 auth failed".into()));
        assert_eq!((refused.status.as_u16(), refused.code), (400, 1));
        assert_eq!(refused.message, "535 auth failed");
        let state = ApiError::from(SystemError::NotFailed);
        assert_eq!((state.status.as_u16(), state.code), (409, 404));
        let internal = ApiError::from(SystemError::Internal("secret detail".into()));
        assert_eq!(internal.code, 9);
        assert!(!internal.message.contains("secret"));
    }
}
