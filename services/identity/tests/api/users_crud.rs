//! User/*: create, read, update and delete; unknown ids, duplicates, validation.

use crate::support;

use identity::routes::{USER_CREATE, USER_DELETE, USER_READ, USER_RESET_PASSWORD, USER_UPDATE};
use serde_json::json;
use support::{Api, Staff};

#[tokio::test(flavor = "multi_thread")]
async fn create_read_update_delete() {
    let api = Api::new().await;
    let admin = api.admin_token().await;

    let created = api
        .with_token(Some(&admin))
        .post(
            USER_CREATE,
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

    let read = api
        .with_token(Some(&admin))
        .get(&format!("{USER_READ}?id={id}"))
        .await;
    assert_eq!(read.ok(), &user);

    // The new user can log in (user name case-insensitively).
    api.token("le.van_a-1", "pass-123").await;

    // Update: fields left out stay; explicit null clears the e-mail.
    let updated = api
        .with_token(Some(&admin))
        .put(
            USER_UPDATE,
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
        .with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": id, "email": "b@shop.vn" }))
        .await;
    assert_eq!(only_email.ok()["fullName"], "Lê Văn B");
    assert_eq!(only_email.ok()["email"], "b@shop.vn");

    // Delete: gone for Read, Update, login; the name is free again.
    let before = api.user_count().await;
    let deleted = api
        .with_token(Some(&admin))
        .delete(&format!("{USER_DELETE}?id={id}"))
        .await;
    assert_eq!(deleted.ok(), &json!(true));
    assert_eq!(api.user_count().await, before - 1);
    api.with_token(Some(&admin))
        .get(&format!("{USER_READ}?id={id}"))
        .await
        .error(404, 2);
    api.with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": id, "fullName": "X" }))
        .await
        .error(404, 2);
    api.with_token(Some(&admin))
        .delete(&format!("{USER_DELETE}?id={id}"))
        .await
        .error(404, 2);
    api.login("le.van_a-1", "pass-123").await.error(400, 100);
    api.create_user(&admin, "le.van_a-1", "pass-456", "staff")
        .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn unknown_ids_and_bad_ids() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    let missing = uuid::Uuid::new_v4();
    api.with_token(Some(&admin))
        .get(&format!("{USER_READ}?id={missing}"))
        .await
        .error(404, 2);
    api.with_token(Some(&admin))
        .post(
            USER_RESET_PASSWORD,
            json!({ "id": missing, "newPassword": "abcdef" }),
        )
        .await
        .error(404, 2);
    api.with_token(Some(&admin))
        .delete(&format!("{USER_DELETE}?id={missing}"))
        .await
        .error(404, 2);
    api.with_token(Some(&admin))
        .get(&format!("{USER_READ}?id=not-a-uuid"))
        .await
        .error(400, 1);
    api.with_token(Some(&admin))
        .get(USER_READ)
        .await
        .error(400, 1);
    api.with_token(Some(&admin))
        .delete(USER_DELETE)
        .await
        .error(400, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn duplicate_user_name_is_a_conflict() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    api.create_user(&admin, "alice", "pass-123", "staff").await;
    let count = api.user_count().await;
    for name in ["alice", "ALICE", "Alice"] {
        let dup = api
            .with_token(Some(&admin)).post(USER_CREATE, json!({ "userName": name, "fullName": "A", "password": "pass-123", "role": "admin" }))
            .await;
        dup.error(409, 130);
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
        .with_token(Some(&admin))
        .post(
            USER_CREATE,
            json!({
                "userName": "có dấu",
                "fullName": "   ",
                "email": "not-an-email",
                "password": "12345",
                "role": "boss",
            }),
        )
        .await;
    bad.error(400, 1);
    assert_eq!(
        bad.detail_fields(),
        ["userName", "fullName", "email", "password", "role"]
    );
    for detail in bad.body["error"]["details"].as_array().unwrap() {
        assert!(detail["message"].as_str().is_some_and(|m| !m.is_empty()));
    }

    let empty = api
        .with_token(Some(&admin))
        .post(USER_CREATE, json!({}))
        .await;
    empty.error(400, 1);
    assert_eq!(
        empty.detail_fields(),
        ["userName", "fullName", "password", "role"]
    );

    let cases = [
        (json!({ "userName": "ab" }), "userName"),
        (json!({ "userName": "a".repeat(51) }), "userName"),
        (json!({ "password": "a".repeat(31) }), "password"),
        (json!({ "fullName": "x".repeat(101) }), "fullName"),
        (json!({ "fullName": "Lê\u{0}Văn" }), "fullName"),
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
        let answer = api.with_token(Some(&admin)).post(USER_CREATE, body).await;
        answer.error(400, 1);
        assert_eq!(answer.detail_fields(), [field]);
    }

    // Malformed JSON answers in the envelope too.
    let answer = api
        .with_token(Some(&admin))
        .post_text(USER_CREATE, "{not json")
        .await;
    assert_eq!(answer.status, 400);
    assert_eq!(answer["error"]["code"], 1);

    assert_eq!(api.user_count().await, count);

    // Update validation: nulls for required fields, bad values, missing id.
    let staff = api.create_user(&admin, "nv1", "pass-123", "staff").await;
    let bad_update = api
        .with_token(Some(&admin)).put(USER_UPDATE, json!({ "id": staff["id"], "fullName": null, "role": "boss", "email": "x@", "isActive": null }))
        .await;
    bad_update.error(400, 1);
    assert_eq!(
        bad_update.detail_fields(),
        ["fullName", "email", "role", "isActive"]
    );
    let no_id = api
        .with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "fullName": "X" }))
        .await;
    no_id.error(400, 1);
    assert_eq!(no_id.detail_fields(), ["id"]);
    let read = api
        .with_token(Some(&admin))
        .get(&format!("{USER_READ}?id={}", staff["id"].as_str().unwrap()))
        .await;
    assert_eq!(read.ok(), &staff);

    let reset = api
        .with_token(Some(&admin))
        .post(
            USER_RESET_PASSWORD,
            json!({ "id": staff["id"], "newPassword": "12345" }),
        )
        .await;
    reset.error(400, 1);
    assert_eq!(reset.detail_fields(), ["newPassword"]);
    api.token("nv1", "pass-123").await;
}
