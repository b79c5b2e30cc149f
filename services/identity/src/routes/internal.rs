//! `/identity/internal/v1/...`: for other services only (`x-internal-key`).

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use shop_common::internal::InternalCaller;
use shop_common::ok;
use uuid::Uuid;

use crate::AppState;
use crate::error::IdentityError;
use crate::models::User;
use crate::views::TokenStatus;

#[derive(Debug, Deserialize)]
pub struct TokenStatusQuery {
    pub sub: Uuid,
    pub ver: i64,
}

/// `GET TokenStatus?sub=&ver=`: the gateway's revocation check. `active` only while the
/// account exists, is active and still has session version `ver`.
pub async fn token_status(
    _caller: InternalCaller,
    state: web::Data<AppState>,
    query: web::Query<TokenStatusQuery>,
) -> Result<HttpResponse, IdentityError> {
    let mut conn = state.pool.get().await?;
    let status = match User::find(&mut conn, query.sub).await? {
        Some(user) => TokenStatus {
            active: user.is_active && user.token_version == query.ver,
            role: Some(user.role()),
        },
        None => TokenStatus {
            active: false,
            role: None,
        },
    };
    Ok(ok(status))
}
