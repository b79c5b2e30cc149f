//! The service migrates its own schema and answers its probes and unknown routes.

use retailstore::config::OrderConfig;
use shop_common::testing::{
    TestSchema, TestTokens, assert_not_ready, assert_probes, serve, unreachable_pool,
};

use crate::support;

fn serve_on(pool: shop_common::db::DbPool) -> String {
    let state = support::state(pool, TestTokens::new().verifier(), OrderConfig::default());
    serve(retailstore::configure(state))
}

#[tokio::test(flavor = "multi_thread")]
async fn migrates_and_answers_probes() {
    let schema = TestSchema::new();
    schema.migrate(retailstore::MIGRATIONS).await;
    // A second run (another replica starting) is a no-op.
    schema.migrate(retailstore::MIGRATIONS).await;
    let base = serve_on(schema.pool(2));
    assert_probes(&base, "/retailstore/api/web/v1/Nothing/Here").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn readyz_fails_without_database() {
    let base = serve_on(unreachable_pool("retailstore"));
    assert_not_ready(&base).await;
}
