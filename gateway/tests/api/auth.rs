use crate::support;

use std::sync::atomic::Ordering;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::json;
use shop_common::testing::TestTokens;
use support::{Answer, claims, client, seen, setup};
use uuid::Uuid;

const ADMIN_PATH: &str = "/retailstore/api/admin/v1/Order/Pagination?pageIndex=1";

async fn admin_get(gw: &str, auth: Option<&str>) -> Answer {
    let mut req = client().get(format!("{gw}{ADMIN_PATH}"));
    if let Some(a) = auth {
        req = req.header("authorization", a);
    }
    Answer::of(req.send().await.unwrap()).await
}

fn b64(value: &serde_json::Value) -> String {
    URL_SAFE_NO_PAD.encode(serde_json::to_vec(value).unwrap())
}

#[tokio::test]
async fn bad_tokens_are_401_code_5() {
    let (mock, gw) = setup(|_| {}).await;
    let sub = Uuid::new_v4();
    let good = claims(sub, 1);
    let kid = &mock.keys.kid;

    let other_same_kid = TestTokens::with_kid(kid).sign(&good);
    let other_kid = TestTokens::with_kid("unknown-kid").sign(&good);
    let alg_none = format!(
        "{}.{}.",
        b64(&json!({"alg": "none", "typ": "JWT", "kid": kid})),
        b64(&serde_json::to_value(&good).unwrap())
    );
    let hs256 = {
        let mut header = Header::new(Algorithm::HS256);
        header.kid = Some(kid.clone());
        jsonwebtoken::encode(
            &header,
            &good,
            &EncodingKey::from_secret(&mock.keys.public_key),
        )
        .unwrap()
    };
    let mut expired = good.clone();
    expired.exp -= 7200;
    expired.iat -= 7200;
    let mut wrong_aud = good.clone();
    wrong_aud.aud = "shop-web".to_owned();
    let mut wrong_iss = good.clone();
    wrong_iss.iss = "someone-else".to_owned();

    let cases: Vec<(&str, Option<String>)> = vec![
        ("missing", None),
        ("garbage", Some("Bearer not-a-token".into())),
        ("not bearer", Some(format!("Basic {}", mock.token(sub, 1)))),
        (
            "other key, same kid",
            Some(format!("Bearer {other_same_kid}")),
        ),
        (
            "other key, unknown kid",
            Some(format!("Bearer {other_kid}")),
        ),
        ("alg none", Some(format!("Bearer {alg_none}"))),
        ("hs256 with the public key", Some(format!("Bearer {hs256}"))),
        (
            "expired",
            Some(format!("Bearer {}", mock.keys.sign(&expired))),
        ),
        (
            "wrong aud",
            Some(format!("Bearer {}", mock.keys.sign(&wrong_aud))),
        ),
        (
            "wrong iss",
            Some(format!("Bearer {}", mock.keys.sign(&wrong_iss))),
        ),
    ];
    for (name, auth) in cases {
        let answer = admin_get(&gw, auth.as_deref()).await;
        assert_eq!(answer.status, 401, "{name}: {answer}");
        answer.error(401, 5);
    }
    assert_eq!(
        mock.state.echo_calls.load(Ordering::SeqCst),
        0,
        "nothing reached the service"
    );
}

#[tokio::test]
async fn valid_token_is_forwarded_with_user_headers() {
    let (mock, gw) = setup(|_| {}).await;
    let sub = Uuid::new_v4();
    let token = mock.token(sub, 1);
    let resp = client()
        .get(format!("{gw}{ADMIN_PATH}"))
        .header("authorization", format!("Bearer {token}"))
        .header("x-user-role", "admin")
        .header("x-user-id", Uuid::new_v4().to_string())
        .send()
        .await
        .unwrap();
    // Back-office answers are never cached by the browser.
    let cache = resp.headers().get("cache-control").cloned();
    assert_eq!(
        cache.as_ref().map(|v| v.to_str().unwrap()),
        Some("no-store")
    );
    let echo = Answer::of(resp).await;
    assert_eq!(echo.status, 200, "{echo}");
    assert_eq!(echo["path"], "/retailstore/api/admin/v1/Order/Pagination");
    assert_eq!(echo["query"], "pageIndex=1");
    assert_eq!(
        seen(&echo.body, "x-user-id"),
        Some(sub.to_string().as_str())
    );
    assert_eq!(seen(&echo.body, "x-user-name"), Some("alice"));
    assert_eq!(seen(&echo.body, "x-user-role"), Some("staff"));
    // Services verify the token again: it is forwarded on admin routes.
    assert_eq!(
        seen(&echo.body, "authorization"),
        Some(format!("Bearer {token}").as_str())
    );
    assert_eq!(mock.state.status_calls.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn session_answers_are_cached_and_a_new_version_is_checked_at_once() {
    // An hour's cache: the second call falls inside it however slow the machine is.
    let (mock, gw) = setup(|c| c.token_status_ttl = Duration::from_secs(3600)).await;
    let sub = Uuid::new_v4();
    let v1 = format!("Bearer {}", mock.token(sub, 1));
    let v2 = format!("Bearer {}", mock.token(sub, 2));
    let v3 = format!("Bearer {}", mock.token(sub, 3));

    assert_eq!(admin_get(&gw, Some(&v1)).await.status, 200);
    assert_eq!(admin_get(&gw, Some(&v1)).await.status, 200);
    assert_eq!(
        mock.state.status_calls.load(Ordering::SeqCst),
        1,
        "second call answered from the cache"
    );

    // identity bumps the version (password change, role change...).
    mock.state.current_ver.store(2, Ordering::SeqCst);
    // A new version is checked at once, both ways.
    assert_eq!(admin_get(&gw, Some(&v2)).await.status, 200);
    admin_get(&gw, Some(&v3)).await.error(401, 5);
}

#[tokio::test]
async fn revoked_sessions_stop_within_the_cache_ttl() {
    // Each wait below is longer than the TTL: a slower machine only waits longer.
    let (mock, gw) = setup(|c| c.token_status_ttl = Duration::from_secs(1)).await;
    let sub = Uuid::new_v4();
    let v1 = format!("Bearer {}", mock.token(sub, 1));
    let v2 = format!("Bearer {}", mock.token(sub, 2));

    assert_eq!(admin_get(&gw, Some(&v1)).await.status, 200);
    // identity bumps the version (password change, role change...).
    mock.state.current_ver.store(2, Ordering::SeqCst);
    // The old one lives at most for the cache TTL.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    admin_get(&gw, Some(&v1)).await.error(401, 5);

    // Disabling the user flips TokenStatus to inactive.
    assert_eq!(admin_get(&gw, Some(&v2)).await.status, 200);
    mock.state.disabled.store(true, Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(1100)).await;
    admin_get(&gw, Some(&v2)).await.error(401, 5);
}

#[tokio::test]
async fn identity_down_for_the_status_check_is_503_code_8() {
    let (mock, gw) = setup(|_| {}).await;
    mock.state.status_down.store(true, Ordering::SeqCst);
    let token = format!("Bearer {}", mock.token(Uuid::new_v4(), 1));
    admin_get(&gw, Some(&token)).await.error(503, 8);
    // Not cached: identity back, the same token works.
    mock.state.status_down.store(false, Ordering::SeqCst);
    assert_eq!(admin_get(&gw, Some(&token)).await.status, 200);
}

#[tokio::test]
async fn identity_unreachable_for_keys_is_503_code_8() {
    let (closed, closed_url) = shop_common::testing::listener();
    drop(closed);
    let (mock, gw) = setup(|cfg| cfg.upstreams.identity = closed_url).await;
    let token = format!("Bearer {}", mock.token(Uuid::new_v4(), 1));
    admin_get(&gw, Some(&token)).await.error(503, 8);
}

#[tokio::test]
async fn authorization_is_ignored_on_web_routes_and_login() {
    let (mock, gw) = setup(|_| {}).await;
    let garbage = "Bearer garbage.token.here";

    let resp = client()
        .get(format!(
            "{gw}/retailstore/api/web/v1/Product/Pagination?keyword=x"
        ))
        .header("authorization", garbage)
        .send()
        .await
        .unwrap();
    let echo = Answer::of(resp).await;
    assert_eq!(echo.status, 200, "{echo}");
    assert_eq!(
        seen(&echo.body, "authorization"),
        None,
        "stale token stripped"
    );

    let resp = client()
        .post(format!("{gw}/identity/api/admin/v1/IdentityAuth/Login"))
        .header("authorization", garbage)
        .json(&json!({"userName": "admin", "password": "secret1"}))
        .send()
        .await
        .unwrap();
    let echo = Answer::of(resp).await;
    assert_eq!(echo.status, 200, "{echo}");
    assert_eq!(echo["method"], "POST");
    assert_eq!(seen(&echo.body, "authorization"), None);
    assert!(echo["bodyLength"].as_u64().unwrap() > 0);

    // The payment webhook authenticates with its own scheme: that one passes.
    let provider = Uuid::new_v4();
    let resp = client()
        .post(format!(
            "{gw}/paymentprovider/api/web/v1/PaymentWebhook/SePay/{provider}"
        ))
        .header("authorization", "Apikey webhook-secret")
        .json(&json!({"id": 1}))
        .send()
        .await
        .unwrap();
    let echo = Answer::of(resp).await;
    assert_eq!(echo.status, 200, "{echo}");
    assert_eq!(
        seen(&echo.body, "authorization"),
        Some("Apikey webhook-secret")
    );
    assert_eq!(mock.state.status_calls.load(Ordering::SeqCst), 0);
}
