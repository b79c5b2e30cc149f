//! The notification settings (admin only, secrets write-only, checked) and the admin's
//! test message.

use serde_json::json;
use shop_common::testing::mail::recipients;
use system::routes::{ADMIN_NOTIFICATION_SETTINGS as SETTINGS, ADMIN_NOTIFICATION_TEST as TEST};

use super::{WAIT, smtp_app};
use crate::support::TestApp;

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
    let (catcher, app) = smtp_app(&[]).await;
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
