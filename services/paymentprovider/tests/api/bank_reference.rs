//! One bank transfer is credited once whichever provider's webhook brings it, under its
//! natural id (`sepay:<SePay id>`), and money for an order that arrives through another
//! provider than the order's is held back for staff.

use crate::support;

use serde_json::{Value, json};
use shop_common::testing::shop::payment::INSTRUCTION_PATH;
use support::*;

const CODE: &str = "DHAB12CD34";
const OTHER_ACCOUNT: &str = "999888777";

/// The rows as `provider name|SePay id|status|order code|flag|bank_ref`.
async fn rows(app: &TestApp) -> Vec<String> {
    app.lines(
        "SELECT concat_ws('|', p.name, t.external_id, t.status, coalesce(t.order_code, '-'), \
         coalesce(t.flag, '-'), coalesce(t.bank_ref, '-')) AS line \
         FROM payment_transactions t JOIN payment_providers p ON p.id = t.provider_id \
         ORDER BY t.created_at, t.id",
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn one_transfer_is_credited_once_whichever_provider_brings_it() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    // Two providers watching the same bank account (two SePay webhooks, or a provider
    // replaced by a new one while SePay still calls both).
    let first = app.webhook_provider("Vietcombank").await;
    let second = app.webhook_provider("Vietcombank mới").await;
    let body = sepay(92_704, CODE, 150_000);

    let a = app.deliver_ok(&first, &body).await;
    assert_eq!(a["status"], "matched");
    let b = app.deliver_ok(&second, &body).await;
    assert_eq!(b, a, "the second provider's delivery is the same transfer");

    // retailstore was asked once, and counted it once, under the bank's own reference.
    let calls = app.retail.confirm_calls();
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert_eq!(calls[0]["transactionId"], "sepay:92704");
    assert_eq!(calls[0]["providerId"], first.as_str());
    assert_eq!(app.retail.applied_count(), 1);
    assert_eq!(
        rows(&app).await,
        [format!("Vietcombank|92704|matched|{CODE}|-|sepay:92704")]
    );
    // The admin list shows the natural id and how it came.
    let list = app
        .get(&format!("{ADMIN}/PaymentTransaction/Pagination"))
        .await;
    let item = &list.items()[0];
    assert_eq!(item["bankRef"], "sepay:92704");
    assert_eq!(item["source"], "webhook");
    assert_eq!(item["flag"], Value::Null);
}

#[tokio::test(flavor = "multi_thread")]
async fn money_through_another_provider_than_the_orders_is_held_back() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let own = app.webhook_provider("Vietcombank").await;
    let other = app
        .provider(
            "MB",
            json!({"accountNumber": OTHER_ACCOUNT, "webhookEnabled": true,
                   "webhookSecret": WEBHOOK_KEY}),
        )
        .await;
    // retailstore asked for the order's instruction with its own provider.
    let instruction = app
        .as_caller(shop_common::internal::Caller::Retailstore)
        .post(
            INSTRUCTION_PATH,
            json!({"providerId": own, "amount": 150_000, "orderCode": CODE}),
        )
        .await;
    assert_eq!(instruction.ok()["accountNumber"], ACCOUNT);

    // The memo names the order, but the money went to the other provider's account.
    let mut wrong = sepay(5, &format!("CK {CODE}"), 150_000);
    wrong["accountNumber"] = json!(OTHER_ACCOUNT);
    let held = app.deliver_ok(&other, &wrong).await;
    assert_eq!(held["status"], "unmatched");
    assert!(app.retail.confirm_calls().is_empty(), "not applied");
    assert_eq!(
        rows(&app).await,
        ["MB|5|unmatched|-|provider_mismatch|sepay:5"]
    );
    let list = app
        .get(&format!(
            "{ADMIN}/PaymentTransaction/Pagination?status=unmatched"
        ))
        .await;
    let item = &list.items()[0];
    assert_eq!(item["flag"], "provider_mismatch");
    assert!(item["lastError"].as_str().unwrap().contains(CODE), "{item}");
    // The seller hears of it like any unmatched transfer.
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM outbox WHERE event = 'transfer_unmatched'")
            .await,
        1
    );

    // Through the order's own provider the money is applied as usual.
    let right = app.deliver_ok(&own, &sepay(6, CODE, 150_000)).await;
    assert_eq!(right["status"], "matched");
    assert_eq!(app.retail.applied_count(), 1);
    // An order this service never gave an instruction for is matched as before.
    app.retail.orders(&[CODE, "DHZZ99ZZ99"], &[]);
    let mut elsewhere = sepay(7, "DHZZ99ZZ99", 10_000);
    elsewhere["accountNumber"] = json!(OTHER_ACCOUNT);
    assert_eq!(
        app.deliver_ok(&other, &elsewhere).await["status"],
        "matched"
    );

    // Staff may still decide to apply the held-back transfer (an explicit Assign).
    let assigned = app
        .post(
            &format!("{ADMIN}/PaymentTransaction/Assign"),
            json!({"id": held["id"], "orderCode": CODE}),
        )
        .await;
    assert_eq!(assigned.ok()["status"], "matched");
    assert_eq!(app.retail.confirms_for("sepay:5"), 1);
}

/// An order this service never gave an instruction for (created before it remembered
/// which provider each order was told to pay): retailstore itself refuses money through
/// another provider (code 407), and the transfer is held back for staff the same way.
#[tokio::test(flavor = "multi_thread")]
async fn retailstore_refusing_another_provider_holds_the_transfer_for_staff() {
    let app = TestApp::spawn().await;
    let own = app.webhook_provider("Vietcombank").await;
    let other = app
        .provider(
            "MB",
            json!({"accountNumber": OTHER_ACCOUNT, "webhookEnabled": true,
                   "webhookSecret": WEBHOOK_KEY}),
        )
        .await;
    app.retail.orders_paid_through(&[CODE], &own);
    let mut wrong = sepay(8, CODE, 150_000);
    wrong["accountNumber"] = json!(OTHER_ACCOUNT);
    let held = app.deliver_ok(&other, &wrong).await;
    assert_eq!(held["status"], "unmatched");
    assert_eq!(app.retail.applied_count(), 0);
    assert_eq!(
        rows(&app).await,
        ["MB|8|unmatched|-|provider_mismatch|sepay:8"]
    );
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM outbox WHERE event = 'transfer_unmatched'")
            .await,
        1
    );
    // The retry job leaves it alone: it is staff's now.
    assert_eq!(
        app.scalar(
            "SELECT count(*) AS n FROM payment_transactions WHERE next_attempt_at IS NOT NULL"
        )
        .await,
        0
    );

    // Staff's Assign tells retailstore it is their decision.
    let assigned = app
        .post(
            &format!("{ADMIN}/PaymentTransaction/Assign"),
            json!({"id": held["id"], "orderCode": CODE}),
        )
        .await;
    assert_eq!(assigned.ok()["status"], "matched");
    let calls = app.retail.confirm_calls();
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[0].get("staffAssigned"), None);
    assert_eq!(calls[1]["staffAssigned"], true);
    assert_eq!(app.retail.applied_count(), 1);
}
