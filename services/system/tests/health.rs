#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The service migrates its own schema and answers its probes and unknown routes.

mod support;

use shop_common::db;
use shop_common::testing::client;
use support::TestApp;

#[tokio::test(flavor = "multi_thread")]
async fn migrates_and_answers_probes() {
    let app = TestApp::spawn().await;
    // A second run (another replica starting) is a no-op.
    let schema = &app.schema;
    db::migrate(&schema.database_url, &schema.name, system::MIGRATIONS)
        .await
        .unwrap();
    let client = client();

    let ready = client.get(app.url("/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), 200);
    let alive = client.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(alive.status(), 200);

    for path in ["/system/api/web/v1/Nothing/Here", "/nothing", "/uploads"] {
        let missing = client.get(app.url(path)).send().await.unwrap();
        support::expect_error(missing, 404, 2).await;
    }
    // An unknown method on a known route answers in the envelope too.
    let wrong_method = client
        .delete(app.url("/system/api/web/v1/Configuration/AppConfiguration"))
        .send()
        .await
        .unwrap();
    support::expect_error(wrong_method, 404, 2).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn readyz_fails_without_database() {
    // Nothing listens on port 1: the pool cannot connect.
    let app = TestApp::spawn_with(|_| {
        db::build_pool("postgres://postgres@127.0.0.1:1/none", "system", 1).unwrap()
    })
    .await;
    let ready = client().get(app.url("/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), 503);
    // API calls needing the database answer 503 code 8 in the envelope.
    let config = client()
        .get(app.url("/system/api/web/v1/Configuration/AppConfiguration"))
        .send()
        .await
        .unwrap();
    support::expect_error(config, 503, 8).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn serves_its_openapi_document() {
    let app = TestApp::spawn().await;
    let resp = client()
        .get(app.url("/system/openapi.json"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let doc: serde_json::Value = resp.json().await.unwrap();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    for path in [
        "/system/api/web/v1/Configuration/AppConfiguration",
        "/system/api/admin/v1/Configuration/AppConfiguration",
        "/system/api/admin/v1/UploadFile/Upload",
        "/uploads/{name}",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} missing");
    }
    assert!(doc["paths"]["/system/api/admin/v1/Configuration/AppConfiguration"]["put"].is_object());
}
