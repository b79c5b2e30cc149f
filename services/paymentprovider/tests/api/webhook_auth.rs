//! The webhook's two authentication modes: SePay's API key and its HMAC-SHA256
//! signature of the raw body with `X-SePay-Timestamp` (5-minute window, on a clock the
//! test moves), and the per-client limit on refused calls, answered before any database
//! work.

use crate::support;

use std::net::IpAddr;
use std::time::Duration;

use chrono::{DateTime, Utc};
use paymentprovider::clock::ManualClock;
use paymentprovider::domain::webhook_auth::sign;
use paymentprovider::limiter::RefusalLimiter;
use serde_json::json;
use shop_common::net::TrustedProxies;
use support::*;

const CODE: &str = "DHAB12CD34";
const HMAC_KEY: &str = "sepay-Hmac-Key-0123456789abcdef";

fn t0() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-03-25T07:05:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

async fn hmac_app() -> (TestApp, ManualClock, String) {
    let clock = ManualClock::new(t0());
    let app = TestApp::spawn_with(WebhookGuard {
        clock: clock.clock(),
        ..WebhookGuard::default()
    })
    .await;
    app.retail.orders(&[CODE], &[]);
    let id = app
        .provider(
            "Vietcombank HMAC",
            json!({"webhookEnabled": true, "webhookAuth": "hmac", "webhookSecret": HMAC_KEY}),
        )
        .await;
    (app, clock, id)
}

/// Headers as (name, value) pairs.
type Headers = Vec<(&'static str, String)>;

fn signed_headers(signature: &str, timestamp: &str) -> Headers {
    vec![
        ("x-sepay-signature", signature.to_owned()),
        ("x-sepay-timestamp", timestamp.to_owned()),
    ]
}

async fn post(app: &TestApp, id: &str, headers: &[(&'static str, String)], body: &[u8]) -> Answer {
    let pairs: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
    app.deliver_raw(id, &pairs, body).await
}

#[tokio::test(flavor = "multi_thread")]
async fn hmac_mode_takes_a_fresh_signature_of_the_raw_body_and_refuses_anything_else() {
    let (app, clock, id) = hmac_app().await;
    // The raw bytes as SePay sends them (spacing kept: the signature covers these bytes).
    let body = serde_json::to_vec_pretty(&sepay(92_704, CODE, 150_000)).unwrap();
    let now = t0().timestamp();
    let stamp = now.to_string();

    // Refusals first (nothing stored, retailstore never asked).
    let refusals: Vec<(&str, Headers, Vec<u8>)> = vec![
        ("no headers", vec![], body.clone()),
        (
            "the API key",
            vec![("authorization", format!("Apikey {HMAC_KEY}"))],
            body.clone(),
        ),
        (
            "wrong key",
            signed_headers(&sign("another-Key-0123456789", now, &body), &stamp),
            body.clone(),
        ),
        (
            "tampered body",
            signed_headers(&sign(HMAC_KEY, now, &body), &stamp),
            String::from_utf8(body.clone())
                .unwrap()
                .replace("150000", "950000")
                .into_bytes(),
        ),
        (
            "other timestamp than signed",
            signed_headers(&sign(HMAC_KEY, now, &body), &(now + 1).to_string()),
            body.clone(),
        ),
        (
            "old",
            signed_headers(&sign(HMAC_KEY, now - 301, &body), &(now - 301).to_string()),
            body.clone(),
        ),
        (
            "future",
            signed_headers(&sign(HMAC_KEY, now + 301, &body), &(now + 301).to_string()),
            body.clone(),
        ),
        (
            "no timestamp",
            vec![("x-sepay-signature", sign(HMAC_KEY, now, &body))],
            body.clone(),
        ),
        (
            "garbage signature",
            signed_headers("sha256=zz", &stamp),
            body.clone(),
        ),
    ];
    for (what, headers, body) in &refusals {
        let answer = post(&app, &id, headers, body).await;
        assert_eq!(answer.error(401, 501).len(), 0, "{what}");
    }
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM payment_transactions")
            .await,
        0
    );
    assert!(app.retail.confirm_calls().is_empty());

    // The right signature, at the edges of the window and in its middle.
    let answer = post(
        &app,
        &id,
        &signed_headers(&sign(HMAC_KEY, now - 300, &body), &(now - 300).to_string()),
        &body,
    )
    .await;
    assert_eq!(answer.ok()["status"], "matched");
    let bare = sign(HMAC_KEY, now + 300, &body)[7..].to_owned();
    let again = post(
        &app,
        &id,
        &signed_headers(&bare, &(now + 300).to_string()),
        &body,
    )
    .await;
    assert_eq!(again.ok()["id"], answer.ok()["id"]);
    assert_eq!(app.retail.applied_count(), 1);

    // The same signed request replayed once the clock has moved past the window.
    clock.advance(Duration::from_secs(601));
    let replay = post(
        &app,
        &id,
        &signed_headers(&sign(HMAC_KEY, now, &body), &stamp),
        &body,
    )
    .await;
    replay.error(401, 501);
}

#[tokio::test(flavor = "multi_thread")]
async fn switching_modes_changes_what_is_accepted() {
    let (app, _clock, id) = hmac_app().await;
    let body = serde_json::to_vec(&sepay(1, CODE, 10_000)).unwrap();
    // In hmac mode the API key alone is refused ...
    app.deliver(&id, Some(HMAC_KEY), &sepay(1, CODE, 10_000))
        .await
        .error(401, 501);
    // ... and in apikey mode a signature alone is.
    let updated = app
        .put(UPDATE, json!({"id": id, "webhookAuth": "apikey"}))
        .await;
    assert_eq!(updated.ok()["webhookAuth"], "apikey");
    let now = t0().timestamp();
    post(
        &app,
        &id,
        &signed_headers(&sign(HMAC_KEY, now, &body), &now.to_string()),
        &body,
    )
    .await
    .error(401, 501);
    assert_eq!(
        app.deliver(&id, Some(HMAC_KEY), &sepay(1, CODE, 10_000))
            .await
            .ok()["status"],
        "matched"
    );
    // The admin view says which mode, never the key; an unknown mode is code 1.
    let read = app
        .get(&format!("{ADMIN}/PaymentProvider/Read?id={id}"))
        .await;
    assert_eq!(read.ok()["hasWebhookSecret"], true);
    assert!(!read.ok().to_string().contains(HMAC_KEY));
    let bad = app
        .put(UPDATE, json!({"id": id, "webhookAuth": "oauth2"}))
        .await;
    assert_eq!(bad.error(400, 1), ["webhookAuth"]);
    let null = app
        .put(UPDATE, json!({"id": id, "webhookAuth": null}))
        .await;
    assert_eq!(null.error(400, 1), ["webhookAuth"]);
}

fn behind_proxy(limiter: RefusalLimiter) -> WebhookGuard {
    WebhookGuard {
        proxies: TrustedProxies::parse("127.0.0.1/32").unwrap(),
        limiter,
        ..WebhookGuard::default()
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_refused_too_often_is_answered_429_without_its_key_being_checked() {
    let app = TestApp::spawn_with(behind_proxy(RefusalLimiter::new(
        3,
        Duration::from_secs(600),
    )))
    .await;
    app.retail.orders(&[CODE], &[]);
    let id = app.webhook_provider("Vietcombank").await;
    let body = serde_json::to_vec(&sepay(7, CODE, 10_000)).unwrap();
    let from = |ip: &'static str| ("x-forwarded-for", ip.to_owned());
    let wrong = ("authorization", "Apikey wrong-key-0123456789".to_owned());
    let right = ("authorization", format!("Apikey {WEBHOOK_KEY}"));

    for _ in 0..3 {
        post(&app, &id, &[from("198.51.100.7"), wrong.clone()], &body)
            .await
            .error(401, 501);
    }
    // Limited now, even with the right key; another client is not.
    post(&app, &id, &[from("198.51.100.7"), wrong.clone()], &body)
        .await
        .error(429, 4);
    post(&app, &id, &[from("198.51.100.7"), right.clone()], &body)
        .await
        .error(429, 4);
    post(&app, &id, &[from("198.51.100.8"), wrong.clone()], &body)
        .await
        .error(401, 501);
    let ok = post(&app, &id, &[from("198.51.100.8"), right.clone()], &body).await;
    assert_eq!(ok.ok()["status"], "matched");
    // An IPv6 client counts by its /64.
    for host in ["2001:db8:7:7::1", "2001:db8:7:7::2", "2001:db8:7:7::3"] {
        post(
            &app,
            &id,
            &[("x-forwarded-for", host.to_owned()), wrong.clone()],
            &body,
        )
        .await
        .error(401, 501);
    }
    post(
        &app,
        &id,
        &[
            ("x-forwarded-for", "2001:db8:7:7:ffff::9".to_owned()),
            right.clone(),
        ],
        &body,
    )
    .await
    .error(429, 4);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM payment_transactions")
            .await,
        1
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_limited_client_costs_no_database_work() {
    // The service on a database that cannot be reached: any call that asked it would
    // answer 503 (code 8). A path id that is not a uuid is refused without asking it.
    let retail = FakeRetailstore::start();
    let guard = behind_proxy(RefusalLimiter::new(2, Duration::from_secs(600)));
    let base = shop_common::testing::serve({
        let pool = shop_common::testing::unreachable_pool("paymentprovider");
        let verifier = shop_common::testing::TestTokens::new().verifier();
        let state = state(pool, verifier, PUBLIC_BASE, &retail.base_url).with_webhook_guard(guard);
        paymentprovider::configure(state)
    });
    let client = shop_common::testing::TestClient::new(base, None);
    let ip: IpAddr = "203.0.113.9".parse().unwrap();
    let from = [("x-forwarded-for", ip.to_string())];
    let headers: Vec<(&str, &str)> = from.iter().map(|(n, v)| (*n, v.as_str())).collect();
    let bank = client.with_headers(&headers);
    let body = sepay(1, CODE, 10_000);
    let path = |id: &str| format!("{WEBHOOK_SEPAY_PREFIX}/{id}");
    // A real uuid needs the database: 503 while the client is not limited.
    bank.post(&path(&uuid::Uuid::new_v4().to_string()), &body)
        .await
        .error(503, 8);
    for _ in 0..2 {
        bank.post(&path("not-a-uuid"), &body).await.error(401, 501);
    }
    // Limited: the same uuid is answered 429, so the database was never asked.
    bank.post(&path(&uuid::Uuid::new_v4().to_string()), &body)
        .await
        .error(429, 4);
}
