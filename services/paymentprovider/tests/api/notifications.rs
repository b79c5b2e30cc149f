//! Notifications, paymentprovider's side (docs/notifications.md): transfer_unmatched in
//! the transaction that stores a transfer as unmatched, webhook_refused once an hour for
//! a burst of refused calls, and the relay of both to a stubbed system.

use crate::support;

use serde_json::{Value, json};
use shop_common::config::Secret;
use shop_common::internal::{Caller, InternalClient, http_client};
use shop_common::outbox::{ENQUEUE_PATH, Relay, RelayConfig, SealedLink};
use shop_common::testing::{Stub, envelope_ok};
use support::*;

const CODE: &str = "DH00000000";

/// The `data` of each outbox row of `event`, oldest first.
async fn rows(app: &TestApp, event: &str) -> Vec<Value> {
    app.lines(&format!(
        "SELECT data::text AS line FROM outbox WHERE event = '{event}' ORDER BY created_at"
    ))
    .await
    .iter()
    .map(|l| serde_json::from_str(l).unwrap())
    .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unmatched_transfer_writes_one_transfer_unmatched_row() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    // No order code in the memo: unmatched at once; delivered twice, told once.
    let body = sepay(501, "chuyen tien an trua", 120_000);
    let first = app.deliver_ok(&provider, &body).await;
    app.deliver_ok(&provider, &body).await;
    assert_eq!(first["status"], "unmatched");
    let data = rows(&app, "transfer_unmatched").await;
    assert_eq!(data.len(), 1, "{data:?}");
    assert_eq!(
        data[0],
        json!({
            "transactionId": first["id"], "providerName": "Vietcombank", "amount": 120_000,
            "content": "chuyen tien an trua", "bankReference": "MBVCB.3278907687",
            "receivedAt": "2026-03-25T07:02:37Z",
        })
    );
    // An order code retailstore does not know: unmatched after its answer, told too.
    let body = sepay(502, "thanh toan DH99999999", 50_000);
    let second = app.deliver_ok(&provider, &body).await;
    assert_eq!(second["status"], "unmatched");
    let data = rows(&app, "transfer_unmatched").await;
    assert_eq!(data.len(), 2);
    assert_eq!(data[1]["transactionId"], second["id"]);
    // A matched transfer is not.
    app.deliver_ok(&provider, &sepay(503, CODE, 50_000)).await;
    assert_eq!(rows(&app, "transfer_unmatched").await.len(), 2);

    // The relay hands them to system, without a link.
    let system = Stub::start();
    system.reply("POST", ENQUEUE_PATH, |_| {
        (200, envelope_ok(json!({ "accepted": true })))
    });
    let client = InternalClient::new(
        http_client(),
        &system.base_url,
        Secret::new(caller_key(Caller::Paymentprovider)),
    );
    let no_links = |_, _: &SealedLink| Err("none".to_owned());
    let relay = Relay::new(
        app.pool.clone(),
        client,
        no_links,
        RelayConfig::default(),
        Wake::default(),
    );
    assert_eq!(relay.relay_due().await.unwrap(), 2);
    let posted = system.calls(ENQUEUE_PATH);
    assert_eq!(posted.len(), 2);
    assert!(posted.iter().all(|p| p["event"] == "transfer_unmatched"
        && p.get("accessLink").is_none()
        && p.get("orderCode").is_none()));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_burst_of_refused_webhook_calls_writes_one_webhook_refused_row() {
    let app = TestApp::spawn().await;
    let provider = app.webhook_provider("Vietcombank").await;
    let body = sepay(601, "x", 1);
    for _ in 0..19 {
        app.deliver(&provider, Some("wrong-key"), &body)
            .await
            .error(401, 501);
    }
    assert!(
        rows(&app, "webhook_refused").await.is_empty(),
        "not a burst yet"
    );
    // The 20th refusal completes the burst; the client has then used up its refusals,
    // so its further calls are answered 429 without being checked (or counted again).
    app.deliver(&provider, None, &body).await.error(401, 501);
    for _ in 0..10 {
        app.deliver(&provider, None, &body).await.error(429, 4);
    }
    let data = rows(&app, "webhook_refused").await;
    assert_eq!(data, [json!({"count": 20, "windowSeconds": 300})]);
    // Another replica's burst within the hour writes nothing either.
    let other = paymentprovider::notifications::RefusedWebhooks::new(1, Default::default());
    other.refused(&app.pool, &Wake::default()).await;
    assert_eq!(rows(&app, "webhook_refused").await.len(), 1);
    // An hour later it may.
    app.execute("UPDATE alert_marks SET alerted_at = now() - interval '61 minutes'")
        .await;
    other.refused(&app.pool, &Wake::default()).await;
    assert_eq!(rows(&app, "webhook_refused").await.len(), 2);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM payment_transactions")
            .await,
        0
    );
}
