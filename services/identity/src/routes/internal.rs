//! `/identity/internal/v1/...`: for other services only (`x-internal-key`).

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use shop_common::internal::InternalCaller;
use shop_common::ok;
use shop_common::openapi::{Enveloped, Unavailable};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::openapi::{BadTokenQuery, InternalError, NoInternalKey};
use super::user::Role;
use crate::AppState;
use crate::error::IdentityError;
use crate::models::UserRow;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenStatusQuery {
    /// The token's `sub` (user id)
    pub sub: Uuid,
    /// The token's `ver` (session version)
    pub ver: i64,
}

/// The answer of the internal TokenStatus call.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenStatus {
    pub active: bool,
    #[schema(value_type = Option<Role>, required = true)]
    pub role: Option<shop_common::auth::Role>,
}

/// Token revocation check (service to service; never routed by the gateway)
///
/// `active` is true only while the account exists (not deleted), is active and still has session version `ver`. `role` is the account's current role, null for an unknown or deleted account. The key is checked before the query.
#[utoipa::path(get, path = super::TOKEN_STATUS, operation_id = "getTokenStatus", tag = "Internal",
    security(("internalKey" = [])), params(TokenStatusQuery),
    responses((status = 200, description = "The token's status", body = inline(Enveloped<TokenStatus>)),
        BadTokenQuery, NoInternalKey, InternalError, Unavailable))]
pub async fn token_status(
    _caller: InternalCaller,
    state: web::Data<AppState>,
    query: web::Query<TokenStatusQuery>,
) -> Result<HttpResponse, IdentityError> {
    let mut conn = state.pool.get().await?;
    let status = match UserRow::find(&mut conn, query.sub).await? {
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
