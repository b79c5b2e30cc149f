//! The deliveries: the admin list (filters, masked recipients), Resend, and an order's
//! deliveries for retailstore.

use reqwest::Method;
use serde_json::json;
use shop_common::internal::Caller;
use shop_common::testing::attacks;
use system::routes::{
    ADMIN_NOTIFICATION_PAGINATION as PAGINATION, ADMIN_NOTIFICATION_RESEND as RESEND,
    ADMIN_NOTIFICATION_SETTINGS as SETTINGS, INTERNAL_NOTIFICATION_BY_ORDER as BY_ORDER,
};
use uuid::Uuid;

use super::{SHOPPER, codes_ready, enqueue, smtp_app};

#[tokio::test(flavor = "multi_thread")]
async fn the_list_filters_and_masks_and_resend_revives_failed_ones() {
    let (_catcher, app) = smtp_app(&[]).await;
    app.put(
        SETTINGS,
        json!({ "sellerEmails": ["owner@example.vn"], "events": { "sellerOrderPaid": true } }),
    )
    .await
    .ok();
    enqueue(&app, &codes_ready("DHLIST0001", SHOPPER)).await;
    enqueue(&app, &codes_ready("DHLIST0002", "broken address")).await;
    let worker = app.worker();
    worker.run_once().await.unwrap();
    worker.run_once().await.unwrap();

    let all = app.get(PAGINATION).await;
    assert_eq!(all.ok()["totalCount"], 5, "{all}");
    let items = all.items();
    assert!(
        items
            .iter()
            .all(|i| !i["recipient"].as_str().unwrap().contains("nguyen.van"))
    );
    assert!(items.iter().any(|i| i["recipient"] == "ng***@example.vn"));

    let failed = app.get(&format!("{PAGINATION}?status=failed")).await;
    let failed = failed.items();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0]["orderCode"], "DHLIST0002");
    assert_eq!(failed[0]["status"], "failed");
    assert_eq!(failed[0]["attempts"], 1);
    assert!(!failed[0]["lastError"].as_str().unwrap().is_empty());

    let by_code = app.get(&format!("{PAGINATION}?keyword=dhlist0001")).await;
    assert_eq!(by_code.ok()["totalCount"], 2);
    let seller = app
        .get(&format!(
            "{PAGINATION}?keyword=owner&event=codes_ready&channel=email"
        ))
        .await;
    assert_eq!(seller.ok()["totalCount"], 2);
    let alerts = app
        .get(&format!("{PAGINATION}?event=delivery_failed"))
        .await;
    assert_eq!(alerts.ok()["totalCount"], 1);
    let future = app
        .get(&format!("{PAGINATION}?from=2999-01-01T00:00:00Z"))
        .await;
    assert_eq!(future.ok()["totalCount"], 0);
    let oldest = app
        .get(&format!(
            "{PAGINATION}?sortBy=createdAt&sortDir=asc&pageSize=1"
        ))
        .await;
    assert_eq!(oldest.items().len(), 1);
    let bad = app
        .get(&format!(
            "{PAGINATION}?status=lost&channel=fax&event=x&from=yesterday"
        ))
        .await;
    let mut fields = bad.error(400, 1);
    fields.sort();
    assert_eq!(fields, ["channel", "event", "from", "status"]);
    app.as_staff().get(PAGINATION).await.error(403, 6);

    // Resend: failed → pending (attempts kept); the worker tries again.
    let id = failed[0]["id"].as_str().unwrap().to_owned();
    let again = app.post(RESEND, json!({ "id": id })).await;
    assert_eq!(again.ok()["status"], "pending");
    assert_eq!(again.ok()["attempts"], 1);
    worker.run_once().await.unwrap();
    let row = app
        .lines(&format!(
            "SELECT concat_ws('|', status, attempts) AS line FROM notification_deliveries WHERE id = '{id}'"
        ))
        .await;
    assert_eq!(row, ["failed|2"]);
    // A sent one: code 404 (HTTP 409); an unknown id: code 2.
    let sent = app
        .get(&format!("{PAGINATION}?status=sent&pageSize=1"))
        .await
        .items();
    app.post(RESEND, json!({ "id": sent[0]["id"] }))
        .await
        .error(409, 404);
    app.post(RESEND, json!({ "id": Uuid::new_v4() }))
        .await
        .error(404, 2);
    app.post(RESEND, json!({})).await.error(400, 1);

    // ByOrder (internal), for the admin order page.
    let by_order = app
        .as_caller(Caller::Retailstore)
        .get(&format!("{BY_ORDER}?orderCode=dhlist0001"))
        .await;
    let items = by_order.ok()["items"].as_array().unwrap().clone();
    assert_eq!(items.len(), 2);
    assert!(items.iter().all(|i| i["orderCode"] == "DHLIST0001"));
    assert!(items.iter().all(|i| i["orderId"].is_string()));
    assert!(
        items
            .iter()
            .any(|i| i["audience"] == "shopper" && i["status"] == "sent")
    );
    app.get(&format!("{BY_ORDER}?orderCode=DHLIST0001"))
        .await
        .error(401, 5);
    // Only retailstore reads an order's deliveries.
    let path = format!("{BY_ORDER}?orderCode=DHLIST0001");
    attacks::assert_internal_callers(&app.http, Method::GET, &path, None, &[Caller::Retailstore])
        .await;
}
