//! What the handlers share: configuration, the upstream table, token checks, rate
//! limits, the SPA and its pages' metadata for every worker, and each worker's own upstream connections.

use std::io;
use std::sync::Arc;

use shop_common::telemetry::RequestTracer;

use crate::auth::Authenticator;
use crate::client::Client;
use crate::config::Config;
use crate::page_meta::PageMeta;
use crate::rate_limit::RateLimiter;
use crate::routes::UpstreamTable;
use crate::spa::Spa;

/// State shared by every worker: configuration, token checks, rate limits.
pub struct Shared {
    pub config: Config,
    pub(crate) table: UpstreamTable,
    pub(crate) auth: Authenticator,
    pub(crate) login_limit: RateLimiter,
    pub(crate) order_limit: RateLimiter,
    pub(crate) spa: Spa,
    pub(crate) page_meta: PageMeta,
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
            login_limit: RateLimiter::new(config.login_per_minute, config.rate_limit_window),
            order_limit: RateLimiter::new(config.order_per_minute, config.rate_limit_window),
            spa: Spa::new(config.frontend_dir.clone()),
            page_meta: PageMeta::new(&config),
            config,
        })
    }
}

/// Per-worker state: the shared part and the worker's own upstream connection pool
/// (connections stay on the worker thread that uses them).
pub struct Gateway {
    pub(crate) shared: Arc<Shared>,
    pub(crate) client: Client,
    /// With OpenTelemetry on, the worker's tracer of request spans.
    pub(crate) tracer: Option<RequestTracer>,
}

impl Gateway {
    /// Call on the worker thread that will use it.
    pub fn new(shared: Arc<Shared>) -> Self {
        let tracer = shared
            .config
            .request_spans
            .then(|| RequestTracer::new("gateway"));
        Self {
            shared,
            client: Client::new(),
            tracer,
        }
    }
}
