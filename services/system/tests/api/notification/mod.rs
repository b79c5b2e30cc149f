//! Notifications, black-box: Enqueue over HTTP, the worker sending to a real SMTP
//! server (maildev) and to a Telegram stand-in, the settings, Test, the list and Resend.
//! Every time the worker compares is PostgreSQL's `now()`; tests move rows in time with
//! SQL instead of waiting. This module holds the area's fixtures; each child one area.

mod alerts;
mod deliveries;
mod enqueue;
mod settings;
mod worker;

use std::time::Duration;

use serde_json::{Value, json};
use shop_common::internal::Caller;
use shop_common::testing::Stub;
use shop_common::testing::mail::MailCatcher;
use system::routes::{
    ADMIN_NOTIFICATION_SETTINGS as SETTINGS, INTERNAL_NOTIFICATION_ENQUEUE as ENQUEUE,
};
use uuid::Uuid;

use crate::support::TestApp;

const WAIT: Duration = Duration::from_secs(20);
const TOKEN: &str = "123456789:test-bot-token-AAAAAAAAAAAAAAAAAAAA";
const CHAT: &str = "-1001234567890";
const SHOPPER: &str = "nguyen.van.a@example.vn";

/// Fast retries and polls, e-mail through a fresh catcher (no worker runs yet).
async fn smtp_app(extra: &[(&'static str, &str)]) -> (MailCatcher, TestApp) {
    let catcher = MailCatcher::start().await;
    let url = catcher.smtp_url();
    let mut vars: Vec<(&'static str, &str)> = vec![
        ("SMTP_URL", &url),
        ("MAIL_FROM", "Cửa hàng <shop@example.vn>"),
        ("NOTIFY_RETRY_BASE_MS", "50"),
        ("NOTIFY_POLL_INTERVAL_MS", "50"),
    ];
    vars.extend_from_slice(extra);
    let app = TestApp::spawn_notify(&vars).await;
    (catcher, app)
}

/// [`smtp_app`] whose seller hears on `telegram` (from the environment) and only of
/// failures: the seller's order-paid alert is off, so a paid order makes only the
/// shopper's e-mail.
async fn telegram_alerting_app(telegram: &Stub) -> (MailCatcher, TestApp) {
    let (catcher, app) = smtp_app(&[
        ("TELEGRAM_BOT_TOKEN", TOKEN),
        ("TELEGRAM_CHAT_ID", CHAT),
        ("TELEGRAM_API_BASE", &telegram.base_url),
    ])
    .await;
    app.put(SETTINGS, json!({ "events": { "sellerOrderPaid": false } }))
        .await
        .ok();
    (catcher, app)
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

/// The rows of `from` (a table, and a `WHERE` clause if any).
async fn count(app: &TestApp, from: &str) -> i64 {
    app.scalar(&format!("SELECT count(*) AS n FROM {from}"))
        .await
}

fn deliveries_with(status: &str) -> String {
    format!("SELECT count(*) AS n FROM notification_deliveries WHERE status = '{status}'")
}

/// `columns` of the deliveries of the codes_ready events, each row joined with `|`.
async fn codes_ready_deliveries(app: &TestApp, columns: &str) -> Vec<String> {
    app.lines(&format!(
        "SELECT concat_ws('|', {columns}) AS line FROM notification_deliveries d \
         JOIN notification_events e ON e.id = d.event_id WHERE e.event = 'codes_ready'"
    ))
    .await
}

/// The Telegram Bot API path the messages to [`TOKEN`]'s bot are posted to.
fn send_message() -> String {
    format!("/bot{TOKEN}/sendMessage")
}

/// A Telegram Bot API stand-in answering `sendMessage` for [`TOKEN`].
fn telegram_stub() -> Stub {
    let stub = Stub::start();
    stub.reply("POST", &send_message(), |_| {
        (200, json!({ "ok": true, "result": { "message_id": 1 } }))
    });
    stub
}

/// Time for a second, wrong send to show before counting what arrived.
async fn settle() {
    tokio::time::sleep(Duration::from_millis(300)).await;
}
