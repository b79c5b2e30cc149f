//! The service's one error type, and its one mapping onto the envelope ([`ApiError`]):
//! handlers return `Result<_, PaymentError>` and actix renders it through `ResponseError`.
//! Internal detail (database, crypto) goes to the log, never to the body.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use diesel::result::Error as DieselError;
use shop_common::db::{PoolError, connection_lost};
use shop_common::{ApiError, FieldError};

use crate::crypto::CryptoError;
use crate::vietqr::VietQrError;

/// Code 500 (HTTP 400).
pub const CODE_PROVIDER_UNAVAILABLE: u32 = 500;
pub const MSG_PROVIDER_UNAVAILABLE: &str =
    "Phương thức thanh toán không tồn tại hoặc đã ngừng hoạt động";

/// Code 403 (HTTP 404).
pub const CODE_ORDER_NOT_FOUND: u32 = 403;
pub const MSG_ORDER_NOT_FOUND: &str = "Không tìm thấy đơn hàng";
/// Code 404 (HTTP 409).
pub const CODE_WRONG_STATE: u32 = 404;
pub const MSG_NOT_UNMATCHED: &str = "Chỉ gán được giao dịch đang ở trạng thái chưa khớp";
/// Code 501 (HTTP 401).
pub const CODE_WEBHOOK_UNAUTHORIZED: u32 = 501;
pub const MSG_WEBHOOK_UNAUTHORIZED: &str = "Xác thực webhook không thành công";

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// An envelope error from shared code (paging checks and the like).
    #[error(transparent)]
    Api(#[from] ApiError),
    /// Code 1 with the offending fields.
    #[error("invalid input")]
    Validation(Vec<FieldError>),
    /// Code 2.
    #[error("record not found")]
    NotFound,
    /// Code 500: the provider is unknown, deleted or inactive.
    #[error("payment provider not found or inactive")]
    ProviderUnavailable,
    /// Code 501: wrong or missing key, webhook disabled, provider unknown or deleted.
    #[error("webhook authentication failed")]
    WebhookUnauthorized,
    /// Code 403: retailstore has no order with this code.
    #[error("order not found")]
    OrderNotFound,
    /// Code 404: only an unmatched transaction can be assigned.
    #[error("transaction is not unmatched")]
    NotUnmatched,
    /// Code 8 (HTTP 503): retailstore did not take the call; it is retried later.
    #[error("retailstore unavailable")]
    RetailstoreUnavailable,
    #[error("database: {0}")]
    Database(DieselError),
    #[error("database pool: {0}")]
    Pool(#[from] PoolError),
    #[error("webhook-secret crypto: {0}")]
    Crypto(#[from] CryptoError),
    #[error("vietqr: {0}")]
    VietQr(#[from] VietQrError),
}

impl PaymentError {
    /// Code 1 for one field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        Self::Validation(vec![FieldError::new(field, message)])
    }

    /// The envelope error the client sees. Internal detail stays out of it.
    pub fn to_api(&self) -> ApiError {
        match self {
            Self::Api(e) => e.clone(),
            Self::Validation(details) => ApiError::validation(details.clone()),
            Self::NotFound => ApiError::not_found(),
            Self::ProviderUnavailable => ApiError::new(
                StatusCode::BAD_REQUEST,
                CODE_PROVIDER_UNAVAILABLE,
                MSG_PROVIDER_UNAVAILABLE,
            ),
            Self::WebhookUnauthorized => ApiError::new(
                StatusCode::UNAUTHORIZED,
                CODE_WEBHOOK_UNAUTHORIZED,
                MSG_WEBHOOK_UNAUTHORIZED,
            ),
            Self::OrderNotFound => ApiError::new(
                StatusCode::NOT_FOUND,
                CODE_ORDER_NOT_FOUND,
                MSG_ORDER_NOT_FOUND,
            ),
            Self::NotUnmatched => ApiError::conflict(CODE_WRONG_STATE, MSG_NOT_UNMATCHED),
            Self::Pool(_) | Self::RetailstoreUnavailable => {
                ApiError::unavailable(StatusCode::SERVICE_UNAVAILABLE)
            }
            Self::Database(e) if connection_lost(e) => {
                ApiError::unavailable(StatusCode::SERVICE_UNAVAILABLE)
            }
            Self::Database(_) | Self::Crypto(_) | Self::VietQr(_) => ApiError::internal(),
        }
    }
}

impl From<DieselError> for PaymentError {
    fn from(e: DieselError) -> Self {
        match e {
            DieselError::NotFound => Self::NotFound,
            other => Self::Database(other),
        }
    }
}

/// The one place where the service's errors become responses (and are logged).
impl ResponseError for PaymentError {
    fn status_code(&self) -> StatusCode {
        self.to_api().status
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            Self::Pool(e) => tracing::error!(error = %e, "database pool unavailable"),
            Self::Database(e) if connection_lost(e) => {
                tracing::warn!(error = %e, "database connection lost");
            }
            Self::Database(_) | Self::Crypto(_) | Self::VietQr(_) => {
                tracing::error!(error = %self, "internal error");
            }
            _ => {}
        }
        self.to_api().error_response()
    }
}

pub use shop_common::input::Problems;

impl From<shop_common::input::Invalid> for PaymentError {
    fn from(invalid: shop_common::input::Invalid) -> Self {
        Self::Validation(invalid.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_statuses() {
        let cases = [
            (PaymentError::NotFound, 404, 2),
            (PaymentError::ProviderUnavailable, 400, 500),
            (
                PaymentError::Database(DieselError::RollbackTransaction),
                500,
                9,
            ),
            (PaymentError::Crypto(CryptoError::Decrypt), 500, 9),
            (PaymentError::WebhookUnauthorized, 401, 501),
            (PaymentError::OrderNotFound, 404, 403),
            (PaymentError::NotUnmatched, 409, 404),
            (PaymentError::RetailstoreUnavailable, 503, 8),
        ];
        for (error, status, code) in cases {
            let api = error.to_api();
            assert_eq!((api.status.as_u16(), api.code), (status, code));
        }
        assert_eq!(
            PaymentError::ProviderUnavailable.to_api().message,
            MSG_PROVIDER_UNAVAILABLE
        );
        let api = PaymentError::field("name", "x").to_api();
        assert_eq!(api.code, 1);
        assert_eq!(api.details.map(|d| d.len()), Some(1));
    }
}
