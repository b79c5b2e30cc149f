//! Route table. Everything answers in the envelope except `/uploads/*` (bare status
//! codes) and the OpenAPI document.

pub mod configuration;
pub mod openapi;
pub mod upload_file;
pub mod uploads;

use actix_web::web;
use shop_common::error::not_found_route;

pub const WEB_APP_CONFIGURATION: &str = "/api/web/v1/Configuration/AppConfiguration";
pub const ADMIN_APP_CONFIGURATION: &str = "/api/admin/v1/Configuration/AppConfiguration";
pub const ADMIN_UPLOAD: &str = "/api/admin/v1/UploadFile/Upload";

/// A resource whose unknown methods answer like unknown routes (code 2).
fn resource(path: &str) -> actix_web::Resource {
    web::resource(path).default_service(web::to(not_found_route))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/system")
            .service(resource("/openapi.json").route(web::get().to(openapi::document)))
            .service(resource(WEB_APP_CONFIGURATION).route(web::get().to(configuration::public)))
            .service(
                resource(ADMIN_APP_CONFIGURATION)
                    .route(web::get().to(configuration::read))
                    .route(web::put().to(configuration::update)),
            )
            .service(resource(ADMIN_UPLOAD).route(web::post().to(upload_file::upload))),
    )
    .service(
        web::resource("/uploads/{name:.*}")
            .route(web::get().to(uploads::serve))
            .route(web::head().to(uploads::serve))
            .default_service(web::to(uploads::method_not_allowed)),
    );
}
