//! Routes, all under `/identity`; every answer is enveloped except the JWKS and the
//! OpenAPI document. Handlers only orchestrate: parse the input into checked types, call
//! the operation, wrap the result in the envelope.

use actix_web::web;
use serde::Deserialize;
use shop_common::route_table::RouteTable;
use utoipa::IntoParams;
use uuid::Uuid;

pub mod audit_log;
pub mod identity_auth;
pub mod internal;
pub mod jwks;
pub mod openapi;
pub mod user;

pub const OPENAPI: &str = "/identity/openapi.json";
pub const JWKS: &str = shop_common::auth::JWKS_PATH;
pub const TOKEN_STATUS: &str = "/identity/internal/v1/TokenStatus";
pub const LOGIN: &str = "/identity/api/admin/v1/IdentityAuth/Login";
pub const SELF_CHANGE_PASSWORD: &str = "/identity/api/admin/v1/IdentityAuth/SelfChangePassword";
pub const ME: &str = "/identity/api/admin/v1/IdentityAuth/Me";
pub const USER_PAGINATION: &str = "/identity/api/admin/v1/User/Pagination";
pub const USER_READ: &str = "/identity/api/admin/v1/User/Read";
pub const USER_CREATE: &str = "/identity/api/admin/v1/User/Create";
pub const USER_UPDATE: &str = "/identity/api/admin/v1/User/Update";
pub const USER_RESET_PASSWORD: &str = "/identity/api/admin/v1/User/ResetPassword";
pub const USER_DELETE: &str = "/identity/api/admin/v1/User/Delete";
pub const AUDIT_LOG_PAGINATION: &str = "/identity/api/admin/v1/AuditLog/Pagination";

/// `?id=` of Read and Delete.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    pub id: Uuid,
}

/// Every route the service answers (the OpenAPI test compares it with the document).
pub fn routes() -> RouteTable {
    RouteTable::new()
        .get(JWKS, jwks::jwks)
        .get(OPENAPI, openapi::document)
        .get(TOKEN_STATUS, internal::token_status)
        .post(LOGIN, identity_auth::login)
        .post(SELF_CHANGE_PASSWORD, identity_auth::self_change_password)
        .get(ME, identity_auth::me)
        .get(USER_PAGINATION, user::pagination)
        .get(USER_READ, user::read)
        .post(USER_CREATE, user::create)
        .put(USER_UPDATE, user::update)
        .post(USER_RESET_PASSWORD, user::reset_password)
        .delete(USER_DELETE, user::delete)
        .get(AUDIT_LOG_PAGINATION, audit_log::pagination)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    routes().configure(cfg);
}
