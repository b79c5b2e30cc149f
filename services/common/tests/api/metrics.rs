//! `GET /metrics` on a service's own port: request counts by route template (never the
//! raw path), pool usage, and a service's own gauges refreshed when scraped.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, LazyLock};

use actix_web::{HttpResponse, web};
use prometheus::IntGauge;
use shop_common::metrics::{self, ScrapeHook};
use shop_common::testing::{self, TestSchema};

async fn thing(path: web::Path<String>) -> HttpResponse {
    if path.as_str() == "missing" {
        HttpResponse::NotFound().finish()
    } else {
        HttpResponse::Ok().finish()
    }
}

/// The value of the sample whose line starts with `series` (name and labels), 0 if absent.
fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or(0.0)
}

async fn scrape(client: &reqwest::Client, base: &str) -> String {
    let resp = client.get(format!("{base}/metrics")).send().await.unwrap();
    assert_eq!(resp.status(), 200);
    assert!(
        resp.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain; version=0.0.4")
    );
    resp.text().await.unwrap()
}

static STOCK: LazyLock<IntGauge> = LazyLock::new(|| {
    metrics::register(IntGauge::new("test_stock", "stock seen at the last scrape").unwrap())
});

#[tokio::test]
async fn counts_requests_by_route_template_and_status() {
    let schema = TestSchema::new();
    let pool = schema.pool(3);
    let scrapes = Arc::new(AtomicI64::new(0));
    let seen = scrapes.clone();
    let hook = ScrapeHook::new(move || {
        let n = seen.fetch_add(1, Ordering::SeqCst) + 1;
        async move { STOCK.set(n * 10) }
    });
    let base = testing::serve(move |cfg| {
        cfg.app_data(web::Data::new(pool.clone()))
            .app_data(web::Data::new(hook.clone()))
            .route("/svc/api/web/v1/Thing/{code}", web::get().to(thing));
    });
    let client = testing::client();

    let before = scrape(&client, &base).await;
    assert_eq!(sample(&before, "test_stock"), 10.0, "hook ran on scrape");
    for code in ["ABC-123", "XYZ-999", "missing"] {
        client
            .get(format!("{base}/svc/api/web/v1/Thing/{code}?q=secret"))
            .send()
            .await
            .unwrap();
    }
    client
        .get(format!("{base}/no/such/path/4711"))
        .send()
        .await
        .unwrap();
    let after = scrape(&client, &base).await;

    let ok =
        r#"http_requests_total{method="GET",route="/svc/api/web/v1/Thing/{code}",status="200"}"#;
    let not_found =
        r#"http_requests_total{method="GET",route="/svc/api/web/v1/Thing/{code}",status="404"}"#;
    assert_eq!(sample(&after, ok) - sample(&before, ok), 2.0, "{after}");
    assert_eq!(sample(&after, not_found) - sample(&before, not_found), 1.0);
    let unmatched = r#"http_requests_total{method="GET",route="unmatched",status="404"}"#;
    assert_eq!(sample(&after, unmatched) - sample(&before, unmatched), 1.0);
    let histogram = r#"http_request_duration_seconds_count{method="GET",route="/svc/api/web/v1/Thing/{code}",status="200"}"#;
    assert_eq!(sample(&after, histogram), sample(&after, ok));

    // No raw path, id or query ever becomes a label.
    for raw in ["ABC-123", "XYZ-999", "secret", "4711", "/no/such"] {
        assert!(!after.contains(raw), "{raw} leaked into labels");
    }

    // Pool usage comes from the pool the app holds.
    assert_eq!(sample(&after, r#"db_pool_connections{state="max"}"#), 3.0);
    assert!(after.contains(r#"db_pool_connections{state="waiting"}"#));
    assert!(after.contains(r#"db_pool_connections{state="in_use"}"#));
    assert_eq!(sample(&after, "test_stock"), 20.0);
}

#[tokio::test]
async fn metrics_are_not_enveloped_and_refuse_other_methods() {
    let base = testing::serve(|_| {});
    let client = testing::client();
    scrape(&client, &base).await;
    // Plain Prometheus text, counting the scrape before it.
    let text = scrape(&client, &base).await;
    assert!(
        text.contains("# TYPE http_requests_total counter"),
        "{text}"
    );
    assert!(text.contains(r#"http_requests_total{method="GET",route="/metrics",status="200"}"#));
    assert!(!text.trim_start().starts_with('{'));
    let resp = client.post(format!("{base}/metrics")).send().await.unwrap();
    assert_ne!(resp.status(), 200);
}

/// The outbox backlog: rows not yet relayed and the age of the oldest, relayed rows left
/// out, read from the service's own `outbox` table.
#[tokio::test]
async fn outbox_backlog_counts_unrelayed_rows_and_the_oldest_age() {
    let schema = TestSchema::new();
    schema
        .execute(&format!("CREATE SCHEMA \"{}\"", schema.name))
        .await;
    schema
        .execute(
            "CREATE TABLE outbox (id uuid PRIMARY KEY, created_at timestamptz NOT NULL, \
             relayed_at timestamptz)",
        )
        .await;
    schema
        .execute(
            "INSERT INTO outbox VALUES \
             (gen_random_uuid(), now() - interval '10 minutes', NULL), \
             (gen_random_uuid(), now() - interval '1 minute', NULL), \
             (gen_random_uuid(), now() - interval '1 hour', now())",
        )
        .await;
    let backlog = metrics::outbox_backlog().unwrap();
    backlog.refresh(&schema.pool(1)).await;
    let text = metrics::render();
    assert_eq!(sample(&text, "shop_outbox_pending"), 2.0, "{text}");
    let oldest = sample(&text, "shop_outbox_oldest_pending_seconds");
    assert!((600.0..660.0).contains(&oldest), "{oldest}");
}
