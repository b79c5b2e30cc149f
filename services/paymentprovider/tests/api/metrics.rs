//! paymentprovider's `/metrics`: bank transfers matched and unmatched, each counted once
//! however often SePay delivers it; refused deliveries count nothing.

use crate::support;

use support::*;

const CODE: &str = "DHAB12CD34";
const MATCHED: &str = "shop_payments_matched_total";
const UNMATCHED: &str = "shop_payments_unmatched_total";

/// The value of the sample whose line starts with `series`, 0 when absent.
fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or(0.0)
}

async fn scrape(app: &TestApp) -> String {
    let resp = app.client.get(app.url("/metrics")).send().await.unwrap();
    assert_eq!(resp.status(), 200);
    resp.text().await.unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn matched_and_unmatched_payments_are_counted_once() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;

    let before = scrape(&app).await;
    assert!(
        before.contains(&format!("# TYPE {MATCHED} counter")),
        "{before}"
    );
    assert!(before.contains(&format!("# TYPE {UNMATCHED} counter")));

    // Refused (wrong key): nothing stored, nothing counted.
    let status = app
        .deliver(&provider, Some("wrong-key"), &sepay(1, CODE, 150_000))
        .await
        .status;
    assert_ne!(status, 200);

    let paid = sepay(2, &format!("CT DEN {CODE} chuyen tien"), 150_000);
    assert_eq!(app.deliver_ok(&provider, &paid).await["status"], "matched");
    // SePay delivering the same transfer again changes no count.
    assert_eq!(app.deliver_ok(&provider, &paid).await["status"], "matched");
    let no_code = sepay(3, "chuyen tien mua the", 50_000);
    assert_eq!(
        app.deliver_ok(&provider, &no_code).await["status"],
        "unmatched"
    );
    let unknown = sepay(4, "thanh toan DHXXXXXXXX", 50_000);
    assert_eq!(
        app.deliver_ok(&provider, &unknown).await["status"],
        "unmatched"
    );

    let after = scrape(&app).await;
    assert_eq!(
        sample(&after, MATCHED) - sample(&before, MATCHED),
        1.0,
        "{after}"
    );
    assert_eq!(sample(&after, UNMATCHED) - sample(&before, UNMATCHED), 2.0);
    // The webhook is counted under its template, without the provider id.
    assert!(!after.contains(&provider), "{after}");
}

/// Transfers waiting for retailstore (`pending`) are counted with the age of the oldest,
/// and the outbox backlog is shown beside them, read when scraped.
#[tokio::test(flavor = "multi_thread")]
async fn pending_transfers_and_the_outbox_backlog_are_gauged() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    app.retail.set_down(true);
    let answer = app.deliver_ok(&provider, &sepay(7, CODE, 150_000)).await;
    assert_eq!(answer["status"], "pending");
    app.execute("UPDATE payment_transactions SET created_at = now() - interval '20 minutes'")
        .await;

    let text = scrape(&app).await;
    assert_eq!(
        sample(&text, "shop_payment_transactions_pending"),
        1.0,
        "{text}"
    );
    let oldest = sample(&text, "shop_payment_transactions_pending_oldest_seconds");
    assert!((1200.0..1300.0).contains(&oldest), "{oldest}");
    assert!(text.contains("# TYPE shop_outbox_pending gauge"), "{text}");
    assert!(text.contains("# TYPE shop_outbox_oldest_pending_seconds gauge"));
}
