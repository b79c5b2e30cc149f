//! retailstore's `/metrics`: orders created, completed and expired, codes available per
//! product, and CreateOrder counted under its route template.

use crate::support;

use support::*;

/// The value of the sample whose line starts with `series`, 0 when absent.
fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or(0.0)
}

async fn scrape(app: &TestApp) -> String {
    let resp = app.client.get(app.url("/metrics")).send().await.unwrap();
    assert_eq!(resp.status(), 200);
    resp.text().await.unwrap()
}

const CREATED: &str = "shop_orders_created_total";
const COMPLETED: &str = "shop_orders_completed_total";
const EXPIRED: &str = "shop_orders_expired_total";

#[tokio::test]
async fn orders_and_stock_are_counted() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "GRN", 3).await;

    let before = scrape(&app).await;
    for name in [CREATED, COMPLETED, EXPIRED] {
        assert!(
            before.contains(&format!("# TYPE {name} counter")),
            "{before}"
        );
    }
    assert_eq!(
        sample(
            &before,
            &format!(r#"shop_codes_available{{product_id="{product}"}}"#)
        ),
        3.0,
        "{before}"
    );

    // Refused: more codes than the stock holds. Nothing is counted.
    let answer = app
        .anon()
        .post(CREATE_ORDER_PATH, &order_body(&product, 5, "a@vidu.vn"))
        .await;
    answer.error(409, 400);

    let paid = app
        .anon()
        .post(CREATE_ORDER_PATH, &order_body(&product, 1, "a@vidu.vn"))
        .await
        .ok()
        .clone();
    let paid_code = paid["code"].as_str().unwrap();
    let price = paid["total"].as_i64().unwrap();
    let done = app.pay(paid_code, price, "metrics-tx-1").await;
    assert_eq!(done["status"], "completed", "{done}");

    let late = app
        .anon()
        .post(CREATE_ORDER_PATH, &order_body(&product, 1, "b@vidu.vn"))
        .await
        .ok()
        .clone();
    let late_id = app.order_id(late["code"].as_str().unwrap()).await;
    app.make_due(&late_id).await;
    let swept = retailstore::orders::expiry::sweep(&app.pool, &app.notifier)
        .await
        .unwrap();
    assert_eq!(swept.orders, 1);

    let after = scrape(&app).await;
    assert_eq!(
        sample(&after, CREATED) - sample(&before, CREATED),
        2.0,
        "{after}"
    );
    assert_eq!(sample(&after, COMPLETED) - sample(&before, COMPLETED), 1.0);
    assert_eq!(sample(&after, EXPIRED) - sample(&before, EXPIRED), 1.0);
    let route =
        r#"http_requests_total{method="POST",route="/retailstore/api/web/v1/Order/CreateOrder","#;
    let refused = format!(r#"{route}status="409"}}"#);
    let created = format!(r#"{route}status="200"}}"#);
    assert_eq!(sample(&after, &refused), 1.0, "{after}");
    assert_eq!(sample(&after, &created), 2.0);
    // Order codes never become labels.
    assert!(!after.contains(paid_code));
}
