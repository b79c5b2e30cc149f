//! The schema's migrations revert and apply again without losing what the shop holds.

mod support;

use support::*;

/// The migration that split each product's counters into stripes (and everything after it).
const STOCK_SPILL: &str = "20261126000000";

#[tokio::test(flavor = "multi_thread")]
async fn reverting_the_counter_stripes_keeps_every_count() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100k", "GR", 30).await;
    let order = order_body(&product, 2, "a@vidu.vn");
    app.anon().post(CREATE_ORDER_PATH, order).await.ok();
    // Counters as concurrent writers leave them: part of the count in spill stripes.
    let product_is = format!("product_id = '{product}'");
    let base =
        format!("UPDATE product_stock_base SET available = available - 12 WHERE {product_is}");
    app.execute(&base).await;
    app.execute(&format!(
        "INSERT INTO product_stock_spill (product_id, stripe, available) \
         VALUES ('{product}', 3, 5), ('{product}', 9, 7)"
    ))
    .await;
    let counted = app.stock(&product, true).await;
    assert_eq!(counted, (28, 2, 0, 0));
    assert_eq!(app.stock(&product, false).await, counted);

    app.schema
        .revert(retailstore::MIGRATIONS, Some(STOCK_SPILL))
        .await;
    let spill = "SELECT count(*) AS n FROM pg_tables \
                 WHERE schemaname = current_schema() AND tablename = 'product_stock_spill'";
    assert_eq!(app.scalar(spill).await, 0, "the stripes are gone");
    let stored = format!("SELECT available AS n FROM product_stock WHERE {product_is}");
    assert_eq!(
        app.scalar(&stored).await,
        28,
        "folded into the one counter row"
    );
    assert_eq!(app.stock(&product, false).await, counted);

    app.schema.migrate(retailstore::MIGRATIONS).await;
    assert_eq!(app.scalar(spill).await, 1);
    assert_eq!(app.stock(&product, false).await, counted);
}

#[tokio::test(flavor = "multi_thread")]
async fn every_migration_reverts_and_applies_again() {
    shop_common::testing::assert_migrations_revert(|| retailstore::MIGRATIONS).await;
}
