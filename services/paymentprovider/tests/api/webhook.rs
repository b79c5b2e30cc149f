//! The SePay webhook over HTTP, with a stub retailstore: authentication, storing every
//! delivery once, classification, ConfirmPayment exactly as the contract says, replays,
//! concurrency, and retailstore being down.

use crate::support;

use paymentprovider::peers::retailstore::CONFIRM_PAYMENT_PATH;
use reqwest::Method;
use serde_json::{Value, json};
use shop_common::internal::Caller;
use shop_common::internal::HEADER;
use shop_common::testing::caller_key;
use support::*;

const CODE: &str = "DHAB12CD34";

#[tokio::test(flavor = "multi_thread")]
async fn unauthenticated_deliveries_are_refused_and_nothing_is_stored() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let id = app.webhook_provider("Vietcombank").await;
    let body = sepay(1, CODE, 100_000);

    // Wrong key, no header, another scheme, an empty key.
    for key in [Some("wrong-key-0123456789"), None, Some("")] {
        let answer = app.deliver(&id, key, &body).await;
        answer.error(401, 501);
    }
    let bearer = format!("Bearer {WEBHOOK_KEY}");
    let answer = app
        .send(
            Method::POST,
            &format!("{WEBHOOK_SEPAY_PREFIX}/{id}"),
            None,
            &[("authorization", bearer.as_str())],
            Some(&body),
        )
        .await;
    answer.error(401, 501);
    // The key of another provider.
    let other = app
        .post(
            CREATE,
            json!({
                "name": "MB", "type": "vietqr_bank", "bankBin": "970422",
                "accountNumber": "999888777", "accountName": "B",
                "webhookEnabled": true, "webhookSecret": "another-Key-0123456789",
            }),
        )
        .await
        .ok()
        .clone();
    let answer = app
        .deliver(&id, Some("another-Key-0123456789"), &body)
        .await;
    answer.error(401, 501);
    // Unknown provider, not a uuid.
    for path_id in [uuid::Uuid::new_v4().to_string(), "not-a-uuid".to_owned()] {
        let answer = app.deliver(&path_id, Some(WEBHOOK_KEY), &body).await;
        answer.error(401, 501);
    }
    // A provider without a secret.
    let plain = app.bank_provider("Không webhook", 0).await;
    let answer = app.deliver(&plain, Some(WEBHOOK_KEY), &body).await;
    answer.error(401, 501);
    // Malformed bodies from an anonymous caller: still 501 (the key is checked first).
    let answer = app.deliver(&id, None, &json!("garbage")).await;
    answer.error(401, 501);

    // Webhook disabled (the secret kept), then the provider deleted.
    let status = app
        .put(UPDATE, json!({"id": id, "webhookEnabled": false}))
        .await
        .status;
    assert_eq!(status, 200);
    let answer = app.deliver(&id, Some(WEBHOOK_KEY), &body).await;
    answer.error(401, 501);
    let status = app
        .put(UPDATE, json!({"id": id, "webhookEnabled": true}))
        .await
        .status;
    assert_eq!(status, 200);
    let status = app
        .delete(&format!("{ADMIN}/PaymentProvider/Delete?id={id}"))
        .await
        .status;
    assert_eq!(status, 200);
    let answer = app.deliver(&id, Some(WEBHOOK_KEY), &body).await;
    answer.error(401, 501);
    assert_eq!(
        answer["error"]["message"],
        "Xác thực webhook không thành công"
    );

    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM payment_transactions")
            .await,
        0
    );
    assert!(app.retail.confirm_calls().is_empty());
    assert!(other["id"].is_string());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_matched_delivery_confirms_the_payment_once() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    let body = sepay(92_704, "CT DEN:123 DHAB12CD34 chuyen tien", 150_000);

    let answer = app.deliver_ok(&provider, &body).await;
    assert_eq!(answer["status"], "matched");
    let tx_id = answer["id"].as_str().unwrap().to_owned();
    assert_eq!(answer.as_object().unwrap().len(), 2, "{answer}");

    let calls = app.retail.requests(CONFIRM_PAYMENT_PATH);
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].method, "POST");
    assert_eq!(
        calls[0].headers[HEADER],
        caller_key(Caller::Paymentprovider)
    );
    assert_eq!(
        calls[0].body,
        json!({
            "orderCode": CODE,
            "amount": 150_000,
            "providerId": provider,
            "transactionId": "sepay:92704",
            "paidAt": "2026-03-25T14:02:37+07:00",
        })
    );
    assert_eq!(app.retail.applied_count(), 1);

    // Stored: every field, the raw payload, the Hanoi date as an instant.
    let row = app
        .lines(&format!(
            "SELECT json_build_object('external', external_id, 'status', status, \
             'code', order_code, 'date', to_char(transaction_date AT TIME ZONE 'UTC', \
             'YYYY-MM-DD HH24:MI:SS'), 'amount', amount, 'accumulated', accumulated, \
             'ref', reference_code, 'raw', raw, 'processed', processed_at IS NOT NULL, \
             'next', next_attempt_at, 'attempts', attempts)::text AS line \
             FROM payment_transactions WHERE id = '{tx_id}'"
        ))
        .await;
    let row: Value = serde_json::from_str(&row[0]).unwrap();
    assert_eq!(row["external"], "92704");
    assert_eq!(row["status"], "matched");
    assert_eq!(row["code"], CODE);
    assert_eq!(row["date"], "2026-03-25 07:02:37");
    assert_eq!(row["amount"], 150_000);
    assert_eq!(row["accumulated"], 19_077_000);
    assert_eq!(row["ref"], "MBVCB.3278907687");
    assert_eq!(row["raw"], body);
    assert_eq!(row["processed"], true);
    assert_eq!(row["next"], Value::Null);
    assert_eq!(row["attempts"], 0);

    // A replay: the same answer, one row, no second call.
    for _ in 0..3 {
        let again = app.deliver_ok(&provider, &body).await;
        assert_eq!(again, answer);
    }
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM payment_transactions")
            .await,
        1
    );
    assert_eq!(app.retail.confirm_calls().len(), 1);

    // The same SePay id at another provider is the same bank transfer: not stored or
    // applied again.
    let other = app.webhook_provider("Vietcombank 2").await;
    let there = app.deliver_ok(&other, &body).await;
    assert_eq!(there, answer);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM payment_transactions")
            .await,
        1
    );
    assert_eq!(app.retail.confirm_calls().len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_deliveries_of_one_transaction_store_one_row_and_pay_once() {
    let app = std::sync::Arc::new(TestApp::spawn().await);
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    let body = sepay(777, CODE, 200_000);

    let mut tasks = Vec::new();
    for _ in 0..20 {
        let app = app.clone();
        let provider = provider.clone();
        let body = body.clone();
        tasks.push(tokio::spawn(async move {
            app.deliver(&provider, Some(WEBHOOK_KEY), &body).await
        }));
    }
    let mut ids = std::collections::HashSet::new();
    for task in tasks {
        let answer = task.await.unwrap();
        let result = answer.ok();
        ids.insert(result["id"].as_str().unwrap().to_owned());
    }
    assert_eq!(ids.len(), 1, "{ids:?}");
    assert_eq!(app.transactions().await, [format!("777|matched|{CODE}|0")]);
    let calls = app.retail.confirm_calls();
    assert!(!calls.is_empty());
    assert!(
        calls.iter().all(|c| c["transactionId"] == "sepay:777"),
        "{calls:?}"
    );
    assert_eq!(app.retail.applied_count(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn classification_of_deliveries() {
    let app = TestApp::spawn().await;
    app.retail
        .orders(&[CODE, "DHZZ99ZZ99", "DH0123ABCD"], &["DH0123ABCD"]);
    let provider = app.webhook_provider("Vietcombank").await;
    let status_of = |answer: &Value| answer["status"].as_str().unwrap().to_owned();

    // Short money is still matched: the order decides what it means.
    let short = app.deliver_ok(&provider, &sepay(1, CODE, 1_000)).await;
    assert_eq!(status_of(&short), "matched");
    assert_eq!(app.retail.confirm_calls()[0]["amount"], 1_000);
    // Glued to other words, in lower case, or only in SePay's `code`.
    let glued = app
        .deliver_ok(
            &provider,
            &sepay(2, "NGUYENVANA-dhzz99zz99-FT23100123456", 5_000),
        )
        .await;
    assert_eq!(status_of(&glued), "matched");
    assert_eq!(app.retail.confirm_calls()[1]["orderCode"], "DHZZ99ZZ99");
    let coded = app
        .deliver_ok(
            &provider,
            &with(sepay(3, "chuyen tien", 5_000), json!({"code": CODE})),
        )
        .await;
    assert_eq!(status_of(&coded), "matched");
    // An order code retailstore does not know: unmatched, no code kept, a note for staff.
    let unknown = app
        .deliver_ok(&provider, &sepay(4, "thanh toan DHXXXXXXXX", 5_000))
        .await;
    assert_eq!(status_of(&unknown), "unmatched");
    // No code at all: unmatched without asking retailstore.
    let calls = app.retail.confirm_calls().len();
    let none = app
        .deliver_ok(&provider, &sepay(5, "chuyen tien mua iphone", 5_000))
        .await;
    assert_eq!(status_of(&none), "unmatched");
    // Outgoing, another account: ignored without asking.
    let out = app
        .deliver_ok(
            &provider,
            &with(sepay(6, CODE, 5_000), json!({"transferType": "out"})),
        )
        .await;
    assert_eq!(status_of(&out), "ignored");
    let elsewhere = app
        .deliver_ok(
            &provider,
            &with(sepay(7, CODE, 5_000), json!({"accountNumber": "999999999"})),
        )
        .await;
    assert_eq!(status_of(&elsewhere), "ignored");
    assert_eq!(app.retail.confirm_calls().len(), calls);
    // Our account as the virtual sub-account; the account number written with spaces.
    let va = app
        .deliver_ok(
            &provider,
            &with(
                sepay(8, CODE, 5_000),
                json!({"accountNumber": "1234567890", "subAccount": ACCOUNT}),
            ),
        )
        .await;
    assert_eq!(status_of(&va), "matched");
    let spaced = app
        .deliver_ok(
            &provider,
            &with(
                sepay(9, CODE, 5_000),
                json!({"accountNumber": "0011 0012 34567"}),
            ),
        )
        .await;
    assert_eq!(status_of(&spaced), "matched");
    // The order already has this money as a manual payment.
    let manual = app
        .deliver_ok(&provider, &sepay(10, "DH0123ABCD", 5_000))
        .await;
    assert_eq!(status_of(&manual), "duplicate");

    assert_eq!(
        app.transactions().await,
        [
            format!("1|matched|{CODE}|0"),
            "2|matched|DHZZ99ZZ99|0".to_owned(),
            format!("3|matched|{CODE}|0"),
            "4|unmatched|-|0".to_owned(),
            "5|unmatched|-|0".to_owned(),
            "6|ignored|-|0".to_owned(),
            "7|ignored|-|0".to_owned(),
            format!("8|matched|{CODE}|0"),
            format!("9|matched|{CODE}|0"),
            "10|duplicate|DH0123ABCD|0".to_owned(),
        ]
    );
    let note = app
        .lines("SELECT last_error AS line FROM payment_transactions WHERE external_id = '4'")
        .await;
    assert_eq!(note, ["Không tìm thấy đơn hàng DHXXXXXXXX"]);
    assert_eq!(app.retail.applied_count(), 5);
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_bodies_from_sepay_are_code_1_and_change_nothing() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    let before = app.schema.dump("payment_providers").await;

    let answer = app
        .deliver(
            &provider,
            Some(WEBHOOK_KEY),
            &with(
                sepay(1, CODE, 0),
                json!({"transactionDate": "25/03/2026", "transferType": "IN", "id": null}),
            ),
        )
        .await;
    assert_eq!(
        answer.error(400, 1),
        ["id", "transactionDate", "transferType", "transferAmount"]
    );
    let answer = app
        .deliver(&provider, Some(WEBHOOK_KEY), &json!([1, 2]))
        .await;
    assert_eq!(answer.error(400, 1), ["body"]);
    // Not JSON at all.
    let bank = app
        .anon()
        .with_headers(&[("authorization", &format!("Apikey {WEBHOOK_KEY}"))]);
    let path = format!("{WEBHOOK_SEPAY_PREFIX}/{provider}");
    bank.post_text(&path, "{not json").await.error(400, 1);
    // Too large.
    let huge = with(
        sepay(2, CODE, 1),
        json!({"description": "x".repeat(70_000)}),
    );
    let answer = app.deliver(&provider, Some(WEBHOOK_KEY), &huge).await;
    answer.error(413, 7);
    // Other methods answer code 2 in the envelope.
    let answer = app
        .call(
            Method::GET,
            &format!("{WEBHOOK_SEPAY_PREFIX}/{provider}"),
            None,
            None,
        )
        .await;
    answer.error(404, 2);

    assert_eq!(app.schema.dump("payment_providers").await, before);
    assert!(app.retail.confirm_calls().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn retailstore_down_keeps_it_pending_until_a_redelivery_or_the_retry_pass() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE, "DHZZ99ZZ99"], &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    let first = sepay(1, CODE, 100_000);
    let second = sepay(2, "DHZZ99ZZ99", 100_000);

    app.retail.set_down(true);
    let a = app.deliver_ok(&provider, &first).await;
    let b = app.deliver_ok(&provider, &second).await;
    assert_eq!(a["status"], "pending");
    assert_eq!(b["status"], "pending");
    assert_eq!(
        app.transactions().await,
        [
            format!("1|pending|{CODE}|1"),
            "2|pending|DHZZ99ZZ99|1".to_owned()
        ]
    );
    // The first retry waits about 10 s; the failure is noted for staff.
    let waits = app
        .lines(
            "SELECT concat_ws('|', round(extract(epoch FROM next_attempt_at - now())), \
             last_error) AS line FROM payment_transactions ORDER BY external_id",
        )
        .await;
    for wait in &waits {
        let (secs, error) = wait.split_once('|').unwrap();
        let secs: f64 = secs.parse().unwrap();
        assert!((8.0..=10.0).contains(&secs), "{wait}");
        assert_eq!(error, "retailstore trả lỗi mã 8");
    }
    // Still down: a redelivery retries and backs off further.
    let again = app.deliver_ok(&provider, &first).await;
    assert_eq!(again, a);
    assert_eq!(app.transactions().await[0], format!("1|pending|{CODE}|2"));
    // Not due yet: the retry pass leaves both alone.
    assert_eq!(
        paymentprovider::settlement::retry_pass(&app.pool, &app.retailstore(), &Wake::default())
            .await
            .unwrap(),
        0
    );
    let calls_while_down = app.retail.confirm_calls().len();
    assert_eq!(calls_while_down, 3);
    assert_eq!(app.retail.applied_count(), 0);

    // Back up: a redelivery applies the first at once...
    app.retail.set_down(false);
    let applied = app.deliver_ok(&provider, &first).await;
    assert_eq!(applied["status"], "matched");
    assert_eq!(applied["id"], a["id"]);
    // ... and the retry pass the second once it is due.
    app.make_transactions_due().await;
    let retailstore = app.retailstore();
    assert_eq!(
        paymentprovider::settlement::retry_pass(&app.pool, &retailstore, &Wake::default())
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        app.transactions().await,
        [
            format!("1|matched|{CODE}|2"),
            "2|matched|DHZZ99ZZ99|1".to_owned()
        ]
    );
    let pending = app
        .scalar(
            "SELECT count(*) AS n FROM payment_transactions \
             WHERE next_attempt_at IS NOT NULL OR last_error IS NOT NULL",
        )
        .await;
    assert_eq!(pending, 0);
    // Each transfer counted exactly once, under its own transaction id.
    assert_eq!(app.retail.applied_count(), 2);
    assert_eq!(app.retail.confirms_for("sepay:1"), 1);
    assert_eq!(app.retail.confirms_for("sepay:2"), 1);
    assert_ne!(a["id"], b["id"]);
    // Nothing left to do.
    app.make_transactions_due().await;
    assert_eq!(
        paymentprovider::settlement::retry_pass(&app.pool, &retailstore, &Wake::default())
            .await
            .unwrap(),
        0
    );
    assert_eq!(app.retail.confirm_calls().len(), calls_while_down + 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unreachable_retailstore_never_delays_the_answer() {
    // Nothing listens where retailstore should be.
    let schema = shop_common::testing::TestSchema::new();
    schema.migrate(paymentprovider::MIGRATIONS).await;
    let tokens = shop_common::testing::TestTokens::new();
    let state = state(
        schema.pool(2),
        tokens.verifier(),
        PUBLIC_BASE,
        NO_RETAILSTORE,
    );
    let base = shop_common::testing::serve(paymentprovider::configure(state));
    let admin = tokens.token(shop_common::auth::Role::Admin);
    let http = shop_common::testing::TestClient::new(base, Some(admin));
    let created = http
        .post(
            CREATE,
            json!({
                "name": "VCB", "type": "vietqr_bank", "bankBin": "970436",
                "accountNumber": ACCOUNT, "accountName": "A",
                "webhookEnabled": true, "webhookSecret": WEBHOOK_KEY,
            }),
        )
        .await;
    let provider = created.ok()["id"].as_str().unwrap().to_owned();
    let auth = format!("Apikey {WEBHOOK_KEY}");
    let answer = http
        .send(
            Method::POST,
            &format!("{WEBHOOK_SEPAY_PREFIX}/{provider}"),
            None,
            &[("authorization", auth.as_str())],
            Some(&sepay(1, CODE, 10_000)),
        )
        .await;
    assert_eq!(answer.ok()["status"], "pending");
    let error = schema
        .lines("SELECT last_error AS line FROM payment_transactions")
        .await;
    assert_eq!(error, ["không kết nối được retailstore"]);
}
