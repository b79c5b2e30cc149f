//! GET /retailstore/openapi.json: the hand-written OpenAPI 3 description of this service
//! (not enveloped).

use actix_web::http::header::ContentType;
use actix_web::{HttpResponse, web};

pub const PATH: &str = "/retailstore/openapi.json";
pub const DOCUMENT: &str = include_str!("../../openapi.json");

async fn document() -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(DOCUMENT)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(super::endpoint(PATH.to_owned()).route(web::get().to(document)));
}
