//! Staff's manual ConfirmPayment: the transfer behind it recognised, its refusals, and
//! its Idempotency-Key.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use support::*;
use uuid::Uuid;

#[tokio::test(flavor = "multi_thread")]
async fn a_manual_payment_is_recognised_when_the_transfer_arrives() {
    let app = TestApp::spawn().await;
    let (product, order, id) = app.ordered(3, 2, "a@vidu.vn").await;
    let code = order["code"].as_str().unwrap();
    let staff = app.tokens.token_named(
        Uuid::new_v4(),
        "nhanvien.binh",
        shop_common::auth::Role::Staff,
    );
    let body = json!({"id": id, "amount": 100_000, "note": "khách chuyển qua MoMo"});
    let confirm = |key: &'static str, body: Value| {
        let staff = staff.clone();
        let app = &app;
        async move {
            app.send(
                Method::POST,
                ORDER_CONFIRM,
                Some(&staff),
                &[("idempotency-key", key)],
                Some(&body),
            )
            .await
        }
    };
    let first = confirm("manual-1", body.clone()).await;
    let detail = first.ok().clone();
    assert_eq!(detail["status"], "completed");
    assert_eq!(detail["id"], id.as_str());
    let payment = &detail["payments"][0];
    assert!(
        payment["transactionId"]
            .as_str()
            .unwrap()
            .starts_with("manual:")
    );
    assert_eq!(
        (
            payment["source"].clone(),
            payment["actor"].clone(),
            payment["note"].clone()
        ),
        (
            json!("manual"),
            json!("nhanvien.binh"),
            json!("khách chuyển qua MoMo")
        )
    );
    assert_eq!(app.stock(&product, false).await, (1, 0, 2, 0));

    // Replays: the same answer; another body: 406.
    let again = confirm("manual-1", body.clone()).await;
    assert_eq!((again.status, &again), (200, &first));
    let answer = confirm("manual-1", json!({"id": id, "amount": 1})).await;
    answer.error(409, 406);

    // The bank transfer behind it arrives: linked, not counted.
    let linked = app.pay(code, 100_000, "bank-77").await;
    assert_eq!(
        (linked["applied"].clone(), linked["outcome"].clone()),
        (json!(false), json!("duplicate_of_manual"))
    );
    let admin = app.admin_detail(&id).await;
    assert_eq!(admin["paidAmount"], 100_000);
    assert_eq!(admin["paymentStatus"], "paid");
    assert_eq!(admin["payments"].as_array().unwrap().len(), 1);
    assert_eq!(admin["payments"][0]["linkedTransactionId"], "bank-77");
    assert_eq!(event_types(&admin).last().unwrap(), "payment_duplicate");
    let again = app.pay(code, 100_000, "bank-77").await;
    assert_eq!(again["outcome"], "already_applied");
    // Another transfer of the same amount is real money.
    let more = app.pay(code, 100_000, "bank-78").await;
    assert_eq!(
        (more["outcome"].clone(), more["paymentStatus"].clone()),
        (json!("applied"), json!("overpaid"))
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn manual_confirm_payment_refusals() {
    let app = TestApp::spawn().await;
    let (_, _, id) = app.ordered(3, 1, "a@vidu.vn").await;
    let before = app.schema.dump("serial_codes").await;
    let answer = app
        .post(ORDER_CONFIRM, json!({"id": id, "amount": 50_000}))
        .await;
    assert_eq!(answer.error(400, 1), ["Idempotency-Key"]);
    for (body, fields) in [
        (json!({}), vec!["id", "amount"]),
        (json!({"id": id, "amount": -1}), vec!["amount"]),
        (
            json!({"id": id, "amount": 1, "note": "n".repeat(501)}),
            vec!["note"],
        ),
        (json!({"id": id, "amount": 0}), vec!["amount"]),
    ] {
        let answer = app
            .with_headers(&[("idempotency-key", "k-bad")])
            .post(ORDER_CONFIRM, &body)
            .await;
        assert_eq!(answer.error(400, 1), fields, "{body}");
    }
    let answer = app
        .with_headers(&[("idempotency-key", "k-none")])
        .post(ORDER_CONFIRM, &json!({"id": Uuid::new_v4(), "amount": 1}))
        .await;
    answer.error(404, 403);
    let answer = app
        .call(
            Method::POST,
            ORDER_CONFIRM,
            None,
            Some(&json!({"id": id, "amount": 1})),
        )
        .await;
    answer.error(401, 5);
    assert_eq!(app.schema.dump("serial_codes").await, before);
    // Completed and cancelled orders take no manual payment.
    let status = app
        .with_headers(&[("idempotency-key", "k-ok")])
        .post(ORDER_CONFIRM, &json!({"id": id, "amount": 50_000}))
        .await
        .status;
    assert_eq!(status, 200);
    let answer = app
        .with_headers(&[("idempotency-key", "k-late")])
        .post(ORDER_CONFIRM, &json!({"id": id, "amount": 1}))
        .await;
    answer.error(409, 404);
    let (_, _, other) = app.ordered(1, 1, "b@vidu.vn").await;
    app.post(ORDER_CANCEL, json!({"id": other, "reason": "hủy"}))
        .await;
    let answer = app
        .with_headers(&[("idempotency-key", "k-c")])
        .post(ORDER_CONFIRM, &json!({"id": other, "amount": 1}))
        .await;
    answer.error(409, 404);
}

/// A manual payment's id is made of the order and the Idempotency-Key: once the key's
/// 24-hour replay is gone, the key again on the same order is "already applied" (code 3,
/// nothing counted or audited), and on another order it is another payment.
#[tokio::test(flavor = "multi_thread")]
async fn a_manual_payment_key_reused_after_its_replay_is_per_order() {
    let app = TestApp::spawn().await;
    let (_, _, first) = app.ordered(3, 2, "a@vidu.vn").await;
    let (_, _, second) = app.ordered(3, 2, "b@vidu.vn").await;
    let key = [("idempotency-key", "manual-reused")];
    let body = |id: &str| json!({"id": id, "amount": 40_000});
    app.with_headers(&key)
        .post(ORDER_CONFIRM, body(&first))
        .await
        .ok();
    // A day later: the replay is gone.
    app.execute("DELETE FROM idempotency_keys").await;
    let audit = app.audit().await;
    let repeat = app
        .with_headers(&key)
        .post(ORDER_CONFIRM, body(&first))
        .await;
    repeat.error(409, 3);
    assert_eq!(app.audit().await, audit);
    let paid = |id: &str| format!("SELECT paid_amount AS n FROM orders WHERE id = '{id}'");
    assert_eq!(app.scalar(&paid(&first)).await, 40_000);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM idempotency_keys")
            .await,
        0
    );
    // The same key on another order is that order's own payment.
    let other = app
        .with_headers(&key)
        .post(ORDER_CONFIRM, body(&second))
        .await;
    assert_eq!(other.ok()["paidAmount"], 40_000);
    let ids = app
        .lines("SELECT DISTINCT transaction_id AS line FROM order_payments")
        .await;
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert_eq!(app.scalar(&paid(&first)).await, 40_000);
}
