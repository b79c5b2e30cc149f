//! Route table. Everything answers in the envelope except `/uploads/*` (bare status
//! codes) and the OpenAPI document. `/system/internal/v1/...` is for other services only
//! (`x-internal-key`).

pub mod configuration;
pub mod notification;
pub mod openapi;
pub mod upload_file;
pub mod uploads;

use actix_web::http::Method;
use actix_web::web;
use shop_common::route_table::RouteTable;

pub const OPENAPI: &str = "/system/openapi.json";
pub const WEB_APP_CONFIGURATION: &str = "/system/api/web/v1/Configuration/AppConfiguration";
pub const ADMIN_APP_CONFIGURATION: &str = "/system/api/admin/v1/Configuration/AppConfiguration";
pub const ADMIN_UPLOAD: &str = shop_common::limits::UPLOAD_PATH;
pub const ADMIN_NOTIFICATION_SETTINGS: &str = "/system/api/admin/v1/Configuration/Notifications";
pub const ADMIN_NOTIFICATION_TEST: &str = "/system/api/admin/v1/Notification/Test";
pub const ADMIN_NOTIFICATION_PAGINATION: &str = "/system/api/admin/v1/Notification/Pagination";
pub const ADMIN_NOTIFICATION_RESEND: &str = "/system/api/admin/v1/Notification/Resend";
pub const INTERNAL_NOTIFICATION_ENQUEUE: &str = "/system/internal/v1/Notification/Enqueue";
pub const INTERNAL_NOTIFICATION_BY_ORDER: &str = "/system/internal/v1/Notification/ByOrder";
/// Stored files: `/uploads/<sha256>.<ext>`; any other name is a bare 404.
pub const UPLOADS: &str = "/uploads/{name:.*}";

/// Every route the service answers (the OpenAPI test compares it with the document).
pub fn routes() -> RouteTable {
    RouteTable::new()
        .get(OPENAPI, openapi::document)
        .get(WEB_APP_CONFIGURATION, configuration::public)
        .get(ADMIN_APP_CONFIGURATION, configuration::read)
        .put(ADMIN_APP_CONFIGURATION, configuration::update)
        .post(ADMIN_UPLOAD, upload_file::upload)
        .get(ADMIN_NOTIFICATION_SETTINGS, notification::read_settings)
        .put(ADMIN_NOTIFICATION_SETTINGS, notification::update_settings)
        .post(ADMIN_NOTIFICATION_TEST, notification::test)
        .get(ADMIN_NOTIFICATION_PAGINATION, notification::pagination)
        .post(ADMIN_NOTIFICATION_RESEND, notification::resend)
        .post(INTERNAL_NOTIFICATION_ENQUEUE, notification::enqueue)
        .get(INTERNAL_NOTIFICATION_BY_ORDER, notification::by_order)
        .get(UPLOADS, uploads::serve)
        .route(Method::HEAD, UPLOADS, uploads::serve)
        .with(UPLOADS, |r| {
            r.default_service(web::to(uploads::method_not_allowed))
        })
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    routes().configure(cfg);
}
