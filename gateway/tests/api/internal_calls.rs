//! Payments between the real services (on the shop of [`support::shop`](crate::support::shop)):
//! one transfer delivered many times at once is one payment, and each internal route
//! admits only the services that are meant to call it.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::json;
use shop_common::internal::Caller;
use shop_common::testing::{TestClient, caller_key};

use crate::support::shop::Shop;
use crate::support::stack::build_services;

/// `http_requests_total` of `route` (answered with any status) on a service's /metrics.
async fn requests_answered(service_url: &str, route: &str) -> i64 {
    let text = shop_common::testing::client()
        .get(format!("{service_url}/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    text.lines()
        .filter(|l| {
            l.starts_with("http_requests_total{") && l.contains(&format!("route=\"{route}\""))
        })
        .filter_map(|l| l.rsplit(' ').next()?.parse::<i64>().ok())
        .sum()
}

/// Twenty concurrent deliveries of one transfer, as a retrying bank sends them, against
/// the real paymentprovider and retailstore: counted where the money is kept (the
/// payments retailstore stored, the ConfirmPayment calls it really answered), not as a
/// stand-in that de-duplicates by itself would report them.
#[tokio::test(flavor = "multi_thread")]
async fn one_transfer_delivered_twenty_times_at_once_is_one_payment() {
    build_services(&["identity", "system", "retailstore", "paymentprovider"]);
    let shop = Arc::new(Shop::start().await);
    let order = shop.order("tra.mot.lan@vidu.vn").await;
    let memo = format!("{} chuyen tien", order.code);
    let confirm = "/retailstore/internal/v1/Order/ConfirmPayment";
    let calls_before = requests_answered(&shop.stack.url("retailstore"), confirm).await;
    let deliveries: Vec<_> = (0..20)
        .map(|_| {
            let (shop, memo, total) = (shop.clone(), memo.clone(), order.total);
            tokio::spawn(async move { shop.webhook(2_000_001, &memo, total).await })
        })
        .collect();
    let mut stored = BTreeSet::new();
    for delivery in deliveries {
        stored.insert(delivery.await.unwrap()["id"].as_str().unwrap().to_owned());
    }
    assert_eq!(stored.len(), 1, "one stored transfer: {stored:?}");

    let payments = format!(
        "SELECT count(*) FROM retailstore.order_payments p \
         JOIN retailstore.orders o ON o.id = p.order_id WHERE o.code = '{}'",
        order.code
    );
    shop.until("the order completed", async || {
        let line = shop
            .db
            .line(&format!(
                "SELECT concat_ws('|', status, paid_amount) AS line FROM retailstore.orders \
                 WHERE code = '{}'",
                order.code
            ))
            .await;
        (line == format!("completed|{}", order.total)).then_some(())
    })
    .await;
    // Whatever was retried on the way, retailstore holds one payment of the amount.
    assert_eq!(shop.db.count(&payments).await, 1);
    let calls = requests_answered(&shop.stack.url("retailstore"), confirm).await - calls_before;
    assert!(
        calls >= 1,
        "retailstore answered {calls} ConfirmPayment calls"
    );
    assert_eq!(
        shop.db
            .count(&format!(
                "SELECT count(*) FROM paymentprovider.payment_transactions \
                 WHERE content = '{memo}'"
            ))
            .await,
        1
    );
    // Later deliveries of the same transfer change nothing either.
    shop.webhook(2_000_001, &memo, order.total).await;
    assert_eq!(shop.db.count(&payments).await, 1);
    shop.stack.finish();
}

/// The real binaries, each given every caller's key as a misconfigured cluster might:
/// a route still admits only its own callers. Money moves on paymentprovider's key
/// alone; the gateway's key opens no internal route but TokenStatus.
#[tokio::test(flavor = "multi_thread")]
async fn each_internal_route_admits_only_its_own_callers() {
    build_services(&["identity", "system", "retailstore", "paymentprovider"]);
    let shop = Shop::start().await;
    let order = shop.order("chi.dung.khoa@vidu.vn").await;
    let as_caller = |service: &str, caller: Caller| {
        TestClient::new(shop.stack.url(service), None)
            .with_headers(&[("x-internal-key", caller_key(caller))])
    };
    let confirm = "/retailstore/internal/v1/Order/ConfirmPayment";
    let body = json!({"orderCode": order.code, "amount": order.total,
                      "providerId": shop.provider, "transactionId": "sepay:keys-1",
                      "paidAt": "2026-11-27T10:00:00Z"});
    // retailstore holds only paymentprovider's key: the others are unknown keys.
    for caller in [Caller::Gateway, Caller::System, Caller::Retailstore] {
        let answer = as_caller("retailstore", caller).post(confirm, &body).await;
        answer.error(401, 5);
    }
    let unpaid = format!(
        "SELECT concat_ws('|', status, paid_amount) AS line FROM retailstore.orders \
         WHERE code = '{}'",
        order.code
    );
    assert_eq!(shop.db.line(&unpaid).await, "pending_payment|0");

    let enqueue = "/system/internal/v1/Notification/Enqueue";
    let event = json!({"eventId": uuid::Uuid::new_v4(), "event": "low_stock", "data": {}});
    for caller in [Caller::Gateway, Caller::System] {
        let answer = as_caller("system", caller).post(enqueue, &event).await;
        answer.error(401, 5);
    }
    let by_order = format!(
        "/system/internal/v1/Notification/ByOrder?orderCode={}",
        order.code
    );
    // paymentprovider's key is system's, but ByOrder is retailstore's route.
    let answer = as_caller("system", Caller::Paymentprovider)
        .get(&by_order)
        .await;
    answer.error(403, 6);
    assert!(
        as_caller("system", Caller::Retailstore)
            .get(&by_order)
            .await
            .ok()["items"]
            .is_array()
    );

    let instruction = "/paymentprovider/internal/v1/PaymentProvider/PaymentInstruction";
    let ask = json!({"providerId": shop.provider, "amount": 1000, "orderCode": order.code});
    for caller in [Caller::Gateway, Caller::System, Caller::Paymentprovider] {
        let answer = as_caller("paymentprovider", caller)
            .post(instruction, &ask)
            .await;
        answer.error(401, 5);
    }

    // TokenStatus answers every service, the gateway included.
    let status = "/identity/internal/v1/TokenStatus?sub=00000000-0000-0000-0000-000000000000&ver=1";
    for caller in Caller::ALL {
        let answer = as_caller("identity", caller).get(status).await;
        assert_eq!(answer.ok()["active"], json!(false), "{caller}");
    }

    // And the rightful caller moves the money.
    let paid = as_caller("retailstore", Caller::Paymentprovider)
        .post(confirm, &body)
        .await;
    assert_eq!(paid.ok()["status"], json!("completed"), "{paid}");
    shop.stack.finish();
}
