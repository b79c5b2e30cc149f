//! Me and SelfChangePassword, and how identity treats tokens on its own endpoints.

use crate::support;

use identity::SigningKeys;
use identity::routes::{ME, SELF_CHANGE_PASSWORD};
use serde_json::json;
use shop_common::auth::Role;
use shop_common::testing::Answer;
use support::{Api, Staff};

#[tokio::test(flavor = "multi_thread")]
async fn me_needs_a_valid_current_token() {
    let api = Api::new().await;
    let token = api.admin_token().await;
    let me = api.with_token(Some(&token)).get(ME).await;
    let user = me.ok();
    assert_eq!(user["id"], api.admin.to_string());
    assert_eq!(user["userName"], "admin");
    assert_eq!(user["role"], "admin");
    assert_eq!(user["isActive"], true);
    assert!(user.get("passwordHash").is_none());

    api.anon().get(ME).await.error(401, 5);
    api.with_token(Some("not-a-jwt"))
        .get(ME)
        .await
        .error(401, 5);

    // Signed with another key: refused.
    let other = SigningKeys::generate().unwrap();
    // Valid claims for the seeded admin: identity's issuer and audience, the configured TTL.
    let ttl = api.settings.access_token_ttl;
    let claims = SigningKeys::claims(api.admin, "admin", Role::Admin, 1, ttl);
    let forged = other.sign(&claims).unwrap();
    api.with_token(Some(&forged)).get(ME).await.error(401, 5);

    // Expired: refused.
    let mut expired = claims.clone();
    expired.iat -= 7200;
    expired.exp = expired.iat + 3600;
    let expired = api.tokens.sign(&expired);
    api.with_token(Some(&expired)).get(ME).await.error(401, 5);

    // Wrong audience: refused.
    let mut foreign = claims.clone();
    foreign.aud = "someone-else".into();
    let foreign = api.tokens.sign(&foreign);
    api.with_token(Some(&foreign)).get(ME).await.error(401, 5);

    // A stale `ver` (revoked) is refused by identity itself.
    let mut stale = claims.clone();
    stale.ver = 0;
    let stale = api.tokens.sign(&stale);
    api.with_token(Some(&stale)).get(ME).await.error(401, 5);

    // Staff may call Me too.
    let staff = api.insert_user("thu.ngan", "staff-pass", Role::Staff).await;
    let staff_token = api.token_for(staff.id).await;
    let me = api.with_token(Some(&staff_token)).get(ME).await;
    assert_eq!(me.ok()["role"], "staff");
}

async fn change(api: &Api, token: &str, old: &str, new: &str, confirm: &str) -> Answer {
    api.with_token(Some(token))
        .post(
            SELF_CHANGE_PASSWORD,
            json!({ "oldPassword": old, "newPassword": new, "confirmPassword": confirm }),
        )
        .await
}

#[tokio::test(flavor = "multi_thread")]
async fn self_change_password_rules() {
    let api = Api::new().await;
    let staff = api.insert_user("nhanvien", "old-pass", Role::Staff).await;
    let token = api.token("nhanvien", "old-pass").await;

    let wrong_old = change(&api, &token, "not-old", "new-pass", "new-pass").await;
    wrong_old.error(400, 120);
    assert_eq!(
        wrong_old.body["error"]["message"],
        "Mật khẩu cũ không đúng!"
    );
    assert_eq!(wrong_old.detail_fields(), ["oldPassword"]);

    let mismatch = change(&api, &token, "old-pass", "new-pass", "new-pasz").await;
    mismatch.error(400, 121);
    assert_eq!(mismatch.body["error"]["message"], "Mật khẩu mới không khớp");
    assert_eq!(mismatch.detail_fields(), ["confirmPassword"]);

    for bad in ["12345".to_owned(), "a".repeat(31), "ư".repeat(31)] {
        let short = change(&api, &token, "old-pass", &bad, &bad).await;
        short.error(400, 122);
        assert_eq!(short.body["error"]["message"], "Mật khẩu từ 6 đến 30 ký tự");
        assert_eq!(short.detail_fields(), ["newPassword"]);
    }

    let same = change(&api, &token, "old-pass", "old-pass", "old-pass").await;
    same.error(400, 123);
    assert_eq!(same.detail_fields(), ["newPassword"]);

    // None of the refusals changed anything: the token and the old password still work.
    api.with_token(Some(&token)).get(ME).await.ok();

    // 30 multi-byte characters are 30 characters.
    let new = "mậtkhẩuđủbamươikýtựtiếngviệtnè".to_owned();
    assert_eq!(new.chars().count(), 30);
    assert!(new.len() > 30);
    assert_eq!(
        change(&api, &token, "old-pass", &new, &new).await.ok(),
        &json!(true)
    );

    // The token used is revoked; old password no longer works; the new one does.
    api.with_token(Some(&token)).get(ME).await.error(401, 5);
    change(&api, &token, &new, "again-new", "again-new")
        .await
        .error(401, 5);
    api.login("nhanvien", "old-pass").await.error(400, 100);
    let fresh = api.token("nhanvien", &new).await;
    let me = api.with_token(Some(&fresh)).get(ME).await;
    assert_eq!(me.ok()["id"], staff.id.to_string());
}

#[tokio::test(flavor = "multi_thread")]
async fn self_change_password_needs_a_token() {
    let api = Api::new().await;
    change(&api, "", "a", "bbbbbb", "bbbbbb")
        .await
        .error(401, 5);
    let resp = api
        .http
        .client
        .post(api.http.url(SELF_CHANGE_PASSWORD))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 401);
}
