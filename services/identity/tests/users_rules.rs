#![allow(clippy::unwrap_used, clippy::expect_used)]
//! User/*: roles, self-protection, the last admin, revocation.

mod common;

use common::{AUTH, Api, USER};
use serde_json::json;
use shop_common::auth::Role;

#[tokio::test(flavor = "multi_thread")]
async fn staff_may_not_use_user_endpoints() {
    let api = Api::new().await;
    let staff = api
        .idp
        .create_user("nhanvien", "staff-pass", Role::Staff)
        .await;
    let token = api.token("nhanvien", "staff-pass").await;
    let id = staff.id;
    let calls = [
        api.get(&format!("{USER}/Pagination"), Some(&token)).await,
        api.get(&format!("{USER}/Read?id={id}"), Some(&token)).await,
        api.post(
            &format!("{USER}/Create"),
            Some(&token),
            json!({ "userName": "x123", "fullName": "X", "password": "pass-123", "role": "admin" }),
        )
        .await,
        api.put(
            &format!("{USER}/Update"),
            Some(&token),
            json!({ "id": id, "role": "admin" }),
        )
        .await,
        api.post(
            &format!("{USER}/ResetPassword"),
            Some(&token),
            json!({ "id": api.idp.admin.id, "newPassword": "hacked-1" }),
        )
        .await,
        api.delete(
            &format!("{USER}/Delete?id={}", api.idp.admin.id),
            Some(&token),
        )
        .await,
    ];
    for answer in &calls {
        answer.error(403, 6);
    }
    // Nor anonymous callers.
    api.get(&format!("{USER}/Pagination"), None)
        .await
        .error(401, 5);
    api.delete(&format!("{USER}/Delete?id={id}"), None)
        .await
        .error(401, 5);
    // Nothing changed.
    api.token("admin", &api.idp.admin.password).await;
    let me = api.get(&format!("{AUTH}/Me"), Some(&token)).await;
    assert_eq!(me.ok()["role"], "staff");
}

#[tokio::test(flavor = "multi_thread")]
async fn cannot_delete_or_disable_oneself() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    api.create_user(&admin, "admin2", "pass-123", "admin").await;
    let id = api.idp.admin.id;
    let del = api
        .delete(&format!("{USER}/Delete?id={id}"), Some(&admin))
        .await;
    del.error(400, 132);
    let disable = api
        .put(
            &format!("{USER}/Update"),
            Some(&admin),
            json!({ "id": id, "isActive": false }),
        )
        .await;
    disable.error(400, 132);
    // Still there, still working.
    api.get(&format!("{AUTH}/Me"), Some(&admin)).await.ok();
}

#[tokio::test(flavor = "multi_thread")]
async fn the_last_active_admin_stays() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    let id = api.idp.admin.id;
    let demote = api
        .put(
            &format!("{USER}/Update"),
            Some(&admin),
            json!({ "id": id, "role": "staff" }),
        )
        .await;
    demote.error(400, 133);
    // A no-op role "change" is fine and keeps the token.
    api.put(
        &format!("{USER}/Update"),
        Some(&admin),
        json!({ "id": id, "role": "admin" }),
    )
    .await
    .ok();
    api.get(&format!("{AUTH}/Me"), Some(&admin)).await.ok();

    // With a second active admin, demoting oneself is allowed (and revokes the token).
    let second = api.create_user(&admin, "admin2", "pass-123", "admin").await;
    let second_token = api.token("admin2", "pass-123").await;
    let done = api
        .put(
            &format!("{USER}/Update"),
            Some(&admin),
            json!({ "id": id, "role": "staff" }),
        )
        .await;
    assert_eq!(done.ok()["role"], "staff");
    api.get(&format!("{AUTH}/Me"), Some(&admin))
        .await
        .error(401, 5);

    // Now admin2 is the last active admin: it cannot demote itself either.
    let second_id = second["id"].as_str().unwrap();
    api.put(
        &format!("{USER}/Update"),
        Some(&second_token),
        json!({ "id": second_id, "role": "staff" }),
    )
    .await
    .error(400, 133);

    // A disabled admin does not count as an active one.
    let third = api
        .create_user(&second_token, "admin3", "pass-123", "admin")
        .await;
    api.put(
        &format!("{USER}/Update"),
        Some(&second_token),
        json!({ "id": third["id"], "isActive": false }),
    )
    .await
    .ok();
    api.put(
        &format!("{USER}/Update"),
        Some(&second_token),
        json!({ "id": second_id, "role": "staff" }),
    )
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
        api.put(
            &format!("{USER}/Update"),
            Some(&api.token(&a_name, "pass-123").await),
            json!({ "id": api.idp.admin.id, "role": "staff" }),
        )
        .await
        .ok();
        let ta = api.token(&a_name, "pass-123").await;
        let tb = api.token(&b_name, "pass-123").await;
        let (x, y) = if round % 2 == 0 {
            let del_b = format!("{USER}/Delete?id={}", b["id"].as_str().unwrap());
            let del_a = format!("{USER}/Delete?id={}", a["id"].as_str().unwrap());
            tokio::join!(api.delete(&del_b, Some(&ta)), api.delete(&del_a, Some(&tb)))
        } else {
            let update = format!("{USER}/Update");
            tokio::join!(
                api.put(
                    &update,
                    Some(&ta),
                    json!({ "id": b["id"], "role": "staff" })
                ),
                api.put(
                    &update,
                    Some(&tb),
                    json!({ "id": a["id"], "role": "staff" })
                ),
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
            .get(
                &format!("{USER}/Pagination?role=admin&isActive=true"),
                Some(winner),
            )
            .await;
        assert_eq!(list.ok()["totalCount"], 1);
        api.put(
            &format!("{USER}/Update"),
            Some(winner),
            json!({ "id": api.idp.admin.id, "role": "admin" }),
        )
        .await
        .ok();
        let admin_token = api.admin_token().await;
        for user in [&a, &b] {
            let _ = api
                .delete(
                    &format!("{USER}/Delete?id={}", user["id"].as_str().unwrap()),
                    Some(&admin_token),
                )
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
    api.put(
        &format!("{USER}/Update"),
        Some(&admin),
        json!({ "id": s1["id"], "isActive": false }),
    )
    .await
    .ok();
    api.get(&format!("{AUTH}/Me"), Some(&t1))
        .await
        .error(401, 5);
    let enabled = api
        .put(
            &format!("{USER}/Update"),
            Some(&admin),
            json!({ "id": s1["id"], "isActive": true }),
        )
        .await;
    assert_eq!(enabled.ok()["isActive"], true);
    api.get(&format!("{AUTH}/Me"), Some(&t1))
        .await
        .error(401, 5);
    api.token("staff1", "pass-123").await;

    // Role change revokes; other edits do not.
    let s2 = api.create_user(&admin, "staff2", "pass-123", "staff").await;
    let t2 = api.token("staff2", "pass-123").await;
    api.put(
        &format!("{USER}/Update"),
        Some(&admin),
        json!({ "id": s2["id"], "fullName": "Mới" }),
    )
    .await
    .ok();
    api.get(&format!("{AUTH}/Me"), Some(&t2)).await.ok();
    let promoted = api
        .put(
            &format!("{USER}/Update"),
            Some(&admin),
            json!({ "id": s2["id"], "role": "admin" }),
        )
        .await;
    assert_eq!(promoted.ok()["role"], "admin");
    api.get(&format!("{AUTH}/Me"), Some(&t2))
        .await
        .error(401, 5);
    let t2 = api.token("staff2", "pass-123").await;
    api.get(&format!("{USER}/Pagination"), Some(&t2)).await.ok();

    // ResetPassword revokes the user's tokens; the new password works, the old does not.
    let s3 = api.create_user(&admin, "staff3", "pass-123", "staff").await;
    let t3 = api.token("staff3", "pass-123").await;
    let reset = api
        .post(
            &format!("{USER}/ResetPassword"),
            Some(&admin),
            json!({ "id": s3["id"], "newPassword": "mật-khẩu-mới" }),
        )
        .await;
    assert_eq!(reset.ok(), &json!(true));
    api.get(&format!("{AUTH}/Me"), Some(&t3))
        .await
        .error(401, 5);
    api.login("staff3", "pass-123").await.error(400, 100);
    api.token("staff3", "mật-khẩu-mới").await;

    // Delete revokes.
    let t1 = api.token("staff1", "pass-123").await;
    api.delete(
        &format!("{USER}/Delete?id={}", s1["id"].as_str().unwrap()),
        Some(&admin),
    )
    .await
    .ok();
    api.get(&format!("{AUTH}/Me"), Some(&t1))
        .await
        .error(401, 5);
}
