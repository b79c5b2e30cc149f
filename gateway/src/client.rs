//! The upstream client: hyper's pooled HTTP/1.1 client driven directly, with no
//! redirects, proxies or default headers (reqwest would add a URL parse and its redirect
//! and header layers to every request). One per worker thread.

use std::time::Duration;

use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::{TokioExecutor, TokioTimer};

use crate::request_body::UpstreamBody;

/// Idle upstream connections are dropped before the services' own keep-alive (actix
/// default: 5 s) closes them, so a pooled connection is never reused as it closes.
const POOL_IDLE_TIMEOUT: Duration = Duration::from_secs(4);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const POOL_MAX_IDLE_PER_HOST: usize = 256;

pub type Client = hyper_util::client::legacy::Client<HttpConnector, UpstreamBody>;

pub fn new() -> Client {
    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    connector.set_connect_timeout(Some(CONNECT_TIMEOUT));
    hyper_util::client::legacy::Client::builder(TokioExecutor::new())
        .pool_timer(TokioTimer::new())
        .pool_idle_timeout(POOL_IDLE_TIMEOUT)
        .pool_max_idle_per_host(POOL_MAX_IDLE_PER_HOST)
        .build(connector)
}

/// Installs rustls' ring provider (the one `shop_common::internal::http_client` uses,
/// for token checks); reqwest clients built before it exists panic. Idempotent.
pub fn install_crypto_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}
