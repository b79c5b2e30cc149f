//! The gateway's request metrics and span names, both keyed by the route class of
//! [`path::label`](crate::path::label) (a fixed `&'static str`: no allocation, no raw path in a label), and
//! the second listener (`METRICS_PORT`) that serves `GET /metrics`. The public port
//! never answers `/metrics` itself: there it is a SPA path like any other.

use std::io;
use std::net::TcpListener;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{Server, ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{App, HttpResponse, HttpServer, web};
use shop_common::{metrics, telemetry};

use crate::path::Classified;

/// Middleware (`middleware::from_fn`): counts each request under its route class.
pub async fn track(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let route = Classified::label_of_request(&req);
    let method = req.method().clone();
    let result = next.call(req).await;
    let status = match &result {
        Ok(res) => res.status(),
        Err(e) => e.as_response_error().status_code(),
    };
    metrics::observe_class(route, &method, status, started);
    result
}

/// Root spans named `{method} {route class}` (e.g.
/// `POST /retailstore/api/web/v1/Order/CreateOrder`), continuing an incoming
/// `traceparent`; the gateway's proxied routes are not actix patterns.
pub struct RouteSpan;

impl tracing_actix_web::RootSpanBuilder for RouteSpan {
    fn on_request_start(req: &ServiceRequest) -> tracing::Span {
        telemetry::root_span(req, Classified::label_of_request(req))
    }

    fn on_request_end<B: MessageBody>(
        span: tracing::Span,
        outcome: &Result<ServiceResponse<B>, actix_web::Error>,
    ) {
        telemetry::end_root_span(span, outcome);
    }
}

/// The metrics listener: `GET /metrics` and nothing else, on one worker.
pub fn server(listener: TcpListener) -> io::Result<Server> {
    Ok(HttpServer::new(|| {
        App::new()
            .configure(metrics::configure)
            .default_service(web::to(HttpResponse::NotFound))
    })
    .workers(1)
    .listen(listener)?
    .shutdown_timeout(5)
    .run())
}

/// `host:port` of the metrics listener: the public listener's host on `port`.
pub fn addr(listen_addr: &str, port: u16) -> String {
    let host = listen_addr
        .rsplit_once(':')
        .map_or("0.0.0.0", |(host, _)| host);
    format!("{host}:{port}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metrics_listen_beside_the_public_port() {
        assert_eq!(addr("0.0.0.0:8080", 9090), "0.0.0.0:9090");
        assert_eq!(addr("127.0.0.1:18080", 18085), "127.0.0.1:18085");
        assert_eq!(addr("[::1]:8080", 9090), "[::1]:9090");
    }
}
