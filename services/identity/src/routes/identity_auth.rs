//! `IdentityAuth/*`: Login (public), Me and SelfChangePassword (any signed-in user).

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shop_common::input::Problems;
use shop_common::net::request_client_ip;
use shop_common::ok;
use shop_common::openapi::{Enveloped, PayloadTooLarge, Unauthorized, Unavailable};
use utoipa::ToSchema;
use utoipa::openapi::schema::Object;
use uuid::Uuid;

use super::openapi::{ChangePasswordRefused, Done, InternalError, LoginRefused, constant};
use super::user::{Role, User};
use crate::accounts::{self, PasswordChange};
use crate::auth::CurrentUser;
use crate::domain::client_key;
use crate::error::IdentityError;
use crate::models::UserRow;
use crate::{AppState, login as flow};

/// A missing, null or blank field is code 1 naming it.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    /// Trimmed, case-insensitive
    #[schema(value_type = String, required = true, example = "admin")]
    pub user_name: Option<String>,
    #[schema(value_type = String, required = true)]
    pub password: Option<String>,
}

/// The user part of the login result.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionUser {
    pub id: Uuid,
    pub user_name: String,
    pub full_name: String,
    #[schema(value_type = Role)]
    pub role: shop_common::auth::Role,
}

impl From<&UserRow> for SessionUser {
    fn from(u: &UserRow) -> Self {
        Self {
            id: u.id,
            user_name: u.user_name.clone(),
            full_name: u.full_name.clone(),
            role: u.role(),
        }
    }
}

/// The login result.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginResult {
    /// EdDSA JWT; claims `sub, name, role, ver, iat, exp, iss, aud`
    pub access_token: String,
    #[schema(schema_with = bearer)]
    pub token_type: String,
    pub expires_at: DateTime<Utc>,
    pub user: SessionUser,
}

fn bearer() -> Object {
    constant("Bearer")
}

/// Log in (public; any Authorization header is ignored)
///
/// Failed attempts are counted per (case-folded user name, client IP), an IPv6 client by its /64 prefix and an IPv4 one by its full address; wrong old passwords at SelfChangePassword count too; the client IP is taken from `X-Forwarded-For` only when the peer is a trusted proxy. After `LOGIN_MAX_FAILURES` (default 5) failures within `LOGIN_LOCK_MINUTES` (default 15) the pair is locked for that long: code 101, even for the right password. An unknown user and a wrong password give the same answer (code 100); a disabled account is told apart (code 102) only after the right password. On success `lastLoginAt` is stamped and an EdDSA (Ed25519) JWT is issued, valid for `ACCESS_TOKEN_TTL` (default 8 h); its public key is in the JWKS. Setting a lock is recorded in the audit log (`login_lockout`).
#[utoipa::path(post, path = super::LOGIN, operation_id = "login", tag = "IdentityAuth",
    // Public, though under /api/admin/: the empty requirement keeps ServiceDoc's bearer off.
    security(()), request_body = LoginRequest,
    responses((status = 200, description = "Logged in", body = inline(Enveloped<LoginResult>)),
        LoginRefused, PayloadTooLarge, InternalError, Unavailable))]
pub async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<LoginRequest>,
) -> Result<HttpResponse, IdentityError> {
    let LoginRequest {
        user_name,
        password,
    } = body.into_inner();
    let user_name = user_name.unwrap_or_default();
    let password = password.unwrap_or_default();
    let mut missing = Problems::default();
    if user_name.trim().is_empty() {
        missing.push("userName", "Vui lòng nhập tên đăng nhập");
    }
    if password.is_empty() {
        missing.push("password", "Vui lòng nhập mật khẩu");
    }
    missing.finish::<_, IdentityError>(|| ())?;
    let client_ip = client_key(request_client_ip(&req, &state.settings.trusted_proxies));
    let done = flow::login(
        &state.pool,
        &state.passwords,
        &state.keys,
        &state.settings,
        &user_name,
        &password,
        &client_ip,
    )
    .await?;
    Ok(ok(LoginResult {
        access_token: done.token.token,
        token_type: "Bearer".to_owned(),
        expires_at: done.token.expires_at,
        user: SessionUser::from(&done.user),
    }))
}

/// The signed-in user (admin or staff)
#[utoipa::path(get, path = super::ME, operation_id = "me", tag = "IdentityAuth",
    responses((status = 200, description = "The user", body = inline(Enveloped<User>)),
        Unauthorized, InternalError, Unavailable))]
pub async fn me(CurrentUser(user): CurrentUser) -> HttpResponse {
    ok(User::from(&user))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    #[schema(value_type = String, required = true)]
    pub old_password: Option<String>,
    /// 6..30 Unicode characters, kept exactly as typed (not trimmed)
    #[schema(value_type = String, required = true, min_length = 6, max_length = 30)]
    pub new_password: Option<String>,
    /// Must equal `newPassword`
    #[schema(value_type = String, required = true)]
    pub confirm_password: Option<String>,
}

/// Change one's own password (any signed-in user)
///
/// Checked in this order: new password length (122), confirmation (121), a common password (124, `details` naming `newPassword`), the failure count of (user, client IP) (101), old password (120), new equals old (123). A wrong old password counts as a failed login for (user name, client IP), the same count Login uses (IPv6 clients by their /64): past `LOGIN_MAX_FAILURES` the answer is code 101 even for the right old password, and Login from that client is locked too. On success every token of the user, the current one included, stops working (code 5): the user logs in again; the change is recorded in the audit log (`password_change`).
#[utoipa::path(post, path = super::SELF_CHANGE_PASSWORD, operation_id = "selfChangePassword",
    tag = "IdentityAuth",
    request_body = ChangePasswordRequest,
    responses((status = 200, description = "Password changed", body = inline(Enveloped<Done>)),
        ChangePasswordRefused, Unauthorized, PayloadTooLarge, InternalError, Unavailable))]
pub async fn self_change_password(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
    body: web::Json<ChangePasswordRequest>,
) -> Result<HttpResponse, IdentityError> {
    let body = body.into_inner();
    let client = client_key(request_client_ip(&req, &state.settings.trusted_proxies));
    let change = PasswordChange {
        old_password: body.old_password.as_deref().unwrap_or_default(),
        new_password: body.new_password.as_deref().unwrap_or_default(),
        confirm_password: body.confirm_password.as_deref().unwrap_or_default(),
    };
    accounts::change_own_password(
        &state.pool,
        &state.passwords,
        &state.settings,
        &user,
        &client,
        change,
    )
    .await?;
    Ok(ok(true))
}
