//! Attacks on identity reached directly, without the gateway: forged, `alg: none`,
//! expired, wrong-audience and revoked tokens, client `x-user-*` headers, the internal
//! route without the key, page numbers out of bounds, and a 1,000-guess login burst.

use crate::support;

use futures_util::StreamExt;
use identity::routes::{TOKEN_STATUS, USER_PAGINATION};
use reqwest::Method;
use shop_common::auth::Role;
use shop_common::testing::attacks::{
    assert_internal_key_required, assert_page_bounds, assert_tokens_refused,
    assert_user_headers_ignored, forged_tokens,
};
use support::{ADMIN_PASSWORD, Api, Staff};

#[tokio::test(flavor = "multi_thread")]
async fn forged_and_revoked_tokens_are_refused() {
    let api = Api::new().await;
    let forged = forged_tokens(api.tokens.kid.as_str(), |c| api.tokens.sign(c));
    assert_tokens_refused(&api.http, Method::GET, USER_PAGINATION, None, &forged).await;

    let admin = api.token_for(api.admin).await;
    api.with_token(Some(&admin)).get(USER_PAGINATION).await.ok();
    api.revoke(api.admin).await;
    api.with_token(Some(&admin))
        .get(USER_PAGINATION)
        .await
        .error(401, 5);
}

#[tokio::test(flavor = "multi_thread")]
async fn client_user_headers_are_not_identity() {
    let api = Api::new().await;
    let staff = api.insert_user("staff1", "staff-pass-1", Role::Staff).await;
    let staff_token = api.token_for(staff.id).await;
    assert_user_headers_ignored(&api.http, Method::GET, USER_PAGINATION, None, &staff_token).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn token_status_needs_the_key() {
    let api = Api::new().await;
    let path = format!("{TOKEN_STATUS}?sub={}&ver=1", api.admin);
    assert_internal_key_required(&api.http, Method::GET, &path, None).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn page_numbers_out_of_bounds_are_code_1_naming_the_field() {
    let api = Api::new().await;
    let admin = api.token_for(api.admin).await;
    assert_page_bounds(&api.http, Some(&admin), USER_PAGINATION).await;
    assert_page_bounds(
        &api.http,
        Some(&admin),
        &format!("{USER_PAGINATION}?role=staff"),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_1000_guess_login_burst_locks_and_stays_locked() {
    // test_settings: 3 failures per (user, client) lock the pair for 60 s.
    let api = Api::new().await;
    let ip = "203.0.113.50";
    let answers: Vec<_> = futures_util::stream::iter(0..1000)
        .map(|i| {
            let api = &api;
            async move { api.login_from("admin", &format!("guess-{i}"), ip).await }
        })
        .buffer_unordered(16)
        .collect()
        .await;
    let wrong = answers.iter().filter(|a| a.code() == 100).count();
    let locked = answers.iter().filter(|a| a.code() == 101).count();
    assert!(wrong < 3, "at most max-1 plain failures, got {wrong}");
    assert_eq!(wrong + locked, 1000, "every guess is refused as 100 or 101");
    // Still locked for the real password; another client is not affected.
    let pass = ADMIN_PASSWORD.to_owned();
    api.login_from("admin", &pass, ip).await.error(400, 101);
    api.login_from("admin", &pass, "198.51.100.50").await.ok();
}
