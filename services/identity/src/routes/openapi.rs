//! GET `/identity/openapi.json`: the hand-written OpenAPI 3 description of this service
//! (not enveloped). The document lives beside the crate's manifest.

use actix_web::HttpResponse;
use actix_web::http::header::ContentType;

pub const DOCUMENT: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json"));

pub async fn document() -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(DOCUMENT)
}
