//! HTTP handlers and wire types: handlers are thin, they check the bodies as sent into
//! domain types, call the use cases or the models and shape the answer. Each wire type
//! is named as its schema in the OpenAPI document. Paths follow `/{service}/api/{web|admin}/v1/{Controller}/{Action}`.

pub mod audit_log;
pub mod dashboard;
pub mod openapi;
pub mod order;
pub mod product;
pub mod serial_code;

use actix_web::web;
use serde::Deserialize;
use shop_common::auth::AuthUser;
pub(crate) use shop_common::input::optional_choice;
use shop_common::route_table::RouteTable;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::models::audit_entry::Actor;

pub const WEB: &str = "/retailstore/api/web/v1";
pub const ADMIN: &str = "/retailstore/api/admin/v1";
pub const INTERNAL: &str = "/retailstore/internal/v1";

/// `?id=` of Read and Delete.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    /// Id (UUID)
    pub id: Uuid,
}

/// `{id}` bodies (Reveal).
#[derive(Debug, Deserialize, ToSchema)]
pub struct IdBody {
    pub id: Uuid,
}

/// Who an audited action is recorded against: the signed-in user.
fn actor(user: &AuthUser) -> Actor<'_> {
    Actor {
        user_id: user.id,
        user_name: &user.user_name,
    }
}

/// Every route of the service: what it serves, and what its OpenAPI document must list.
pub fn table() -> RouteTable {
    let table = product::routes(RouteTable::new());
    let table = serial_code::routes(table);
    let table = order::routes(table);
    let table = dashboard::routes(table);
    let table = audit_log::routes(table);
    openapi::routes(table)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    table().configure(cfg);
}
