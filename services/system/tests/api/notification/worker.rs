//! The worker sending e-mail: one message per delivery with the shopper's link, once
//! across replicas, retried while the server is away, and a crashed claim taken again.

use shop_common::testing::mail::recipients;

use super::{
    SHOPPER, WAIT, codes_ready, count, deliveries_with, enqueue, link, order_code, settle, smtp_app,
};

#[tokio::test(flavor = "multi_thread")]
async fn codes_ready_sends_one_email_with_the_link_and_no_code() {
    let (catcher, mut app) = smtp_app(&[]).await;
    app.start_worker();
    let body = codes_ready("DHAB12CD34", SHOPPER);
    enqueue(&app, &body).await;
    let mails = catcher.wait_for(1, WAIT).await;
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert_eq!(recipients(mail), [SHOPPER]);
    assert!(mail["subject"].as_str().unwrap().contains("DHAB12CD34"));
    let html = mail["html"].as_str().unwrap();
    let text = mail["text"].as_str().unwrap();
    // Both parts, each with the link; the name escaped in HTML.
    assert!(html.contains(&link("DHAB12CD34")), "{html}");
    assert!(text.contains(&link("DHAB12CD34")), "{text}");
    assert!(!html.contains("<script>"), "{html}");
    assert!(html.contains("&lt;script&gt;"), "{html}");
    assert!(text.contains("Thẻ Garena 100k"));
    // The Message-ID is the delivery's.
    let id = app
        .lines("SELECT id::text AS line FROM notification_deliveries")
        .await;
    assert_eq!(
        mail["headers"]["message-id"].as_str().unwrap(),
        format!("<{}@shop>", id[0])
    );
    assert_eq!(app.wait_scalar(&deliveries_with("sent"), 1, WAIT).await, 1);
    // The link is erased once the e-mail is sent.
    assert_eq!(
        app.wait_scalar(
            "SELECT count(*) AS n FROM notification_events WHERE link_sealed IS NOT NULL",
            0,
            WAIT
        )
        .await,
        0
    );

    // A replay changes nothing.
    enqueue(&app, &body).await;
    settle().await;
    assert_eq!(catcher.emails().await.len(), 1);
    assert_eq!(count(&app, "notification_deliveries").await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn two_replicas_send_each_delivery_once() {
    let (catcher, mut app) = smtp_app(&[("NOTIFY_CONCURRENCY", "4")]).await;
    const N: u32 = 40;
    for n in 0..N {
        enqueue(
            &app,
            &codes_ready(&order_code(n), &format!("buyer{n}@example.vn")),
        )
        .await;
    }
    let (a, b) = (app.replica_worker(), app.replica_worker());
    app.start(a);
    app.start(b);
    assert_eq!(
        app.wait_scalar(&deliveries_with("sent"), i64::from(N), WAIT)
            .await,
        i64::from(N)
    );
    let mails = catcher.wait_for(N as usize, WAIT).await;
    settle().await;
    let mails_after = catcher.emails().await;
    assert_eq!(mails_after.len(), mails.len());
    let mut to: Vec<String> = mails_after.iter().flat_map(recipients).collect();
    to.sort();
    to.dedup();
    assert_eq!(to.len(), N as usize, "each shopper got exactly one e-mail");
    assert_eq!(mails_after.len(), N as usize);
    assert_eq!(
        app.scalar("SELECT max(attempts)::bigint AS n FROM notification_deliveries")
            .await,
        1
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn smtp_down_keeps_the_delivery_pending_then_it_arrives_once() {
    let (mut catcher, mut app) = smtp_app(&[]).await;
    catcher.stop();
    app.start_worker();
    enqueue(&app, &codes_ready("DHDOWN0001", SHOPPER)).await;
    // Retried with backoff while the server is away.
    let retried = "SELECT count(*) AS n FROM notification_deliveries \
                   WHERE status = 'pending' AND attempts >= 2 AND last_error IS NOT NULL";
    assert_eq!(app.wait_scalar(retried, 1, WAIT).await, 1);
    let error = app
        .lines("SELECT last_error AS line FROM notification_deliveries")
        .await;
    assert!(!error[0].is_empty());

    catcher.restart().await;
    assert_eq!(app.wait_scalar(&deliveries_with("sent"), 1, WAIT).await, 1);
    let mails = catcher.wait_for(1, WAIT).await;
    settle().await;
    assert_eq!(mails.len(), 1);
    assert_eq!(catcher.emails().await.len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sending_row_whose_lease_ran_out_is_claimed_again() {
    let (catcher, app) = smtp_app(&[]).await;
    enqueue(&app, &codes_ready("DHLEASE001", "a@example.vn")).await;
    enqueue(&app, &codes_ready("DHLEASE002", "b@example.vn")).await;
    // A replica crashed after claiming the first; the second is held by a live one.
    app.execute(
        "UPDATE notification_deliveries SET status = 'sending', attempts = 1, \
         first_attempt_at = now(), lease_until = now() - interval '1 second' \
         WHERE recipient = 'a@example.vn'",
    )
    .await;
    app.execute(
        "UPDATE notification_deliveries SET status = 'sending', attempts = 1, \
         first_attempt_at = now(), lease_until = now() + interval '1 hour' \
         WHERE recipient = 'b@example.vn'",
    )
    .await;
    let batch = app.worker().run_once().await.unwrap();
    assert_eq!((batch.claimed, batch.sent), (1, 1));
    let rows = app
        .lines(
            "SELECT concat_ws('|', recipient, status, attempts) AS line \
             FROM notification_deliveries ORDER BY recipient",
        )
        .await;
    assert_eq!(rows, ["a@example.vn|sent|2", "b@example.vn|sending|1"]);
    let mails = catcher.wait_for(1, WAIT).await;
    assert_eq!(recipients(&mails[0]), ["a@example.vn"]);
}
