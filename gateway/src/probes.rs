//! Liveness and readiness probes.

use actix_web::HttpResponse;
use serde_json::json;

pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ok" }))
}

/// Ready once configured: identity being down must not take the SPA and the public
/// API out of the load balancer, so no upstream is probed here.
pub async fn readyz() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ready" }))
}
