//! Money that cannot complete an order by itself waits for staff: money on a cancelled
//! order (one transfer or several), late money beyond its bounds (more than 24 h after
//! expiry, a product no longer active at the same price). Staff decide with Deliver or
//! RecordRefund, each audited.

use crate::support;

use serde_json::json;
use support::*;

const ORDER_DELIVER: &str = "/retailstore/api/admin/v1/Order/Deliver";
const ORDER_REFUND: &str = "/retailstore/api/admin/v1/Order/RecordRefund";

#[tokio::test(flavor = "multi_thread")]
async fn money_on_a_cancelled_order_waits_for_staff_in_one_transfer_or_several() {
    let app = TestApp::spawn().await;
    let staff = app.as_staff();
    let (product, order, id) = app.ordered(3, 2, "a@vidu.vn").await;
    let code = order["code"].as_str().unwrap();
    app.post(ORDER_CANCEL, json!({"id": id, "reason": "khách đổi ý"}))
        .await
        .ok();
    // Two transfers that add up to the total: the order never completes by itself.
    let first = app.pay(code, 40_000, "tx-1").await;
    assert_eq!(first["status"], "needs_attention");
    let second = app.pay(code, 60_000, "tx-2").await;
    assert_eq!(
        (second["status"].clone(), second["paymentStatus"].clone()),
        (json!("needs_attention"), json!("paid"))
    );
    assert_eq!(app.stock(&product, false).await, (3, 0, 0, 0));
    // The shopper and the seller hear of it, once per transfer.
    assert_eq!(app.outbox_count("needs_attention").await, 2);
    // Staff retrying the automatic delivery (a manual 0 đ) changes nothing either.
    let retry = app
        .with_headers(&[("idempotency-key", "retry-0")])
        .post(ORDER_CONFIRM, json!({"id": id, "amount": 0}))
        .await;
    assert_eq!(retry.ok()["status"], "needs_attention");
    assert_eq!(app.stock(&product, false).await, (3, 0, 0, 0));

    // Staff decide to deliver: codes taken from stock again, sold, order completed.
    let audit = app.audit().await.len();
    let delivered = staff
        .post(
            ORDER_DELIVER,
            json!({"id": id, "note": "khách vẫn muốn nhận"}),
        )
        .await;
    let delivered = delivered.ok().clone();
    assert_eq!(delivered["status"], "completed");
    assert_eq!(app.stock(&product, false).await, (1, 0, 2, 0));
    let events = delivered["events"].as_array().unwrap();
    let last = events.last().unwrap();
    assert_eq!(
        (last["type"].as_str(), last["actor"].as_str()),
        (Some("completed"), Some("test-staff"))
    );
    let audit_rows = app.audit().await;
    assert_eq!(audit_rows.len(), audit + 1);
    assert!(
        audit_rows
            .last()
            .unwrap()
            .contains(&format!("|order_deliver|{code}|")),
        "{audit_rows:?}"
    );
    assert_eq!(app.outbox_count("codes_ready").await, 1);
    let shopper = app
        .shopper_detail(code, order["accessToken"].as_str().unwrap())
        .await;
    assert_eq!(
        shopper.ok()["items"][0]["codes"].as_array().unwrap().len(),
        2
    );
    // Only once.
    staff
        .post(ORDER_DELIVER, json!({"id": id}))
        .await
        .error(409, 404);
}

#[tokio::test(flavor = "multi_thread")]
async fn staff_record_refunds_up_to_what_was_paid() {
    let app = TestApp::spawn().await;
    let staff = app.as_staff();
    let (product, order, id) = app.ordered(2, 2, "a@vidu.vn").await;
    let code = order["code"].as_str().unwrap();
    app.post(ORDER_CANCEL, json!({"id": id, "reason": "hết hàng"}))
        .await
        .ok();
    assert_eq!(
        app.pay(code, 100_000, "tx-1").await["status"],
        "needs_attention"
    );
    // Not covered: no delivery; refusals change nothing.
    for (body, fields) in [
        (json!({"id": id}), vec!["amount", "note"]),
        (json!({"id": id, "amount": 0, "note": "x"}), vec!["amount"]),
        (
            json!({"id": id, "amount": 100_001, "note": "CK hoàn"}),
            vec!["amount"],
        ),
    ] {
        let answer = staff.post(ORDER_REFUND, &body).await;
        assert_eq!(answer.error(400, 1), fields, "{body}");
    }
    let partial = staff
        .post(
            ORDER_REFUND,
            json!({"id": id, "amount": 60_000, "note": "CK hoàn 60k"}),
        )
        .await;
    let partial = partial.ok().clone();
    assert_eq!(
        (partial["status"].clone(), partial["refundedAmount"].clone()),
        (json!("needs_attention"), json!(60_000))
    );
    // What is left is less than the total: no delivery now.
    staff
        .post(ORDER_DELIVER, json!({"id": id}))
        .await
        .error(409, 404);
    let rest = staff
        .post(
            ORDER_REFUND,
            json!({"id": id, "amount": 40_000, "note": "CK hoàn nốt"}),
        )
        .await;
    let rest = rest.ok().clone();
    assert_eq!(
        (
            rest["status"].clone(),
            rest["refundedAmount"].clone(),
            rest["paidAmount"].clone()
        ),
        (json!("cancelled"), json!(100_000), json!(100_000))
    );
    assert_eq!(
        event_types(&rest)[event_types(&rest).len() - 2..],
        ["refund_recorded", "refund_recorded"]
    );
    staff
        .post(ORDER_REFUND, json!({"id": id, "amount": 1, "note": "x"}))
        .await
        .error(409, 404);
    let refunds: Vec<String> = app
        .audit()
        .await
        .into_iter()
        .filter(|line| line.contains("|order_record_refund|"))
        .collect();
    assert_eq!(refunds.len(), 2, "{refunds:?}");
    assert!(
        refunds[0].starts_with(&format!("test-staff|order_record_refund|{code}|")),
        "{refunds:?}"
    );
    assert_eq!(app.stock(&product, false).await, (2, 0, 0, 0));

    // On a completed order only the money on top of the total goes back.
    let (_, order, id) = app.ordered(2, 1, "b@vidu.vn").await;
    app.pay(order["code"].as_str().unwrap(), 70_000, "tx-9")
        .await;
    staff
        .post(
            ORDER_REFUND,
            json!({"id": id, "amount": 20_001, "note": "x"}),
        )
        .await
        .error(400, 1);
    let back = staff
        .post(
            ORDER_REFUND,
            json!({"id": id, "amount": 20_000, "note": "trả thừa"}),
        )
        .await;
    assert_eq!(
        (
            back.ok()["status"].clone(),
            back.ok()["refundedAmount"].clone()
        ),
        (json!("completed"), json!(20_000))
    );
    // Unknown orders and anonymous callers.
    let unknown = json!({"id": uuid::Uuid::new_v4(), "amount": 1, "note": "x"});
    staff.post(ORDER_REFUND, &unknown).await.error(404, 403);
    app.anon()
        .post(ORDER_DELIVER, json!({"id": id}))
        .await
        .error(401, 5);
}

#[tokio::test(flavor = "multi_thread")]
async fn late_money_reserves_codes_only_within_a_day_at_the_same_price() {
    let app = TestApp::spawn().await;

    // More than 24 h after expiry (database time: expires_at set back): staff decide.
    let (product, order, id) = app.ordered(3, 1, "a@vidu.vn").await;
    app.expire(&id).await;
    app.execute(&format!(
        "UPDATE orders SET expires_at = now() - interval '25 hours' WHERE id = '{id}'"
    ))
    .await;
    let paid = app
        .pay(order["code"].as_str().unwrap(), 50_000, "late-1")
        .await;
    assert_eq!(paid["status"], "needs_attention");
    assert_eq!(app.stock(&product, false).await, (3, 0, 0, 0));
    let message = app.admin_detail(&id).await["events"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(message.contains("24 giờ"), "{message}");
    // A short payment then a top-up that comes too late: still staff's decision.
    let (_, order, late) = app.ordered(3, 2, "b@vidu.vn").await;
    app.expire(&late).await;
    let code = order["code"].as_str().unwrap();
    assert_eq!(
        app.pay(code, 30_000, "late-2a").await["status"],
        "needs_attention"
    );
    app.execute(&format!(
        "UPDATE orders SET expires_at = now() - interval '2 days' WHERE id = '{late}'"
    ))
    .await;
    assert_eq!(
        app.pay(code, 70_000, "late-2b").await["status"],
        "needs_attention"
    );
    // Staff may still deliver it.
    let delivered = app.as_staff().post(ORDER_DELIVER, json!({"id": id})).await;
    assert_eq!(delivered.ok()["status"], "completed");
    assert_eq!(app.stock(&product, false).await, (2, 0, 1, 0));

    // Within the day but the price changed, or the product was hidden: staff decide.
    for change in [json!({"price": 60_000}), json!({"status": "hidden"})] {
        let (product, order, id) = app.ordered(3, 1, "c@vidu.vn").await;
        app.expire(&id).await;
        let mut update = change.clone();
        update["id"] = json!(product);
        app.put(PRODUCT_UPDATE, update).await.ok();
        let paid = app
            .pay(order["code"].as_str().unwrap(), 50_000, "late-3")
            .await;
        assert_eq!(paid["status"], "needs_attention", "{change}");
        assert_eq!(app.stock(&product, false).await, (3, 0, 0, 0), "{change}");
    }

    // Within the day, same price, still active: codes reserved again, completed.
    let (product, order, id) = app.ordered(3, 1, "d@vidu.vn").await;
    app.expire(&id).await;
    app.execute(&format!(
        "UPDATE orders SET expires_at = now() - interval '23 hours' WHERE id = '{id}'"
    ))
    .await;
    let paid = app
        .pay(order["code"].as_str().unwrap(), 50_000, "late-4")
        .await;
    assert_eq!(paid["status"], "completed");
    assert_eq!(app.stock(&product, false).await, (2, 0, 1, 0));

    // Staff may cancel an expired order; money arriving afterwards waits for them.
    let (product, order, id) = app.ordered(3, 1, "e@vidu.vn").await;
    app.expire(&id).await;
    let cancelled = app
        .as_staff()
        .post(
            ORDER_CANCEL,
            json!({"id": id, "reason": "không giữ đơn quá hạn"}),
        )
        .await;
    let cancelled = cancelled.ok().clone();
    assert_eq!(cancelled["status"], "cancelled");
    assert!(cancelled["cancelledAt"].is_string());
    let paid = app
        .pay(order["code"].as_str().unwrap(), 50_000, "late-5")
        .await;
    assert_eq!(paid["status"], "needs_attention");
    assert_eq!(app.stock(&product, false).await, (3, 0, 0, 0));
}
