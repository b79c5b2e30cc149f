#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Token verification: what is accepted and what is refused.

use base64::Engine;
use shop_common::auth::{AUDIENCE, Claims, ISSUER, Role};
use shop_common::testing::TestTokens;

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
    let verifier = keys.verifier();
    let mut short = claims(Role::Staff);
    short.exp = chrono::Utc::now().timestamp() + 1;
    let token = keys.sign(&short);
    assert!(verifier.verify(&token).await.is_ok());
    // Second call is served from the verified-token cache.
    assert!(verifier.verify(&token).await.is_ok());
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    assert!(verifier.verify(&token).await.is_err());
}
