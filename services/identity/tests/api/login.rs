//! Login: tokens, the JWKS, wrong credentials, the per-(user, client) lock, disabled
//! accounts, and malformed input.

use crate::support;

use std::time::Duration;

use chrono::{DateTime, Utc};
use identity::routes::{JWKS, LOGIN, ME, USER_UPDATE};
use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::json;
use shop_common::auth::{Claims, TokenVerifier};
use support::test_settings;
use support::{ADMIN_PASSWORD, Api, Staff};

#[tokio::test(flavor = "multi_thread")]
async fn login_issues_a_verifiable_token() {
    let api = Api::new().await;
    let before = Utc::now().timestamp();
    let answer = api.login("admin", ADMIN_PASSWORD).await;
    let result = answer.ok().clone();
    assert_eq!(result["tokenType"], "Bearer");
    assert_eq!(result["user"]["userName"], "admin");
    assert_eq!(result["user"]["role"], "admin");
    assert_eq!(result["user"]["id"], api.admin.to_string());
    assert!(
        result["user"]["fullName"]
            .as_str()
            .is_some_and(|n| !n.is_empty())
    );
    let token = result["accessToken"].as_str().unwrap();

    // Header: EdDSA with a kid that the JWKS publishes.
    let header = jsonwebtoken::decode_header(token).unwrap();
    assert_eq!(header.alg, Algorithm::EdDSA);
    let kid = header.kid.expect("kid");
    assert_eq!(kid, api.tokens.kid.as_str());

    let jwks = api
        .http
        .client
        .get(api.http.url(JWKS))
        .send()
        .await
        .unwrap();
    assert_eq!(jwks.status(), 200);
    let raw: serde_json::Value = jwks.json().await.unwrap();
    // Not enveloped; one OKP key with the expected members.
    assert!(raw.get("success").is_none());
    let key = &raw["keys"][0];
    assert_eq!(key["kty"], "OKP");
    assert_eq!(key["crv"], "Ed25519");
    assert_eq!(key["alg"], "EdDSA");
    assert_eq!(key["use"], "sig");
    assert_eq!(key["kid"], kid.as_str());
    assert!(key.get("d").is_none(), "no private part in the JWKS");

    let set: JwkSet = serde_json::from_value(raw).unwrap();
    let jwk = set.find(&kid).expect("kid in JWKS");
    let mut validation = Validation::new(Algorithm::EdDSA);
    validation.set_issuer(&["shop-identity"]);
    validation.set_audience(&["shop-admin"]);
    let claims =
        jsonwebtoken::decode::<Claims>(token, &DecodingKey::from_jwk(jwk).unwrap(), &validation)
            .unwrap()
            .claims;
    assert_eq!(claims.sub, api.admin);
    assert_eq!(claims.name, "admin");
    assert_eq!(claims.role.as_str(), "admin");
    assert_eq!(claims.ver, 1);
    assert_eq!(claims.iss, "shop-identity");
    assert_eq!(claims.aud, "shop-admin");
    assert!(claims.iat >= before - 1 && claims.iat <= Utc::now().timestamp() + 1);
    assert_eq!(
        claims.exp - claims.iat,
        3600,
        "exp = iat + ACCESS_TOKEN_TTL"
    );
    let expires_at: DateTime<Utc> = result["expiresAt"].as_str().unwrap().parse().unwrap();
    assert_eq!(expires_at.timestamp(), claims.exp);

    // The shared verifier (what the gateway and other services use) accepts it too.
    let remote = TokenVerifier::remote(&api.http.base_url, api.http.client.clone());
    let verified = remote.verify(token).await.unwrap();
    assert_eq!(verified.sub, api.admin);

    // last_login_at is stamped.
    let me = api.with_token(Some(token)).get(ME).await;
    assert!(me.ok()["lastLoginAt"].as_str().is_some());
}

#[tokio::test(flavor = "multi_thread")]
async fn ttl_follows_the_settings() {
    let mut settings = test_settings();
    settings.access_token_ttl = Duration::from_secs(8 * 3600);
    let api = Api::with(settings).await;
    let token = api.admin_token().await;
    let claims: Claims = jsonwebtoken::dangerous::insecure_decode(&token)
        .unwrap()
        .claims;
    assert_eq!(claims.exp - claims.iat, 8 * 3600);
}

#[tokio::test(flavor = "multi_thread")]
async fn wrong_password_and_unknown_user_answer_alike() {
    let api = Api::new().await;
    let wrong = api.login("admin", "not-the-password").await;
    wrong.error(400, 100);
    let unknown = api.login("nobody", "not-the-password").await;
    unknown.error(400, 100);
    assert_eq!(wrong.body, unknown.body);
    assert_eq!(
        wrong.body["error"]["message"],
        "Tên đăng nhập hoặc mật khẩu không đúng"
    );
    // User names are case-insensitive at login.
    api.login("ADMIN", ADMIN_PASSWORD).await.ok();
    // Absurdly long names are just wrong credentials.
    api.login(&"a".repeat(500), "whatever")
        .await
        .error(400, 100);
    // So are names with control characters (a NUL cannot even be stored).
    let nul = api.login("ad\u{0}min", "not-the-password").await;
    nul.error(400, 100);
    assert_eq!(nul.body, wrong.body);
}

#[tokio::test(flavor = "multi_thread")]
async fn lock_after_max_failures_per_user_and_client() {
    // test_settings: 3 failures, 60 s lock; 127.0.0.1 trusted, so X-Forwarded-For counts.
    let api = Api::new().await;
    let pass = ADMIN_PASSWORD.to_owned();
    let ip = "203.0.113.7";
    api.login_from("admin", "wrong-1", ip).await.error(400, 100);
    api.login_from("admin", "wrong-2", ip).await.error(400, 100);
    let third = api.login_from("admin", "wrong-3", ip).await;
    third.error(400, 101);
    assert_eq!(
        third.body["error"]["message"],
        "Đăng nhập sai quá nhiều lần, vui lòng thử lại sau 1 phút"
    );
    // The lock holds even for the right password, and is checked before it.
    api.login_from("admin", &pass, ip).await.error(400, 101);
    // Case does not get around it.
    api.login_from("Admin", &pass, ip).await.error(400, 101);
    // The same user from another client is not locked.
    api.login_from("admin", &pass, "198.51.100.9").await.ok();
    // Nor is the default client (the peer itself).
    api.login("admin", &pass).await.ok();

    // Unknown users are counted the same way.
    for _ in 0..2 {
        api.login_from("ghost", "x-wrong", ip).await.error(400, 100);
    }
    api.login_from("ghost", "x-wrong", ip).await.error(400, 101);
}

#[tokio::test(flavor = "multi_thread")]
async fn success_resets_the_counter() {
    let api = Api::new().await;
    let pass = ADMIN_PASSWORD.to_owned();
    let ip = "203.0.113.8";
    api.login_from("admin", "wrong", ip).await.error(400, 100);
    api.login_from("admin", "wrong", ip).await.error(400, 100);
    api.login_from("admin", &pass, ip).await.ok();
    api.login_from("admin", "wrong", ip).await.error(400, 100);
    api.login_from("admin", "wrong", ip).await.error(400, 100);
    api.login_from("admin", &pass, ip).await.ok();
}

#[tokio::test(flavor = "multi_thread")]
async fn lock_minutes_round_up_and_the_lock_runs_out() {
    let mut settings = test_settings();
    settings.login_max_failures = 2;
    settings.login_lock = Duration::from_secs(600);
    let api = Api::with(settings).await;
    api.login("admin", "wrong").await.error(400, 100);
    let locked = api.login("admin", "wrong").await;
    locked.error(400, 101);
    assert_eq!(
        locked.body["error"]["message"],
        "Đăng nhập sai quá nhiều lần, vui lòng thử lại sau 10 phút"
    );

    // The same ten-minute lock: even the right password is refused inside it.
    let pass = ADMIN_PASSWORD.to_owned();
    api.login("admin", &pass).await.error(400, 101);
    // The lock runs out: its end moved into the past in the database, whose clock the
    // lock is read with, instead of this test waiting ten minutes (or racing a short
    // lock on a busy machine).
    api.service
        .execute(
            "UPDATE login_failures SET locked_until = now() - interval '1 second', \
             updated_at = now() - interval '601 seconds'",
        )
        .await;
    // Once the lock has run out the count starts again.
    api.login("admin", "wrong").await.error(400, 100);
    api.login("admin", &pass).await.ok();
}

#[tokio::test(flavor = "multi_thread")]
async fn forwarded_for_is_ignored_from_untrusted_peers() {
    let mut settings = test_settings();
    settings.trusted_proxies = Default::default();
    let api = Api::with(settings).await;
    let pass = ADMIN_PASSWORD.to_owned();
    for i in 0..2 {
        let ip = format!("192.0.2.{i}");
        api.login_from("admin", "wrong", &ip).await.error(400, 100);
    }
    api.login_from("admin", "wrong", "192.0.2.50")
        .await
        .error(400, 101);
    // A made-up X-Forwarded-For does not escape the lock of the real peer.
    api.login_from("admin", &pass, "192.0.2.99")
        .await
        .error(400, 101);
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_guesses_cannot_exceed_the_limit() {
    let api = Api::new().await;
    let pass = ADMIN_PASSWORD.to_owned();
    let ip = "203.0.113.99";
    let guesses = (0..10).map(|i| {
        let api = &api;
        async move { api.login_from("admin", &format!("guess-{i}"), ip).await }
    });
    let answers = futures_util::future::join_all(guesses).await;
    let wrong = answers.iter().filter(|a| a.code() == 100).count();
    assert!(answers.iter().all(|a| a.code() == 100 || a.code() == 101));
    assert!(wrong < 3, "at most max-1 plain failures, got {wrong}");
    api.login_from("admin", &pass, ip).await.error(400, 101);
}

#[tokio::test(flavor = "multi_thread")]
async fn disabled_account_is_said_only_after_the_right_password() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    let staff = api
        .create_user(&admin, "nhanvien", "staff-pass", "staff")
        .await;
    api.with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": staff["id"], "isActive": false }))
        .await
        .ok();
    api.login("nhanvien", "wrong-pass").await.error(400, 100);
    let disabled = api.login("nhanvien", "staff-pass").await;
    disabled.error(400, 102);
    assert_eq!(
        disabled.body["error"]["message"],
        "Tài khoản đã bị vô hiệu hóa"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn login_ignores_authorization_and_rejects_bad_input() {
    let api = Api::new().await;
    let pass = ADMIN_PASSWORD.to_owned();
    let answer = api
        .with_token(Some("stale.garbage.token"))
        .post(LOGIN, json!({ "userName": "admin", "password": pass }))
        .await;
    answer.ok();

    // Malformed JSON: code 1 in the envelope.
    let answer = api
        .anon()
        .post_text(LOGIN, "{\"userName\": \"admin\",")
        .await;
    assert_eq!(answer.status, 400);
    assert_eq!(answer["success"], false);
    assert_eq!(answer["error"]["code"], 1);

    // Missing fields: code 1 naming them.
    let empty = api.anon().post(LOGIN, json!({})).await;
    empty.error(400, 1);
    assert_eq!(empty.detail_fields(), ["userName", "password"]);

    // Wrong method on a known path and an unknown path: code 2 in the envelope.
    api.anon().get(LOGIN).await.error(404, 2);
    api.anon()
        .get("/identity/api/admin/v1/IdentityAuth/Nothing")
        .await
        .error(404, 2);
    api.anon().get("/identity/nothing").await.error(404, 2);
}
