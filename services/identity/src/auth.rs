//! Who is calling identity's admin endpoints. Beyond the token check every service does
//! ([`AuthUser`]: signature, `exp`, `iss`, `aud`), identity also checks the token against
//! the account itself: it must still exist, be active, and carry the current `ver`
//! (a revoked token answers code 5). Handlers take [`CurrentUser`] or [`CurrentAdmin`].

use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use shop_common::auth::{AuthUser, Role};

use crate::AppState;
use crate::error::IdentityError;
use crate::models::UserRow;

/// A signed-in user whose token is still valid for the account as it is now.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub UserRow);

/// A [`CurrentUser`] with the admin role (code 6 otherwise).
#[derive(Debug, Clone)]
pub struct CurrentAdmin(pub UserRow);

async fn current_user(req: HttpRequest) -> Result<UserRow, IdentityError> {
    let auth = AuthUser::extract(&req).await?;
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| IdentityError::internal("AppState missing from app data"))?;
    let mut conn = state.pool.get().await?;
    match UserRow::find(&mut conn, auth.id).await? {
        Some(user) if user.is_active && user.token_version == auth.ver => Ok(user),
        _ => Err(IdentityError::Unauthorized),
    }
}

impl FromRequest for CurrentUser {
    type Error = IdentityError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { current_user(req).await.map(CurrentUser) })
    }
}

impl FromRequest for CurrentAdmin {
    type Error = IdentityError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let user = current_user(req).await?;
            if user.role() == Role::Admin {
                Ok(CurrentAdmin(user))
            } else {
                Err(IdentityError::Forbidden)
            }
        })
    }
}
