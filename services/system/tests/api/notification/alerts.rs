//! The seller's alerts: a delivery that fails (at once, or when its retry window ends)
//! raises one Telegram alert, and Telegram's own alerts keep the bot token secret.

use serde_json::json;
use system::routes::{
    ADMIN_NOTIFICATION_PAGINATION as PAGINATION, ADMIN_NOTIFICATION_RESEND as RESEND,
    ADMIN_NOTIFICATION_SETTINGS as SETTINGS, ADMIN_NOTIFICATION_TEST as TEST,
};

use super::{
    CHAT, SHOPPER, TOKEN, WAIT, codes_ready, codes_ready_deliveries, count, deliveries_with,
    enqueue, send_message, settle, telegram_alerting_app, telegram_stub, transfer_unmatched,
};
use crate::support::TestApp;

#[tokio::test(flavor = "multi_thread")]
async fn an_invalid_recipient_fails_at_once_and_alerts_the_seller() {
    let telegram = telegram_stub();
    // Only the shopper e-mail: the seller's order-paid alert is off.
    let (catcher, app) = telegram_alerting_app(&telegram).await;
    enqueue(&app, &codes_ready("DHBAD00001", "not an address")).await;
    let worker = app.worker();
    let batch = worker.run_once().await.unwrap();
    assert_eq!((batch.claimed, batch.failed), (1, 1));
    let failed = codes_ready_deliveries(&app, "status, attempts, last_error").await;
    assert!(failed[0].starts_with("failed|1|"), "{failed:?}");
    // The seller hears of it on Telegram, once.
    worker.run_once().await.unwrap();
    worker.run_once().await.unwrap();
    let alerts = telegram.calls(&send_message());
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
async fn the_retry_window_ends_in_failed_and_one_seller_alert() {
    let telegram = telegram_stub();
    let (mut catcher, app) = telegram_alerting_app(&telegram).await;
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
    let row = codes_ready_deliveries(&app, "d.status, d.attempts").await;
    assert_eq!(row, ["failed|2"]);
    worker.run_once().await.unwrap();
    let alerts = telegram.calls(&send_message());
    assert_eq!(alerts.len(), 1);
    assert!(alerts[0]["text"].as_str().unwrap().contains("DHLATE0001"));
    assert!(
        alerts[0]["text"]
            .as_str()
            .unwrap()
            .contains("ng***@example.vn")
    );
    // Resend and fail again: the alert is not raised twice.
    let id = codes_ready_deliveries(&app, "d.id::text").await;
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
        count(&app, "notification_events WHERE event = 'delivery_failed'").await,
        1
    );
    assert_eq!(telegram.calls(&send_message()).len(), 1);
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
    let path = send_message();
    assert_eq!(app.wait_scalar(&deliveries_with("sent"), 2, WAIT).await, 2);
    settle().await;
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
        count(&app, "notification_deliveries WHERE channel = 'email'").await,
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
        count(
            &app,
            "notification_deliveries WHERE last_error LIKE '%test-bot-token%'"
        )
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
