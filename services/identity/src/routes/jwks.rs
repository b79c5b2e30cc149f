//! `GET /identity/.well-known/jwks.json`: the public keys, not enveloped.

use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::{HttpResponse, web};

use crate::AppState;

pub async fn jwks(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(CacheControl(vec![
            CacheDirective::Public,
            CacheDirective::MaxAge(300),
        ]))
        .json(state.keys.jwks())
}
