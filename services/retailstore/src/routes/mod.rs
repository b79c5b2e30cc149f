//! HTTP handlers: thin, they parse input into domain types, call the models and shape
//! the answer. Paths follow `/{service}/api/{web|admin}/v1/{Controller}/{Action}`.

pub mod openapi;
pub mod product;
pub mod serial_code;

use actix_web::{Resource, web};
use serde::Deserialize;
use shop_common::error::not_found_route;
use uuid::Uuid;

pub const WEB: &str = "/retailstore/api/web/v1";
pub const ADMIN: &str = "/retailstore/api/admin/v1";

/// A resource whose other methods answer code 2 in the envelope (not a bare 405).
pub(crate) fn endpoint(path: String) -> Resource {
    web::resource(path).default_service(web::to(not_found_route))
}

/// `?id=` of Read and Delete.
#[derive(Debug, Deserialize)]
pub struct IdQuery {
    pub id: Uuid,
}

/// `{id}` bodies (Reveal).
#[derive(Debug, Deserialize)]
pub struct IdBody {
    pub id: Uuid,
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.configure(product::configure)
        .configure(serial_code::configure)
        .configure(openapi::configure);
}
