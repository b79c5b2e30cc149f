//! Dashboard/Summary: revenue, counts and days in Vietnam time, best sellers, low stock.

use crate::support;

use reqwest::Method;
use serde_json::json;
use support::*;

const DASHBOARD: &str = "/retailstore/api/admin/v1/Dashboard/Summary";

async fn place(app: &TestApp, product: &str, quantity: i64, email: &str) -> (String, i64) {
    let order = app
        .anon()
        .post(CREATE_ORDER_PATH, &order_body(product, quantity, email))
        .await
        .ok()
        .clone();
    let code = order["code"].as_str().unwrap().to_owned();
    (code, order["total"].as_i64().unwrap())
}

async fn times(app: &TestApp, code: &str, created: &str, completed: Option<&str>) {
    let completed = completed.map_or("completed_at".to_owned(), |c| format!("'{c}'"));
    app.execute(&format!(
        "UPDATE orders SET created_at = '{created}', completed_at = {completed} WHERE code = '{code}'"
    ))
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn summary_counts_a_range_in_vietnam_days() {
    let app = TestApp::spawn_with(|c| c.max_unpaid_per_email = 0).await;
    let garena = app.stocked("Thẻ Garena 100K", "GRN", 20).await;
    let steam = app
        .product(
            json!({"name": "Steam Wallet 200K", "price": 210_000, "status": "active",
                               "lowStockThreshold": 5}),
        )
        .await;
    app.import(&steam, &codes("STM", 0..6)).await;
    let soon = app.stocked("Thẻ sắp hết hạn", "SOON", 7).await;
    let in_12h = (chrono::Utc::now() + chrono::Duration::hours(12)).to_rfc3339();
    app.post(
        BULK_PATH,
        json!({"productId": soon, "codes": codes("EXP", 0..5), "expiresAt": in_12h}),
    )
    .await;
    app.post(
        PRODUCT_CREATE,
        json!({"name": "Ẩn", "price": 1000, "status": "hidden"}),
    )
    .await
    .ok();
    app.stocked("Nhiều hàng", "MANY", 50).await;

    // Completed at 23:30 and 00:30 Vietnam time: two different days.
    let (o1, t1) = place(&app, &garena, 2, "a@vidu.vn").await;
    app.pay(&o1, t1, "tx-1").await;
    times(
        &app,
        &o1,
        "2026-11-20T10:00:00+07:00",
        Some("2026-11-20T16:30:00Z"),
    )
    .await;
    let (o2, t2) = place(&app, &steam, 1, "b@vidu.vn").await;
    app.pay(&o2, t2 + 5_000, "tx-2").await;
    times(
        &app,
        &o2,
        "2026-11-21T00:10:00+07:00",
        Some("2026-11-20T17:30:00Z"),
    )
    .await;
    let (o3, _) = place(&app, &garena, 1, "c@vidu.vn").await;
    times(&app, &o3, "2026-11-21T09:00:00+07:00", None).await;
    let (o4, _) = place(&app, &garena, 1, "d@vidu.vn").await;
    let id4 = app.order_id(&o4).await;
    app.post(ORDER_CANCEL, json!({"id": id4, "reason": "thử"}))
        .await;
    times(&app, &o4, "2026-11-21T10:00:00+07:00", None).await;
    // Outside the range.
    let (o5, t5) = place(&app, &garena, 1, "e@vidu.vn").await;
    app.pay(&o5, t5, "tx-5").await;
    times(
        &app,
        &o5,
        "2026-11-25T10:00:00+07:00",
        Some("2026-11-25T03:00:00Z"),
    )
    .await;

    let answer = app
        .get(&format!(
            "{DASHBOARD}?from=2026-11-20T00:00:00%2B07:00&to=2026-11-22T00:00:00%2B07:00"
        ))
        .await;
    let summary = answer.ok();
    assert_eq!(summary["revenue"], 100_000 + 215_000);
    assert_eq!(summary["completedOrders"], 2);
    assert_eq!(summary["codesSold"], 3);
    assert_eq!(
        summary["orderCounts"],
        json!({"pending_payment": 1, "completed": 2, "expired": 0, "cancelled": 1,
               "needs_attention": 0})
    );
    assert_eq!(
        summary["revenueByDay"],
        json!([{"date": "2026-11-20", "revenue": 100_000, "orders": 1},
               {"date": "2026-11-21", "revenue": 215_000, "orders": 1}])
    );
    assert_eq!(
        summary["topProducts"],
        json!([{"productId": steam, "name": "Steam Wallet 200K", "quantity": 1, "revenue": 210_000},
               {"productId": garena, "name": "Thẻ Garena 100K", "quantity": 2, "revenue": 100_000}])
    );
    // Sellable stock only: Steam 5 of threshold 5; the soon-expiring product 7 of 10
    // (12 available, 5 of them expiring within a day).
    assert_eq!(
        summary["lowStock"],
        json!([{"productId": steam, "name": "Steam Wallet 200K", "available": 5, "lowStockThreshold": 5},
               {"productId": soon, "name": "Thẻ sắp hết hạn", "available": 7, "lowStockThreshold": 10}])
    );
    assert_eq!(summary["from"], "2026-11-19T17:00:00Z");

    // Defaults: the last 30 days, every day listed; staff may read it.
    let answer = app
        .call(Method::GET, DASHBOARD, Some(&app.staff), None)
        .await;
    let summary = answer.ok();
    let days = summary["revenueByDay"].as_array().unwrap();
    assert!((30..=31).contains(&days.len()), "{}", days.len());
    assert!(
        days.iter()
            .all(|d| d["revenue"] == 0 || d["revenue"].as_i64().unwrap() > 0)
    );
    let expected = app
        .scalar(
            "SELECT coalesce(sum(paid_amount), 0)::bigint AS n FROM orders \
             WHERE status = 'completed' AND completed_at >= now() - interval '30 days' \
             AND completed_at < now()",
        )
        .await;
    assert_eq!(summary["revenue"], expected);

    for (query, field) in [
        ("from=yesterday", "from"),
        ("from=2026-11-22T00:00:00Z&to=2026-11-21T00:00:00Z", "to"),
        ("from=2025-01-01T00:00:00Z&to=2026-11-21T00:00:00Z", "from"),
    ] {
        let answer = app.get(&format!("{DASHBOARD}?{query}")).await;
        assert_eq!(answer.error(400, 1), [field], "{query}");
    }
    let answer = app.call(Method::GET, DASHBOARD, None, None).await;
    answer.error(401, 5);
}
