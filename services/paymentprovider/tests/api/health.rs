//! The service migrates its own schema and answers its probes and unknown routes.

use crate::support;

use shop_common::testing::{
    TestSchema, TestTokens, assert_not_ready, assert_probes, serve, unreachable_pool,
};

fn serve_on(pool: shop_common::db::DbPool) -> String {
    let state = support::state(
        pool,
        TestTokens::new().verifier(),
        "http://localhost:8080",
        support::NO_RETAILSTORE,
    );
    serve(paymentprovider::configure(state))
}

#[tokio::test(flavor = "multi_thread")]
async fn migrates_and_answers_probes() {
    let schema = TestSchema::new();
    schema.migrate(paymentprovider::MIGRATIONS).await;
    // A second run (another replica starting) is a no-op.
    schema.migrate(paymentprovider::MIGRATIONS).await;
    let base = serve_on(schema.pool(2));
    assert_probes(&base, "/paymentprovider/api/web/v1/Nothing/Here").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn readyz_fails_without_database() {
    let base = serve_on(unreachable_pool("paymentprovider"));
    assert_not_ready(&base).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn every_migration_reverts_and_applies_again() {
    shop_common::testing::assert_migrations_revert(|| paymentprovider::MIGRATIONS).await;
}
