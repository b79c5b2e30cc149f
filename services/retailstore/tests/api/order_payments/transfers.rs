//! Bank transfers reaching orders through the internal ConfirmPayment: once per
//! transaction, short payments adding up, races, and late or unwanted money following
//! the order state machine (docs/buying-flow.md).

use crate::support;

use std::sync::Arc;

use serde_json::{Value, json};
use support::*;

#[tokio::test(flavor = "multi_thread")]
async fn a_bank_transfer_completes_the_order_once() {
    let app = TestApp::spawn().await;
    let (product, order, id) = app.ordered(5, 2, "a@vidu.vn").await;
    let code = order["code"].as_str().unwrap();
    let token = order["accessToken"].as_str().unwrap();

    // The memo's case does not matter.
    let paid = app.pay(&code.to_lowercase(), 100_000, "tx-1").await;
    assert_eq!(
        paid,
        json!({"orderId": id, "orderCode": code, "status": "completed",
               "paymentStatus": "paid", "applied": true, "outcome": "applied"})
    );
    assert_eq!(app.stock(&product, false).await, (3, 0, 2, 0));
    assert_eq!(app.stock(&product, true).await, (3, 0, 2, 0));

    // The shopper now sees the codes, in clear.
    let detail = app.shopper_detail(code, token).await;
    let detail = detail.ok().clone();
    assert_eq!(detail["status"], "completed");
    assert_eq!(detail["paidAmount"], 100_000);
    assert!(detail["paidAt"].is_string() && detail["completedAt"].is_string());
    let codes = detail["items"][0]["codes"].as_array().unwrap();
    assert_eq!(codes.len(), 2);
    for c in codes {
        assert_eq!(c.as_object().unwrap().len(), 4, "{c}");
        assert_eq!(
            (&c["serial"], &c["replacement"]),
            (&Value::Null, &json!(false))
        );
        assert!(c["code"].as_str().unwrap().starts_with('P'));
    }
    let admin = app.admin_detail(&id).await;
    assert_eq!(
        event_types(&admin),
        ["created", "payment_received", "completed"]
    );
    assert_eq!(
        admin["payments"],
        json!([{"transactionId": "tx-1", "amount": 100_000, "paidAt": admin["payments"][0]["paidAt"],
                "source": "webhook", "actor": null, "note": null, "linkedTransactionId": null,
                "recordedAt": admin["payments"][0]["recordedAt"]}])
    );
    assert!(admin["payments"][0]["recordedAt"].is_string());

    // The same transaction again changes nothing.
    let before = app.schema.dump("serial_codes").await;
    let again = app.pay(code, 100_000, "tx-1").await;
    assert_eq!(
        (again["applied"].clone(), again["outcome"].clone()),
        (json!(false), json!("already_applied"))
    );
    assert_eq!(app.schema.dump("serial_codes").await, before);

    // More money on a completed order: recorded, overpaid, still completed.
    let extra = app.pay(code, 5_000, "tx-2").await;
    assert_eq!(
        (extra["status"].clone(), extra["paymentStatus"].clone()),
        (json!("completed"), json!("overpaid"))
    );
    assert_eq!(app.stock(&product, false).await, (3, 0, 2, 0));
}

#[tokio::test(flavor = "multi_thread")]
async fn short_payments_add_up() {
    let app = TestApp::spawn().await;
    let (product, order, id) = app.ordered(3, 2, "a@vidu.vn").await;
    let code = order["code"].as_str().unwrap();
    let first = app.pay(code, 40_000, "tx-a").await;
    assert_eq!(
        (first["status"].clone(), first["paymentStatus"].clone()),
        (json!("pending_payment"), json!("partially_paid"))
    );
    assert_eq!(app.stock(&product, false).await, (1, 2, 0, 0));
    let detail = app
        .shopper_detail(code, order["accessToken"].as_str().unwrap())
        .await;
    assert_eq!(detail["result"]["items"][0]["codes"], Value::Null);
    assert_eq!(detail["result"]["paidAmount"], 40_000);
    let second = app.pay(code, 60_000, "tx-b").await;
    assert_eq!(
        (second["status"].clone(), second["paymentStatus"].clone()),
        (json!("completed"), json!("paid"))
    );
    assert_eq!(app.stock(&product, false).await, (1, 0, 2, 0));
    let admin = app.admin_detail(&id).await;
    assert_eq!(admin["paidAmount"], 100_000);
    assert_eq!(admin["payments"].as_array().unwrap().len(), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_deliveries_of_one_transfer_count_once() {
    let app = Arc::new(TestApp::spawn().await);
    let (product, order, id) = app.ordered(4, 3, "a@vidu.vn").await;
    let code = order["code"].as_str().unwrap().to_owned();
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let app = app.clone();
            let code = code.clone();
            tokio::spawn(async move { app.pay(&code, 150_000, "tx-same").await })
        })
        .collect();
    let mut outcomes = Vec::new();
    for task in tasks {
        outcomes.push(task.await.unwrap()["outcome"].as_str().unwrap().to_owned());
    }
    assert_eq!(outcomes.iter().filter(|o| *o == "applied").count(), 1);
    assert_eq!(
        outcomes.iter().filter(|o| *o == "already_applied").count(),
        19
    );
    assert_eq!(
        app.scalar(&format!(
            "SELECT count(*) AS n FROM order_payments WHERE order_id = '{id}'"
        ))
        .await,
        1
    );
    assert_eq!(
        app.scalar(&format!(
            "SELECT paid_amount AS n FROM orders WHERE id = '{id}'"
        ))
        .await,
        150_000
    );
    assert_eq!(app.stock(&product, false).await, (1, 0, 3, 0));
    assert_eq!(app.stock(&product, true).await, (1, 0, 3, 0));
    let admin = app.admin_detail(&id).await;
    assert_eq!(
        event_types(&admin),
        ["created", "payment_received", "completed"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn late_and_unwanted_money_follows_the_state_machine() {
    let app = TestApp::spawn().await;

    // Expired, then paid in full while stock allows: codes reserved again, completed.
    let (product, order, id) = app.ordered(3, 2, "a@vidu.vn").await;
    let swept = app.expire(&id).await;
    assert_eq!((swept.orders, swept.codes), (1, 2));
    assert_eq!(app.stock(&product, false).await, (3, 0, 0, 0));
    let detail = app
        .shopper_detail(
            order["code"].as_str().unwrap(),
            order["accessToken"].as_str().unwrap(),
        )
        .await;
    assert_eq!(detail["result"]["status"], "expired");
    let paid = app
        .pay(order["code"].as_str().unwrap(), 100_000, "late-1")
        .await;
    assert_eq!(paid["status"], "completed");
    assert_eq!(app.stock(&product, false).await, (1, 0, 2, 0));
    assert_eq!(
        event_types(&app.admin_detail(&id).await),
        [
            "created",
            "expired",
            "payment_received",
            "codes_reserved",
            "completed"
        ]
    );

    // Expired, then paid in full when the stock is gone: needs attention.
    let (product, order, id) = app.ordered(2, 2, "b@vidu.vn").await;
    app.expire(&id).await;
    app.order_of(&product, 2, "c@vidu.vn").await;
    let paid = app
        .pay(order["code"].as_str().unwrap(), 100_000, "late-2")
        .await;
    assert_eq!(
        (paid["status"].clone(), paid["paymentStatus"].clone()),
        (json!("needs_attention"), json!("paid"))
    );
    let admin = app.admin_detail(&id).await;
    assert_eq!(event_types(&admin).last().unwrap(), "needs_attention");
    assert!(
        admin["events"].as_array().unwrap().last().unwrap()["message"]
            .as_str()
            .unwrap()
            .contains("0 mã")
    );
    assert_eq!(app.stock(&product, false).await, (0, 2, 0, 0));
    // Stock arrives; staff retries the delivery with a manual confirmation of 0 đ.
    app.import(&product, &codes("RESTOCK", 0..2)).await;
    let answer = app
        .with_headers(&[("idempotency-key", "retry-1")])
        .post(ORDER_CONFIRM, &json!({"id": id, "amount": 0}))
        .await;
    assert_eq!(answer.ok()["status"], "completed");
    assert_eq!(app.stock(&product, false).await, (0, 2, 2, 0));

    // Short after expiry: needs attention, nothing reserved.
    let (product, order, id) = app.ordered(2, 2, "d@vidu.vn").await;
    app.expire(&id).await;
    let paid = app
        .pay(order["code"].as_str().unwrap(), 30_000, "late-3")
        .await;
    assert_eq!(
        (paid["status"].clone(), paid["paymentStatus"].clone()),
        (json!("needs_attention"), json!("partially_paid"))
    );
    assert_eq!(app.stock(&product, false).await, (2, 0, 0, 0));

    // Partly paid when it expires: needs attention at once, codes released.
    let (product, order, id) = app.ordered(2, 2, "e@vidu.vn").await;
    app.pay(order["code"].as_str().unwrap(), 30_000, "part-4")
        .await;
    app.expire(&id).await;
    assert_eq!(app.admin_detail(&id).await["status"], "needs_attention");
    assert_eq!(app.stock(&product, false).await, (2, 0, 0, 0));

    // Money for a cancelled order: needs attention, codes stay in stock.
    let (product, order, id) = app.ordered(2, 1, "f@vidu.vn").await;
    let answer = app
        .post(ORDER_CANCEL, json!({"id": id, "reason": "hết nhu cầu"}))
        .await;
    answer.ok();
    let paid = app
        .pay(order["code"].as_str().unwrap(), 50_000, "after-cancel")
        .await;
    assert_eq!(paid["status"], "needs_attention");
    assert_eq!(app.stock(&product, false).await, (2, 0, 0, 0));
    let admin = app.admin_detail(&id).await;
    assert_eq!(
        event_types(&admin),
        [
            "created",
            "cancelled",
            "payment_received",
            "needs_attention"
        ]
    );
}
