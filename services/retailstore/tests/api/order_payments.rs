//! Money reaching orders: the internal ConfirmPayment (paymentprovider's bank transfers),
//! staff's manual ConfirmPayment, the order state machine (docs/buying-flow.md), and the
//! expiry job, including their races.

use crate::support;

use std::sync::Arc;

use reqwest::Method;
use serde_json::{Value, json};
use shop_common::internal::Caller;
use shop_common::testing::attacks;
use support::*;
use uuid::Uuid;

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
    let admin = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
        .await
        .ok()
        .clone();
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
    let admin = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
        .await
        .ok()
        .clone();
    assert_eq!(admin["paidAmount"], 100_000);
    assert_eq!(admin["payments"].as_array().unwrap().len(), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn internal_confirm_payment_checks_its_caller_and_input() {
    let app = TestApp::spawn().await;
    let (_, order, _) = app.ordered(2, 1, "a@vidu.vn").await;
    let code = order["code"].as_str().unwrap();
    let body = json!({"orderCode": code, "amount": 50_000, "providerId": PROVIDER,
                      "transactionId": "tx-1", "paidAt": "2026-11-23T10:00:00+07:00"});
    let before = app.schema.dump("serial_codes").await;
    for key in [None, Some("wrong-key-0123456789")] {
        let headers: Vec<(&str, &str)> =
            key.map(|k| vec![("x-internal-key", k)]).unwrap_or_default();
        let answer = app
            .send(Method::POST, CONFIRM_PAYMENT, None, &headers, Some(&body))
            .await;
        answer.error(401, 5);
    }
    // An admin token is no internal key.
    let answer = app.post(CONFIRM_PAYMENT, body.clone()).await;
    answer.error(401, 5);
    // Only paymentprovider moves money: the gateway's, system's and retailstore's own
    // keys are refused.
    attacks::assert_internal_callers(
        &app.http,
        Method::POST,
        CONFIRM_PAYMENT,
        Some(&body),
        &[Caller::Paymentprovider],
    )
    .await;
    let mut unknown = body.clone();
    unknown["orderCode"] = json!("DH00000000");
    let answer = app
        .as_caller(Caller::Paymentprovider)
        .post(CONFIRM_PAYMENT, &unknown)
        .await;
    answer.error(404, 403);
    let answer = app
        .as_caller(Caller::Paymentprovider)
        .post(CONFIRM_PAYMENT, &json!({}))
        .await;
    assert_eq!(
        answer.error(400, 1),
        [
            "orderCode",
            "amount",
            "providerId",
            "transactionId",
            "paidAt"
        ]
    );
    for (field, value) in [
        ("orderCode", json!("HD12345678")),
        ("amount", json!(0)),
        ("amount", json!(-5)),
        ("transactionId", json!("")),
        ("transactionId", json!("t".repeat(101))),
    ] {
        let mut bad = body.clone();
        bad[field] = value;
        let answer = app
            .as_caller(Caller::Paymentprovider)
            .post(CONFIRM_PAYMENT, &bad)
            .await;
        assert_eq!(answer.error(400, 1), [field], "{bad}");
    }
    assert_eq!(app.schema.dump("serial_codes").await, before);
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
    let admin = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
        .await
        .ok()
        .clone();
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
    app.make_due(&id).await;
    let swept = retailstore::orders::expiry::sweep(&app.pool, &app.notifier)
        .await
        .unwrap();
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
        event_types(
            &app.get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
                .await
                .ok()
                .clone()
        ),
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
    app.make_due(&id).await;
    retailstore::orders::expiry::sweep(&app.pool, &app.notifier)
        .await
        .unwrap();
    app.anon()
        .post(CREATE_ORDER_PATH, &order_body(&product, 2, "c@vidu.vn"))
        .await
        .ok();
    let paid = app
        .pay(order["code"].as_str().unwrap(), 100_000, "late-2")
        .await;
    assert_eq!(
        (paid["status"].clone(), paid["paymentStatus"].clone()),
        (json!("needs_attention"), json!("paid"))
    );
    let admin = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
        .await
        .ok()
        .clone();
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
    app.make_due(&id).await;
    retailstore::orders::expiry::sweep(&app.pool, &app.notifier)
        .await
        .unwrap();
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
    app.make_due(&id).await;
    retailstore::orders::expiry::sweep(&app.pool, &app.notifier)
        .await
        .unwrap();
    assert_eq!(
        app.get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
            .await
            .ok()
            .clone()["status"],
        "needs_attention"
    );
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
    let admin = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
        .await
        .ok()
        .clone();
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
    let admin = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
        .await
        .ok()
        .clone();
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

/// Money that came through another provider than the one the order was told to pay is
/// flagged (code 407), not applied: the order, its codes and its payments stay as they
/// were, until staff assign the transfer to the order themselves.
#[tokio::test(flavor = "multi_thread")]
async fn money_through_another_provider_waits_for_staff() {
    let app = TestApp::spawn().await;
    let (product, order, id) = app.ordered(2, 1, "khac.kenh@vidu.vn").await;
    let code = order["code"].as_str().unwrap();
    let other = Uuid::new_v4();
    let body = json!({"orderCode": code, "amount": 50_000, "providerId": other,
                      "transactionId": "sepay:777", "paidAt": "2026-11-27T10:00:00+07:00"});
    let before = (
        app.schema.dump("serial_codes").await,
        app.schema.dump("order_payments").await,
    );
    let paymentprovider = app.as_caller(Caller::Paymentprovider);
    let refused = paymentprovider.post(CONFIRM_PAYMENT, &body).await;
    refused.error(409, 407);
    let after = (
        app.schema.dump("serial_codes").await,
        app.schema.dump("order_payments").await,
    );
    assert_eq!(after, before);
    let detail = app
        .get(&format!("{ORDER_ADMIN_DETAIL}?id={id}"))
        .await
        .ok()
        .clone();
    assert_eq!(
        (detail["status"].clone(), detail["paidAmount"].clone()),
        (json!("pending_payment"), json!(0))
    );

    // Staff's Assign says so explicitly: then the money is the order's.
    let mut assigned = body.clone();
    assigned["staffAssigned"] = json!(true);
    // A name that is not one is refused before anything is written.
    let mut bad = assigned.clone();
    bad["assignedBy"] = json!("x".repeat(101));
    assert_eq!(
        paymentprovider
            .post(CONFIRM_PAYMENT, &bad)
            .await
            .error(400, 1),
        ["assignedBy"]
    );
    assigned["assignedBy"] = json!(" nhanvien1 ");
    let paid = paymentprovider.post(CONFIRM_PAYMENT, &assigned).await;
    assert_eq!(
        (paid.ok()["status"].clone(), paid.ok()["outcome"].clone()),
        (json!("completed"), json!("applied"))
    );
    assert_eq!(app.stock(&product, false).await, (1, 0, 1, 0));
    // The order says who assigned the transfer, when, and the bank's own reference.
    let detail = app
        .get(&format!("{ORDER_ADMIN_DETAIL}?id={id}"))
        .await
        .ok()
        .clone();
    let payment = &detail["payments"][0];
    assert_eq!(payment["transactionId"], "sepay:777");
    assert_eq!(payment["actor"], "nhanvien1");
    assert_eq!(payment["source"], "webhook");
    assert!(payment["recordedAt"].is_string());
}

/// A name sent without staffAssigned is not taken: only staff's Assign has an actor.
#[tokio::test(flavor = "multi_thread")]
async fn assigned_by_counts_only_with_staff_assigned() {
    let app = TestApp::spawn().await;
    let (_product, order, id) = app.ordered(2, 1, "nguoi.gan@vidu.vn").await;
    let code = order["code"].as_str().unwrap();
    let body = json!({"orderCode": code, "amount": 50_000, "providerId": PROVIDER,
                      "transactionId": "sepay:778", "paidAt": "2026-11-27T10:00:00+07:00",
                      "assignedBy": "nhanvien1"});
    let paymentprovider = app.as_caller(Caller::Paymentprovider);
    paymentprovider.post(CONFIRM_PAYMENT, &body).await.ok();
    let detail = app
        .get(&format!("{ORDER_ADMIN_DETAIL}?id={id}"))
        .await
        .ok()
        .clone();
    assert_eq!(detail["payments"][0]["actor"], Value::Null);
}
