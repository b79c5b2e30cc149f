//! The shop's gateway: a reverse proxy in front of the four services that also serves
//! the built SPA. This file wires the app; each phase has its own module.
//!
//! Request phases (after Pingora's): the path is normalised and classified ([`path`]);
//! the [`request_filter`] refuses blocked paths, applies the per-IP rate limits
//! ([`rate_limit`]), the body limits and the token check on admin routes ([`auth`]);
//! the upstream is picked from a prefix table ([`routes`]); the [`upstream_request`]
//! filter rewrites headers ([`headers`], written as wire lines by [`header_block`]) and
//! streams the body ([`request_body`]) over the worker's [`client`] (its codec:
//! [`upstream_codec`]; the answer it reads: [`upstream_answer`]); the
//! [`response_filter`] streams the answer back; then
//! [`logging`]. [`proxy`] runs them in that order, straight from actix-http's request
//! ([`front`]). Everything else is the SPA ([`spa`]) or a probe ([`probes`]), served by
//! an actix-web `App`; the home and product pages get their own title, description,
//! Open Graph tags, JSON-LD and first data in the shell, and `/sitemap.xml` and
//! `/robots.txt` are written from the catalogue ([`page_meta`]). Errors are answered in the envelope ([`error`]); every
//! answer carries its [`request_id`]. Configuration: [`config`]; shared and per-worker
//! state: [`state`]; each worker's graceful-shutdown signal: [`shutdown`]. Request
//! metrics and span names by route class, and the `METRICS_PORT` listener: [`metrics`].

pub mod auth;
pub mod client;
pub mod config;
pub mod error;
pub mod front;
pub mod header_block;
pub mod headers;
pub mod logging;
pub mod metrics;
pub mod page_meta;
pub mod path;
pub mod probes;
pub mod proxy;
pub mod rate_limit;
pub mod request_body;
pub mod request_filter;
pub mod request_id;
pub mod response_filter;
pub mod routes;
pub mod shutdown;
pub mod spa;
pub mod state;
pub mod upstream_answer;
pub mod upstream_codec;
pub mod upstream_request;

use std::io;
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

use actix_http::HttpService;
use actix_service::IntoServiceFactory;
use actix_web::dev::Server;
use actix_web::middleware::{Compress, Condition, from_fn};
use actix_web::{App, HttpResponse, guard, web};
use tracing_actix_web::TracingLogger;

pub use config::Config;
pub use state::{Gateway, Shared};

/// The SPA and the probes, the routes the actix-web `App` serves (service routes are
/// [`front`]'s); call once per worker.
pub fn configure(shared: Arc<Shared>) -> impl Fn(&mut web::ServiceConfig) + Clone + Send + 'static {
    move |cfg| {
        // The SPA needs only the shared state; upstream connections are front's.
        cfg.app_data(web::Data::from(shared.clone()))
            .route("/healthz", web::get().to(probes::healthz))
            .route("/readyz", web::get().to(probes::readyz))
            .service(
                web::scope("")
                    .guard(guard::fn_guard(|ctx| {
                        let raw = ctx.head().uri.path();
                        match ctx.req_data().get::<path::Classified>() {
                            Some(done) => done.route == path::Route::Spa,
                            None => spa::is_spa_request(raw),
                        }
                    }))
                    .wrap(Compress::default())
                    .default_service(web::to(spa::handle)),
            )
            // Only a request that is not the SPA's reaches here, and those are front's.
            .default_service(web::to(HttpResponse::NotFound));
    }
}

/// The gateway's HTTP server on `listener`, stopped gracefully on SIGTERM/SIGINT (idle
/// keep-alive connections are closed at once, requests in flight get 30 s).
pub fn server(listener: TcpListener, config: Config) -> io::Result<Server> {
    let workers = config.workers;
    let spans = config.request_spans;
    let head_timeout = config.client_request_timeout;
    let shared = Arc::new(Shared::new(config)?);
    let addr = listener.local_addr()?;
    let mut builder = Server::build().shutdown_timeout(30);
    if let Some(n) = workers {
        builder = builder.workers(n);
    }
    let shutdown = builder.graceful_shutdown_signal();
    let server = builder.listen("gateway", listener, move || {
        // Called on each worker's thread: its connections wait on the worker's own
        // signal, which a task of the worker fires when the server's does.
        let signal = shutdown::WorkerSignal::default();
        let server_signal = shutdown.clone();
        let fire = signal.clone();
        actix_web::rt::spawn(async move {
            server_signal.notified().await;
            fire.fire();
        });
        // The worker's request counts reach /metrics even when requests stop.
        actix_web::rt::spawn(async {
            let mut every = tokio::time::interval(shop_common::metrics::CLASS_FLUSH_EVERY);
            loop {
                every.tick().await;
                shop_common::metrics::flush_class_counts();
            }
        });
        let app = App::new()
            .wrap(from_fn(metrics::track))
            .wrap(Condition::new(
                spans,
                TracingLogger::<metrics::RouteSpan>::new(),
            ))
            .configure(configure(shared.clone()));
        // actix-web's `HttpServer` settings.
        HttpService::build()
            // An answer that streams goes out in several writes; with Nagle's algorithm
            // each after the first would wait for the client's (delayed) ACK.
            .tcp_nodelay(true)
            .client_request_timeout(head_timeout)
            .client_disconnect_timeout(Duration::from_secs(1))
            .h1_allow_half_closed(true)
            .local_addr(addr)
            .graceful_shutdown_signal(move || signal.fired())
            .finish(front::Front::new(shared.clone(), app.into_factory()))
            .tcp()
    })?;
    Ok(server.run())
}
