//! `/healthz` (the process is alive) and `/readyz` (the database answers), at the
//! service root and outside the envelope.

use actix_web::{HttpResponse, web};
use serde_json::json;

use crate::db::{DbPool, ping};

pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ok" }))
}

pub async fn readyz(pool: web::Data<DbPool>) -> HttpResponse {
    if ping(&pool).await {
        HttpResponse::Ok().json(json!({ "status": "ready" }))
    } else {
        HttpResponse::ServiceUnavailable().json(json!({ "status": "database unavailable" }))
    }
}

/// Mounts both probes; the app must hold a `web::Data<DbPool>`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(healthz))
        .route("/readyz", web::get().to(readyz));
}
