//! The retry job for transactions left `pending` while retailstore was down: concurrent
//! passes (several tasks or replicas) never take one row twice within a lease, and the
//! job itself runs until told to stop.

use crate::support;

use std::collections::HashMap;
use std::time::Duration;

use paymentprovider::settlement::{RETRY_BATCH, retry_job, retry_pass};
use support::*;

/// `n` transfers with an order code each, stored `pending` while retailstore was down,
/// then retailstore back up and every one due. Returns their transaction ids.
async fn pending_transfers(app: &TestApp, n: i64) -> Vec<String> {
    let codes: Vec<String> = (0..n).map(|i| format!("DH{i:08}")).collect();
    let refs: Vec<&str> = codes.iter().map(String::as_str).collect();
    app.retail.orders(&refs, &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    app.retail.set_down(true);
    let mut ids = Vec::new();
    for (i, code) in codes.iter().enumerate() {
        let answer = app
            .deliver_ok(&provider, &sepay(i as i64 + 1, code, 10_000))
            .await;
        assert_eq!(answer["status"], "pending");
        ids.push(answer["id"].as_str().unwrap().to_owned());
    }
    app.retail.set_down(false);
    app.make_transactions_due().await;
    ids
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_passes_never_call_twice_for_one_row() {
    let app = TestApp::spawn().await;
    let n = RETRY_BATCH + 15;
    let ids = pending_transfers(&app, n).await;
    let calls_while_down = app.retail.confirm_calls().len();
    assert_eq!(calls_while_down, ids.len());

    let (pool, retailstore) = (app.pool.clone(), app.retailstore());
    let passes: Vec<_> = (0..2)
        .map(|_| {
            let (pool, retailstore) = (pool.clone(), retailstore.clone());
            tokio::spawn(async move {
                retry_pass(&pool, &retailstore, &Wake::default())
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut tried = 0;
    for pass in passes {
        tried += pass.await.unwrap();
    }
    // Whatever the first two left (a pass takes at most one batch) goes to the next.
    tried += retry_pass(&pool, &retailstore, &Wake::default())
        .await
        .unwrap();
    assert_eq!(tried as i64, n);

    let mut per_transaction: HashMap<String, usize> = HashMap::new();
    for call in &app.retail.confirm_calls()[calls_while_down..] {
        *per_transaction
            .entry(call["transactionId"].as_str().unwrap().to_owned())
            .or_default() += 1;
    }
    assert_eq!(per_transaction.len(), ids.len());
    assert!(
        per_transaction.values().all(|n| *n == 1),
        "{per_transaction:?}"
    );
    let matched = app
        .scalar("SELECT count(*) AS n FROM payment_transactions WHERE status = 'matched'")
        .await;
    assert_eq!(matched, n);
    // Nothing is due any more.
    app.make_transactions_due().await;
    assert_eq!(
        retry_pass(&pool, &retailstore, &Wake::default())
            .await
            .unwrap(),
        0
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_claimed_row_is_left_alone_until_its_lease_ends() {
    let app = TestApp::spawn().await;
    let ids = pending_transfers(&app, 1).await;
    // Another worker has it (as the webhook does while it calls): next_attempt_at is the
    // end of its lease, in the future.
    app.execute("UPDATE payment_transactions SET next_attempt_at = now() + interval '60 seconds'")
        .await;
    let retailstore = app.retailstore();
    assert_eq!(
        retry_pass(&app.pool, &retailstore, &Wake::default())
            .await
            .unwrap(),
        0
    );
    // The worker died: once the lease is over, the job takes it.
    app.make_transactions_due().await;
    assert_eq!(
        retry_pass(&app.pool, &retailstore, &Wake::default())
            .await
            .unwrap(),
        1
    );
    assert_eq!(app.transactions().await, ["1|matched|DH00000000|1"]);
    assert_eq!(
        app.retail.confirm_calls().last().unwrap()["transactionId"],
        "sepay:1",
        "the transfer's natural id, not the row's ({})",
        ids[0]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_job_retries_on_its_tick_and_stops_on_request() {
    let app = TestApp::spawn().await;
    pending_transfers(&app, 3).await;

    let (stop, stopped) = tokio::sync::watch::channel(false);
    let job = tokio::spawn(retry_job(
        app.pool.clone(),
        app.retailstore(),
        Wake::default(),
        Duration::from_millis(100),
        stopped,
    ));
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let matched = app
            .scalar("SELECT count(*) AS n FROM payment_transactions WHERE status = 'matched'")
            .await;
        if matched == 3 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "job did not finish");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    stop.send(true).unwrap();
    tokio::time::timeout(Duration::from_secs(5), job)
        .await
        .expect("the job stops")
        .unwrap();

    // Dropping the sender stops it too.
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let job = tokio::spawn(retry_job(
        app.pool.clone(),
        app.retailstore(),
        Wake::default(),
        Duration::from_secs(3600),
        stopped,
    ));
    drop(stop);
    tokio::time::timeout(Duration::from_secs(5), job)
        .await
        .expect("the job stops")
        .unwrap();
}
