//! The internal ConfirmPayment's caller and input, and transfers through another
//! provider than the order's, which wait for staff.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use shop_common::internal::Caller;
use shop_common::testing::attacks;
use support::*;
use uuid::Uuid;

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
    let detail = app.admin_detail(&id).await;
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
    let detail = app.admin_detail(&id).await;
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
    let detail = app.admin_detail(&id).await;
    assert_eq!(detail["payments"][0]["actor"], Value::Null);
}
