//! The wiring of the gateway's tests: a gateway on a free port in front of common's
//! [`MockUpstream`](Mock) standing in for all four services; [`stack`] runs the real
//! service binaries instead.

#![allow(dead_code, unused_imports, clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::time::Duration;

use gateway::config::{Config, UpstreamUrls};
use shop_common::config::Secret;
use shop_common::internal::Caller;
pub use shop_common::testing::raw::{raw, raw_get};
pub use shop_common::testing::upstream::{MockUpstream as Mock, claims, fnv, seen};
pub use shop_common::testing::{Answer, client};
use shop_common::testing::{caller_key, listener};

pub mod shop;
pub mod stack;

/// A mock upstream and a gateway sending every service to it, with `tweak` applied to
/// the gateway's configuration; returns the mock and the gateway's base URL.
pub async fn setup(tweak: impl FnOnce(&mut Config)) -> (Mock, String) {
    let mock = Mock::start("test-key-1").await;
    let upstream = || mock.url.clone();
    let urls = UpstreamUrls {
        identity: upstream(),
        system: upstream(),
        retailstore: upstream(),
        paymentprovider: upstream(),
    };
    let mut config = Config::new(urls, Secret::new(caller_key(Caller::Gateway)));
    config.frontend_dir = PathBuf::from("/nonexistent/frontend/dist");
    config.workers = Some(2);
    config.upstream_timeout = Duration::from_secs(10);
    // A test client on a busy machine may connect well before its task gets to write
    // the request: the 5 s production limit would answer such a request 408.
    config.client_request_timeout = Duration::from_secs(120);
    tweak(&mut config);
    let (listener, url) = listener();
    tokio::spawn(gateway::server(listener, config).unwrap());
    (mock, url)
}
