//! Routes, all under `/identity`; every answer is enveloped except the JWKS and the
//! OpenAPI document. Handlers only orchestrate: parse the input into checked types, call
//! the operation, wrap the result in the envelope.

use actix_web::{Resource, web};
use shop_common::error::not_found_route;

pub mod audit_log;
pub mod identity_auth;
pub mod internal;
pub mod jwks;
pub mod openapi;
pub mod user;

pub const ADMIN_API: &str = "/identity/api/admin/v1";

/// A resource whose unknown methods answer code 2 in the envelope (a bare resource would
/// answer an empty 405).
fn resource(path: &str) -> Resource {
    web::resource(path).default_service(web::to(not_found_route))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(resource("/identity/.well-known/jwks.json").route(web::get().to(jwks::jwks)))
        .service(resource("/identity/openapi.json").route(web::get().to(openapi::document)))
        .service(
            resource("/identity/internal/v1/TokenStatus")
                .route(web::get().to(internal::token_status)),
        )
        .service(
            web::scope(ADMIN_API)
                .service(
                    resource("/IdentityAuth/Login").route(web::post().to(identity_auth::login)),
                )
                .service(
                    resource("/IdentityAuth/SelfChangePassword")
                        .route(web::post().to(identity_auth::self_change_password)),
                )
                .service(resource("/IdentityAuth/Me").route(web::get().to(identity_auth::me)))
                .service(resource("/User/Pagination").route(web::get().to(user::pagination)))
                .service(resource("/User/Read").route(web::get().to(user::read)))
                .service(resource("/User/Create").route(web::post().to(user::create)))
                .service(resource("/User/Update").route(web::put().to(user::update)))
                .service(
                    resource("/User/ResetPassword").route(web::post().to(user::reset_password)),
                )
                .service(resource("/User/Delete").route(web::delete().to(user::delete)))
                .service(
                    resource("/AuditLog/Pagination").route(web::get().to(audit_log::pagination)),
                ),
        );
}
