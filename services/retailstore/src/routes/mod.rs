//! HTTP handlers: thin, they parse input into domain types, call the models and shape
//! the answer. Paths follow `/{service}/api/{web|admin}/v1/{Controller}/{Action}`.

pub mod audit_log;
pub mod dashboard;
pub mod openapi;
pub mod order;
pub mod product;
pub mod serial_code;

use actix_web::{Resource, web};
use serde::Deserialize;
use shop_common::error::not_found_route;
use uuid::Uuid;

use crate::error::Problems;

pub const WEB: &str = "/retailstore/api/web/v1";
pub const ADMIN: &str = "/retailstore/api/admin/v1";
pub const INTERNAL: &str = "/retailstore/internal/v1";

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

/// An optional query filter: absent or empty is no filter; otherwise `parse` must accept
/// it, or `message` is recorded against `field`. Callers decide whether to trim first.
pub(crate) fn optional_choice<T>(
    p: &mut Problems,
    field: &str,
    value: Option<&str>,
    parse: impl FnOnce(&str) -> Option<T>,
    message: &str,
) -> Option<T> {
    match value {
        None | Some("") => None,
        Some(text) => parse(text).or_else(|| {
            p.push(field, message);
            None
        }),
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.configure(product::configure)
        .configure(serial_code::configure)
        .configure(order::configure)
        .configure(dashboard::configure)
        .configure(audit_log::configure)
        .configure(openapi::configure);
}
