//! `IdentityAuth/*`: Login (public), Me and SelfChangePassword (any signed-in user).

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use shop_common::net::request_client_ip;
use shop_common::{FieldError, ok};

use crate::auth::CurrentUser;
use crate::domain::client_key;
use crate::error::IdentityError;
use crate::views::{LoginResult, SessionUser, UserView};
use crate::{AppState, accounts, login as flow};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    pub user_name: Option<String>,
    pub password: Option<String>,
}

/// `POST Login {userName, password}`. Any `Authorization` header is ignored.
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
    let mut missing = Vec::new();
    if user_name.trim().is_empty() {
        missing.push(FieldError::new("userName", "Vui lòng nhập tên đăng nhập"));
    }
    if password.is_empty() {
        missing.push(FieldError::new("password", "Vui lòng nhập mật khẩu"));
    }
    if !missing.is_empty() {
        return Err(IdentityError::validation(missing));
    }
    let client_ip = client_key(request_client_ip(&req, &state.settings.trusted_proxies));
    let done = flow::login(&state, &user_name, &password, &client_ip).await?;
    Ok(ok(LoginResult {
        access_token: done.token.token,
        token_type: "Bearer".to_owned(),
        expires_at: done.token.expires_at,
        user: SessionUser::from(&done.user),
    }))
}

/// `GET Me`: the signed-in user.
pub async fn me(CurrentUser(user): CurrentUser) -> HttpResponse {
    ok(UserView::from(&user))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    pub old_password: Option<String>,
    pub new_password: Option<String>,
    pub confirm_password: Option<String>,
}

/// `POST SelfChangePassword {oldPassword, newPassword, confirmPassword}` -> `true`.
/// The current token stops working; the user logs in again. Wrong old passwords count as
/// login failures of (user, client).
pub async fn self_change_password(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
    body: web::Json<ChangePasswordRequest>,
) -> Result<HttpResponse, IdentityError> {
    let body = body.into_inner();
    let client = client_key(request_client_ip(&req, &state.settings.trusted_proxies));
    accounts::change_own_password(
        &state,
        &user,
        &client,
        body.old_password.as_deref().unwrap_or_default(),
        body.new_password.as_deref().unwrap_or_default(),
        body.confirm_password.as_deref().unwrap_or_default(),
    )
    .await?;
    Ok(ok(true))
}
