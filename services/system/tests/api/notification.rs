//! Notifications, black-box: Enqueue over HTTP, the worker sending to a real SMTP
//! server (maildev) and to a Telegram stand-in, the settings, Test, the list and Resend.
//! Every time the worker compares is PostgreSQL's `now()`; tests move rows in time with
//! SQL instead of waiting.

use crate::support;

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};
use shop_common::internal::Caller;
use shop_common::testing::mail::{MailCatcher, recipients};
use shop_common::testing::{Stub, attacks, client};
use support::TestApp;
use system::routes::{
    ADMIN_NOTIFICATION_PAGINATION as PAGINATION, ADMIN_NOTIFICATION_RESEND as RESEND,
    ADMIN_NOTIFICATION_SETTINGS as SETTINGS, ADMIN_NOTIFICATION_TEST as TEST,
    INTERNAL_NOTIFICATION_BY_ORDER as BY_ORDER, INTERNAL_NOTIFICATION_ENQUEUE as ENQUEUE,
};
use uuid::Uuid;

const WAIT: Duration = Duration::from_secs(20);
const TOKEN: &str = "123456789:test-bot-token-AAAAAAAAAAAAAAAAAAAA";
const CHAT: &str = "-1001234567890";
const SHOPPER: &str = "nguyen.van.a@example.vn";

/// Fast retries and polls, e-mail through `catcher`.
async fn app_with_smtp(catcher: &MailCatcher, extra: &[(&'static str, &str)]) -> TestApp {
    let url = catcher.smtp_url();
    let mut vars: Vec<(&'static str, &str)> = vec![
        ("SMTP_URL", &url),
        ("MAIL_FROM", "Cửa hàng <shop@example.vn>"),
        ("NOTIFY_RETRY_BASE_MS", "50"),
        ("NOTIFY_POLL_INTERVAL_MS", "50"),
    ];
    vars.extend_from_slice(extra);
    TestApp::spawn_notify(&vars).await
}

fn order_code(n: u32) -> String {
    format!("DHTEST{n:04}")
}

fn link(code: &str) -> String {
    format!("https://shop.example.vn/order-detail?code={code}#token=secret-token-{code}")
}

fn codes_ready(code: &str, email: &str) -> Value {
    json!({
        "eventId": Uuid::new_v4(),
        "event": "codes_ready",
        "occurredAt": "2026-12-01T03:00:00Z",
        "orderCode": code,
        "recipientEmail": email,
        "accessLink": link(code),
        "data": {
            "orderId": Uuid::new_v4(),
            "customerName": "<script>alert('x')</script>",
            "total": 150000,
            "paidAmount": 150000,
            "items": [{ "name": "Thẻ Garena 100k", "quantity": 1 }]
        }
    })
}

fn transfer_unmatched() -> Value {
    json!({
        "eventId": Uuid::new_v4(),
        "event": "transfer_unmatched",
        "data": {
            "transactionId": Uuid::new_v4(), "providerName": "SePay", "amount": 250000,
            "content": "chuyen tien khong ma", "receivedAt": "2026-12-01T03:00:00Z"
        }
    })
}

async fn enqueue(app: &TestApp, body: &Value) {
    let answer = app.as_caller(Caller::Retailstore).post(ENQUEUE, body).await;
    assert_eq!(answer.ok()["accepted"], true, "{answer}");
}

fn deliveries_with(status: &str) -> String {
    format!("SELECT count(*) AS n FROM notification_deliveries WHERE status = '{status}'")
}

/// A Telegram Bot API stand-in answering `sendMessage` for [`TOKEN`].
fn telegram_stub() -> Stub {
    let stub = Stub::start();
    stub.reply("POST", &format!("/bot{TOKEN}/sendMessage"), |_| {
        (200, json!({ "ok": true, "result": { "message_id": 1 } }))
    });
    stub
}

#[tokio::test(flavor = "multi_thread")]
async fn codes_ready_sends_one_email_with_the_link_and_no_code() {
    let catcher = MailCatcher::start().await;
    let mut app = app_with_smtp(&catcher, &[]).await;
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
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(catcher.emails().await.len(), 1);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM notification_deliveries")
            .await,
        1
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn twenty_concurrent_enqueues_of_one_event_send_once() {
    let catcher = MailCatcher::start().await;
    let mut app = app_with_smtp(&catcher, &[]).await;
    app.start_worker();
    let body = codes_ready("DHCONC0001", SHOPPER);
    let calls = (0..20).map(|_| enqueue(&app, &body));
    futures_util::future::join_all(calls).await;
    assert_eq!(app.wait_scalar(&deliveries_with("sent"), 1, WAIT).await, 1);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(catcher.emails().await.len(), 1);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM notification_events")
            .await,
        1
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn two_replicas_send_each_delivery_once() {
    let catcher = MailCatcher::start().await;
    let mut app = app_with_smtp(&catcher, &[("NOTIFY_CONCURRENCY", "4")]).await;
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
    tokio::time::sleep(Duration::from_millis(300)).await;
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
    let mut catcher = MailCatcher::start().await;
    let mut app = app_with_smtp(&catcher, &[]).await;
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
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(mails.len(), 1);
    assert_eq!(catcher.emails().await.len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_invalid_recipient_fails_at_once_and_alerts_the_seller() {
    let catcher = MailCatcher::start().await;
    let telegram = telegram_stub();
    let app = app_with_smtp(
        &catcher,
        &[
            ("TELEGRAM_BOT_TOKEN", TOKEN),
            ("TELEGRAM_CHAT_ID", CHAT),
            ("TELEGRAM_API_BASE", &telegram.base_url),
        ],
    )
    .await;
    // Only the shopper e-mail: the seller's order-paid alert is off.
    app.put(SETTINGS, json!({ "events": { "sellerOrderPaid": false } }))
        .await
        .ok();
    enqueue(&app, &codes_ready("DHBAD00001", "not an address")).await;
    let worker = app.worker();
    let batch = worker.run_once().await.unwrap();
    assert_eq!((batch.claimed, batch.failed), (1, 1));
    let failed = app
        .lines(
            "SELECT concat_ws('|', status, attempts, last_error) AS line \
             FROM notification_deliveries d JOIN notification_events e ON e.id = d.event_id \
             WHERE e.event = 'codes_ready'",
        )
        .await;
    assert!(failed[0].starts_with("failed|1|"), "{failed:?}");
    // The seller hears of it on Telegram, once.
    worker.run_once().await.unwrap();
    worker.run_once().await.unwrap();
    let alerts = telegram.calls(&format!("/bot{TOKEN}/sendMessage"));
    assert_eq!(alerts.len(), 1, "{alerts:?}");
    let text = alerts[0]["text"].as_str().unwrap();
    assert!(text.contains("DHBAD00001"), "{text}");
    assert!(
        text.contains("/admin/system/notifications?status=failed"),
        "{text}"
    );
    assert!(!text.contains("secret-token"), "{text}");
    assert_eq!(alerts[0]["chat_id"], CHAT);
    assert_eq!(alerts[0]["parse_mode"], "HTML");
    assert!(catcher.emails().await.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sending_row_whose_lease_ran_out_is_claimed_again() {
    let catcher = MailCatcher::start().await;
    let app = app_with_smtp(&catcher, &[]).await;
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

#[tokio::test(flavor = "multi_thread")]
async fn the_retry_window_ends_in_failed_and_one_seller_alert() {
    let mut catcher = MailCatcher::start().await;
    let telegram = telegram_stub();
    let app = app_with_smtp(
        &catcher,
        &[
            ("TELEGRAM_BOT_TOKEN", TOKEN),
            ("TELEGRAM_CHAT_ID", CHAT),
            ("TELEGRAM_API_BASE", &telegram.base_url),
        ],
    )
    .await;
    app.put(SETTINGS, json!({ "events": { "sellerOrderPaid": false } }))
        .await
        .ok();
    catcher.stop();
    enqueue(&app, &codes_ready("DHLATE0001", SHOPPER)).await;
    let worker = app.worker();
    let batch = worker.run_once().await.unwrap();
    assert_eq!((batch.claimed, batch.sent, batch.failed), (1, 0, 0));
    assert_eq!(app.scalar(&deliveries_with("pending")).await, 1);
    // A day has passed since the first attempt, and the next one is due.
    app.execute(
        "UPDATE notification_deliveries SET first_attempt_at = now() - interval '25 hours', \
         next_attempt_at = now()",
    )
    .await;
    let batch = worker.run_once().await.unwrap();
    assert_eq!(batch.failed, 1);
    let row = app
        .lines(
            "SELECT concat_ws('|', d.status, d.attempts) AS line FROM notification_deliveries d \
             JOIN notification_events e ON e.id = d.event_id WHERE e.event = 'codes_ready'",
        )
        .await;
    assert_eq!(row, ["failed|2"]);
    worker.run_once().await.unwrap();
    let alerts = telegram.calls(&format!("/bot{TOKEN}/sendMessage"));
    assert_eq!(alerts.len(), 1);
    assert!(alerts[0]["text"].as_str().unwrap().contains("DHLATE0001"));
    assert!(
        alerts[0]["text"]
            .as_str()
            .unwrap()
            .contains("ng***@example.vn")
    );
    // Resend and fail again: the alert is not raised twice.
    let id = app
        .lines(
            "SELECT d.id::text AS line FROM notification_deliveries d \
             JOIN notification_events e ON e.id = d.event_id WHERE e.event = 'codes_ready'",
        )
        .await;
    app.post(RESEND, json!({ "id": id[0] })).await.ok();
    // Its new window, too, is a day old.
    app.execute(
        "UPDATE notification_deliveries SET first_attempt_at = now() - interval '25 hours' \
         WHERE status = 'pending'",
    )
    .await;
    worker.run_once().await.unwrap();
    worker.run_once().await.unwrap();
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM notification_events WHERE event = 'delivery_failed'")
            .await,
        1
    );
    assert_eq!(telegram.calls(&format!("/bot{TOKEN}/sendMessage")).len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn telegram_gets_one_alert_per_event_and_the_token_stays_secret() {
    let telegram = telegram_stub();
    let mut app = TestApp::spawn_notify(&[
        ("NOTIFY_POLL_INTERVAL_MS", "50"),
        ("TELEGRAM_API_BASE", &telegram.base_url),
    ])
    .await;
    // The token and chat come from the settings (sealed), not the environment.
    let saved = app
        .put(
            SETTINGS,
            json!({ "telegramBotToken": TOKEN, "telegramChatId": CHAT,
                    "events": { "sellerTransferUnmatched": true } }),
        )
        .await;
    let saved = saved.ok().clone();
    assert_eq!(saved["hasTelegramBotToken"], true);
    assert_eq!(saved["telegramEnabled"], true);
    assert!(!saved.to_string().contains("test-bot-token"));
    app.start_worker();
    let paid = codes_ready("DHTELE0001", SHOPPER);
    enqueue(&app, &paid).await;
    enqueue(&app, &transfer_unmatched()).await;
    enqueue(&app, &paid).await;
    let path = format!("/bot{TOKEN}/sendMessage");
    assert_eq!(app.wait_scalar(&deliveries_with("sent"), 2, WAIT).await, 2);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let alerts = telegram.calls(&path);
    assert_eq!(alerts.len(), 2, "{alerts:?}");
    let texts: Vec<&str> = alerts.iter().map(|a| a["text"].as_str().unwrap()).collect();
    let paid_text = texts.iter().find(|t| t.contains("DHTELE0001")).unwrap();
    assert!(paid_text.contains("150.000 ₫"));
    assert!(paid_text.contains("/admin/orders/"));
    assert!(
        !paid_text.contains("secret-token"),
        "no shopper link to the seller"
    );
    let unmatched = texts.iter().find(|t| t.contains("250.000 ₫")).unwrap();
    assert!(unmatched.contains("/admin/providers/transactions?status=unmatched"));
    // No shopper e-mail: SMTP is not configured.
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM notification_deliveries WHERE channel = 'email'")
            .await,
        0
    );
    // The token appears in no answer.
    let list = app.get(PAGINATION).await;
    assert!(!list.to_string().contains("test-bot-token"));
    let settings = app.get(SETTINGS).await;
    assert!(!settings.to_string().contains("test-bot-token"));
    // Telegram refusing: its description becomes the error, without the token.
    telegram.reply("POST", &path, |_| {
        (
            400,
            json!({ "ok": false, "error_code": 400, "description": "Bad Request: chat not found" }),
        )
    });
    enqueue(&app, &transfer_unmatched()).await;
    let failing = "SELECT count(*) AS n FROM notification_deliveries \
                   WHERE last_error LIKE '%chat not found%'";
    assert_eq!(app.wait_scalar(failing, 1, WAIT).await, 1);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM notification_deliveries WHERE last_error LIKE '%test-bot-token%'")
            .await,
        0
    );
    let test = app.post(TEST, json!({ "channel": "telegram" })).await;
    test.error(400, 1);
    assert!(
        test["error"]["message"]
            .as_str()
            .unwrap()
            .contains("chat not found")
    );
    assert!(!test.to_string().contains("test-bot-token"));
}

#[tokio::test(flavor = "multi_thread")]
async fn settings_are_admin_only_write_only_and_checked() {
    let app = TestApp::spawn().await;
    let read = app.get(SETTINGS).await.ok().clone();
    assert_eq!(read["smtpHost"], "");
    assert_eq!(read["smtpPort"], 587);
    assert_eq!(read["smtpSecurity"], "starttls");
    assert_eq!(read["hasSmtpPassword"], false);
    assert_eq!(read["emailEnabled"], false);
    assert_eq!(read["telegramEnabled"], false);
    assert_eq!(read["smtpFromEnvironment"], false);
    assert_eq!(read["events"]["codesReady"], true);
    assert_eq!(read["events"]["sellerLowStock"], true);
    assert!(read["updatedBy"].is_null());

    app.as_staff().get(SETTINGS).await.error(403, 6);
    app.anon().get(SETTINGS).await.error(401, 5);
    app.as_staff()
        .put(SETTINGS, json!({ "smtpHost": "smtp.example.vn" }))
        .await
        .error(403, 6);
    app.anon()
        .put(SETTINGS, json!({ "smtpHost": "smtp.example.vn" }))
        .await
        .error(401, 5);

    let saved = app
        .put(
            SETTINGS,
            json!({
                "smtpHost": "smtp.example.vn", "smtpPort": 465, "smtpSecurity": "tls",
                "smtpUserName": "shop@example.vn", "smtpPassword": "very-secret-password",
                "mailFrom": "Cửa hàng <shop@example.vn>", "mailReplyTo": "hotro@example.vn",
                "sellerEmails": ["owner@example.vn"],
                "events": { "sellerLowStock": false }
            }),
        )
        .await
        .ok()
        .clone();
    assert_eq!(saved["hasSmtpPassword"], true);
    assert_eq!(saved["emailEnabled"], true);
    assert_eq!(saved["smtpPort"], 465);
    assert_eq!(saved["events"]["sellerLowStock"], false);
    assert_eq!(saved["events"]["codesReady"], true);
    assert_eq!(saved["updatedBy"], "test-admin");
    assert!(!saved.to_string().contains("very-secret-password"));
    let stored = app
        .scalar(
            "SELECT count(*) AS n FROM notification_settings \
             WHERE position('very-secret' in encode(smtp_password_sealed, 'escape')) > 0",
        )
        .await;
    assert_eq!(stored, 0, "sealed at rest");

    // Left out keeps the password; "" clears it.
    let kept = app
        .put(SETTINGS, json!({ "smtpPort": 587 }))
        .await
        .ok()
        .clone();
    assert_eq!(kept["hasSmtpPassword"], true);
    let cleared = app
        .put(SETTINGS, json!({ "smtpPassword": "" }))
        .await
        .ok()
        .clone();
    assert_eq!(cleared["hasSmtpPassword"], false);

    // Invalid fields: code 1, one detail each, nothing saved.
    let before = app.get(SETTINGS).await.ok().clone();
    let refused = app
        .put(
            SETTINGS,
            json!({
                "smtpHost": "bad host", "smtpPort": 0, "smtpSecurity": "ssl",
                "mailFrom": "nobody", "sellerEmails": ["ok@example.vn", "nope"],
                "telegramChatId": "a chat", "smtpPassword": "new-password"
            }),
        )
        .await;
    let mut fields = refused.error(400, 1);
    fields.sort();
    assert_eq!(
        fields,
        [
            "mailFrom",
            "sellerEmails[1]",
            "smtpHost",
            "smtpPort",
            "smtpSecurity",
            "telegramChatId"
        ]
    );
    let eleven: Vec<String> = (0..11).map(|i| format!("s{i}@example.vn")).collect();
    let refused = app.put(SETTINGS, json!({ "sellerEmails": eleven })).await;
    assert_eq!(refused.error(400, 1), ["sellerEmails"]);
    app.put(SETTINGS, json!([1])).await.error(400, 1);
    assert_eq!(app.get(SETTINGS).await.ok(), &before);
}

#[tokio::test(flavor = "multi_thread")]
async fn test_send_answers_the_servers_own_error() {
    let catcher = MailCatcher::start().await;
    let app = app_with_smtp(&catcher, &[]).await;
    let sent = app
        .post(
            TEST,
            json!({ "channel": "email", "to": "admin@example.vn" }),
        )
        .await;
    assert_eq!(sent.ok()["sent"], true);
    let mails = catcher.wait_for(1, WAIT).await;
    assert_eq!(recipients(&mails[0]), ["admin@example.vn"]);

    // A stored server nobody listens on (port 1): the connection's own error.
    app.put(
        SETTINGS,
        json!({ "smtpHost": "127.0.0.1", "smtpPort": 1, "smtpSecurity": "none",
                "mailFrom": "shop@example.vn" }),
    )
    .await
    .ok();
    let refused = app
        .post(
            TEST,
            json!({ "channel": "email", "to": "admin@example.vn" }),
        )
        .await;
    refused.error(400, 1);
    let message = refused["error"]["message"].as_str().unwrap();
    assert!(message.to_lowercase().contains("connection"), "{message}");
    assert!(refused["error"]["details"].is_null());

    // Bad input is ordinary validation.
    let bad = app.post(TEST, json!({ "channel": "fax" })).await;
    assert_eq!(bad.error(400, 1), ["channel"]);
    let bad = app
        .post(TEST, json!({ "channel": "email", "to": "nope" }))
        .await;
    assert_eq!(bad.error(400, 1), ["to"]);
    // Telegram not configured.
    let off = app.post(TEST, json!({ "channel": "telegram" })).await;
    off.error(400, 1);
    app.as_staff()
        .post(TEST, json!({ "channel": "email" }))
        .await
        .error(403, 6);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_list_filters_and_masks_and_resend_revives_failed_ones() {
    let catcher = MailCatcher::start().await;
    let app = app_with_smtp(&catcher, &[]).await;
    app.put(
        SETTINGS,
        json!({ "sellerEmails": ["owner@example.vn"], "events": { "sellerOrderPaid": true } }),
    )
    .await
    .ok();
    enqueue(&app, &codes_ready("DHLIST0001", SHOPPER)).await;
    enqueue(&app, &codes_ready("DHLIST0002", "broken address")).await;
    let worker = app.worker();
    worker.run_once().await.unwrap();
    worker.run_once().await.unwrap();

    let all = app.get(PAGINATION).await;
    assert_eq!(all.ok()["totalCount"], 5, "{all}");
    let items = all.items();
    assert!(
        items
            .iter()
            .all(|i| !i["recipient"].as_str().unwrap().contains("nguyen.van"))
    );
    assert!(items.iter().any(|i| i["recipient"] == "ng***@example.vn"));

    let failed = app.get(&format!("{PAGINATION}?status=failed")).await;
    let failed = failed.items();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0]["orderCode"], "DHLIST0002");
    assert_eq!(failed[0]["status"], "failed");
    assert_eq!(failed[0]["attempts"], 1);
    assert!(!failed[0]["lastError"].as_str().unwrap().is_empty());

    let by_code = app.get(&format!("{PAGINATION}?keyword=dhlist0001")).await;
    assert_eq!(by_code.ok()["totalCount"], 2);
    let seller = app
        .get(&format!(
            "{PAGINATION}?keyword=owner&event=codes_ready&channel=email"
        ))
        .await;
    assert_eq!(seller.ok()["totalCount"], 2);
    let alerts = app
        .get(&format!("{PAGINATION}?event=delivery_failed"))
        .await;
    assert_eq!(alerts.ok()["totalCount"], 1);
    let future = app
        .get(&format!("{PAGINATION}?from=2999-01-01T00:00:00Z"))
        .await;
    assert_eq!(future.ok()["totalCount"], 0);
    let oldest = app
        .get(&format!(
            "{PAGINATION}?sortBy=createdAt&sortDir=asc&pageSize=1"
        ))
        .await;
    assert_eq!(oldest.items().len(), 1);
    let bad = app
        .get(&format!(
            "{PAGINATION}?status=lost&channel=fax&event=x&from=yesterday"
        ))
        .await;
    let mut fields = bad.error(400, 1);
    fields.sort();
    assert_eq!(fields, ["channel", "event", "from", "status"]);
    app.as_staff().get(PAGINATION).await.error(403, 6);

    // Resend: failed → pending (attempts kept); the worker tries again.
    let id = failed[0]["id"].as_str().unwrap().to_owned();
    let again = app.post(RESEND, json!({ "id": id })).await;
    assert_eq!(again.ok()["status"], "pending");
    assert_eq!(again.ok()["attempts"], 1);
    worker.run_once().await.unwrap();
    let row = app
        .lines(&format!(
            "SELECT concat_ws('|', status, attempts) AS line FROM notification_deliveries WHERE id = '{id}'"
        ))
        .await;
    assert_eq!(row, ["failed|2"]);
    // A sent one: code 404 (HTTP 409); an unknown id: code 2.
    let sent = app
        .get(&format!("{PAGINATION}?status=sent&pageSize=1"))
        .await
        .items();
    app.post(RESEND, json!({ "id": sent[0]["id"] }))
        .await
        .error(409, 404);
    app.post(RESEND, json!({ "id": Uuid::new_v4() }))
        .await
        .error(404, 2);
    app.post(RESEND, json!({})).await.error(400, 1);

    // ByOrder (internal), for the admin order page.
    let by_order = app
        .as_caller(Caller::Retailstore)
        .get(&format!("{BY_ORDER}?orderCode=dhlist0001"))
        .await;
    let items = by_order.ok()["items"].as_array().unwrap().clone();
    assert_eq!(items.len(), 2);
    assert!(items.iter().all(|i| i["orderCode"] == "DHLIST0001"));
    assert!(items.iter().all(|i| i["orderId"].is_string()));
    assert!(
        items
            .iter()
            .any(|i| i["audience"] == "shopper" && i["status"] == "sent")
    );
    app.get(&format!("{BY_ORDER}?orderCode=DHLIST0001"))
        .await
        .error(401, 5);
    // Only retailstore reads an order's deliveries.
    let path = format!("{BY_ORDER}?orderCode=DHLIST0001");
    attacks::assert_internal_callers(&app.http, Method::GET, &path, None, &[Caller::Retailstore])
        .await;
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
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM notification_events")
            .await,
        1
    );
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM notification_deliveries")
            .await,
        0
    );
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM notification_events WHERE link_sealed IS NOT NULL")
            .await,
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
