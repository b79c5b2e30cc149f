//! Start-up helpers shared by the service binaries and their tests.

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::middleware::from_fn;
use actix_web::{App, HttpServer, web};
use tracing_actix_web::TracingLogger;

use crate::error::{json_config, not_found_route, path_config, query_config};
use crate::metrics;
use crate::telemetry::PathOnlyRootSpan;

/// Default JSON body limit for API routes; routes that need more set their own.
pub const DEFAULT_JSON_LIMIT: usize = crate::limits::DEFAULT_BODY_BYTES;

/// Extractor settings so that malformed input answers in the envelope.
pub fn api_defaults(cfg: &mut web::ServiceConfig) {
    cfg.app_data(json_config(DEFAULT_JSON_LIMIT))
        .app_data(query_config())
        .app_data(path_config());
}

/// True when the binary was started as `<service> migrate` (a Kubernetes Job).
pub fn migrate_only() -> bool {
    std::env::args().nth(1).as_deref() == Some("migrate")
}

/// True when the binary was started as `<service> openapi`: it prints its OpenAPI
/// document and exits, before reading any setting or touching the database, so the
/// document can be taken from a build alone (frontend types, CI).
pub fn openapi_only() -> bool {
    std::env::args().nth(1).as_deref() == Some("openapi")
}

/// Writes a service's OpenAPI document (JSON) to stdout, ending with a newline.
pub fn print_openapi(document: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(document.trim_end().as_bytes())?;
    out.write_all(b"\n")?;
    out.flush()
}

/// An HTTP server for a service: request tracing (continuing an incoming
/// `traceparent`), request metrics by route template and `GET /metrics`, envelope
/// defaults, the routes from `configure`, and a code 2 answer for anything else.
/// Stops gracefully on SIGTERM/SIGINT.
pub fn server<F>(listener: TcpListener, configure: F) -> std::io::Result<Server>
where
    F: Fn(&mut web::ServiceConfig) + Clone + Send + 'static,
{
    Ok(HttpServer::new(move || {
        App::new()
            .wrap(from_fn(metrics::track_requests))
            .wrap(TracingLogger::<PathOnlyRootSpan>::new())
            .configure(metrics::configure)
            .configure(api_defaults)
            .configure(configure.clone())
            .default_service(web::to(not_found_route))
    })
    // Streamed answers (uploads, exports) go out in several writes; Nagle's algorithm
    // would hold each after the first until the peer's delayed ACK.
    .tcp_nodelay(true)
    .listen(listener)?
    .shutdown_timeout(30)
    .run())
}

/// Binds `addr` ("host:port") or fails with a readable message.
pub fn bind(addr: &str) -> std::io::Result<TcpListener> {
    TcpListener::bind(addr).map_err(|e| std::io::Error::new(e.kind(), format!("bind {addr}: {e}")))
}

/// The address `listener` really holds, for the start-up log: with port 0 in
/// `LISTEN_ADDR` the system picks the port, and this is the only place it is told.
pub fn bound(listener: &TcpListener) -> String {
    listener
        .local_addr()
        .map_or_else(|e| format!("unknown ({e})"), |a| a.to_string())
}
