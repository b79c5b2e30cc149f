//! The gateway's metrics: counted by route class (never the raw path) and served on the
//! `METRICS_PORT` listener only, never on the public port.

use crate::support;

use serde_json::json;
use shop_common::testing::listener;
use support::{client, setup};

/// The value of the sample whose line starts with `series`, 0 when absent.
fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or(0.0)
}

fn requests(route: &str, method: &str, status: u16) -> String {
    format!(r#"http_requests_total{{method="{method}",route="{route}",status="{status}"}}"#)
}

#[tokio::test]
async fn counts_by_route_class_on_the_metrics_port_only() {
    let (_mock, gw) = setup(|_| {}).await;
    let (metrics_listener, metrics_url) = listener();
    tokio::spawn(gateway::metrics::server(metrics_listener).unwrap());
    let http = client();
    let scrape = || async {
        let resp = http
            .get(format!("{metrics_url}/metrics"))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 200);
        resp.text().await.unwrap()
    };

    let before = scrape().await;
    for _ in 0..2 {
        let resp = http
            .post(format!("{gw}/retailstore/api/web/v1/Order/CreateOrder"))
            .json(&json!({"email": "a@example.com"}))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 200);
    }
    for path in [
        "/retailstore/api/web/v1/Order/Detail?code=ORD-SECRET-1",
        "/uploads/private-file-name.png",
        "/identity/internal/v1/TokenStatus",
    ] {
        http.get(format!("{gw}{path}")).send().await.unwrap();
    }
    // Each worker adds its counts to the registry within a second.
    let created = requests("/retailstore/api/web/v1/Order/CreateOrder", "POST", 200);
    let web = requests("/retailstore/api/web/*", "GET", 200);
    let uploads = requests("/uploads/*", "GET", 200);
    let blocked = requests("blocked", "GET", 404);
    let expected = [
        (&created, 2.0),
        (&web, 1.0),
        (&uploads, 1.0),
        (&blocked, 1.0),
    ];
    let mut after = scrape().await;
    for _ in 0..40 {
        let arrived = |after: &str| {
            expected
                .iter()
                .all(|(series, n)| sample(after, series) - sample(&before, series) >= *n)
        };
        if arrived(&after) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        after = scrape().await;
    }
    assert_eq!(
        sample(&after, &created) - sample(&before, &created),
        2.0,
        "{after}"
    );
    assert_eq!(sample(&after, &web) - sample(&before, &web), 1.0);
    assert_eq!(sample(&after, &uploads) - sample(&before, &uploads), 1.0);
    assert_eq!(sample(&after, &blocked) - sample(&before, &blocked), 1.0);
    let latency = r#"http_request_duration_seconds_count{method="POST",route="/retailstore/api/web/v1/Order/CreateOrder",status="200"}"#;
    assert_eq!(sample(&after, latency), sample(&after, &created));
    for raw in ["ORD-SECRET-1", "private-file-name", "TokenStatus", "Detail"] {
        assert!(!after.contains(raw), "{raw} reached a label");
    }

    // The metrics listener serves nothing else.
    let other = http
        .get(format!("{metrics_url}/healthz"))
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 404);
}

#[tokio::test]
async fn the_public_port_never_serves_metrics() {
    let (mock, gw) = setup(|_| {}).await;
    let http = client();
    // Something to count first, so that a leaked registry would show.
    http.get(format!("{gw}/healthz")).send().await.unwrap();
    let echoes_before = mock
        .state
        .echo_calls
        .load(std::sync::atomic::Ordering::SeqCst);
    for path in ["/metrics", "/gateway/metrics"] {
        let resp = http.get(format!("{gw}{path}")).send().await.unwrap();
        let text = resp.text().await.unwrap();
        assert!(!text.contains("http_requests_total"), "{path}: {text}");
    }
    // A service's /metrics sits at its own root, which the gateway never forwards to:
    // /{svc}/metrics reaches the service as that path (its router answers 404).
    let resp = http
        .get(format!("{gw}/retailstore/metrics"))
        .send()
        .await
        .unwrap();
    let text = resp.text().await.unwrap();
    assert!(!text.contains("http_requests_total"), "{text}");
    let seen: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(seen["path"], "/retailstore/metrics", "{seen}");
    assert_eq!(
        mock.state
            .echo_calls
            .load(std::sync::atomic::Ordering::SeqCst),
        echoes_before + 1
    );
}
