//! The work a paid order costs the database: CreateOrder and the bank's ConfirmPayment
//! counted in SQL statements (every statement a connection of this process sends,
//! transaction control included), through diesel's instrumentation. A count, not a
//! timing: it does not depend on the machine.
//!
//! The counter is process-wide, so it means something only when this test has the process
//! to itself, as under nextest (one process per test); under `cargo test` it says so and
//! checks nothing.

use crate::support;

use std::sync::atomic::{AtomicUsize, Ordering};

use diesel::connection::{Instrumentation, InstrumentationEvent, set_default_instrumentation};
use support::*;

/// CreateOrder: the products read before paymentprovider is asked (with the unpaid
/// orders of the e-mail and the client, as the limits are on in these tests), the
/// reservation (one call of `checkout_create_order`), then the low-stock check after the
/// commit (which sees orders that committed at the same time).
const CREATE_ORDER: usize = 3;
/// The bank's ConfirmPayment: one call of `confirm_bank_payment`.
const CONFIRM_PAYMENT: usize = 1;

static STATEMENTS: AtomicUsize = AtomicUsize::new(0);

struct Counter;

impl Instrumentation for Counter {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        if let InstrumentationEvent::StartQuery { .. } = event {
            STATEMENTS.fetch_add(1, Ordering::SeqCst);
        }
    }
}

fn counted() -> usize {
    STATEMENTS.load(Ordering::SeqCst)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_paid_order_takes_a_handful_of_statements() {
    if std::env::var_os("NEXTEST_RUN_ID").is_none() {
        eprintln!("statement count skipped: it needs a process of its own (run under nextest)");
        return;
    }
    set_default_instrumentation(|| Some(Box::new(Counter))).unwrap();
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ đếm câu lệnh", "PSTMT", 4).await;

    let mut per_order = Vec::new();
    // The first order also prepares the statements on a fresh connection: count the
    // second one too, as a running shop would see it.
    for (n, email) in ["dem1@vidu.vn", "dem2@vidu.vn"].iter().enumerate() {
        let before = counted();
        let order = app
            .anon()
            .post(CREATE_ORDER_PATH, order_body(&product, 1, email))
            .await;
        let created = counted() - before;
        let order = order.ok().clone();
        let code = order["code"].as_str().unwrap().to_owned();
        let total = order["total"].as_i64().unwrap();

        let before = counted();
        let paid = app.pay(&code, total, &format!("tx-dem-{n}")).await;
        let confirmed = counted() - before;
        assert_eq!(
            (paid["status"].as_str(), paid["outcome"].as_str()),
            (Some("completed"), Some("applied"))
        );
        per_order.push((created, confirmed));
    }
    println!("statements per paid order (CreateOrder, ConfirmPayment): {per_order:?}");
    for (created, confirmed) in per_order {
        assert!(created <= CREATE_ORDER, "CreateOrder: {created} statements");
        assert!(
            confirmed <= CONFIRM_PAYMENT,
            "ConfirmPayment: {confirmed} statements"
        );
    }
    // Both orders were sold their code, and nothing else moved.
    assert_eq!(app.stock(&product, true).await, (2, 0, 2, 0));
}

/// The timeline messages `confirm_bank_payment` writes spell amounts as the service does.
#[tokio::test(flavor = "multi_thread")]
async fn amounts_in_sql_read_as_the_service_writes_them() {
    let app = TestApp::spawn().await;
    for amount in [
        0,
        7,
        999,
        1_000,
        20_000,
        100_000,
        1_234_567,
        -50_000,
        i64::MAX,
        i64::MIN,
    ] {
        let sql = format!("SELECT vnd({amount}) AS line");
        assert_eq!(
            app.lines(&sql).await,
            [retailstore::domain::order::vnd(amount)],
            "{amount}"
        );
    }
}
