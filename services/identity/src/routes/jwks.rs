//! `GET /identity/.well-known/jwks.json`: the public keys, not enveloped.

use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::{HttpResponse, web};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa::openapi::schema::Object;

use super::openapi::constant;
use crate::AppState;
use crate::tokens::PublishedKey;

/// One public key as published in the JWKS.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Jwk {
    #[schema(schema_with = okp)]
    pub kty: &'static str,
    #[schema(schema_with = ed25519)]
    pub crv: &'static str,
    /// The public key, base64url without padding
    pub x: String,
    /// RFC 7638 thumbprint (SHA-256, base64url)
    pub kid: String,
    #[schema(schema_with = eddsa)]
    pub alg: &'static str,
    #[serde(rename = "use")]
    #[schema(schema_with = sig)]
    pub use_: &'static str,
}

// The fixed members of a published key, for the document.
fn okp() -> Object {
    constant("OKP")
}

fn ed25519() -> Object {
    constant("Ed25519")
}

fn eddsa() -> Object {
    constant("EdDSA")
}

fn sig() -> Object {
    constant("sig")
}

impl From<&PublishedKey> for Jwk {
    fn from(key: &PublishedKey) -> Self {
        Self {
            kty: "OKP",
            crv: "Ed25519",
            x: key.x(),
            kid: key.kid.clone(),
            alg: "EdDSA",
            use_: "sig",
        }
    }
}

/// The JWKS document (`{"keys": [...]}`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Jwks {
    #[schema(min_items = 1)]
    pub keys: Vec<Jwk>,
}

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
    let jwks = Jwks {
        keys: state.keys.published().iter().map(Jwk::from).collect(),
    };
    HttpResponse::Ok()
        .insert_header(CacheControl(vec![
            CacheDirective::Public,
            CacheDirective::MaxAge(300),
        ]))
        .json(jwks)
}
