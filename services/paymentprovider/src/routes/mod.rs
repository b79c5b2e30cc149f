//! HTTP handlers: thin, they parse input into domain types, call the models and shape
//! the answer. Paths follow `/{service}/api/{web|admin}/v1/{Controller}/{Action}`;
//! `/paymentprovider/internal/v1/...` is for other services only (`x-internal-key`).

pub mod instruction;
pub mod openapi;
pub mod provider;
pub mod transaction;
pub mod webhook;

use actix_web::{Resource, web};
use serde::Deserialize;
use shop_common::error::not_found_route;
use uuid::Uuid;

pub const WEB: &str = "/paymentprovider/api/web/v1";
pub const ADMIN: &str = "/paymentprovider/api/admin/v1";
pub const INTERNAL: &str = "/paymentprovider/internal/v1";
/// Followed by `/{providerId}`: where SePay delivers bank transfers (shown to admins).
pub const WEBHOOK_SEPAY_PREFIX: &str = "/paymentprovider/api/web/v1/PaymentWebhook/SePay";

/// A resource whose other methods answer code 2 in the envelope (not a bare 405).
pub(crate) fn endpoint(path: String) -> Resource {
    web::resource(path).default_service(web::to(not_found_route))
}

/// `?id=` of Read and Delete.
#[derive(Debug, Deserialize)]
pub struct IdQuery {
    pub id: Uuid,
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.configure(provider::configure)
        .configure(instruction::configure)
        .configure(webhook::configure)
        .configure(transaction::configure)
        .configure(openapi::configure);
}
