//! Configuration/AppConfiguration: public read, staff/admin read, admin-only save.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use support::{Answer, TestApp};
use system::routes::ADMIN_APP_CONFIGURATION as ADMIN;
use system::routes::WEB_APP_CONFIGURATION as WEB;

async fn web_config(app: &TestApp) -> Value {
    Answer::of(app.client.get(app.url(WEB)).send().await.unwrap())
        .await
        .ok()
        .clone()
}

async fn admin_config(app: &TestApp) -> Value {
    let resp = app
        .client
        .get(app.url(ADMIN))
        .bearer_auth(app.staff.clone())
        .send()
        .await
        .unwrap();
    Answer::of(resp).await.ok().clone()
}

async fn put(app: &TestApp, token: &str, body: &Value) -> reqwest::Response {
    app.client
        .put(app.url(ADMIN))
        .bearer_auth(token)
        .json(body)
        .send()
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn web_configuration_is_public_and_cacheable() {
    let app = TestApp::spawn().await;
    // No token, and a stale token is ignored on web routes.
    for token in [None, Some("not-a-token")] {
        let mut req = app.client.get(app.url(WEB));
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        let resp = req.send().await.unwrap();
        let cache_control = resp.headers()["cache-control"].to_str().unwrap().to_owned();
        assert!(cache_control.contains("public") && cache_control.contains("max-age="));
        let config = Answer::of(resp).await.ok().clone();
        assert_eq!(
            config,
            json!({
                "shopName": "Cửa hàng mã số",
                "shopTagline": "",
                "logoUrl": null,
                "socialUrl": null,
                "footerNote": "",
                "contactEmail": null,
                "contactPhone": null,
                "analyticsId": null
            })
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn admin_read_needs_a_valid_token() {
    let app = TestApp::spawn().await;
    let anonymous = app.client.get(app.url(ADMIN)).send().await.unwrap();
    Answer::of(anonymous).await.error(401, 5);
    let forged = app
        .client
        .get(app.url(ADMIN))
        .bearer_auth("eyJhbGciOiJFZERTQSJ9.e30.c2ln")
        .send()
        .await
        .unwrap();
    Answer::of(forged).await.error(401, 5);

    // Staff may read, including who saved last (nobody yet).
    let config = admin_config(&app).await;
    assert_eq!(config["shopName"], "Cửa hàng mã số");
    assert!(config["updatedBy"].is_null());
    assert!(
        chrono::DateTime::parse_from_rfc3339(config["updatedAt"].as_str().unwrap()).is_ok(),
        "{config}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn staff_cannot_save() {
    let app = TestApp::spawn().await;
    let before = admin_config(&app).await;
    let resp = put(&app, &app.staff, &json!({ "shopName": "Của staff" })).await;
    Answer::of(resp).await.error(403, 6);
    let anonymous = app
        .client
        .put(app.url(ADMIN))
        .json(&json!({ "shopName": "Ẩn danh" }))
        .send()
        .await
        .unwrap();
    Answer::of(anonymous).await.error(401, 5);
    assert_eq!(admin_config(&app).await, before);
}

#[tokio::test(flavor = "multi_thread")]
async fn admin_saves_and_the_storefront_sees_it_at_once() {
    let app = TestApp::spawn().await;
    // Warm the public cache first: the save must invalidate it.
    assert_eq!(web_config(&app).await["shopName"], "Cửa hàng mã số");

    let upload = format!("/uploads/{}.png", "ab".repeat(32));
    let resp = put(
        &app,
        &app.admin,
        &json!({
            "shopName": "  Shop Mã Thẻ  ",
            "shopTagline": "Giao mã ngay",
            "logoUrl": upload,
            "socialUrl": "https://facebook.com/shopmathe",
            "footerNote": "Dòng 1\r\nDòng 2",
            "contactEmail": "lienhe@shop.vn",
            "contactPhone": "+84 912 345 678",
            "analyticsId": "G-ABC123"
        }),
    )
    .await;
    assert_eq!(resp.headers()["cache-control"], "no-store");
    let saved = Answer::of(resp).await.ok().clone();
    assert_eq!(saved["shopName"], "Shop Mã Thẻ");
    assert_eq!(saved["footerNote"], "Dòng 1\nDòng 2");
    assert_eq!(saved["updatedBy"], "test-admin");
    assert_eq!(saved["logoUrl"], upload);

    let public = web_config(&app).await;
    assert_eq!(
        public,
        json!({
            "shopName": "Shop Mã Thẻ",
            "shopTagline": "Giao mã ngay",
            "logoUrl": upload,
            "socialUrl": "https://facebook.com/shopmathe",
            "footerNote": "Dòng 1\nDòng 2",
            "contactEmail": "lienhe@shop.vn",
            "contactPhone": "+84 912 345 678",
            "analyticsId": "G-ABC123"
        })
    );
    let admin = admin_config(&app).await;
    assert_eq!(admin["updatedBy"], "test-admin");
    assert_eq!(admin["shopName"], "Shop Mã Thẻ");

    // A field left out stays unchanged.
    let saved = Answer::of(put(&app, &app.admin, &json!({ "shopTagline": "Mới" })).await)
        .await
        .ok()
        .clone();
    assert_eq!(saved["shopName"], "Shop Mã Thẻ");
    assert_eq!(saved["shopTagline"], "Mới");
    assert_eq!(saved["analyticsId"], "G-ABC123");
}

#[tokio::test(flavor = "multi_thread")]
async fn invalid_fields_are_listed_and_nothing_changes() {
    let app = TestApp::spawn().await;
    let before = admin_config(&app).await;
    let resp = put(
        &app,
        &app.admin,
        &json!({
            "shopName": "   ",
            "shopTagline": "x".repeat(201),
            "logoUrl": "http://insecure.example.com/logo.png",
            "socialUrl": "javascript:alert(1)",
            "footerNote": "y".repeat(501),
            "contactEmail": "not-an-email",
            "contactPhone": "abc",
            "analyticsId": "G XXXX"
        }),
    )
    .await;
    let body = Answer::of(resp).await;
    body.error(400, 1);
    let mut fields: Vec<&str> = body["error"]["details"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            assert!(!d["message"].as_str().unwrap().is_empty());
            d["field"].as_str().unwrap()
        })
        .collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        [
            "analyticsId",
            "contactEmail",
            "contactPhone",
            "footerNote",
            "logoUrl",
            "shopName",
            "shopTagline",
            "socialUrl"
        ]
    );

    // One bad field spoils the whole save.
    let resp = put(
        &app,
        &app.admin,
        &json!({ "shopName": "Hợp lệ", "shopTagline": 5, "logoUrl": "/uploads/../../etc/passwd" }),
    )
    .await;
    let body = Answer::of(resp).await;
    body.error(400, 1);
    assert_eq!(body["error"]["details"].as_array().unwrap().len(), 2);

    // shopName cannot be cleared; a name over 100 characters is refused.
    for name in [json!(null), json!("ả".repeat(101))] {
        let resp = put(&app, &app.admin, &json!({ "shopName": name })).await;
        let body = Answer::of(resp).await;
        body.error(400, 1);
        assert_eq!(body["error"]["details"][0]["field"], "shopName");
    }

    // Unreadable bodies are code 1 too.
    let malformed = app.text(Method::PUT, ADMIN, "{\"shopName\":").await;
    malformed.error(400, 1);
    let not_object = put(&app, &app.admin, &json!(["shopName"])).await;
    Answer::of(not_object).await.error(400, 1);

    assert_eq!(admin_config(&app).await, before);
}

#[tokio::test(flavor = "multi_thread")]
async fn explicit_null_clears_an_optional_field() {
    let app = TestApp::spawn().await;
    let saved = Answer::of(
        put(
            &app,
            &app.admin,
            &json!({ "socialUrl": "http://zalo.me/shop", "contactEmail": "a@b.vn" }),
        )
        .await,
    )
    .await
    .ok()
    .clone();
    assert_eq!(saved["socialUrl"], "http://zalo.me/shop");

    let saved = Answer::of(put(&app, &app.admin, &json!({ "socialUrl": null })).await)
        .await
        .ok()
        .clone();
    assert!(saved["socialUrl"].is_null());
    assert_eq!(saved["contactEmail"], "a@b.vn", "left-out field kept");
    assert!(web_config(&app).await["socialUrl"].is_null());

    // A blank optional field clears it as well; null on a free text empties it.
    let saved = Answer::of(
        put(
            &app,
            &app.admin,
            &json!({ "contactEmail": "  ", "shopTagline": null }),
        )
        .await,
    )
    .await
    .ok()
    .clone();
    assert!(saved["contactEmail"].is_null());
    assert_eq!(saved["shopTagline"], "");
}
