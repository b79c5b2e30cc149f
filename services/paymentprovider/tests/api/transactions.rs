//! Received transactions for staff: the list (unmatched first, filters, paging) and
//! Assign (an unmatched transfer applied to an order, exactly once).

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use support::*;

const TX_PAGINATION: &str = "/paymentprovider/api/admin/v1/PaymentTransaction/Pagination";
const ASSIGN: &str = "/paymentprovider/api/admin/v1/PaymentTransaction/Assign";

const CODE: &str = "DHAB12CD34";

async fn list(app: &TestApp, token: Option<&str>, query: &str) -> Answer {
    app.call(Method::GET, &format!("{TX_PAGINATION}{query}"), token, None)
        .await
}

fn external_ids(answer: &Value) -> Vec<String> {
    answer["result"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["externalId"].as_str().unwrap().to_owned())
        .collect()
}

async fn assign(app: &TestApp, token: &str, body: Value) -> Answer {
    app.call(Method::POST, ASSIGN, Some(token), Some(&body))
        .await
}

/// An unmatched transfer (no order code in its memo); returns its id.
async fn unmatched(app: &TestApp, provider: &str, external_id: i64) -> String {
    let answer = app
        .deliver_ok(provider, &sepay(external_id, "chuyen tien", 120_000))
        .await;
    assert_eq!(answer["status"], "unmatched");
    answer["id"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn pagination_puts_unmatched_first_and_filters() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let a = app.webhook_provider("Vietcombank A").await;
    let b = app.webhook_provider("Vietcombank B").await;

    app.deliver_ok(&a, &sepay(1, &format!("thanh toan {CODE}"), 100_000))
        .await;
    app.deliver_ok(&a, &sepay(2, "tien nha thang 3", 50_000))
        .await;
    app.deliver_ok(
        &a,
        &with(sepay(3, "rut tien", 70_000), json!({"transferType": "out"})),
    )
    .await;
    app.retail.set_down(true);
    app.deliver_ok(&a, &sepay(4, CODE, 90_000)).await;
    app.retail.set_down(false);
    app.deliver_ok(
        &b,
        &with(
            sepay(5, "khong ro", 10_000),
            json!({"referenceCode": "REF-B-001", "code": "XY123"}),
        ),
    )
    .await;

    let answer = list(&app, Some(&app.staff), "").await;
    let result = answer.ok();
    assert_eq!(result["totalCount"], 5);
    assert_eq!(result["pageIndex"], 1);
    assert_eq!(result["pageSize"], 20);
    assert_eq!(external_ids(&answer.body), ["5", "2", "4", "3", "1"]);

    // The admin view.
    let first = &result["items"][4];
    let keys: Vec<&str> = first
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut want = vec![
        "id",
        "providerId",
        "providerName",
        "externalId",
        "gateway",
        "transactionDate",
        "accountNumber",
        "subAccount",
        "code",
        "content",
        "transferType",
        "amount",
        "referenceCode",
        "status",
        "orderCode",
        "attempts",
        "lastError",
        "createdAt",
        "processedAt",
        "bankRef",
        "flag",
        "source",
    ];
    let mut got = keys.clone();
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want);
    assert_eq!(first["providerId"], a);
    assert_eq!(first["providerName"], "Vietcombank A");
    assert_eq!(first["externalId"], "1");
    assert_eq!(first["gateway"], "Vietcombank");
    assert_eq!(first["transactionDate"], "2026-03-25T07:02:37Z");
    assert_eq!(first["accountNumber"], ACCOUNT);
    assert_eq!(first["subAccount"], Value::Null);
    assert_eq!(first["code"], Value::Null);
    assert_eq!(first["content"], format!("thanh toan {CODE}"));
    assert_eq!(first["transferType"], "in");
    assert_eq!(first["amount"], 100_000);
    assert_eq!(first["referenceCode"], "MBVCB.3278907687");
    assert_eq!(first["status"], "matched");
    assert_eq!(first["orderCode"], CODE);
    assert_eq!(first["attempts"], 0);
    assert_eq!(first["lastError"], Value::Null);
    assert!(first["processedAt"].is_string());
    let pending = &result["items"][2];
    assert_eq!(pending["status"], "pending");
    assert_eq!(pending["attempts"], 1);
    assert_eq!(pending["lastError"], "retailstore trả lỗi mã 8");
    assert_eq!(pending["processedAt"], Value::Null);
    assert_eq!(result["items"][1]["status"], "unmatched");
    assert_eq!(result["items"][3]["status"], "ignored");
    assert_eq!(result["items"][3]["transferType"], "out");

    let cases = [
        (format!("?providerId={a}"), vec!["2", "4", "3", "1"]),
        (format!("?providerId={b}"), vec!["5"]),
        ("?status=unmatched".to_owned(), vec!["5", "2"]),
        ("?status=ignored".to_owned(), vec!["3"]),
        ("?status=matched".to_owned(), vec!["1"]),
        (format!("?status=unmatched&providerId={a}"), vec!["2"]),
        ("?keyword=TIEN%20NHA".to_owned(), vec!["2"]),
        // Content or order code.
        ("?keyword=dhab12cd34".to_owned(), vec!["4", "1"]),
        ("?keyword=REF-B".to_owned(), vec!["5"]),
        ("?keyword=xy123".to_owned(), vec!["5"]),
        ("?keyword=%25".to_owned(), vec![]),
        ("?pageSize=2&pageIndex=2".to_owned(), vec!["4", "3"]),
        ("?pageSize=2&pageIndex=4".to_owned(), vec![]),
        (
            "?status=&providerId=&keyword=".to_owned(),
            vec!["5", "2", "4", "3", "1"],
        ),
    ];
    for (query, want) in cases {
        let answer = list(&app, Some(&app.admin), &query).await;
        assert_eq!(answer.status, 200, "{query}: {answer}");
        assert_eq!(external_ids(&answer.body), want, "{query}");
    }
    let answer = list(&app, Some(&app.admin), "?pageSize=2&status=unmatched").await;
    assert_eq!(answer["result"]["totalCount"], 2);

    // Bad queries: code 1 naming the field.
    for (query, field) in [
        ("?providerId=abc", "providerId"),
        ("?status=paid", "status"),
        ("?sortBy=amount", "sortBy"),
        ("?pageSize=0", "pageSize"),
        ("?keyword=FT%00", "keyword"),
    ] {
        let answer = list(&app, Some(&app.admin), query).await;
        assert_eq!(answer.error(400, 1), [field], "{query}");
    }
    let answer = list(&app, Some(&app.admin), "?pageIndex=x").await;
    answer.error(400, 1);
    // A token is needed.
    let answer = list(&app, None, "").await;
    answer.error(401, 5);
}

#[tokio::test(flavor = "multi_thread")]
async fn assign_applies_an_unmatched_transfer_once() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    let id = unmatched(&app, &provider, 1).await;
    assert!(app.retail.confirm_calls().is_empty());

    // Staff may assign; the code is read in any case.
    let answer = assign(
        &app,
        &app.staff,
        json!({"id": id, "orderCode": " dhab12cd34 "}),
    )
    .await;
    let view = answer.ok();
    assert_eq!(view["id"], id);
    assert_eq!(view["status"], "matched");
    assert_eq!(view["orderCode"], CODE);
    assert_eq!(view["providerName"], "Vietcombank");
    assert!(view["processedAt"].is_string());
    let calls = app.retail.confirm_calls();
    assert_eq!(calls.len(), 1);
    assert_eq!(
        calls[0],
        json!({
            "orderCode": CODE,
            "amount": 120_000,
            "providerId": provider,
            "transactionId": "sepay:1",
            "paidAt": "2026-03-25T14:02:37+07:00",
            // Staff's decision: retailstore accepts it even through another provider.
            "staffAssigned": true,
            // Who decided, recorded as the order's payment's actor.
            "assignedBy": "test-staff",
        })
    );
    assert_eq!(app.retail.applied_count(), 1);

    // Once only: it is no longer unmatched.
    let answer = assign(&app, &app.admin, json!({"id": id, "orderCode": CODE})).await;
    answer.error(409, 404);
    // Only unmatched ones: an ignored transfer is refused.
    let ignored = app
        .deliver_ok(
            &provider,
            &with(sepay(2, "x", 1_000), json!({"transferType": "out"})),
        )
        .await;
    let answer = assign(
        &app,
        &app.admin,
        json!({"id": ignored["id"], "orderCode": CODE}),
    )
    .await;
    answer.error(409, 404);
    // Unknown transaction.
    let answer = assign(
        &app,
        &app.admin,
        json!({"id": uuid::Uuid::new_v4(), "orderCode": CODE}),
    )
    .await;
    answer.error(404, 2);
    assert_eq!(app.retail.confirm_calls().len(), 1);
    assert_eq!(app.transactions().await[0], format!("1|matched|{CODE}|0"));
}

#[tokio::test(flavor = "multi_thread")]
async fn assign_input_is_checked_and_bad_input_changes_nothing() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    let id = unmatched(&app, &provider, 1).await;
    let before = app.schema.dump("payment_providers").await;

    let cases = [
        (json!({}), vec!["id", "orderCode"]),
        (json!({"id": id}), vec!["orderCode"]),
        (json!({"id": id, "orderCode": "DH123"}), vec!["orderCode"]),
        (
            json!({"id": id, "orderCode": "DHAB12CDO4"}),
            vec!["orderCode"],
        ),
        (
            json!({"id": id, "orderCode": "XX AB12CD34"}),
            vec!["orderCode"],
        ),
        (json!({"orderCode": CODE}), vec!["id"]),
    ];
    for (body, fields) in cases {
        let answer = assign(&app, &app.admin, body.clone()).await;
        assert_eq!(answer.error(400, 1), fields, "{body}");
    }
    for body in [json!({"id": "not-a-uuid", "orderCode": CODE}), json!([1])] {
        let answer = assign(&app, &app.admin, body).await;
        answer.error(400, 1);
    }
    // No token, a bad token.
    let answer = app
        .call(
            Method::POST,
            ASSIGN,
            None,
            Some(&json!({"id": id, "orderCode": CODE})),
        )
        .await;
    answer.error(401, 5);
    let answer = assign(&app, "bad", json!({"id": id, "orderCode": CODE})).await;
    answer.error(401, 5);

    assert_eq!(app.schema.dump("payment_providers").await, before);
    assert!(app.retail.confirm_calls().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn assign_to_an_unknown_order_leaves_it_unmatched() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    let id = unmatched(&app, &provider, 1).await;

    let answer = assign(
        &app,
        &app.admin,
        json!({"id": id, "orderCode": "DHZZZZZZZZ"}),
    )
    .await;
    answer.error(404, 403);
    assert_eq!(answer["error"]["message"], "Không tìm thấy đơn hàng");
    assert_eq!(app.transactions().await, ["1|unmatched|-|0"]);
    let listed = app.get(TX_PAGINATION).await;
    assert_eq!(
        listed["result"]["items"][0]["lastError"],
        "Không tìm thấy đơn hàng DHZZZZZZZZ"
    );

    // Still assignable, to the right order.
    let answer = assign(&app, &app.admin, json!({"id": id, "orderCode": CODE})).await;
    assert_eq!(answer.ok()["status"], "matched");
    assert_eq!(answer.ok()["lastError"], Value::Null);
    assert_eq!(app.retail.applied_count(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn assign_while_retailstore_is_down_is_finished_by_the_retry_pass() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    let id = unmatched(&app, &provider, 1).await;

    app.retail.set_down(true);
    let answer = assign(&app, &app.admin, json!({"id": id, "orderCode": CODE})).await;
    answer.error(503, 8);
    // Kept with the order code, waiting for the retry job; not assignable again.
    assert_eq!(app.transactions().await, [format!("1|pending|{CODE}|1")]);
    let answer = assign(
        &app,
        &app.admin,
        json!({"id": id, "orderCode": "DHZZZZZZZZ"}),
    )
    .await;
    answer.error(409, 404);

    app.retail.set_down(false);
    app.make_transactions_due().await;
    let tried =
        paymentprovider::settlement::retry_pass(&app.pool, &app.retailstore(), &Wake::default())
            .await
            .unwrap();
    assert_eq!(tried, 1);
    assert_eq!(app.transactions().await, [format!("1|matched|{CODE}|1")]);
    assert_eq!(app.retail.applied_count(), 1);
    assert_eq!(app.retail.confirms_for("sepay:1"), 1);
    assert!(!id.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_assigns_one_wins() {
    let app = std::sync::Arc::new(TestApp::spawn().await);
    app.retail.orders(&[CODE, "DHZZ99ZZ99"], &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    let id = unmatched(&app, &provider, 1).await;

    let mut tasks = Vec::new();
    for code in [CODE, "DHZZ99ZZ99", CODE, "DHZZ99ZZ99"] {
        let app = app.clone();
        let id = id.clone();
        tasks.push(tokio::spawn(async move {
            let token = app.staff.clone();
            assign(&app, &token, json!({"id": id, "orderCode": code})).await
        }));
    }
    let mut won = Vec::new();
    for task in tasks {
        let answer = task.await.unwrap();
        if answer.status == 200 {
            won.push(answer["result"]["orderCode"].as_str().unwrap().to_owned());
        } else {
            answer.error(409, 404);
        }
    }
    assert_eq!(won.len(), 1, "{won:?}");
    assert_eq!(app.retail.confirm_calls().len(), 1);
    assert_eq!(app.retail.applied_count(), 1);
    assert_eq!(
        app.transactions().await,
        [format!("1|matched|{}|0", won[0])]
    );
}

const UNMATCHED_SUMMARY: &str = "/paymentprovider/api/admin/v1/PaymentTransaction/UnmatchedSummary";

#[tokio::test(flavor = "multi_thread")]
async fn unmatched_summary_counts_what_waits_for_staff() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;

    // Nothing received yet: zero, not null.
    let answer = app
        .call(Method::GET, UNMATCHED_SUMMARY, Some(&app.staff), None)
        .await;
    assert_eq!(answer.ok(), &json!({"count": 0, "total": 0}));

    let first = unmatched(&app, &provider, 1).await;
    app.deliver_ok(&provider, &sepay(2, "tien nha", 30_000))
        .await;
    // Neither a matched transfer nor an outgoing one counts.
    app.deliver_ok(&provider, &sepay(3, CODE, 100_000)).await;
    app.deliver_ok(
        &provider,
        &with(sepay(4, "rut tien", 70_000), json!({"transferType": "out"})),
    )
    .await;
    let answer = app
        .call(Method::GET, UNMATCHED_SUMMARY, Some(&app.admin), None)
        .await;
    assert_eq!(answer.ok(), &json!({"count": 2, "total": 150_000}));

    // Once assigned, it no longer waits.
    assign(&app, &app.staff, json!({"id": first, "orderCode": CODE}))
        .await
        .ok();
    let answer = app
        .call(Method::GET, UNMATCHED_SUMMARY, Some(&app.staff), None)
        .await;
    assert_eq!(answer.ok(), &json!({"count": 1, "total": 30_000}));

    // A token is needed.
    app.call(Method::GET, UNMATCHED_SUMMARY, None, None)
        .await
        .error(401, 5);
}
