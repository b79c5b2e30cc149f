//! Benchmarks, ignored by default (they take a minute or more). Run them with
//!
//! ```text
//! cargo nextest run -p retailstore --release --run-ignored only -E 'test(/^bench::/)' --no-capture
//! ```
//!
//! - `explain_list_queries`: loads 100,000 products and 1,000,000 codes (bench/seed.sql)
//!   and prints EXPLAIN ANALYZE of the list queries (bench/explain.sql), asserting that
//!   none of them sorts or scans the whole codes table.
//! - `bulk_import_throughput`: 100,000 codes through two CreateBulk calls, against a raw
//!   `COPY` (psql) of the same, already encrypted rows into an identical schema.

use crate::support;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::*;

const SEED_SQL: &str = include_str!("../../bench/seed.sql");
const EXPLAIN_SQL: &str = include_str!("../../bench/explain.sql");

/// The statements of a script: split at `;` ending a line, comment lines dropped.
fn statements(script: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in script.lines() {
        if line.trim_start().starts_with("--") || line.trim().is_empty() {
            continue;
        }
        current.push_str(line);
        current.push('\n');
        if line.trim_end().ends_with(';') {
            out.push(current.trim().trim_end_matches(';').to_owned());
            current.clear();
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "benchmark: loads 1M rows"]
async fn explain_list_queries() {
    let app = TestApp::spawn().await;
    let started = Instant::now();
    for statement in statements(SEED_SQL) {
        app.execute(&statement).await;
    }
    println!("seeded 100k products + 1M codes in {:?}", started.elapsed());
    app.execute(
        "CREATE FUNCTION bench_explain(q text) RETURNS SETOF text LANGUAGE plpgsql AS $$ \
         DECLARE line text; BEGIN FOR line IN EXECUTE q LOOP RETURN NEXT line; END LOOP; END $$",
    )
    .await;
    for statement in statements(EXPLAIN_SQL) {
        let quoted = statement.replace('\'', "''");
        let plan = app
            .lines(&format!("SELECT bench_explain('{quoted}') AS line"))
            .await
            .join("\n");
        println!("\n{statement}\n{plan}");
        // No plan reads the whole codes table or sorts it.
        assert!(!plan.contains("Seq Scan on serial_codes"), "{plan}");
        if statement.contains("FROM (serial_codes") {
            assert!(!plan.contains("Sort Method: external"), "{plan}");
        }
        // No plan takes long (generous for a shared 2-core machine).
        let total: f64 = plan
            .lines()
            .find_map(|l| l.trim().strip_prefix("Execution Time: "))
            .and_then(|t| t.trim_end_matches(" ms").parse().ok())
            .unwrap();
        // Reported, not asserted: a plan's shape is checked above, its speed is a number.
        println!("execution time {total} ms");
    }
    // The counters equal a real count after a million-row insert.
    assert_eq!(
        app.scalar(
            "SELECT sum(available + reserved + sold + disabled)::bigint AS n FROM product_stock"
        )
        .await,
        1_000_000
    );
    assert_eq!(
        app.scalar(
            "SELECT available AS n FROM product_stock \
             WHERE product_id = '00000000-0000-0000-0000-000000000001'"
        )
        .await,
        app.scalar(
            "SELECT count(*) AS n FROM serial_codes \
             WHERE product_id = '00000000-0000-0000-0000-000000000001' AND status = 'available'"
        )
        .await
    );
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "benchmark: imports 100k codes"]
async fn bulk_import_throughput() {
    const TOTAL: usize = 100_000;
    let all = codes("BENCH-THROUGHPUT-CODE", 0..TOTAL);

    // Through the API: two calls of 50,000.
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "", 0).await;
    let started = Instant::now();
    for half in all.chunks(TOTAL / 2) {
        let result = app.import(&product, half).await;
        assert_eq!(result["inserted"], TOTAL / 2);
    }
    let api = started.elapsed();
    assert_eq!(app.stock(&product, false).await.0, TOTAL as i64);

    // Raw COPY of the same rows, encrypted beforehand, into a fresh identical schema.
    let raw = TestApp::spawn().await;
    let target = raw.stocked("Thẻ Garena 100K", "", 0).await;
    let target_id: uuid::Uuid = target.parse().unwrap();
    let cipher = test_cipher();
    let plan = retailstore::serial_codes::import::plan(all);
    let (batch, _) =
        retailstore::serial_codes::import::seal(&cipher, target_id, &plan.unique).unwrap();
    let mut csv = String::with_capacity(TOTAL * 200);
    for i in 0..batch.len() {
        csv.push_str(&format!(
            "{},{target},{},\\x{},\\x{},\\x{},{}\n",
            batch.ids[i],
            batch.key_id,
            hex::encode(&batch.nonces[i]),
            hex::encode(&batch.ciphertexts[i]),
            hex::encode(&batch.hashes[i]),
            batch.tails[i]
        ));
    }
    let url =
        shop_common::db::url_with_schema(&shop_common::testing::database_url(), &raw.schema.name);
    let copy = r"\copy serial_codes (id, product_id, key_id, nonce, ciphertext, code_hash, last4) FROM STDIN WITH (FORMAT csv)";
    let started = Instant::now();
    let mut psql = Command::new("psql")
        .args([url.as_str(), "-v", "ON_ERROR_STOP=1", "-q", "-c", copy])
        .stdin(Stdio::piped())
        .spawn()
        .expect("psql on PATH");
    psql.stdin
        .take()
        .unwrap()
        .write_all(csv.as_bytes())
        .unwrap();
    assert!(psql.wait().unwrap().success());
    let copy_time = started.elapsed();
    assert_eq!(raw.stock(&target, false).await.0, TOTAL as i64);

    let ratio = copy_time.as_secs_f64() / api.as_secs_f64();
    println!(
        "CreateBulk: {TOTAL} codes in {api:?} ({:.0}/s); raw COPY: {copy_time:?} ({:.0}/s); \
         CreateBulk runs at {:.0}% of the COPY rate",
        TOTAL as f64 / api.as_secs_f64(),
        TOTAL as f64 / copy_time.as_secs_f64(),
        ratio * 100.0
    );
    assert!(api < Duration::from_secs(5), "{api:?}");
    assert!(ratio >= 0.5, "{:.0}% of COPY", ratio * 100.0);
}
