//! identity's one error type and its one mapping to the envelope.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use shop_common::db::{PoolError, connection_lost};
use shop_common::{ApiError, FieldError};

use crate::domain::MSG_PASSWORD_LENGTH;

pub const MSG_BAD_CREDENTIALS: &str = "Tên đăng nhập hoặc mật khẩu không đúng";
pub const MSG_ACCOUNT_DISABLED: &str = "Tài khoản đã bị vô hiệu hóa";
pub const MSG_OLD_PASSWORD_WRONG: &str = "Mật khẩu cũ không đúng!";
pub const MSG_PASSWORD_MISMATCH: &str = "Mật khẩu mới không khớp";
pub const MSG_PASSWORD_UNCHANGED: &str = "Mật khẩu mới phải khác mật khẩu cũ";
pub const MSG_COMMON_PASSWORD: &str = "Mật khẩu quá phổ biến, vui lòng chọn mật khẩu khác";
pub const MSG_USER_NAME_TAKEN: &str = "Tên đăng nhập đã tồn tại";
pub const MSG_SELF_ACTION: &str = "Không thể xóa hoặc vô hiệu hóa tài khoản của chính bạn";
pub const MSG_LAST_ADMIN: &str = "Không thể xóa, hạ quyền hoặc vô hiệu hóa quản trị viên cuối cùng";
pub const MSG_CONFLICT: &str = "Dữ liệu đã thay đổi, vui lòng thử lại";

/// The unique index on `lower(user_name)` of live users.
const USER_NAME_INDEX: &str = "users_user_name_key";

#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    /// Code 1 with one entry per invalid field.
    #[error("validation failed")]
    Validation(Vec<FieldError>),
    /// Code 2.
    #[error("not found")]
    NotFound,
    /// Code 5: missing, invalid, expired or revoked token.
    #[error("unauthorized")]
    Unauthorized,
    /// Code 6: authenticated, but the role does not allow it.
    #[error("forbidden")]
    Forbidden,
    /// Code 100: unknown user or wrong password (one answer for both).
    #[error("bad credentials")]
    BadCredentials,
    /// Code 101: too many failures for this user name from this client.
    #[error("login locked for {minutes} more minutes")]
    LoginLocked { minutes: i64 },
    /// Code 102: the password was right but the account is disabled.
    #[error("account disabled")]
    AccountDisabled,
    /// Code 120.
    #[error("old password wrong")]
    OldPasswordWrong,
    /// Code 121.
    #[error("new and confirm password differ")]
    PasswordMismatch,
    /// Code 122, naming the offending field.
    #[error("password length out of range")]
    PasswordLength { field: &'static str },
    /// Code 123.
    #[error("new password equals the old one")]
    PasswordUnchanged,
    /// Code 124, naming the offending field: the password is on the common list.
    #[error("password too common")]
    CommonPassword { field: &'static str },
    /// Code 130.
    #[error("user name taken")]
    UserNameTaken,
    /// Code 132.
    #[error("cannot delete or disable oneself")]
    SelfAction,
    /// Code 133.
    #[error("cannot remove or demote the last active admin")]
    LastActiveAdmin,
    /// An error already in its client form (from a shared extractor).
    #[error("{0}")]
    Api(ApiError),
    #[error("database: {0}")]
    Database(#[from] DieselError),
    #[error("database pool: {0}")]
    Pool(#[from] PoolError),
    #[error("{0}")]
    Internal(String),
}

impl IdentityError {
    pub fn validation(details: Vec<FieldError>) -> Self {
        Self::Validation(details)
    }

    pub fn field(field: &str, message: &str) -> Self {
        Self::Validation(vec![FieldError::new(field, message)])
    }

    pub fn internal(cause: impl std::fmt::Display) -> Self {
        Self::Internal(cause.to_string())
    }

    /// The client's view of this error. Pure: logging happens in `error_response`.
    pub fn api_error(&self) -> ApiError {
        let bad = |code: u32, message: &'static str| {
            ApiError::new(StatusCode::BAD_REQUEST, code, message)
        };
        let detail = |field: &str, message: &str| vec![FieldError::new(field, message)];
        match self {
            Self::Validation(details) => ApiError::validation(details.clone()),
            Self::NotFound => ApiError::not_found(),
            Self::Unauthorized => ApiError::unauthorized(),
            Self::Forbidden => ApiError::forbidden(),
            Self::BadCredentials => bad(100, MSG_BAD_CREDENTIALS),
            Self::LoginLocked { minutes } => ApiError::new(
                StatusCode::BAD_REQUEST,
                101,
                format!("Đăng nhập sai quá nhiều lần, vui lòng thử lại sau {minutes} phút"),
            ),
            Self::AccountDisabled => bad(102, MSG_ACCOUNT_DISABLED),
            Self::OldPasswordWrong => bad(120, MSG_OLD_PASSWORD_WRONG)
                .with_details(detail("oldPassword", MSG_OLD_PASSWORD_WRONG)),
            Self::PasswordMismatch => bad(121, MSG_PASSWORD_MISMATCH)
                .with_details(detail("confirmPassword", MSG_PASSWORD_MISMATCH)),
            Self::PasswordLength { field } => {
                bad(122, MSG_PASSWORD_LENGTH).with_details(detail(field, MSG_PASSWORD_LENGTH))
            }
            Self::PasswordUnchanged => bad(123, MSG_PASSWORD_UNCHANGED)
                .with_details(detail("newPassword", MSG_PASSWORD_UNCHANGED)),
            Self::CommonPassword { field } => {
                bad(124, MSG_COMMON_PASSWORD).with_details(detail(field, MSG_COMMON_PASSWORD))
            }
            Self::UserNameTaken => ApiError::conflict(130, MSG_USER_NAME_TAKEN),
            Self::SelfAction => bad(132, MSG_SELF_ACTION),
            Self::LastActiveAdmin => bad(133, MSG_LAST_ADMIN),
            Self::Api(e) => e.clone(),
            Self::Database(e) => database_error(e),
            Self::Pool(_) => ApiError::unavailable(StatusCode::SERVICE_UNAVAILABLE),
            Self::Internal(_) => ApiError::internal(),
        }
    }
}

fn database_error(e: &DieselError) -> ApiError {
    match e {
        DieselError::NotFound => ApiError::not_found(),
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info)
            if info.constraint_name() == Some(USER_NAME_INDEX) =>
        {
            IdentityError::UserNameTaken.api_error()
        }
        DieselError::DatabaseError(
            DatabaseErrorKind::UniqueViolation | DatabaseErrorKind::SerializationFailure,
            _,
        ) => ApiError::conflict(3, MSG_CONFLICT),
        lost if connection_lost(lost) => ApiError::unavailable(StatusCode::SERVICE_UNAVAILABLE),
        _ => ApiError::internal(),
    }
}

impl ResponseError for IdentityError {
    fn status_code(&self) -> StatusCode {
        self.api_error().status
    }

    fn error_response(&self) -> HttpResponse {
        let api = self.api_error();
        match self {
            Self::Pool(e) => tracing::error!(error = %e, "database pool unavailable"),
            Self::Database(e) if api.code == 9 => tracing::error!(error = %e, "database error"),
            Self::Internal(cause) => tracing::error!(error = %cause, "internal error"),
            _ => {}
        }
        api.error_response()
    }
}

impl From<shop_common::input::Invalid> for IdentityError {
    fn from(e: shop_common::input::Invalid) -> Self {
        Self::Validation(e.0)
    }
}

impl From<ApiError> for IdentityError {
    fn from(e: ApiError) -> Self {
        Self::Api(e)
    }
}

impl From<crate::password::PasswordError> for IdentityError {
    fn from(e: crate::password::PasswordError) -> Self {
        Self::internal(e)
    }
}

impl From<crate::tokens::TokenError> for IdentityError {
    fn from(e: crate::tokens::TokenError) -> Self {
        Self::internal(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_statuses() {
        let cases: Vec<(IdentityError, u32, u16)> = vec![
            (IdentityError::BadCredentials, 100, 400),
            (IdentityError::LoginLocked { minutes: 3 }, 101, 400),
            (IdentityError::AccountDisabled, 102, 400),
            (IdentityError::OldPasswordWrong, 120, 400),
            (IdentityError::PasswordMismatch, 121, 400),
            (
                IdentityError::PasswordLength {
                    field: "newPassword",
                },
                122,
                400,
            ),
            (IdentityError::PasswordUnchanged, 123, 400),
            (
                IdentityError::CommonPassword { field: "password" },
                124,
                400,
            ),
            (IdentityError::UserNameTaken, 130, 409),
            (IdentityError::SelfAction, 132, 400),
            (IdentityError::LastActiveAdmin, 133, 400),
            (IdentityError::Unauthorized, 5, 401),
            (IdentityError::Forbidden, 6, 403),
            (IdentityError::NotFound, 2, 404),
            (IdentityError::Internal("secret detail".into()), 9, 500),
        ];
        for (err, code, status) in cases {
            let api = err.api_error();
            assert_eq!((api.code, api.status.as_u16()), (code, status), "{err:?}");
            assert!(!api.message.contains("secret"));
        }
        let locked = IdentityError::LoginLocked { minutes: 3 }.api_error();
        assert_eq!(
            locked.message,
            "Đăng nhập sai quá nhiều lần, vui lòng thử lại sau 3 phút"
        );
    }
}
