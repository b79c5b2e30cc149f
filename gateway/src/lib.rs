//! The shop's gateway: a reverse proxy in front of the four services that also serves
//! the built SPA.
//!
//! Request phases (after Pingora's): the path is normalised and classified
//! ([`path`]); the request filter refuses blocked paths, applies the per-IP rate limits
//! ([`rate_limit`]), the body limits, and the token check on admin routes ([`auth`]);
//! the upstream is picked from a prefix table ([`routes`]); the upstream request
//! filter rewrites headers ([`headers`]); the body streams to the service and the
//! answer streams back ([`proxy`]); everything else is the SPA ([`spa`]). Errors are
//! answered in the envelope ([`error`]). Configuration: [`config`]. Request metrics and
//! span names by route class, and the `METRICS_PORT` listener: [`metrics`].

pub mod auth;
pub mod config;
pub mod error;
pub mod headers;
pub mod metrics;
pub mod path;
pub mod proxy;
pub mod rate_limit;
pub mod routes;
pub mod spa;

use std::io;
use std::net::TcpListener;
use std::sync::Arc;

use actix_web::dev::Server;
use actix_web::http::header::HeaderValue;
use actix_web::middleware::{Compress, Condition, from_fn};
use actix_web::{
    App, HttpMessage, HttpRequest, HttpResponse, HttpServer, ResponseError, guard, web,
};
use serde_json::json;
use tracing_actix_web::{RequestId, TracingLogger};
use uuid::Uuid;

pub use config::Config;

use crate::auth::Authenticator;
use crate::error::GatewayError;
use crate::path::Route;
use crate::rate_limit::RateLimiter;
use crate::routes::UpstreamTable;
use crate::spa::Spa;

/// State shared by every worker: configuration, token checks, rate limits.
pub struct Shared {
    pub config: Config,
    table: UpstreamTable,
    auth: Authenticator,
    login_limit: RateLimiter,
    order_limit: RateLimiter,
    spa: Spa,
}

impl Shared {
    pub fn new(config: Config) -> io::Result<Self> {
        let auth = Authenticator::new(
            &config.upstreams.identity,
            config.internal_api_key.clone(),
            config.token_status_ttl,
            config.upstream_timeout,
            shop_common::internal::http_client(),
        );
        Ok(Self {
            table: UpstreamTable::new(&config.upstreams),
            auth,
            login_limit: RateLimiter::per_minute(config.login_per_minute),
            order_limit: RateLimiter::per_minute(config.order_per_minute),
            spa: Spa::new(config.frontend_dir.clone()),
            config,
        })
    }
}

/// Per-worker state: the shared part and the worker's own upstream connection pool
/// (connections stay on the worker thread that uses them).
pub struct Gateway {
    shared: Arc<Shared>,
    client: proxy::Client,
}

/// Registers the gateway's routes; call once per worker (as `HttpServer::new` does).
pub fn configure(shared: Arc<Shared>) -> impl Fn(&mut web::ServiceConfig) + Clone + Send + 'static {
    move |cfg| {
        let client = proxy::client();
        let gw = web::Data::new(Gateway {
            shared: shared.clone(),
            client,
        });
        cfg.app_data(gw)
            .route("/healthz", web::get().to(healthz))
            .route("/readyz", web::get().to(readyz))
            .service(
                web::scope("")
                    .guard(guard::fn_guard(|ctx| {
                        spa::is_spa_request(ctx.head().uri.path())
                    }))
                    .wrap(Compress::default())
                    .default_service(web::to(spa::handle)),
            )
            .default_service(web::to(dispatch));
    }
}

/// The gateway's HTTP server on `listener`, stopped gracefully on SIGTERM/SIGINT.
pub fn server(listener: TcpListener, config: Config) -> io::Result<Server> {
    let workers = config.workers;
    let spans = config.request_spans;
    let shared = Arc::new(Shared::new(config)?);
    let mut http = HttpServer::new(move || {
        App::new()
            .wrap(from_fn(metrics::track))
            .wrap(Condition::new(
                spans,
                TracingLogger::<metrics::RouteSpan>::new(),
            ))
            .configure(configure(shared.clone()))
    })
    .shutdown_timeout(30);
    if let Some(n) = workers {
        http = http.workers(n);
    }
    Ok(http.listen(listener)?.run())
}

async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ok" }))
}

/// Ready once configured: identity being down must not take the SPA and the public
/// API out of the load balancer, so no upstream is probed here.
async fn readyz() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ready" }))
}

/// Everything that is not the SPA or a probe: classify, then forward or refuse.
async fn dispatch(req: HttpRequest, payload: web::Payload, gw: web::Data<Gateway>) -> HttpResponse {
    let id = request_id(&req);
    let mut buf = Uuid::encode_buffer();
    let request_id: &str = id.hyphenated().encode_lower(&mut buf);

    let (route, path) = path::route(req.uri().path());
    let result = match route {
        Route::Upstream(service, access) => {
            proxy::forward(&req, payload, &gw, service, access, &path, request_id).await
        }
        Route::Blocked | Route::UnknownApi => {
            tracing::debug!(path = req.uri().path(), ?route, "refused path");
            Err(GatewayError::NotFound)
        }
        // Only reached when the SPA guard did not match (it always should).
        Route::Spa => Err(GatewayError::NotFound),
    };
    let mut resp = result.unwrap_or_else(|e| e.error_response());
    set_request_id(&mut resp, request_id);
    resp
}

/// The request's id: the one the tracing middleware logs, so answers and logs match.
pub(crate) fn request_id(req: &HttpRequest) -> Uuid {
    req.extensions()
        .get::<RequestId>()
        .map_or_else(Uuid::new_v4, |id| **id)
}

pub(crate) fn set_request_id(resp: &mut HttpResponse, request_id: &str) {
    if let Ok(v) = HeaderValue::from_str(request_id) {
        resp.headers_mut().insert(
            actix_web::http::header::HeaderName::from_static(headers::X_REQUEST_ID),
            v,
        );
    }
}
