//! The attack checks every service's black-box tests share: tokens that must be
//! refused (forged, `alg: none`, expired, wrong audience or issuer, revoked), client
//! `x-user-*` headers that must not count as identity, internal routes without the key,
//! and page numbers out of bounds.

use reqwest::Method;
use serde_json::Value;

use super::{TestClient, TestTokens};
use crate::auth::{AUDIENCE, Claims, ISSUER, Role};

/// Claims of a valid one-hour admin session, the base of each forgery.
pub fn admin_claims() -> Claims {
    let now = chrono::Utc::now().timestamp();
    Claims {
        sub: uuid::Uuid::new_v4(),
        name: "attacker".into(),
        role: Role::Admin,
        ver: 1,
        iat: now,
        exp: now + 3600,
        iss: ISSUER.into(),
        aud: AUDIENCE.into(),
    }
}

/// Admin tokens that must never be accepted, by name. `kid` names the key the service
/// trusts and `sign` signs claims with it (a [`TestTokens`], or identity's own key).
pub fn forged_tokens(kid: &str, sign: impl Fn(&Claims) -> String) -> Vec<(&'static str, String)> {
    use base64::Engine;
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let good = admin_claims();

    let mut other_key = TestTokens::new();
    other_key.kid = kid.to_owned();
    let payload = b64.encode(serde_json::to_vec(&good).expect("claims"));
    let alg_none = format!(
        "{}.{payload}.",
        b64.encode(format!(r#"{{"alg":"none","typ":"JWT","kid":"{kid}"}}"#))
    );
    // A valid signature cut from another token cannot vouch for altered claims.
    let signed = sign(&good);
    let mut promoted = good.clone();
    promoted.name = "root".into();
    let tampered = {
        let signature = signed.rsplit('.').next().unwrap_or_default();
        let header = signed.split('.').next().unwrap_or_default();
        let body = b64.encode(serde_json::to_vec(&promoted).expect("claims"));
        format!("{header}.{body}.{signature}")
    };
    let mut expired = good.clone();
    expired.iat -= 7200;
    expired.exp = chrono::Utc::now().timestamp() - 60;
    let mut audience = good.clone();
    audience.aud = "shop-web".into();
    let mut issuer = good.clone();
    issuer.iss = "someone-else".into();
    vec![
        (
            "signed by another key with the same kid",
            other_key.sign(&good),
        ),
        ("alg none", alg_none),
        ("claims altered after signing", tampered),
        ("expired", sign(&expired)),
        ("wrong audience", sign(&audience)),
        ("wrong issuer", sign(&issuer)),
        ("garbage", "not-a-token".into()),
    ]
}

/// Asserts that `method path` answers 401 code 5 to each of `tokens` and to no token.
pub async fn assert_tokens_refused(
    http: &TestClient,
    method: Method,
    path: &str,
    body: Option<&Value>,
    tokens: &[(&str, String)],
) {
    http.call(method.clone(), path, None, body)
        .await
        .error(401, 5);
    for (name, token) in tokens {
        let answer = http.call(method.clone(), path, Some(token), body).await;
        assert_eq!(answer.status, 401, "{name}: {answer}");
        answer.error(401, 5);
    }
}

/// Client-sent `x-user-*` headers claiming an admin.
pub fn forged_user_headers() -> [(&'static str, String); 3] {
    [
        ("x-user-id", uuid::Uuid::new_v4().to_string()),
        ("x-user-name", "admin".into()),
        ("x-user-role", "admin".into()),
    ]
}

/// Asserts that `x-user-*` headers make nobody an admin on `method path` (an admin-only
/// route): without a token 401 code 5, with a staff `staff_token` 403 code 6.
pub async fn assert_user_headers_ignored(
    http: &TestClient,
    method: Method,
    path: &str,
    body: Option<&Value>,
    staff_token: &str,
) {
    let forged = forged_user_headers();
    let headers: Vec<(&str, &str)> = forged.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let answer = http.send(method.clone(), path, None, &headers, body).await;
    answer.error(401, 5);
    let answer = http
        .send(method, path, Some(staff_token), &headers, body)
        .await;
    answer.error(403, 6);
}

/// Asserts that an internal route answers 403 code 6 to every known service that is
/// not one of `allowed` (each with its own valid key), so that, say, the gateway's key
/// opens no money route. The route's own tests show that `allowed` callers get through.
pub async fn assert_internal_callers(
    http: &TestClient,
    method: Method,
    path: &str,
    body: Option<&Value>,
    allowed: &[crate::internal::Caller],
) {
    for caller in crate::internal::Caller::ALL {
        if allowed.contains(&caller) {
            continue;
        }
        let headers = [("x-internal-key", super::caller_key(caller))];
        let answer = http.send(method.clone(), path, None, &headers, body).await;
        assert_eq!(answer.status, 403, "caller {caller}: {answer}");
        answer.error(403, 6);
    }
}

/// Asserts that an internal route answers 401 code 5 without the key, with a wrong
/// one, and with the key's prefix (compared whole, not as a prefix).
pub async fn assert_internal_key_required(
    http: &TestClient,
    method: Method,
    path: &str,
    body: Option<&Value>,
) {
    let key = super::caller_key(crate::internal::Caller::Paymentprovider);
    let prefix = &key[..key.len() - 1];
    let keys: [Option<&str>; 4] = [None, Some(""), Some("wrong-key-0123456789"), Some(prefix)];
    for key in keys {
        let headers: Vec<(&str, &str)> = key.map(|k| ("x-internal-key", k)).into_iter().collect();
        let answer = http.send(method.clone(), path, None, &headers, body).await;
        assert_eq!(answer.status, 401, "key {key:?}: {answer}");
        answer.error(401, 5);
    }
}

/// Page numbers that must be refused (code 1 naming the field), 64-bit overflow first.
pub const BAD_PAGE_NUMBERS: [&str; 6] = [
    "9223372036854775807",
    "99999999999999999999",
    "1000001",
    "0",
    "-1",
    "x",
];

/// Asserts that `path` (a Pagination route, with or without a query) refuses every
/// bad `pageIndex` and `pageSize` with code 1 naming the field, and still serves the
/// deepest allowed page (empty).
pub async fn assert_page_bounds(http: &TestClient, token: Option<&str>, path: &str) {
    let join = if path.contains('?') { '&' } else { '?' };
    for bad in BAD_PAGE_NUMBERS {
        for field in ["pageIndex", "pageSize"] {
            let url = format!("{path}{join}{field}={bad}");
            let answer = http.call(Method::GET, &url, token, None).await;
            assert_eq!(answer.error(400, 1), [field], "{url}: {answer}");
        }
    }
    let url = format!("{path}{join}pageSize=101");
    let answer = http.call(Method::GET, &url, token, None).await;
    assert_eq!(answer.error(400, 1), ["pageSize"], "{url}");
    let url = format!("{path}{join}pageIndex=1000000&pageSize=100");
    let answer = http.call(Method::GET, &url, token, None).await;
    let result = answer.ok();
    assert_eq!(result["pageIndex"], 1_000_000, "{url}: {answer}");
    assert_eq!(result["pageSize"], 100, "{url}: {answer}");
    assert_eq!(result["items"].as_array().map(Vec::len), Some(0), "{url}");
}
