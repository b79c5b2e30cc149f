//! Guessing a password through SelfChangePassword or from rotating IPv6 addresses meets
//! the same lock as guessing at Login (test settings: locked after 3 failures).

use crate::support;

use identity::routes::{ME, SELF_CHANGE_PASSWORD};
use serde_json::json;
use shop_common::auth::Role;
use shop_common::testing::Answer;
use support::{Api, Staff};

/// SelfChangePassword from client `ip` (127.0.0.1 is a trusted proxy in the tests).
async fn change_from(api: &Api, token: &str, ip: &str, old: &str, new: &str) -> Answer {
    let user = api
        .with_token(Some(token))
        .with_headers(&[("x-forwarded-for", ip)]);
    let body = json!({ "oldPassword": old, "newPassword": new, "confirmPassword": new });
    user.post(SELF_CHANGE_PASSWORD, body).await
}

#[tokio::test(flavor = "multi_thread")]
async fn wrong_old_passwords_count_like_failed_logins() {
    let api = Api::new().await;
    api.insert_user("thungan", "ca-sang-01", Role::Staff).await;
    let token = api.token("thungan", "ca-sang-01").await;
    let thief = "198.51.100.7";

    for guess in ["doan-mot", "doan-hai"] {
        change_from(&api, &token, thief, guess, "moi-hoan-toan")
            .await
            .error(400, 120);
    }
    // The third wrong guess reaches the limit.
    let third = change_from(&api, &token, thief, "doan-ba", "moi-hoan-toan").await;
    third.error(400, 101);
    assert_eq!(
        third.body["error"]["message"],
        "Đăng nhập sai quá nhiều lần, vui lòng thử lại sau 1 phút"
    );
    // Past the limit even the right old password is refused, and nothing changed.
    change_from(&api, &token, thief, "ca-sang-01", "moi-hoan-toan")
        .await
        .error(400, 101);
    api.with_token(Some(&token)).get(ME).await.ok();
    // The same (user, client) count locks Login too...
    api.login_from("thungan", "ca-sang-01", thief)
        .await
        .error(400, 101);
    // ...but not the real user elsewhere.
    api.login_from("thungan", "ca-sang-01", "203.0.113.20")
        .await
        .ok();
    assert_eq!(
        change_from(&api, &token, "203.0.113.20", "ca-sang-01", "moi-hoan-toan")
            .await
            .ok(),
        &json!(true)
    );
    api.login_from("thungan", "moi-hoan-toan", "203.0.113.20")
        .await
        .ok();
}

#[tokio::test(flavor = "multi_thread")]
async fn failed_logins_before_count_towards_self_change() {
    let api = Api::new().await;
    api.insert_user("kho1", "kho-mat-ma", Role::Staff).await;
    let token = api.token("kho1", "kho-mat-ma").await;
    let ip = "192.0.2.44";
    for _ in 0..2 {
        api.login_from("kho1", "sai-mat-ma", ip)
            .await
            .error(400, 100);
    }
    change_from(&api, &token, ip, "van-sai", "mat-ma-moi-1")
        .await
        .error(400, 101);
}

#[tokio::test(flavor = "multi_thread")]
async fn rotating_addresses_inside_one_ipv6_64_get_locked() {
    let api = Api::new().await;
    api.insert_user("banhang", "ban-hang-99", Role::Staff).await;
    for (i, ip) in ["2001:db8:5:6::1", "2001:db8:5:6::2", "2001:db8:5:6:abcd::3"]
        .iter()
        .enumerate()
    {
        let answer = api.login_from("banhang", "khong-dung", ip).await;
        answer.error(400, if i < 2 { 100 } else { 101 });
    }
    // Another address of the same /64, with the right password: still locked.
    api.login_from("banhang", "ban-hang-99", "2001:db8:5:6:ffff::99")
        .await
        .error(400, 101);
    // The neighbouring /64 and IPv4 clients are someone else.
    api.login_from("banhang", "ban-hang-99", "2001:db8:5:7::1")
        .await
        .ok();
    api.login_from("banhang", "ban-hang-99", "203.0.113.9")
        .await
        .ok();
}

#[tokio::test(flavor = "multi_thread")]
async fn ipv4_clients_are_keyed_by_full_address() {
    let api = Api::new().await;
    api.insert_user("ketoan", "so-sach-77", Role::Staff).await;
    for ip in ["203.0.113.1", "203.0.113.2", "203.0.113.3"] {
        api.login_from("ketoan", "khong-dung", ip)
            .await
            .error(400, 100);
    }
    api.login_from("ketoan", "so-sach-77", "203.0.113.4")
        .await
        .ok();
}
