//! The wiring of the gateway's tests: a gateway on a free port in front of common's
//! [`MockUpstream`] standing in for all four services.

#![allow(dead_code, unused_imports, clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::time::Duration;

use gateway::config::{Config, UpstreamUrls};
use serde_json::Value;
use shop_common::config::Secret;
pub use shop_common::testing::client;
pub use shop_common::testing::raw::{RawResponse, raw, raw_get};
pub use shop_common::testing::upstream::{MockUpstream as Mock, claims, fnv, seen};
use shop_common::testing::{INTERNAL_KEY, listener};

/// The `kid` of the key the mock's JWKS publishes.
pub const KID: &str = "test-key-1";

/// A gateway configuration sending every service to `upstream`.
pub fn config(upstream: &str) -> Config {
    let urls = UpstreamUrls {
        identity: upstream.to_owned(),
        system: upstream.to_owned(),
        retailstore: upstream.to_owned(),
        paymentprovider: upstream.to_owned(),
    };
    let mut config = Config::new(urls, Secret::new(INTERNAL_KEY));
    config.frontend_dir = PathBuf::from("/nonexistent/frontend/dist");
    config.workers = Some(2);
    config.upstream_timeout = Duration::from_secs(10);
    config
}

/// Starts the gateway; returns its base URL.
pub async fn spawn_gateway(config: Config) -> String {
    let (listener, url) = listener();
    let server = gateway::server(listener, config).unwrap();
    tokio::spawn(server);
    url
}

/// A mock upstream and a gateway in front of it with `tweak` applied to the config.
pub async fn setup(tweak: impl FnOnce(&mut Config)) -> (Mock, String) {
    let mock = Mock::start(KID).await;
    let mut cfg = config(&mock.url);
    tweak(&mut cfg);
    let gw = spawn_gateway(cfg).await;
    (mock, gw)
}

/// Status and parsed JSON body of a response.
pub async fn json(resp: reqwest::Response) -> (u16, Value) {
    let status = resp.status().as_u16();
    let text = resp.text().await.unwrap();
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}
