//! GET /paymentprovider/openapi.json: the hand-written OpenAPI 3 description of this
//! service (not enveloped). The document lives beside the crate's manifest.

use actix_web::http::header::ContentType;
use actix_web::{HttpResponse, web};

pub const PATH: &str = "/paymentprovider/openapi.json";
pub const DOCUMENT: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json"));

async fn document() -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(DOCUMENT)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(super::endpoint(PATH.to_owned()).route(web::get().to(document)));
}
