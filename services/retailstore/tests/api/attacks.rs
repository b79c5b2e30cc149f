//! Attacks on retailstore reached directly, without the gateway: forged, `alg: none`,
//! expired, wrong-audience and revoked tokens, client `x-user-*` headers, internal
//! routes without the key, and page numbers out of bounds.

use crate::support;

use reqwest::Method;
use serde_json::json;
use shop_common::auth::Role;
use shop_common::testing::TestClient;
use shop_common::testing::attacks::{
    assert_internal_key_required, assert_page_bounds, assert_tokens_refused,
    assert_user_headers_ignored, forged_tokens,
};
use support::{
    CONFIRM_PAYMENT, ORDER_PAGINATION, PRODUCT_DELETE, PRODUCT_PAGINATION, PRODUCT_WEB_PAGINATION,
    TestApp,
};
use uuid::Uuid;

#[tokio::test(flavor = "multi_thread")]
async fn forged_and_revoked_tokens_are_refused() {
    let app = TestApp::spawn().await;
    let tokens = &app.tokens;
    let forged = forged_tokens(&tokens.kid, |c| tokens.sign(c));
    assert_tokens_refused(&app.http, Method::GET, PRODUCT_PAGINATION, None, &forged).await;

    // A session ended by identity (password reset, disable, role change, delete).
    let user = Uuid::new_v4();
    let token = tokens.token_for(user, Role::Admin);
    let body = app
        .call(Method::GET, PRODUCT_PAGINATION, Some(&token), None)
        .await;
    body.ok();
    tokens.revoke(user, 1);
    for (method, path) in [
        (Method::GET, PRODUCT_PAGINATION.to_owned()),
        (
            Method::DELETE,
            format!("{}?id={}", PRODUCT_DELETE, Uuid::new_v4()),
        ),
    ] {
        let body = app.call(method, &path, Some(&token), None).await;
        body.error(401, 5);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn client_user_headers_are_not_identity() {
    let app = TestApp::spawn().await;
    let before = app.schema.dump("products").await;
    let path = format!("{}?id={}", PRODUCT_DELETE, Uuid::new_v4());
    assert_user_headers_ignored(&app.http, Method::DELETE, &path, None, &app.staff).await;
    assert_eq!(app.schema.dump("products").await, before);
}

#[tokio::test(flavor = "multi_thread")]
async fn internal_routes_need_the_key() {
    let app = TestApp::spawn().await;
    let body = json!({ "orderCode": "DH12345678", "transactionId": "t-1", "amount": 1000 });
    let anonymous = TestClient::new(app.base_url.clone(), None);
    assert_internal_key_required(&anonymous, Method::POST, CONFIRM_PAYMENT, Some(&body)).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn page_numbers_out_of_bounds_are_code_1_naming_the_field() {
    let app = TestApp::spawn().await;
    let anonymous = TestClient::new(app.base_url.clone(), None);
    assert_page_bounds(&anonymous, None, PRODUCT_WEB_PAGINATION).await;
    assert_page_bounds(&app.http, Some(&app.admin), PRODUCT_PAGINATION).await;
    assert_page_bounds(
        &app.http,
        Some(&app.admin),
        &format!("{}?status=completed", ORDER_PAGINATION),
    )
    .await;
}
