//! SePay set up safely: each provider shows its last webhook call and what came
//! of it (`lastWebhook`), and "Gửi thử" (PaymentProvider/TestWebhook) posts a signed test
//! delivery through the real webhook route, stored as a test and never as money.

use crate::support;

use chrono::{DateTime, Utc};
use paymentprovider::clock::ManualClock;
use paymentprovider::domain::webhook_auth::sign;
use paymentprovider::models::test_delivery::{KEEP_FOR, KEEP_PER_PROVIDER};
use serde_json::{Value, json};
use support::*;

const CODE: &str = "DHAB12CD34";
const HMAC_KEY: &str = "sepay-Hmac-Key-0123456789abcdef";

fn test_webhook() -> String {
    format!("{ADMIN}/PaymentProvider/TestWebhook")
}

async fn read(app: &TestApp, id: &str) -> Value {
    app.get(&format!("{ADMIN}/PaymentProvider/Read?id={id}"))
        .await
        .ok()
        .clone()
}

fn at(value: &Value) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(value.as_str().unwrap())
        .unwrap()
        .with_timezone(&Utc)
}

/// What money-facing lists say: the transactions, the unmatched count and total.
async fn money(app: &TestApp) -> (Vec<Value>, Value) {
    let list = app
        .get(&format!("{ADMIN}/PaymentTransaction/Pagination"))
        .await
        .items();
    let unmatched = app
        .get(&format!("{ADMIN}/PaymentTransaction/UnmatchedSummary"))
        .await
        .ok()
        .clone();
    (list, unmatched)
}

async fn assert_no_money(app: &TestApp) {
    let (list, unmatched) = money(app).await;
    assert!(list.is_empty(), "{list:?}");
    assert_eq!(unmatched["count"], 0, "{unmatched}");
    assert!(app.transactions().await.is_empty());
    assert!(app.retail.confirm_calls().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn the_last_call_is_recorded_for_accepted_and_refused_deliveries() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    let other = app.webhook_provider("ACB").await;
    assert_eq!(read(&app, &provider).await["lastWebhook"], Value::Null);

    let before = Utc::now();
    app.deliver_ok(&provider, &sepay(1, &format!("CT {CODE}"), 150_000))
        .await;
    let seen = read(&app, &provider).await["lastWebhook"].clone();
    assert_eq!(seen["outcome"], "matched", "{seen}");
    assert!(at(&seen["at"]) >= before - chrono::TimeDelta::seconds(5));

    app.deliver_ok(&provider, &sepay(2, "no order here", 10_000))
        .await;
    assert_eq!(
        read(&app, &provider).await["lastWebhook"]["outcome"],
        "unmatched"
    );

    // A wrong key is refused (code 501) and recorded as such, for that provider only.
    app.deliver(&provider, Some("wrong-Key-0123456789"), &sepay(3, CODE, 1))
        .await
        .error(401, 501);
    assert_eq!(
        read(&app, &provider).await["lastWebhook"]["outcome"],
        "wrong_key"
    );
    assert_eq!(read(&app, &other).await["lastWebhook"], Value::Null);

    // Bad input from an authenticated caller changes nothing, its line included.
    app.deliver(&provider, Some(WEBHOOK_KEY), &json!({"id": 4}))
        .await
        .error(400, 1);
    assert_eq!(
        read(&app, &provider).await["lastWebhook"]["outcome"],
        "wrong_key"
    );

    // A turned-off webhook is refused and says so.
    app.put(UPDATE, json!({"id": other, "webhookEnabled": false}))
        .await
        .ok();
    app.deliver(&other, Some(WEBHOOK_KEY), &sepay(5, CODE, 1))
        .await
        .error(401, 501);
    assert_eq!(
        read(&app, &other).await["lastWebhook"]["outcome"],
        "webhook_disabled"
    );
    // The list shows it too.
    let page = app
        .get(&format!("{ADMIN}/PaymentProvider/Pagination"))
        .await
        .items();
    let outcomes: Vec<&Value> = page.iter().map(|p| &p["lastWebhook"]["outcome"]).collect();
    assert!(
        outcomes.contains(&&json!("webhook_disabled")),
        "{outcomes:?}"
    );
    assert!(outcomes.contains(&&json!("wrong_key")), "{outcomes:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn hmac_refusals_tell_a_wrong_signature_from_a_stale_one() {
    let clock = ManualClock::new(Utc::now());
    let app = TestApp::spawn_with(WebhookGuard {
        clock: clock.clock(),
        ..WebhookGuard::default()
    })
    .await;
    let id = app
        .provider(
            "Vietcombank HMAC",
            json!({"webhookEnabled": true, "webhookAuth": "hmac", "webhookSecret": HMAC_KEY}),
        )
        .await;
    let body = serde_json::to_vec(&sepay(7, "no order", 5_000)).unwrap();
    let now = clock.clock().now().timestamp();
    let post = |signature: String, stamp: i64| {
        let (app, id, body) = (&app, &id, &body);
        async move {
            let stamp = stamp.to_string();
            let headers = [
                ("x-sepay-signature", signature.as_str()),
                ("x-sepay-timestamp", stamp.as_str()),
            ];
            app.deliver_raw(id, &headers, body).await
        }
    };

    post(sign("another-Key-0123456789", now, &body), now)
        .await
        .error(401, 501);
    assert_eq!(
        read(&app, &id).await["lastWebhook"]["outcome"],
        "wrong_signature"
    );
    let old = now - 3600;
    post(sign(HMAC_KEY, old, &body), old).await.error(401, 501);
    assert_eq!(
        read(&app, &id).await["lastWebhook"]["outcome"],
        "stale_timestamp"
    );
    post(sign(HMAC_KEY, now, &body), now).await.ok();
    assert_eq!(read(&app, &id).await["lastWebhook"]["outcome"], "unmatched");
}

#[tokio::test(flavor = "multi_thread")]
async fn gui_thu_goes_through_the_webhook_and_is_stored_as_a_test_only() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;

    // Staff may send it, as they may read providers.
    let answer = app
        .as_staff()
        .post(&test_webhook(), json!({"id": provider}))
        .await;
    let result = answer.ok().clone();
    assert_eq!(result["accepted"], true, "{result}");
    assert_eq!(result["httpStatus"], 200);
    assert_eq!(result["outcome"], "test");
    assert_eq!(result["error"], Value::Null);
    assert_eq!(result["provider"]["id"], provider);
    assert_eq!(result["provider"]["lastWebhook"]["outcome"], "test");
    assert_eq!(
        read(&app, &provider).await["lastWebhook"]["outcome"],
        "test"
    );

    // Stored as a test delivery, with the body the webhook received; never as money.
    let test_id = result["testId"].as_str().unwrap();
    let stored = app
        .lines(&format!(
            "SELECT concat_ws('|', provider_id, raw->>'shopTestDelivery', raw->>'transferAmount') \
             AS line FROM webhook_test_deliveries WHERE id = '{test_id}'"
        ))
        .await;
    assert_eq!(stored, [format!("{provider}|{test_id}|1")]);
    assert_no_money(&app).await;

    // Audited like the other provider actions.
    let audit = app.audit().await;
    let last = audit.last().unwrap();
    assert!(
        last.contains("payment_provider_test_webhook") && last.contains("apikey): test"),
        "{audit:?}"
    );
    assert!(last.contains(&provider), "{last}");
}

/// "Gửi thử" once for `provider`, accepted: its test id.
async fn click(app: &TestApp, provider: &str) -> String {
    let answer = app.post(&test_webhook(), json!({"id": provider})).await;
    let result = answer.ok();
    assert_eq!(result["accepted"], true, "{result}");
    result["testId"].as_str().unwrap().to_owned()
}

/// The test deliveries `provider` keeps, oldest first.
async fn kept(app: &TestApp, provider: &str) -> Vec<String> {
    app.lines(&format!(
        "SELECT id::text AS line FROM webhook_test_deliveries \
         WHERE provider_id = '{provider}' ORDER BY received_at, id"
    ))
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn gui_thu_keeps_only_recent_test_deliveries_per_provider() {
    let clock = ManualClock::new(Utc::now());
    let app = TestApp::spawn_with(WebhookGuard {
        clock: clock.clock(),
        ..WebhookGuard::default()
    })
    .await;
    let provider = app.webhook_provider("Vietcombank").await;
    let other = app.webhook_provider("ACB").await;
    let tick = std::time::Duration::from_secs(1);

    let mut theirs = Vec::new();
    for _ in 0..3 {
        theirs.push(click(&app, &other).await);
        clock.advance(tick);
    }
    // Many clicks: the provider keeps its newest ones up to the bound, the other
    // provider's stay as they were.
    let bound = usize::try_from(KEEP_PER_PROVIDER).unwrap();
    let mut ours = Vec::new();
    for _ in 0..bound + 5 {
        ours.push(click(&app, &provider).await);
        clock.advance(tick);
    }
    assert_eq!(kept(&app, &provider).await, ours[5..]);
    assert_eq!(kept(&app, &other).await, theirs);

    // Under the count bound, a test delivery older than the age bound goes at the
    // provider's next click; the younger ones stay.
    app.execute(&format!(
        "UPDATE webhook_test_deliveries SET received_at = received_at - interval '2 days' \
         WHERE id = '{}'",
        theirs[0]
    ))
    .await;
    let newest = click(&app, &other).await;
    assert_eq!(
        kept(&app, &other).await,
        [theirs[1].clone(), theirs[2].clone(), newest]
    );
    assert_eq!(kept(&app, &provider).await, ours[5..]);

    // A click more than the age bound after the last one leaves only itself.
    clock.advance((KEEP_FOR + chrono::TimeDelta::minutes(1)).to_std().unwrap());
    let last = click(&app, &provider).await;
    assert_eq!(kept(&app, &provider).await, [last]);
    assert_eq!(kept(&app, &other).await.len(), 3);

    // However many, never money.
    assert_no_money(&app).await;
    assert_eq!(
        app.scalar(
            "SELECT count(*) AS n FROM audit_log WHERE action = 'payment_provider_test_webhook'"
        )
        .await,
        i64::try_from(bound).unwrap() + 10
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn gui_thu_signs_the_hmac_way_for_an_hmac_provider() {
    let app = TestApp::spawn().await;
    let id = app
        .provider(
            "Vietcombank HMAC",
            json!({"webhookEnabled": true, "webhookAuth": "hmac", "webhookSecret": HMAC_KEY}),
        )
        .await;
    let result = app.post(&test_webhook(), json!({"id": id})).await;
    let result = result.ok();
    assert_eq!(result["accepted"], true, "{result}");
    assert_eq!(result["outcome"], "test");
    assert_no_money(&app).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_test_delivery_naming_a_pending_order_is_never_matched() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    // SePay's body with the order's code and amount, marked as a test: authenticated
    // like any delivery, then kept away from the order.
    let marked = with(
        sepay(92_704, &format!("CT DEN {CODE} chuyen tien"), 150_000),
        json!({"code": CODE, "shopTestDelivery": "0190a4c1-0000-7000-8000-000000000001"}),
    );
    let answer = app.deliver_ok(&provider, &marked).await;
    assert_eq!(
        answer,
        json!({"id": "0190a4c1-0000-7000-8000-000000000001", "status": "ignored", "test": true})
    );
    assert_no_money(&app).await;
    assert_eq!(app.retail.applied_count(), 0);
    assert_eq!(
        read(&app, &provider).await["lastWebhook"]["outcome"],
        "test"
    );

    // The same transfer without the marker is money, as before: the test did not use up
    // its SePay id.
    let real = sepay(92_704, &format!("CT DEN {CODE} chuyen tien"), 150_000);
    assert_eq!(app.deliver_ok(&provider, &real).await["status"], "matched");
    assert_eq!(app.retail.confirm_calls().len(), 1);

    // A marked body without the key is refused like any other.
    app.deliver(&provider, None, &marked).await.error(401, 501);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM webhook_test_deliveries")
            .await,
        1
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn gui_thu_needs_a_signed_in_user_a_known_provider_and_a_webhook_to_test() {
    let app = TestApp::spawn().await;
    let provider = app.webhook_provider("Vietcombank").await;
    let off = app.provider("ACB", json!({})).await;
    // A turned-on webhook always has a secret; one lost (or sealed under an old key) is
    // told apart all the same.
    let no_secret = app.webhook_provider("MB").await;
    app.execute(&format!(
        "DELETE FROM payment_provider_secrets WHERE provider_id = '{no_secret}'"
    ))
    .await;
    let before = app.schema.dump("payment_providers").await;

    app.anon()
        .post(&test_webhook(), json!({"id": provider}))
        .await
        .error(401, 5);
    // Unknown (or deleted), or not a uuid.
    let unknown = "00000000-0000-4000-8000-00000000dead";
    let answer = app.post(&test_webhook(), json!({"id": unknown})).await;
    answer.error(404, 2);
    assert_eq!(
        answer.body["error"]["message"],
        "Không tìm thấy phương thức thanh toán"
    );
    app.post(&test_webhook(), json!({"id": "nope"}))
        .await
        .error(400, 1);
    // A provider without a turned-on webhook, or without a secret: said, nothing sent.
    let fields = app
        .post(&test_webhook(), json!({"id": off}))
        .await
        .error(400, 1);
    assert_eq!(fields, ["webhookEnabled"]);
    let fields = app
        .post(&test_webhook(), json!({"id": no_secret}))
        .await
        .error(400, 1);
    assert_eq!(fields, ["webhookSecret"]);

    assert_eq!(app.schema.dump("payment_providers").await, before);
    assert_eq!(read(&app, &provider).await["lastWebhook"], Value::Null);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM webhook_test_deliveries")
            .await,
        0
    );
    let audited = app
        .scalar(
            "SELECT count(*) AS n FROM audit_log WHERE action = 'payment_provider_test_webhook'",
        )
        .await;
    assert_eq!(audited, 0);
    assert_no_money(&app).await;
}
