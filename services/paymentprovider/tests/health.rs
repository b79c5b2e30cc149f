#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The service migrates its own schema and answers its probes and unknown routes.

mod support;

use paymentprovider::AppState;
use shop_common::config::Secret;
use shop_common::internal::InternalKey;
use shop_common::testing::{INTERNAL_KEY, TestSchema, TestTokens, client, listener};
use shop_common::{db, server};

fn state(pool: db::DbPool) -> AppState {
    AppState::new(
        pool,
        TestTokens::new().verifier(),
        support::test_cipher(),
        InternalKey(Secret::new(INTERNAL_KEY)),
        "http://localhost:8080".into(),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn migrates_and_answers_probes() {
    let schema = TestSchema::new();
    db::migrate(
        &schema.database_url,
        &schema.name,
        paymentprovider::MIGRATIONS,
    )
    .await
    .unwrap();
    // A second run (another replica starting) is a no-op.
    db::migrate(
        &schema.database_url,
        &schema.name,
        paymentprovider::MIGRATIONS,
    )
    .await
    .unwrap();
    let pool = db::build_pool(&schema.database_url, &schema.name, 2).unwrap();
    let (listener, base) = listener();
    tokio::spawn(server::server(listener, paymentprovider::configure(state(pool))).unwrap());
    let client = client();

    let ready = client.get(format!("{base}/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), 200);
    let alive = client.get(format!("{base}/healthz")).send().await.unwrap();
    assert_eq!(alive.status(), 200);

    let missing = client
        .get(format!("{base}/paymentprovider/api/web/v1/Nothing/Here"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);
    let body: serde_json::Value = missing.json().await.unwrap();
    assert_eq!(body["success"], false);
    assert_eq!(body["status"], 404);
    assert_eq!(body["error"]["code"], 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn readyz_fails_without_database() {
    // Nothing listens on port 1: the pool cannot connect.
    let pool =
        db::build_pool("postgres://postgres@127.0.0.1:1/none", "paymentprovider", 1).unwrap();
    let (listener, base) = listener();
    tokio::spawn(server::server(listener, paymentprovider::configure(state(pool))).unwrap());
    let ready = client().get(format!("{base}/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), 503);
}
