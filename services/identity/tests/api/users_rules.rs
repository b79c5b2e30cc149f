//! User/*: roles, self-protection, the last admin, revocation.

use crate::support;

use identity::routes::{
    ME, USER_CREATE, USER_DELETE, USER_PAGINATION, USER_READ, USER_RESET_PASSWORD, USER_UPDATE,
};
use serde_json::json;
use shop_common::auth::Role;
use support::{ADMIN_PASSWORD, Api, Staff};

#[tokio::test(flavor = "multi_thread")]
async fn staff_may_not_use_user_endpoints() {
    let api = Api::new().await;
    let staff = api.insert_user("nhanvien", "staff-pass", Role::Staff).await;
    let token = api.token("nhanvien", "staff-pass").await;
    let id = staff.id;
    let calls = [
        api.with_token(Some(&token)).get(USER_PAGINATION).await,
        api.with_token(Some(&token)).get(&format!("{USER_READ}?id={id}")).await,
        api.with_token(Some(&token)).post(USER_CREATE, json!({ "userName": "x123", "fullName": "X", "password": "pass-123", "role": "admin" }))
        .await,
        api.with_token(Some(&token)).put(USER_UPDATE, json!({ "id": id, "role": "admin" }))
        .await,
        api.with_token(Some(&token)).post(USER_RESET_PASSWORD, json!({ "id": api.admin, "newPassword": "hacked-1" }))
        .await,
        api.with_token(Some(&token)).delete(&format!("{USER_DELETE}?id={}", api.admin))
        .await,
    ];
    for answer in &calls {
        answer.error(403, 6);
    }
    // Nor anonymous callers.
    api.anon().get(USER_PAGINATION).await.error(401, 5);
    api.anon()
        .delete(&format!("{USER_DELETE}?id={id}"))
        .await
        .error(401, 5);
    // Nothing changed.
    api.token("admin", ADMIN_PASSWORD).await;
    let me = api.with_token(Some(&token)).get(ME).await;
    assert_eq!(me.ok()["role"], "staff");
}

#[tokio::test(flavor = "multi_thread")]
async fn cannot_delete_or_disable_oneself() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    api.create_user(&admin, "admin2", "pass-123", "admin").await;
    let id = api.admin;
    let del = api
        .with_token(Some(&admin))
        .delete(&format!("{USER_DELETE}?id={id}"))
        .await;
    del.error(400, 132);
    let disable = api
        .with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": id, "isActive": false }))
        .await;
    disable.error(400, 132);
    // Still there, still working.
    api.with_token(Some(&admin)).get(ME).await.ok();
}

#[tokio::test(flavor = "multi_thread")]
async fn the_last_active_admin_stays() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    let id = api.admin;
    let demote = api
        .with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": id, "role": "staff" }))
        .await;
    demote.error(400, 133);
    // A no-op role "change" is fine and keeps the token.
    api.with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": id, "role": "admin" }))
        .await
        .ok();
    api.with_token(Some(&admin)).get(ME).await.ok();

    // With a second active admin, demoting oneself is allowed (and revokes the token).
    let second = api.create_user(&admin, "admin2", "pass-123", "admin").await;
    let second_token = api.token("admin2", "pass-123").await;
    let done = api
        .with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": id, "role": "staff" }))
        .await;
    assert_eq!(done.ok()["role"], "staff");
    api.with_token(Some(&admin)).get(ME).await.error(401, 5);

    // Now admin2 is the last active admin: it cannot demote itself either.
    let second_id = second["id"].as_str().unwrap();
    api.with_token(Some(&second_token))
        .put(USER_UPDATE, json!({ "id": second_id, "role": "staff" }))
        .await
        .error(400, 133);

    // A disabled admin does not count as an active one.
    let third = api
        .create_user(&second_token, "admin3", "pass-123", "admin")
        .await;
    api.with_token(Some(&second_token))
        .put(USER_UPDATE, json!({ "id": third["id"], "isActive": false }))
        .await
        .ok();
    api.with_token(Some(&second_token))
        .put(USER_UPDATE, json!({ "id": second_id, "role": "staff" }))
        .await
        .error(400, 133);
}

#[tokio::test(flavor = "multi_thread")]
async fn admins_removing_each_other_at_once_leave_one() {
    let api = Api::new().await;
    for round in 0..3 {
        let a_name = format!("ra{round}");
        let b_name = format!("rb{round}");
        let root = api.admin_token().await;
        let a = api.create_user(&root, &a_name, "pass-123", "admin").await;
        let b = api.create_user(&root, &b_name, "pass-123", "admin").await;
        // Leave only a and b as active admins.
        api.with_token(Some(&api.token(&a_name, "pass-123").await))
            .put(USER_UPDATE, json!({ "id": api.admin, "role": "staff" }))
            .await
            .ok();
        let ta = api.token(&a_name, "pass-123").await;
        let tb = api.token(&b_name, "pass-123").await;
        let (as_a, as_b) = (api.with_token(Some(&ta)), api.with_token(Some(&tb)));
        let (x, y) = if round % 2 == 0 {
            let del_b = format!("{USER_DELETE}?id={}", b["id"].as_str().unwrap());
            let del_a = format!("{USER_DELETE}?id={}", a["id"].as_str().unwrap());
            tokio::join!(as_a.delete(&del_b), as_b.delete(&del_a))
        } else {
            tokio::join!(
                as_a.put(USER_UPDATE, json!({ "id": b["id"], "role": "staff" })),
                as_b.put(USER_UPDATE, json!({ "id": a["id"], "role": "staff" })),
            )
        };
        let successes = [&x, &y].iter().filter(|r| r.status == 200).count();
        assert_eq!(successes, 1, "exactly one wins: {} / {}", x.body, y.body);
        for r in [&x, &y] {
            assert!(
                r.status == 200 || r.code() == 133 || r.code() == 5,
                "unexpected: {}",
                r.body
            );
        }
        // Exactly one active admin is left; make the seeded admin an admin again.
        let winner = if x.status == 200 { &ta } else { &tb };
        let list = api
            .with_token(Some(winner))
            .get(&format!("{USER_PAGINATION}?role=admin&isActive=true"))
            .await;
        assert_eq!(list.ok()["totalCount"], 1);
        api.with_token(Some(winner))
            .put(USER_UPDATE, json!({ "id": api.admin, "role": "admin" }))
            .await
            .ok();
        let admin_token = api.admin_token().await;
        for user in [&a, &b] {
            let _ = api
                .with_token(Some(&admin_token))
                .delete(&format!(
                    "{USER_DELETE}?id={}",
                    user["id"].as_str().unwrap()
                ))
                .await;
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn revocation_on_disable_role_change_reset_and_delete() {
    let api = Api::new().await;
    let admin = api.admin_token().await;

    // Disable revokes; enabling again does not bring old tokens back.
    let s1 = api.create_user(&admin, "staff1", "pass-123", "staff").await;
    let t1 = api.token("staff1", "pass-123").await;
    api.with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": s1["id"], "isActive": false }))
        .await
        .ok();
    api.with_token(Some(&t1)).get(ME).await.error(401, 5);
    let enabled = api
        .with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": s1["id"], "isActive": true }))
        .await;
    assert_eq!(enabled.ok()["isActive"], true);
    api.with_token(Some(&t1)).get(ME).await.error(401, 5);
    api.token("staff1", "pass-123").await;

    // Role change revokes; other edits do not.
    let s2 = api.create_user(&admin, "staff2", "pass-123", "staff").await;
    let t2 = api.token("staff2", "pass-123").await;
    api.with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": s2["id"], "fullName": "Mới" }))
        .await
        .ok();
    api.with_token(Some(&t2)).get(ME).await.ok();
    let promoted = api
        .with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": s2["id"], "role": "admin" }))
        .await;
    assert_eq!(promoted.ok()["role"], "admin");
    api.with_token(Some(&t2)).get(ME).await.error(401, 5);
    let t2 = api.token("staff2", "pass-123").await;
    api.with_token(Some(&t2)).get(USER_PAGINATION).await.ok();

    // ResetPassword revokes the user's tokens; the new password works, the old does not.
    let s3 = api.create_user(&admin, "staff3", "pass-123", "staff").await;
    let t3 = api.token("staff3", "pass-123").await;
    let reset = api
        .with_token(Some(&admin))
        .post(
            USER_RESET_PASSWORD,
            json!({ "id": s3["id"], "newPassword": "mật-khẩu-mới" }),
        )
        .await;
    assert_eq!(reset.ok(), &json!(true));
    api.with_token(Some(&t3)).get(ME).await.error(401, 5);
    api.login("staff3", "pass-123").await.error(400, 100);
    api.token("staff3", "mật-khẩu-mới").await;

    // Delete revokes.
    let t1 = api.token("staff1", "pass-123").await;
    api.with_token(Some(&admin))
        .delete(&format!("{USER_DELETE}?id={}", s1["id"].as_str().unwrap()))
        .await
        .ok();
    api.with_token(Some(&t1)).get(ME).await.error(401, 5);
}
