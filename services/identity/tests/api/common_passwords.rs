//! Common passwords are refused with code 124 naming the field, on Create, ResetPassword
//! and SelfChangePassword, and the refusal changes nothing.

use crate::support;

use identity::routes::{ME, SELF_CHANGE_PASSWORD, USER_CREATE, USER_RESET_PASSWORD};
use serde_json::json;
use shop_common::auth::Role;
use support::{Api, Staff};

const MSG: &str = "Mật khẩu quá phổ biến, vui lòng chọn mật khẩu khác";

#[tokio::test(flavor = "multi_thread")]
async fn create_refuses_common_passwords_in_any_case() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    let before = api.user_count().await;
    for password in [
        "password",
        "Password",
        "123456",
        "matkhau123",
        "Admin@123",
        "QWERTY123",
    ] {
        let answer = api
            .with_token(Some(&admin)).post(USER_CREATE, json!({ "userName": "nhanvien", "fullName": "Nhân viên", "password": password, "role": "staff" }))
            .await;
        answer.error(400, 124);
        assert_eq!(answer.body["error"]["message"], MSG, "{password}");
        assert_eq!(answer.detail_fields(), ["password"]);
    }
    assert_eq!(api.user_count().await, before);
    // An uncommon one is fine.
    let user = api
        .create_user(&admin, "nhanvien", "Kho-hang-2026", "staff")
        .await;
    assert_eq!(user["userName"], "nhanvien");
}

#[tokio::test(flavor = "multi_thread")]
async fn reset_refuses_common_passwords() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    let staff = api.insert_user("nv2", "rieng-tu-42", Role::Staff).await;
    let token = api.token("nv2", "rieng-tu-42").await;
    let answer = api
        .with_token(Some(&admin))
        .post(
            USER_RESET_PASSWORD,
            json!({ "id": staff.id, "newPassword": "iloveyou" }),
        )
        .await;
    answer.error(400, 124);
    assert_eq!(answer.detail_fields(), ["newPassword"]);
    // Nothing changed: the old password and the user's token still work.
    api.with_token(Some(&token)).get(ME).await.ok();
    api.login("nv2", "rieng-tu-42").await.ok();
}

#[tokio::test(flavor = "multi_thread")]
async fn self_change_refuses_common_passwords() {
    let api = Api::new().await;
    api.insert_user("nv3", "rieng-tu-43", Role::Staff).await;
    let token = api.token("nv3", "rieng-tu-43").await;
    let answer = api
        .with_token(Some(&token)).post(SELF_CHANGE_PASSWORD, json!({ "oldPassword": "rieng-tu-43", "newPassword": "MatKhau", "confirmPassword": "MatKhau" }))
        .await;
    answer.error(400, 124);
    assert_eq!(answer.body["error"]["message"], MSG);
    assert_eq!(answer.detail_fields(), ["newPassword"]);
    api.with_token(Some(&token)).get(ME).await.ok();
    api.login("nv3", "rieng-tu-43").await.ok();
}
