//! Token verification and the session (revocation) check: what is accepted and what
//! is refused.

use std::sync::atomic::Ordering;
use std::time::Duration;

use serde_json::json;

use base64::Engine;
use shop_common::ApiError;
use shop_common::auth::session::SessionCheck;
use shop_common::auth::{AUDIENCE, AuthError, Claims, ISSUER, Role, TokenVerifier};
use shop_common::config::Secret;
use shop_common::internal::Caller;
use shop_common::testing::{Stub, TestTokens, caller_key, envelope_error, envelope_ok};

fn claims(role: Role) -> Claims {
    let now = chrono::Utc::now().timestamp();
    Claims {
        sub: uuid::Uuid::new_v4(),
        name: "alice".into(),
        role,
        ver: 3,
        iat: now,
        exp: now + 600,
        iss: ISSUER.into(),
        aud: AUDIENCE.into(),
    }
}

#[tokio::test]
async fn accepts_a_valid_token() {
    let keys = TestTokens::new();
    let got = keys
        .verifier()
        .verify(&keys.sign(&claims(Role::Staff)))
        .await
        .unwrap();
    assert_eq!(got.name, "alice");
    assert_eq!(got.role, Role::Staff);
    assert_eq!(got.ver, 3);
}

#[tokio::test]
async fn refuses_other_key_expired_audience_issuer_and_alg_none() {
    let keys = TestTokens::new();
    let verifier = keys.verifier();

    // Same kid, other key.
    let mut other = TestTokens::new();
    other.kid = keys.kid.clone();
    assert!(
        verifier
            .verify(&other.sign(&claims(Role::Admin)))
            .await
            .is_err()
    );

    let mut expired = claims(Role::Admin);
    expired.exp = chrono::Utc::now().timestamp() - 60;
    assert!(verifier.verify(&keys.sign(&expired)).await.is_err());

    let mut aud = claims(Role::Admin);
    aud.aud = "somebody-else".into();
    assert!(verifier.verify(&keys.sign(&aud)).await.is_err());

    let mut iss = claims(Role::Admin);
    iss.iss = "evil".into();
    assert!(verifier.verify(&keys.sign(&iss)).await.is_err());

    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let header = b64.encode(format!(
        r#"{{"alg":"none","typ":"JWT","kid":"{}"}}"#,
        keys.kid
    ));
    let body = b64.encode(serde_json::to_vec(&claims(Role::Admin)).unwrap());
    assert!(verifier.verify(&format!("{header}.{body}.")).await.is_err());
    assert!(verifier.verify("garbage").await.is_err());
}

#[tokio::test]
async fn a_remembered_token_still_expires() {
    let keys = TestTokens::new();
    // The verifier's clock is this test's: time moves on without waiting for it.
    let now = std::sync::Arc::new(std::sync::atomic::AtomicI64::new(
        chrono::Utc::now().timestamp(),
    ));
    let clock = now.clone();
    let verifier = keys
        .verifier()
        .with_clock(std::sync::Arc::new(move || clock.load(Ordering::SeqCst)));
    let mut short = claims(Role::Staff);
    short.exp = now.load(Ordering::SeqCst) + 60;
    let token = keys.sign(&short);
    assert!(verifier.verify(&token).await.is_ok());
    assert_eq!(verifier.cache_hits(), 0);
    // The second call is served from the verified-token cache.
    assert!(verifier.verify(&token).await.is_ok());
    assert_eq!(verifier.cache_hits(), 1);
    // One second before `exp`: still good, from the cache.
    now.store(short.exp - 1, Ordering::SeqCst);
    assert!(verifier.verify(&token).await.is_ok());
    assert_eq!(verifier.cache_hits(), 2);
    // At `exp` the cached entry has expired with its token: refused, and not a cache hit.
    now.store(short.exp, Ordering::SeqCst);
    assert!(verifier.verify(&token).await.is_err());
    assert_eq!(verifier.cache_hits(), 2);
}

const STATUS: &str = "/identity/internal/v1/TokenStatus";

/// A verifier trusting `keys` whose sessions are checked by identity at `identity_url`.
fn checked(keys: &TestTokens, identity_url: &str, ttl: Duration) -> TokenVerifier {
    let sessions = SessionCheck::identity(
        identity_url,
        Secret::new(caller_key(Caller::System)),
        ttl,
        shop_common::testing::client(),
    );
    let key = jsonwebtoken::DecodingKey::from_jwk(&keys.public_jwk).unwrap();
    TokenVerifier::with_keys([(keys.kid.clone(), key)]).with_sessions(sessions)
}

fn answer(identity: &Stub, active: bool, role: Option<&str>) {
    let result = json!({ "active": active, "role": role });
    identity.reply("GET", STATUS, move |_| (200, envelope_ok(result.clone())));
}

#[tokio::test]
async fn a_current_session_passes_and_is_asked_once_per_ttl() {
    let keys = TestTokens::new();
    let identity = Stub::start();
    answer(&identity, true, Some("staff"));
    let verifier = checked(&keys, &identity.base_url, Duration::from_secs(30));
    let claims = claims(Role::Staff);
    let token = keys.sign(&claims);
    for _ in 0..3 {
        let got = verifier.authenticate(&token).await.unwrap();
        assert_eq!(got.sub, claims.sub);
    }
    let calls = identity.requests(STATUS);
    assert_eq!(calls.len(), 1, "answers within the TTL come from the cache");
    assert_eq!(
        calls[0].headers["x-internal-key"],
        caller_key(Caller::System)
    );
    assert_eq!(verifier.sessions().map(|s| s.lookups()), Some(1));
    // A new session version is a new question.
    let mut next = claims.clone();
    next.ver += 1;
    verifier.authenticate(&keys.sign(&next)).await.unwrap();
    assert_eq!(identity.requests(STATUS).len(), 2);
}

#[tokio::test]
async fn revoked_deleted_and_demoted_sessions_are_refused() {
    let keys = TestTokens::new();
    let token = keys.sign(&claims(Role::Admin));
    let cases = [
        (
            "revoked",
            200,
            envelope_ok(json!({ "active": false, "role": "admin" })),
        ),
        (
            "role changed",
            200,
            envelope_ok(json!({ "active": true, "role": "staff" })),
        ),
        (
            "user deleted",
            404,
            envelope_error(404, 2, "Không tìm thấy"),
        ),
    ];
    for (name, status, body) in cases {
        let identity = Stub::start();
        identity.reply("GET", STATUS, move |_| (status, body.clone()));
        let verifier = checked(&keys, &identity.base_url, Duration::from_secs(30));
        let got = verifier.authenticate(&token).await;
        assert!(matches!(got, Err(AuthError::Revoked)), "{name}: {got:?}");
        // The signature alone is still good: only the session check refuses it.
        assert!(verifier.verify(&token).await.is_ok(), "{name}");
    }
}

#[tokio::test]
async fn identity_down_fails_closed_and_is_not_cached() {
    let keys = TestTokens::new();
    let identity = Stub::start();
    answer(&identity, true, Some("staff"));
    identity.set_down(true);
    let verifier = checked(&keys, &identity.base_url, Duration::from_secs(30));
    let token = keys.sign(&claims(Role::Staff));
    let got = verifier.authenticate(&token).await;
    assert!(matches!(got, Err(AuthError::Unavailable(_))), "{got:?}");
    let error: ApiError = got.unwrap_err().into();
    assert_eq!((error.status.as_u16(), error.code), (503, 8));
    // Nothing listens at all: the same.
    let (closed, closed_url) = shop_common::testing::listener();
    drop(closed);
    let got = checked(&keys, &closed_url, Duration::from_secs(30))
        .authenticate(&token)
        .await;
    assert!(matches!(got, Err(AuthError::Unavailable(_))), "{got:?}");
    // Back up: the failure was not remembered.
    identity.set_down(false);
    assert!(verifier.authenticate(&token).await.is_ok());
}

#[tokio::test]
async fn test_tokens_revoke_a_session() {
    let keys = TestTokens::new();
    let verifier = keys.verifier();
    let claims = claims(Role::Staff);
    let token = keys.sign(&claims);
    assert!(verifier.authenticate(&token).await.is_ok());
    keys.revoke(claims.sub, claims.ver);
    let got = verifier.authenticate(&token).await;
    assert!(matches!(got, Err(AuthError::Revoked)), "{got:?}");
    let error: ApiError = got.unwrap_err().into();
    assert_eq!((error.status.as_u16(), error.code), (401, 5));
}
