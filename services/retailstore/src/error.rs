//! The service's one error type, and its one mapping onto the envelope ([`ApiError`]):
//! handlers return `Result<_, StoreError>` and actix renders it through `ResponseError`.
//! Internal detail (database, crypto, task failures) goes to the log, never to the body.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use shop_common::db::{PoolError, connection_lost};
use shop_common::{ApiError, FieldError};

use crate::crypto::CryptoError;

pub const MSG_SLUG_TAKEN: &str = "Đường dẫn (slug) đã được dùng cho sản phẩm khác";
pub const MSG_PRODUCT_IN_USE: &str =
    "Sản phẩm đã có đơn hàng, không thể xóa. Hãy ẩn sản phẩm thay vì xóa";
pub const MSG_CODE_EXISTS: &str =
    "Mã serial đã tồn tại trong cửa hàng (ở sản phẩm này hoặc sản phẩm khác)";
pub const MSG_CODE_LOCKED: &str =
    "Mã serial đang được giữ cho đơn hàng hoặc đã bán, không thể sửa hoặc xóa";
pub const MSG_OUT_OF_STOCK: &str = "Không đủ mã trong kho cho sản phẩm đã chọn";
pub const MSG_QUANTITY: &str = "Số lượng mua không hợp lệ";
pub const MSG_NOT_ON_SALE: &str = "Sản phẩm hiện không được bán";
pub const MSG_ORDER_NOT_FOUND: &str = "Không tìm thấy đơn hàng";
pub const MSG_ORDER_STATE: &str = "Trạng thái đơn hàng không cho phép thao tác này";
pub const MSG_TOO_MANY_UNPAID: &str =
    "Bạn đang có quá nhiều đơn hàng chưa thanh toán. Vui lòng thanh toán hoặc chờ đơn cũ hết hạn";
pub const MSG_PAYMENT_ALREADY_APPLIED: &str =
    "Khoản thanh toán này đã được ghi nhận cho đơn hàng trước đó, không cộng thêm";
pub const MSG_IDEMPOTENCY_REUSED: &str = "Idempotency-Key này đã được dùng cho một yêu cầu khác";
pub const MSG_PROVIDER_MISMATCH: &str =
    "Tiền đến qua phương thức thanh toán khác với của đơn: chưa ghi nhận, cần nhân viên kiểm tra";
pub const MSG_PROVIDER_UNAVAILABLE: &str =
    "Phương thức thanh toán không tồn tại hoặc đã ngừng hoạt động";

/// Unique constraints that mean a conflict the client can act on.
const SLUG_CONSTRAINT: &str = "products_slug_key";
const CODE_CONSTRAINT: &str = "serial_codes_hash_key";
/// The shop-wide unique index of a code (a code another product holds).
const SHOP_CODE_CONSTRAINT: &str = "serial_codes_code_key";
/// A freshly drawn order code that another order already has (retried by CreateOrder).
const ORDER_CODE_CONSTRAINT: &str = "orders_code_key";

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// An envelope error from shared code (paging checks and the like).
    #[error(transparent)]
    Api(#[from] ApiError),
    /// Code 1 with the offending fields.
    #[error("invalid input")]
    Validation(Vec<FieldError>),
    /// Code 2.
    #[error("record not found")]
    NotFound,
    /// Code 301.
    #[error("product slug taken")]
    SlugTaken,
    /// Code 302.
    #[error("product is referenced by reserved or sold codes or by orders")]
    ProductInUse,
    /// Code 311: the code exists in the shop (this product or another).
    #[error("serial code already exists in the shop")]
    CodeExists,
    /// Code 312.
    #[error("serial code is reserved or sold")]
    CodeLocked,
    /// Code 313.
    #[error("bulk batch of {size} codes is over the limit of {max}")]
    BatchTooLarge { size: usize, max: usize },
    /// Code 400 (HTTP 409), `details` naming the lines the stock cannot cover.
    #[error("not enough stock")]
    OutOfStock(Vec<FieldError>),
    /// Code 401, `details` naming the lines.
    #[error("quantity outside the product's min/max")]
    QuantityOutOfRange(Vec<FieldError>),
    /// Code 402, `details` naming the lines.
    #[error("product not on sale")]
    NotOnSale(Vec<FieldError>),
    /// Code 403 (HTTP 404): no such order, or a wrong token or e-mail.
    #[error("order not found")]
    OrderNotFound,
    /// Code 404 (HTTP 409).
    #[error("order state does not allow this action")]
    OrderState,
    /// Code 405 (HTTP 429).
    #[error("too many unpaid orders")]
    TooManyUnpaid,
    /// Code 3 (HTTP 409): a manual payment whose id (order + Idempotency-Key) the order
    /// already holds, its replay having expired.
    #[error("manual payment already applied")]
    PaymentAlreadyApplied,
    /// Code 406 (HTTP 409).
    #[error("idempotency key reused with another body")]
    IdempotencyReused,
    /// Code 407 (HTTP 409): a bank transfer through another provider than the order's.
    #[error("payment through another provider than the order's")]
    ProviderMismatch,
    /// Code 500.
    #[error("payment provider unknown or inactive")]
    ProviderUnavailable,
    /// Code 8 (HTTP 503): another service could not be reached or failed.
    #[error("upstream unavailable: {0}")]
    Upstream(String),
    /// A new order's random code collided with an existing one (CreateOrder retries).
    #[error("order code taken")]
    OrderCodeTaken,
    /// CreateOrder: a product changed between pricing and the transaction (retried).
    #[error("product changed during checkout")]
    Retry,
    /// A concurrent request with the same Idempotency-Key committed first (its answer is
    /// replayed).
    #[error("idempotency key taken by a concurrent request")]
    KeyTaken,
    /// A broken invariant (logged; code 9).
    #[error("inconsistent data: {0}")]
    Inconsistent(&'static str),
    /// Code 9: another service answered something this one did not expect.
    #[error("upstream answer: {0}")]
    UpstreamAnswer(String),
    #[error("database: {0}")]
    Database(DieselError),
    #[error("database pool: {0}")]
    Pool(#[from] PoolError),
    #[error("serial-code crypto: {0}")]
    Crypto(#[from] CryptoError),
    #[error("background task: {0}")]
    Task(#[from] tokio::task::JoinError),
}

impl StoreError {
    /// Code 1 for one field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        Self::Validation(vec![FieldError::new(field, message)])
    }
}

impl From<DieselError> for StoreError {
    fn from(e: DieselError) -> Self {
        match e {
            DieselError::NotFound => Self::NotFound,
            DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, ref info) => {
                match info.constraint_name() {
                    Some(SLUG_CONSTRAINT) => Self::SlugTaken,
                    Some(CODE_CONSTRAINT | SHOP_CODE_CONSTRAINT) => Self::CodeExists,
                    Some(ORDER_CODE_CONSTRAINT) => Self::OrderCodeTaken,
                    _ => Self::Database(e),
                }
            }
            other => Self::Database(other),
        }
    }
}

/// Maps a foreign-key violation to `instead` (the referenced row went, or is still
/// referenced) and any other database error as usual.
pub fn on_foreign_key(instead: StoreError) -> impl FnOnce(DieselError) -> StoreError {
    move |e| match e {
        DieselError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _) => instead,
        other => other.into(),
    }
}

impl StoreError {
    /// The envelope error the client sees. Internal detail stays out of it.
    pub fn to_api(&self) -> ApiError {
        match self {
            Self::Api(e) => e.clone(),
            Self::Validation(details) => ApiError::validation(details.clone()),
            Self::NotFound => ApiError::not_found(),
            Self::SlugTaken => ApiError::conflict(301, MSG_SLUG_TAKEN),
            Self::ProductInUse => ApiError::conflict(302, MSG_PRODUCT_IN_USE),
            Self::CodeExists => ApiError::conflict(311, MSG_CODE_EXISTS),
            Self::CodeLocked => ApiError::conflict(312, MSG_CODE_LOCKED),
            Self::BatchTooLarge { max, .. } => ApiError::new(
                StatusCode::BAD_REQUEST,
                313,
                format!("Mỗi lần nhập tối đa {} mã", group_thousands(*max)),
            ),
            Self::OutOfStock(details) => {
                ApiError::conflict(400, MSG_OUT_OF_STOCK).with_details(details.clone())
            }
            Self::QuantityOutOfRange(details) => {
                ApiError::new(StatusCode::BAD_REQUEST, 401, MSG_QUANTITY)
                    .with_details(details.clone())
            }
            Self::NotOnSale(details) => {
                ApiError::new(StatusCode::BAD_REQUEST, 402, MSG_NOT_ON_SALE)
                    .with_details(details.clone())
            }
            Self::OrderNotFound => ApiError::new(StatusCode::NOT_FOUND, 403, MSG_ORDER_NOT_FOUND),
            Self::OrderState => ApiError::conflict(404, MSG_ORDER_STATE),
            Self::TooManyUnpaid => {
                ApiError::new(StatusCode::TOO_MANY_REQUESTS, 405, MSG_TOO_MANY_UNPAID)
            }
            Self::IdempotencyReused => ApiError::conflict(406, MSG_IDEMPOTENCY_REUSED),
            Self::ProviderMismatch => ApiError::conflict(407, MSG_PROVIDER_MISMATCH),
            Self::PaymentAlreadyApplied => ApiError::conflict(3, MSG_PAYMENT_ALREADY_APPLIED),
            Self::ProviderUnavailable => {
                ApiError::new(StatusCode::BAD_REQUEST, 500, MSG_PROVIDER_UNAVAILABLE)
            }
            Self::Pool(_) | Self::Upstream(_) => {
                ApiError::unavailable(StatusCode::SERVICE_UNAVAILABLE)
            }
            Self::Database(e) if connection_lost(e) => {
                ApiError::unavailable(StatusCode::SERVICE_UNAVAILABLE)
            }
            Self::Database(_)
            | Self::Crypto(_)
            | Self::Task(_)
            | Self::UpstreamAnswer(_)
            | Self::OrderCodeTaken
            | Self::Retry
            | Self::KeyTaken
            | Self::Inconsistent(_) => ApiError::internal(),
        }
    }
}

/// The one place where the service's errors become responses (and are logged).
impl ResponseError for StoreError {
    fn status_code(&self) -> StatusCode {
        self.to_api().status
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            Self::Pool(e) => tracing::error!(error = %e, "database pool unavailable"),
            Self::Upstream(e) => tracing::warn!(error = %e, "upstream service unavailable"),
            Self::Database(e) if connection_lost(e) => {
                tracing::warn!(error = %e, "database connection lost");
            }
            Self::Database(_)
            | Self::Crypto(_)
            | Self::Task(_)
            | Self::UpstreamAnswer(_)
            | Self::OrderCodeTaken
            | Self::Retry
            | Self::KeyTaken
            | Self::Inconsistent(_) => {
                tracing::error!(error = %self, "internal error");
            }
            _ => {}
        }
        self.to_api().error_response()
    }
}

/// `50000` -> `50.000` (Vietnamese digit grouping).
fn group_thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('.');
        }
        out.push(c);
    }
    out
}

pub use shop_common::input::Problems;

impl From<crate::domain::order::Unpriceable> for StoreError {
    fn from(e: crate::domain::order::Unpriceable) -> Self {
        use crate::domain::order::Unpriceable;
        match e {
            Unpriceable::NotOnSale(details) => Self::NotOnSale(details),
            Unpriceable::QuantityOutOfRange(details) => Self::QuantityOutOfRange(details),
        }
    }
}

impl From<shop_common::input::Invalid> for StoreError {
    fn from(invalid: shop_common::input::Invalid) -> Self {
        Self::Validation(invalid.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_thousands() {
        assert_eq!(group_thousands(50_000), "50.000");
        assert_eq!(group_thousands(1_000_000), "1.000.000");
        assert_eq!(group_thousands(999), "999");
    }

    #[test]
    fn codes_and_statuses() {
        let cases = [
            (StoreError::NotFound, 404, 2),
            (StoreError::SlugTaken, 409, 301),
            (StoreError::ProductInUse, 409, 302),
            (StoreError::CodeExists, 409, 311),
            (StoreError::CodeLocked, 409, 312),
            (StoreError::BatchTooLarge { size: 2, max: 1 }, 400, 313),
            (StoreError::OutOfStock(Vec::new()), 409, 400),
            (StoreError::QuantityOutOfRange(Vec::new()), 400, 401),
            (StoreError::NotOnSale(Vec::new()), 400, 402),
            (StoreError::OrderNotFound, 404, 403),
            (StoreError::OrderState, 409, 404),
            (StoreError::TooManyUnpaid, 429, 405),
            (StoreError::IdempotencyReused, 409, 406),
            (StoreError::PaymentAlreadyApplied, 409, 3),
            (StoreError::ProviderUnavailable, 400, 500),
            (StoreError::Upstream("down".into()), 503, 8),
            (StoreError::UpstreamAnswer("odd".into()), 500, 9),
            (
                StoreError::Database(DieselError::RollbackTransaction),
                500,
                9,
            ),
        ];
        for (error, status, code) in cases {
            let api = error.to_api();
            assert_eq!((api.status.as_u16(), api.code), (status, code));
        }
        let api = StoreError::field("price", "x").to_api();
        assert_eq!(api.code, 1);
        assert_eq!(api.details.map(|d| d.len()), Some(1));
    }
}
