//! HTTP handlers: thin, they parse input into domain types, call the models and shape
//! the answer. Each module keeps its request bodies and views, named as the OpenAPI
//! document names them (the provider's in [`provider::wire`]). Paths follow `/{service}/api/{web|admin}/v1/{Controller}/{Action}`;
//! `/paymentprovider/internal/v1/...` is for other services only (`x-internal-key`).

pub mod audit_log;
pub mod instruction;
pub mod openapi;
pub mod provider;
pub mod transaction;
pub mod webhook;

use actix_web::web;
use serde::Deserialize;
use shop_common::route_table::RouteTable;
use uuid::Uuid;

pub const WEB: &str = "/paymentprovider/api/web/v1";
pub const ADMIN: &str = "/paymentprovider/api/admin/v1";
pub const INTERNAL: &str = "/paymentprovider/internal/v1";
/// Followed by `/{providerId}`: where SePay delivers bank transfers (shown to admins).
pub const WEBHOOK_SEPAY_PREFIX: &str = "/paymentprovider/api/web/v1/PaymentWebhook/SePay";

/// `?id=` of Read and Delete.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    /// Provider id
    pub id: Uuid,
}

/// Every route of the service: what it serves, and what its OpenAPI document must list.
pub fn table() -> RouteTable {
    let table = provider::routes(RouteTable::new());
    let table = instruction::routes(table);
    let table = webhook::routes(table);
    let table = transaction::routes(table);
    let table = audit_log::routes(table);
    openapi::routes(table)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    table().configure(cfg);
}
