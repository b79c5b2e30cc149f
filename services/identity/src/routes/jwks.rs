//! `GET /identity/.well-known/jwks.json`: the public keys, not enveloped.

use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::{HttpResponse, web};

use crate::AppState;
use crate::tokens::Jwks;

/// The public signing keys (public, not enveloped)
///
/// The current Ed25519 key and any retired keys still published (`JWT_RETIRED_PUBLIC_KEYS_FILE`). `kid` is the RFC 7638 thumbprint of the key. Sent with `Cache-Control: public, max-age=300`.
#[utoipa::path(
    get,
    path = super::JWKS,
    operation_id = "getJwks",
    tag = "Keys",
    responses(
        (status = 200, description = "The JWK set", body = Jwks,
            headers(("Cache-Control" = String, description = "`public, max-age=300`"))),
    ))]
pub async fn jwks(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(CacheControl(vec![
            CacheDirective::Public,
            CacheDirective::MaxAge(300),
        ]))
        .json(state.keys.jwks())
}
