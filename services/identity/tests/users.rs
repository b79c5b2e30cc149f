#![allow(clippy::unwrap_used, clippy::expect_used)]
//! User/*: CRUD, validation, roles, self-protection, the last admin, revocation, lists.

mod common;

use common::{AUTH, Api, USER};
use serde_json::{Value, json};
use shop_common::auth::Role;

#[tokio::test(flavor = "multi_thread")]
async fn create_read_update_delete() {
    let api = Api::new().await;
    let admin = api.admin_token().await;

    let created = api
        .post(
            &format!("{USER}/Create"),
            Some(&admin),
            json!({
                "userName": "Le.Van_A-1",
                "fullName": "  Lê Văn A  ",
                "email": "a@shop.vn",
                "password": "pass-123",
                "role": "staff",
            }),
        )
        .await;
    let user = created.ok().clone();
    assert_eq!(user["userName"], "Le.Van_A-1");
    assert_eq!(user["fullName"], "Lê Văn A");
    assert_eq!(user["email"], "a@shop.vn");
    assert_eq!(user["role"], "staff");
    assert_eq!(user["isActive"], true);
    assert!(user["lastLoginAt"].is_null());
    assert!(user["createdAt"].as_str().is_some());
    assert!(user.get("password").is_none() && user.get("passwordHash").is_none());
    let id = user["id"].as_str().unwrap().to_owned();

    let read = api.get(&format!("{USER}/Read?id={id}"), Some(&admin)).await;
    assert_eq!(read.ok(), &user);

    // The new user can log in (user name case-insensitively).
    api.token("le.van_a-1", "pass-123").await;

    // Update: fields left out stay; explicit null clears the e-mail.
    let updated = api
        .put(
            &format!("{USER}/Update"),
            Some(&admin),
            json!({ "id": id, "fullName": "Lê Văn B", "email": null }),
        )
        .await;
    let after = updated.ok().clone();
    assert_eq!(after["fullName"], "Lê Văn B");
    assert!(after["email"].is_null());
    assert_eq!(after["role"], "staff");
    assert_eq!(after["isActive"], true);
    assert_eq!(after["userName"], "Le.Van_A-1");

    let only_email = api
        .put(
            &format!("{USER}/Update"),
            Some(&admin),
            json!({ "id": id, "email": "b@shop.vn" }),
        )
        .await;
    assert_eq!(only_email.ok()["fullName"], "Lê Văn B");
    assert_eq!(only_email.ok()["email"], "b@shop.vn");

    // Delete: gone for Read, Update, login; the name is free again.
    let before = api.user_count().await;
    let deleted = api
        .delete(&format!("{USER}/Delete?id={id}"), Some(&admin))
        .await;
    assert_eq!(deleted.ok(), &json!(true));
    assert_eq!(api.user_count().await, before - 1);
    api.get(&format!("{USER}/Read?id={id}"), Some(&admin))
        .await
        .assert_error(2, 404);
    api.put(
        &format!("{USER}/Update"),
        Some(&admin),
        json!({ "id": id, "fullName": "X" }),
    )
    .await
    .assert_error(2, 404);
    api.delete(&format!("{USER}/Delete?id={id}"), Some(&admin))
        .await
        .assert_error(2, 404);
    api.login("le.van_a-1", "pass-123")
        .await
        .assert_error(100, 400);
    api.create_user(&admin, "le.van_a-1", "pass-456", "staff")
        .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn unknown_ids_and_bad_ids() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    let missing = uuid::Uuid::new_v4();
    api.get(&format!("{USER}/Read?id={missing}"), Some(&admin))
        .await
        .assert_error(2, 404);
    api.post(
        &format!("{USER}/ResetPassword"),
        Some(&admin),
        json!({ "id": missing, "newPassword": "abcdef" }),
    )
    .await
    .assert_error(2, 404);
    api.delete(&format!("{USER}/Delete?id={missing}"), Some(&admin))
        .await
        .assert_error(2, 404);
    api.get(&format!("{USER}/Read?id=not-a-uuid"), Some(&admin))
        .await
        .assert_error(1, 400);
    api.get(&format!("{USER}/Read"), Some(&admin))
        .await
        .assert_error(1, 400);
    api.delete(&format!("{USER}/Delete"), Some(&admin))
        .await
        .assert_error(1, 400);
}

#[tokio::test(flavor = "multi_thread")]
async fn duplicate_user_name_is_a_conflict() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    api.create_user(&admin, "alice", "pass-123", "staff").await;
    let count = api.user_count().await;
    for name in ["alice", "ALICE", "Alice"] {
        let dup = api
            .post(
                &format!("{USER}/Create"),
                Some(&admin),
                json!({ "userName": name, "fullName": "A", "password": "pass-123", "role": "admin" }),
            )
            .await;
        dup.assert_error(130, 409);
        assert_eq!(dup.body["error"]["message"], "Tên đăng nhập đã tồn tại");
    }
    assert_eq!(api.user_count().await, count);
}

#[tokio::test(flavor = "multi_thread")]
async fn create_validation_names_every_field_and_changes_nothing() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    let count = api.user_count().await;

    let bad = api
        .post(
            &format!("{USER}/Create"),
            Some(&admin),
            json!({
                "userName": "có dấu",
                "fullName": "   ",
                "email": "not-an-email",
                "password": "12345",
                "role": "boss",
            }),
        )
        .await;
    bad.assert_error(1, 400);
    assert_eq!(
        bad.detail_fields(),
        ["userName", "fullName", "email", "password", "role"]
    );
    for detail in bad.body["error"]["details"].as_array().unwrap() {
        assert!(detail["message"].as_str().is_some_and(|m| !m.is_empty()));
    }

    let empty = api
        .post(&format!("{USER}/Create"), Some(&admin), json!({}))
        .await;
    empty.assert_error(1, 400);
    assert_eq!(
        empty.detail_fields(),
        ["userName", "fullName", "password", "role"]
    );

    let cases = [
        (json!({ "userName": "ab" }), "userName"),
        (json!({ "userName": "a".repeat(51) }), "userName"),
        (json!({ "password": "a".repeat(31) }), "password"),
        (json!({ "fullName": "x".repeat(101) }), "fullName"),
    ];
    for (patch, field) in cases {
        let mut body = json!({
            "userName": "valid.name",
            "fullName": "Tên",
            "password": "pass-123",
            "role": "staff",
        });
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        let answer = api
            .post(&format!("{USER}/Create"), Some(&admin), body)
            .await;
        answer.assert_error(1, 400);
        assert_eq!(answer.detail_fields(), [field]);
    }

    // Malformed JSON answers in the envelope too.
    let resp = api
        .client
        .post(api.idp.url(&format!("{USER}/Create")))
        .bearer_auth(&admin)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 400);
    let body: Value = resp.json().await.unwrap();
    assert_eq!(body["error"]["code"], 1);

    assert_eq!(api.user_count().await, count);

    // Update validation: nulls for required fields, bad values, missing id.
    let staff = api.create_user(&admin, "nv1", "pass-123", "staff").await;
    let bad_update = api
        .put(
            &format!("{USER}/Update"),
            Some(&admin),
            json!({ "id": staff["id"], "fullName": null, "role": "boss", "email": "x@", "isActive": null }),
        )
        .await;
    bad_update.assert_error(1, 400);
    assert_eq!(
        bad_update.detail_fields(),
        ["fullName", "email", "role", "isActive"]
    );
    let no_id = api
        .put(
            &format!("{USER}/Update"),
            Some(&admin),
            json!({ "fullName": "X" }),
        )
        .await;
    no_id.assert_error(1, 400);
    assert_eq!(no_id.detail_fields(), ["id"]);
    let read = api
        .get(
            &format!("{USER}/Read?id={}", staff["id"].as_str().unwrap()),
            Some(&admin),
        )
        .await;
    assert_eq!(read.ok(), &staff);

    let reset = api
        .post(
            &format!("{USER}/ResetPassword"),
            Some(&admin),
            json!({ "id": staff["id"], "newPassword": "12345" }),
        )
        .await;
    reset.assert_error(1, 400);
    assert_eq!(reset.detail_fields(), ["newPassword"]);
    api.token("nv1", "pass-123").await;
}

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
        answer.assert_error(6, 403);
    }
    // Nor anonymous callers.
    api.get(&format!("{USER}/Pagination"), None)
        .await
        .assert_error(5, 401);
    api.delete(&format!("{USER}/Delete?id={id}"), None)
        .await
        .assert_error(5, 401);
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
    del.assert_error(132, 400);
    let disable = api
        .put(
            &format!("{USER}/Update"),
            Some(&admin),
            json!({ "id": id, "isActive": false }),
        )
        .await;
    disable.assert_error(132, 400);
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
    demote.assert_error(133, 400);
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
        .assert_error(5, 401);

    // Now admin2 is the last active admin: it cannot demote itself either.
    let second_id = second["id"].as_str().unwrap();
    api.put(
        &format!("{USER}/Update"),
        Some(&second_token),
        json!({ "id": second_id, "role": "staff" }),
    )
    .await
    .assert_error(133, 400);

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
    .assert_error(133, 400);
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
        .assert_error(5, 401);
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
        .assert_error(5, 401);
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
        .assert_error(5, 401);
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
        .assert_error(5, 401);
    api.login("staff3", "pass-123").await.assert_error(100, 400);
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
        .assert_error(5, 401);
}

fn names(answer: &common::Answer) -> Vec<String> {
    answer.ok()["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["userName"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn pagination_filters_sorts_and_checks() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    for (name, role) in [
        ("charlie", "staff"),
        ("bravo", "staff"),
        ("delta", "admin"),
        ("echo", "staff"),
    ] {
        api.create_user(&admin, name, "pass-123", role).await;
    }
    let echo = api
        .get(&format!("{USER}/Pagination?keyword=echo"), Some(&admin))
        .await
        .ok()["items"][0]
        .clone();
    api.put(
        &format!("{USER}/Update"),
        Some(&admin),
        json!({ "id": echo["id"], "isActive": false }),
    )
    .await
    .ok();
    api.token("bravo", "pass-123").await;

    // Default: createdAt desc.
    let all = api.get(&format!("{USER}/Pagination"), Some(&admin)).await;
    assert_eq!(all.ok()["totalCount"], 5);
    assert_eq!(all.ok()["pageIndex"], 1);
    assert_eq!(all.ok()["pageSize"], 20);
    assert_eq!(names(&all), ["echo", "delta", "bravo", "charlie", "admin"]);
    let item = &all.ok()["items"][0];
    let mut keys: Vec<_> = item.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "createdAt",
            "email",
            "fullName",
            "id",
            "isActive",
            "lastLoginAt",
            "role",
            "userName"
        ]
    );

    let by_name = api
        .get(
            &format!("{USER}/Pagination?sortBy=userName&sortDir=asc"),
            Some(&admin),
        )
        .await;
    assert_eq!(
        names(&by_name),
        ["admin", "bravo", "charlie", "delta", "echo"]
    );
    let by_name_desc = api
        .get(
            &format!("{USER}/Pagination?sortBy=userName&sortDir=desc"),
            Some(&admin),
        )
        .await;
    assert_eq!(
        names(&by_name_desc),
        ["echo", "delta", "charlie", "bravo", "admin"]
    );

    // lastLoginAt desc: most recent first, never-logged-in last.
    let by_login = api
        .get(
            &format!("{USER}/Pagination?sortBy=lastLoginAt&sortDir=desc"),
            Some(&admin),
        )
        .await;
    assert_eq!(names(&by_login)[..2], ["bravo", "admin"]);

    let staff = api
        .get(&format!("{USER}/Pagination?role=staff"), Some(&admin))
        .await;
    assert_eq!(names(&staff), ["echo", "bravo", "charlie"]);
    let inactive = api
        .get(&format!("{USER}/Pagination?isActive=false"), Some(&admin))
        .await;
    assert_eq!(names(&inactive), ["echo"]);
    let active_staff = api
        .get(
            &format!("{USER}/Pagination?role=staff&isActive=true&sortBy=userName"),
            Some(&admin),
        )
        .await;
    assert_eq!(names(&active_staff), ["bravo", "charlie"]);

    // Keyword over userName, fullName and e-mail, case-insensitive; LIKE wildcards literal.
    let by_mail = api
        .get(
            &format!("{USER}/Pagination?keyword=DELTA%40SHOP"),
            Some(&admin),
        )
        .await;
    assert_eq!(names(&by_mail), ["delta"]);
    let by_full = api
        .get(
            &format!("{USER}/Pagination?keyword=ng%C6%B0%E1%BB%9Di%20d%C3%B9ng%20char"),
            Some(&admin),
        )
        .await;
    assert_eq!(names(&by_full), ["charlie"]);
    let wildcard = api
        .get(&format!("{USER}/Pagination?keyword=%25"), Some(&admin))
        .await;
    assert_eq!(wildcard.ok()["totalCount"], 0);

    // Paging.
    let page2 = api
        .get(
            &format!("{USER}/Pagination?pageIndex=2&pageSize=2&sortBy=userName"),
            Some(&admin),
        )
        .await;
    assert_eq!(names(&page2), ["charlie", "delta"]);
    assert_eq!(page2.ok()["totalCount"], 5);
    assert_eq!(page2.ok()["pageSize"], 2);

    // Bad queries: code 1 naming the parameter.
    for (query, field) in [
        ("sortBy=passwordHash", "sortBy"),
        ("pageSize=101", "pageSize"),
        ("pageSize=0", "pageSize"),
        ("pageIndex=0", "pageIndex"),
        ("sortDir=up", "sortDir"),
        ("role=boss", "role"),
        ("isActive=maybe", "isActive"),
    ] {
        let bad = api
            .get(&format!("{USER}/Pagination?{query}"), Some(&admin))
            .await;
        bad.assert_error(1, 400);
        assert_eq!(bad.detail_fields(), [field], "{query}");
    }
    api.get(&format!("{USER}/Pagination?pageSize=abc"), Some(&admin))
        .await
        .assert_error(1, 400);

    // Deleted users are not listed.
    let charlie = api
        .get(&format!("{USER}/Pagination?keyword=charlie"), Some(&admin))
        .await;
    let charlie_id = charlie.ok()["items"][0]["id"].as_str().unwrap().to_owned();
    api.delete(&format!("{USER}/Delete?id={charlie_id}"), Some(&admin))
        .await
        .ok();
    let all = api.get(&format!("{USER}/Pagination"), Some(&admin)).await;
    assert_eq!(all.ok()["totalCount"], 4);
    assert!(!names(&all).contains(&"charlie".to_owned()));
}
