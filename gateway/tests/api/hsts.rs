//! `HSTS_MAX_AGE_SECONDS`: off by default; when set, every answer the public port gives
//! carries `Strict-Transport-Security` (a proxied service's answer, a refused path, the
//! SPA and the probes alike).

use crate::support;

use serde_json::json;
use support::{client, setup};

const HSTS: &str = "strict-transport-security";

/// Paths answered by each part of the gateway: a proxied service route, a path it
/// refuses itself, the SPA (no build here: its 503) and a probe.
const PATHS: &[&str] = &[
    "/retailstore/api/web/v1/Product/List",
    "/identity/internal/v1/TokenStatus",
    "/",
    "/healthz",
];

#[tokio::test]
async fn no_header_unless_configured() {
    let (_mock, gw) = setup(|_| {}).await;
    let http = client();
    for path in PATHS {
        let resp = http.get(format!("{gw}{path}")).send().await.unwrap();
        assert!(resp.headers().get(HSTS).is_none(), "{path}: {resp:?}");
    }
}

#[tokio::test]
async fn every_answer_carries_the_configured_max_age() {
    let (_mock, gw) = setup(|c| c.hsts_max_age = Some(31_536_000)).await;
    let http = client();
    for path in PATHS {
        let resp = http.get(format!("{gw}{path}")).send().await.unwrap();
        assert_eq!(
            resp.headers().get(HSTS).map(|v| v.to_str().unwrap()),
            Some("max-age=31536000; includeSubDomains"),
            "{path}: {}",
            resp.status()
        );
    }
    // A POST to a service, answered by the upstream, too.
    let resp = http
        .post(format!("{gw}/retailstore/api/web/v1/Order/CreateOrder"))
        .json(&json!({"email": "a@example.com"}))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    assert_eq!(
        resp.headers().get(HSTS).map(|v| v.to_str().unwrap()),
        Some("max-age=31536000; includeSubDomains")
    );
}

#[test]
fn the_value_names_the_seconds_and_subdomains() {
    assert_eq!(
        gateway::front::hsts_value(300).unwrap().to_str().unwrap(),
        "max-age=300; includeSubDomains"
    );
}
