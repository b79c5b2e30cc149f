//! Enqueue: who may call it, what it accepts, and one event sent once however often it
//! arrives.

use reqwest::Method;
use serde_json::json;
use shop_common::internal::Caller;
use shop_common::testing::{attacks, client};
use system::routes::INTERNAL_NOTIFICATION_ENQUEUE as ENQUEUE;
use uuid::Uuid;

use super::{SHOPPER, WAIT, codes_ready, count, deliveries_with, enqueue, settle, smtp_app};
use crate::support::TestApp;

#[tokio::test(flavor = "multi_thread")]
async fn twenty_concurrent_enqueues_of_one_event_send_once() {
    let (catcher, mut app) = smtp_app(&[]).await;
    app.start_worker();
    let body = codes_ready("DHCONC0001", SHOPPER);
    let calls = (0..20).map(|_| enqueue(&app, &body));
    futures_util::future::join_all(calls).await;
    assert_eq!(app.wait_scalar(&deliveries_with("sent"), 1, WAIT).await, 1);
    settle().await;
    assert_eq!(catcher.emails().await.len(), 1);
    assert_eq!(count(&app, "notification_events").await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn enqueue_needs_the_internal_key_and_a_valid_event() {
    let app = TestApp::spawn().await;
    let body = codes_ready("DHKEY00001", SHOPPER);
    app.anon().post(ENQUEUE, &body).await.error(401, 5);
    app.post(ENQUEUE, &body).await.error(401, 5);
    // Only the services that emit events enqueue them: the gateway's and system's own
    // keys are refused, and nothing is stored.
    let emitters = [Caller::Retailstore, Caller::Paymentprovider];
    attacks::assert_internal_callers(&app.http, Method::POST, ENQUEUE, Some(&body), &emitters)
        .await;
    let stored = "SELECT count(*) AS n FROM notification_events";
    assert_eq!(app.schema.scalar(stored).await, 0);
    let from_payments = app
        .as_caller(Caller::Paymentprovider)
        .post(ENQUEUE, &body)
        .await;
    assert_eq!(from_payments.ok()["accepted"], true);
    let bad = app
        .as_caller(Caller::Retailstore)
        .post(
            ENQUEUE,
            json!({ "eventId": "x", "event": "codes_ready", "accessLink": "ftp://x" }),
        )
        .await;
    assert_eq!(
        bad.error(400, 1),
        ["eventId", "accessLink", "orderCode", "recipientEmail"]
    );
    // `data` must be an object (the body does not read otherwise).
    let not_object = app
        .as_caller(Caller::Retailstore)
        .post(
            ENQUEUE,
            json!({ "eventId": Uuid::new_v4(), "event": "low_stock", "data": [] }),
        )
        .await;
    not_object.error(400, 1);
    let unknown = app
        .as_caller(Caller::Retailstore)
        .post(
            ENQUEUE,
            json!({ "eventId": Uuid::new_v4(), "event": "order_shipped" }),
        )
        .await;
    assert_eq!(unknown.error(400, 1), ["event"]);
    // Accepted without any channel configured: the event is kept, nothing to send.
    enqueue(&app, &body).await;
    assert_eq!(count(&app, "notification_events").await, 1);
    assert_eq!(count(&app, "notification_deliveries").await, 0);
    assert_eq!(
        count(&app, "notification_events WHERE link_sealed IS NOT NULL").await,
        0,
        "no e-mail will carry the link: it is not kept"
    );
    // The metrics show the notification series.
    let metrics = client()
        .get(app.url("/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for name in [
        "shop_notifications_sent_total",
        "shop_notifications_failed_total",
        "shop_notifications_pending",
    ] {
        assert!(metrics.contains(name), "{name} in {metrics}");
    }
}
