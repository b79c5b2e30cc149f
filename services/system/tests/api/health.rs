//! The service migrates its own schema and answers its probes and unknown routes.

use crate::support;

use shop_common::testing::{assert_not_ready, assert_probes, client, unreachable_pool};
use support::{Answer, TestApp};

#[tokio::test(flavor = "multi_thread")]
async fn migrates_and_answers_probes() {
    let app = TestApp::spawn().await;
    // A second run (another replica starting) is a no-op.
    app.schema.migrate(system::MIGRATIONS).await;
    assert_probes(&app.base_url, "/system/api/web/v1/Nothing/Here").await;
    let client = client();
    for path in ["/nothing", "/uploads"] {
        let missing = client.get(app.url(path)).send().await.unwrap();
        Answer::of(missing).await.error(404, 2);
    }
    // An unknown method on a known route answers in the envelope too.
    let wrong_method = client
        .delete(app.url("/system/api/web/v1/Configuration/AppConfiguration"))
        .send()
        .await
        .unwrap();
    Answer::of(wrong_method).await.error(404, 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn readyz_fails_without_database() {
    // Nothing listens on port 1: the pool cannot connect.
    let app = TestApp::spawn_with(Some(unreachable_pool("system"))).await;
    assert_not_ready(&app.base_url).await;
    // API calls needing the database answer 503 code 8 in the envelope.
    let config = client()
        .get(app.url("/system/api/web/v1/Configuration/AppConfiguration"))
        .send()
        .await
        .unwrap();
    Answer::of(config).await.error(503, 8);
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

#[tokio::test(flavor = "multi_thread")]
async fn every_migration_reverts_and_applies_again() {
    shop_common::testing::assert_migrations_revert(|| system::MIGRATIONS).await;
}
