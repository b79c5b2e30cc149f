//! Logging, the last phase: what happened to a forwarded request, by its request id.
//! Nothing is written per request at the default level; upstream failures are warnings.

use std::time::{Duration, Instant};

use actix_web::http::Method;

use crate::client::UpstreamError;
use crate::routes::Service;

/// The upstream answered; `started` is when the request arrived.
pub fn forwarded(
    service: Service,
    request_id: &str,
    method: &Method,
    path: &str,
    status: u16,
    started: Instant,
) {
    tracing::debug!(
        target: "gateway::access",
        service = service.name(),
        request_id,
        method = %method,
        path,
        status,
        head_ms = started.elapsed().as_millis() as u64,
        "forwarded"
    );
}

pub fn upstream_timed_out(service: Service, request_id: &str, timeout: Duration) {
    tracing::warn!(
        service = service.name(),
        request_id,
        timeout_ms = timeout.as_millis() as u64,
        "upstream timed out"
    );
}

pub fn upstream_unavailable(service: Service, request_id: &str, error: &UpstreamError) {
    tracing::warn!(
        service = service.name(),
        request_id,
        error = %error,
        connect = error.is_connect(),
        "upstream unavailable"
    );
}
