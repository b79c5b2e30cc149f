//! The schema's migrations revert and apply again without losing what the shop holds.

use crate::support;

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

/// Whether the database refuses `sql` for breaking `constraint` (a CHECK).
async fn refused_by(app: &TestApp, sql: &str, constraint: &str) -> bool {
    use diesel::result::{DatabaseErrorKind, Error};
    use diesel_async::RunQueryDsl;
    let mut conn = app.schema.connect().await;
    match diesel::sql_query(sql).execute(&mut conn).await {
        Err(Error::DatabaseError(DatabaseErrorKind::CheckViolation, info)) => {
            info.constraint_name() == Some(constraint)
        }
        Err(other) => panic!("{sql}: {other}"),
        Ok(_) => false,
    }
}

/// The reservation invariant is the database's too: a reserved or sold code has an
/// order line, an available or disabled one has none. Every state the service writes
/// (reserve, sell, replace, cancel, expire, disable) fits it, and it is validated.
#[tokio::test(flavor = "multi_thread")]
async fn the_database_refuses_a_code_whose_state_contradicts_its_order() {
    const CHECK: &str = "serial_codes_order_state_check";
    let app = TestApp::spawn().await;
    let (product, order, id) = app.ordered(6, 2, "a@vidu.vn").await;
    app.pay(order["code"].as_str().unwrap(), 100_000, "tx-1")
        .await;
    let item = app
        .lines(&format!(
            "SELECT id::text AS line FROM order_items WHERE order_id = '{id}'"
        ))
        .await
        .remove(0);
    app.post(
        ORDER_REPLACE,
        serde_json::json!({"id": id, "itemId": item, "quantity": 1, "reason": "lỗi"}),
    )
    .await
    .ok();
    let (_, _, cancelled) = app.ordered(2, 1, "b@vidu.vn").await;
    app.post(
        ORDER_CANCEL,
        serde_json::json!({"id": cancelled, "reason": "hủy"}),
    )
    .await
    .ok();
    let (_, _, due) = app.ordered(2, 1, "c@vidu.vn").await;
    app.make_due(&due).await;
    retailstore::orders::expiry::sweep(&app.pool, &app.notifier)
        .await
        .unwrap();
    let (_, _, pending) = app.ordered(2, 1, "d@vidu.vn").await;
    let spare = app
        .lines(&format!(
            "SELECT id::text AS line FROM serial_codes \
              WHERE product_id = '{product}' AND status = 'available' LIMIT 1"
        ))
        .await
        .remove(0);
    app.put(
        CODE_UPDATE,
        serde_json::json!({"id": spare, "status": "disabled"}),
    )
    .await
    .ok();
    assert_eq!(
        app.scalar(&format!(
            "SELECT count(*) AS n FROM pg_constraint c \
               JOIN pg_namespace n ON n.oid = c.connamespace \
              WHERE n.nspname = current_schema() AND c.conname = '{CHECK}' \
                AND c.convalidated"
        ))
        .await,
        1
    );

    let code_of =
        |status: &str| format!("(SELECT id FROM serial_codes WHERE status = '{status}' LIMIT 1)");
    let refusals = [
        // Sold or reserved without an order.
        format!(
            "UPDATE serial_codes SET status = 'sold', sold_at = now() WHERE id = {}",
            code_of("available")
        ),
        format!(
            "UPDATE serial_codes SET order_id = NULL, order_item_id = NULL WHERE id = {}",
            code_of("reserved")
        ),
        // Back to stock (or disabled) while still pointing at an order.
        format!(
            "UPDATE serial_codes SET status = 'available' WHERE id = {}",
            code_of("sold")
        ),
        format!(
            "UPDATE serial_codes SET status = 'disabled' WHERE id = {}",
            code_of("reserved")
        ),
        format!(
            "UPDATE serial_codes SET order_id = '{pending}' WHERE id = {}",
            code_of("available")
        ),
    ];
    for sql in refusals {
        assert!(refused_by(&app, &sql, CHECK).await, "{sql}");
    }
}

/// The checkout functions (a later migration), lent to an older schema.
const CHECKOUT_FUNCTIONS: &str =
    include_str!("../../migrations/2026-12-25-000000_checkout_functions/up.sql");
const CHECKOUT_FUNCTIONS_DOWN: &str =
    include_str!("../../migrations/2026-12-25-000000_checkout_functions/down.sql");

/// A code is unique across the shop from the migration on. A database that already holds
/// one code under two products still migrates: the oldest row keeps the code, a later
/// copy still available is disabled with a note (never sold twice), a sold copy is left
/// to its order; then the shop-wide key holds.
#[tokio::test(flavor = "multi_thread")]
async fn the_shop_wide_code_key_migrates_a_database_with_shared_codes() {
    const GLOBAL_KEY: &str = "20261222000000";
    let app = TestApp::spawn().await;
    app.schema
        .revert(retailstore::MIGRATIONS, Some(GLOBAL_KEY))
        .await;
    // This code reads the columns later migrations add: lend them while the old schema
    // is filled, and take them back before migrating.
    app.execute("ALTER TABLE serial_codes ADD COLUMN serial text")
        .await;
    app.execute("ALTER TABLE products ADD COLUMN redeem_instructions text")
        .await;
    // CreateOrder and ConfirmPayment call functions a later migration creates: lend them.
    for function in CHECKOUT_FUNCTIONS.split_inclusive("$$;") {
        if function.contains("CREATE FUNCTION") {
            app.execute(function.trim().trim_end_matches(';')).await;
        }
    }
    // Before: the old per-product key lets two products hold one code.
    let first = app.stocked("Thẻ Garena 100K", "", 0).await;
    let second = app.stocked("Thẻ Viettel 50K", "", 0).await;
    let third = app.stocked("Thẻ Zing 50K", "", 0).await;
    app.import(&first, &["SHARED-1".to_owned(), "SOLO-1".to_owned()])
        .await;
    app.import(&second, &["SHARED-1".to_owned()]).await;
    app.import(&third, &["SHARED-1".to_owned()]).await;
    // The third product's copy was sold meanwhile.
    let order = app
        .anon()
        .post(CREATE_ORDER_PATH, order_body(&third, 1, "a@vidu.vn"))
        .await;
    app.pay(order.ok()["code"].as_str().unwrap(), 50_000, "tx-1")
        .await;
    app.execute("ALTER TABLE serial_codes DROP COLUMN serial")
        .await;
    app.execute("ALTER TABLE products DROP COLUMN redeem_instructions")
        .await;
    for drop in CHECKOUT_FUNCTIONS_DOWN
        .lines()
        .filter(|l| l.starts_with("DROP"))
    {
        app.execute(drop.trim_end_matches(';')).await;
    }
    app.schema.migrate(retailstore::MIGRATIONS).await;

    assert_eq!(app.stock(&first, false).await, (2, 0, 0, 0));
    assert_eq!(app.stock(&second, false).await, (0, 0, 0, 1));
    assert_eq!(app.stock(&third, false).await, (0, 0, 1, 0));
    let note = app
        .lines(&format!(
            "SELECT note AS line FROM serial_codes WHERE product_id = '{second}'"
        ))
        .await;
    assert!(note[0].starts_with("Trùng mã"), "{note:?}");
    // From now on nobody can add it again, under any product.
    let again = app.import(&second, &["SHARED-1".to_owned()]).await;
    assert_eq!(again["inserted"], 0);
    assert_eq!(again["duplicates"][0]["productName"], "Thẻ Garena 100K");
    let solo = app.import(&third, &["SOLO-1".to_owned()]).await;
    assert_eq!(solo["inserted"], 0);
}
