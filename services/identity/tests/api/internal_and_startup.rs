//! TokenStatus (the gateway's revocation check), probes, unknown routes, migrations and
//! the first-start admin account.

use crate::support;

use std::sync::Arc;

use identity::models::UserRow;
use identity::routes::{JWKS, TOKEN_STATUS, USER_DELETE, USER_READ, USER_UPDATE};
use identity::seed::{SeedError, ensure_admin};
use identity::{MIGRATIONS, Passwords};
use serde_json::json;
use shop_common::config::Secret;
use shop_common::db;
use shop_common::internal::Caller;
use shop_common::testing::{Answer, TestSchema};
use support::{Api, Staff};

/// TokenStatus as the gateway asks it: with the gateway's own key, no token.
async fn status(api: &Api, query: &str) -> Answer {
    api.as_caller(Caller::Gateway)
        .get(&format!("{TOKEN_STATUS}?{query}"))
        .await
}

#[tokio::test(flavor = "multi_thread")]
async fn token_status_answers_the_gateway() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    let id = api.admin;

    let path = format!("{TOKEN_STATUS}?sub={id}&ver=1");
    api.anon().get(&path).await.error(401, 5);
    let wrong_key = [(shop_common::internal::HEADER, "wrong-key-wrong-key-wrong")];
    let wrong = api.anon().with_headers(&wrong_key).get(&path).await;
    wrong.error(401, 5);
    // A user's token is not an internal key.
    let with_bearer = api.with_token(Some(&admin)).get(&path).await;
    with_bearer.error(401, 5);

    let ok = status(&api, &format!("sub={id}&ver=1")).await;
    assert_eq!(ok.ok(), &json!({ "active": true, "role": "admin" }));
    // Every service checks sessions: each answers with its own key.
    for caller in Caller::ALL {
        let answer = api.as_caller(caller).get(&path).await;
        assert_eq!(answer.ok()["active"], json!(true), "{caller}");
    }
    let stale = status(&api, &format!("sub={id}&ver=2")).await;
    assert_eq!(stale.ok(), &json!({ "active": false, "role": "admin" }));
    let unknown = status(&api, &format!("sub={}&ver=1", uuid::Uuid::new_v4())).await;
    assert_eq!(unknown.ok(), &json!({ "active": false, "role": null }));
    status(&api, "sub=nope&ver=1").await.error(400, 1);
    status(&api, &format!("sub={id}")).await.error(400, 1);

    // After disabling, the user's current ver is no longer active.
    let staff = api
        .create_user(&admin, "nhanvien", "pass-123", "staff")
        .await;
    let staff_id = staff["id"].as_str().unwrap();
    let live = status(&api, &format!("sub={staff_id}&ver=1")).await;
    assert_eq!(live.ok(), &json!({ "active": true, "role": "staff" }));
    api.with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": staff_id, "isActive": false }))
        .await
        .ok();
    for ver in [1, 2] {
        let off = status(&api, &format!("sub={staff_id}&ver={ver}")).await;
        assert_eq!(off.ok(), &json!({ "active": false, "role": "staff" }));
    }
    // And after delete the user is unknown.
    api.with_token(Some(&admin))
        .delete(&format!("{USER_DELETE}?id={staff_id}"))
        .await
        .ok();
    let gone = status(&api, &format!("sub={staff_id}&ver=3")).await;
    assert_eq!(gone.ok(), &json!({ "active": false, "role": null }));

    // The helper's revoke bumps ver.
    api.revoke(id).await;
    let bumped = status(&api, &format!("sub={id}&ver=2")).await;
    assert_eq!(bumped.ok()["active"], true);
}

#[tokio::test(flavor = "multi_thread")]
async fn probes_jwks_and_unknown_routes() {
    let api = Api::new().await;
    let client = &api.http.client;
    for path in ["/healthz", "/readyz"] {
        let resp = client.get(api.http.url(path)).send().await.unwrap();
        assert_eq!(resp.status(), 200, "{path}");
    }
    let jwks = client.get(api.http.url(JWKS)).send().await.unwrap();
    assert_eq!(jwks.status(), 200);
    assert!(
        jwks.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("max-age")
    );
    let body: serde_json::Value = jwks.json().await.unwrap();
    assert_eq!(body["keys"].as_array().unwrap().len(), 1);
    // POST on the JWKS, unknown routes and methods: code 2 in the envelope.
    let post = client.post(api.http.url(JWKS)).send().await.unwrap();
    assert_eq!(post.status(), 404);
    let post: serde_json::Value = post.json().await.unwrap();
    assert_eq!(post["error"]["code"], 2);
    api.anon()
        .get("/identity/api/web/v1/Nothing/Here")
        .await
        .error(404, 2);
    api.anon().post(USER_READ, json!({})).await.error(404, 2);
    api.anon().get("/nowhere").await.error(404, 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn first_start_creates_one_admin() {
    let schema = TestSchema::new();
    db::migrate(&schema.database_url, &schema.name, MIGRATIONS)
        .await
        .unwrap();
    // A second run (another replica starting) is a no-op.
    db::migrate(&schema.database_url, &schema.name, MIGRATIONS)
        .await
        .unwrap();
    let pool = db::build_pool(&schema.database_url, &schema.name, 8).unwrap();
    let passwords = Arc::new(Passwords::new(4).await.unwrap());

    // Empty table without ADMIN_PASSWORD: refuse to start, saying why.
    let missing = ensure_admin(&pool, &passwords, "admin", None).await;
    assert!(matches!(missing, Err(SeedError::MissingPassword)));
    assert!(missing.unwrap_err().to_string().contains("ADMIN_PASSWORD"));
    let weak = ensure_admin(&pool, &passwords, "admin", Some(&Secret::new("12345"))).await;
    assert!(matches!(weak, Err(SeedError::WeakPassword)));
    let bad_name = ensure_admin(&pool, &passwords, "a b", Some(&Secret::new("123456"))).await;
    assert!(matches!(bad_name, Err(SeedError::BadUserName)));

    // Several replicas at once: exactly one creates the account.
    let secret = Secret::new("first-admin-pass");
    let runs = (0..4).map(|_| ensure_admin(&pool, &passwords, "Boss", Some(&secret)));
    let results = futures_util::future::join_all(runs).await;
    let created = results.iter().filter(|r| matches!(r, Ok(true))).count();
    assert_eq!(created, 1, "{results:?}");
    assert!(results.iter().all(Result::is_ok));

    // Later starts need no password and change nothing.
    assert!(
        !ensure_admin(&pool, &passwords, "other", None)
            .await
            .unwrap()
    );

    let mut conn = pool.get().await.unwrap();
    let admin = UserRow::find_by_key(&mut conn, "boss")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(admin.user_name, "Boss");
    assert_eq!(admin.role, "admin");
    assert!(admin.is_active);
    assert_eq!(admin.token_version, 1);
    assert!(admin.password_hash.starts_with("$argon2id$"));
    assert!(
        passwords
            .verify("first-admin-pass", Some(&admin.password_hash))
            .await
            .unwrap()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn migrations_roll_back_cleanly() {
    shop_common::testing::assert_migrations_revert(|| MIGRATIONS).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn stale_login_failures_are_purged_but_locks_kept() {
    use identity::models::LoginFailure;
    use std::time::Duration;

    let api = Api::new().await;
    // One failure for "admin", a lock for "ghost" (3 failures in test_settings).
    api.login("admin", "wrong").await.error(400, 100);
    for _ in 0..3 {
        api.login("ghost", "wrong").await;
    }
    let mut conn = api.pool.get().await.unwrap();
    tokio::time::sleep(Duration::from_millis(20)).await;
    let purged = LoginFailure::purge_stale(&mut conn, Duration::from_millis(10))
        .await
        .unwrap();
    assert_eq!(purged, 1);
    assert!(
        LoginFailure::find(&mut conn, "admin", "127.0.0.1")
            .await
            .unwrap()
            .is_none()
    );
    let ghost = LoginFailure::find(&mut conn, "ghost", "127.0.0.1")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(ghost.failures, 3);
    assert!(ghost.locked_until.is_some());
}
