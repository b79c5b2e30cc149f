//! Attacks on paymentprovider reached directly, without the gateway: forged,
//! `alg: none`, expired, wrong-audience and revoked tokens, client `x-user-*` headers,
//! the internal route without the key, and page numbers out of bounds.

use crate::support;

use reqwest::Method;
use serde_json::json;
use shop_common::auth::Role;
use shop_common::testing::attacks::{
    assert_internal_callers, assert_internal_key_required, assert_page_bounds,
    assert_tokens_refused, assert_user_headers_ignored, forged_tokens,
};
use shop_common::testing::{TestClient, TestSchema, TestTokens, serve};
use uuid::Uuid;

const PROVIDERS: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Pagination";
const TRANSACTIONS: &str = "/paymentprovider/api/admin/v1/PaymentTransaction/Pagination";

/// The service with tokens this test holds (to sign forgeries and revoke sessions).
async fn spawn(schema: &TestSchema, tokens: &TestTokens) -> TestClient {
    schema.migrate(paymentprovider::MIGRATIONS).await;
    let state = support::state(
        schema.pool(4),
        tokens.verifier(),
        support::PUBLIC_BASE,
        support::NO_RETAILSTORE,
    );
    TestClient::new(serve(paymentprovider::configure(state)), None)
}

#[tokio::test(flavor = "multi_thread")]
async fn forged_and_revoked_tokens_are_refused() {
    let (schema, tokens) = (TestSchema::new(), TestTokens::new());
    let http = spawn(&schema, &tokens).await;
    let forged = forged_tokens(&tokens.kid, |c| tokens.sign(c));
    assert_tokens_refused(&http, Method::GET, PROVIDERS, None, &forged).await;

    let user = Uuid::new_v4();
    let token = tokens.token_for(user, Role::Admin);
    let body = http.call(Method::GET, PROVIDERS, Some(&token), None).await;
    body.ok();
    tokens.revoke(user, 1);
    for path in [PROVIDERS, TRANSACTIONS] {
        let body = http.call(Method::GET, path, Some(&token), None).await;
        body.error(401, 5);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn client_user_headers_are_not_identity() {
    let (schema, tokens) = (TestSchema::new(), TestTokens::new());
    let http = spawn(&schema, &tokens).await;
    let body = json!({ "name": "Forged", "type": "manual", "instructions": "x" });
    assert_user_headers_ignored(
        &http,
        Method::POST,
        "/paymentprovider/api/admin/v1/PaymentProvider/Create",
        Some(&body),
        &tokens.token(Role::Staff),
    )
    .await;
    let admin = tokens.token(Role::Admin);
    let answer = http.call(Method::GET, PROVIDERS, Some(&admin), None).await;
    assert_eq!(answer.ok()["totalCount"], 0, "nothing created");
}

#[tokio::test(flavor = "multi_thread")]
async fn payment_instruction_needs_the_key() {
    let (schema, tokens) = (TestSchema::new(), TestTokens::new());
    let http = spawn(&schema, &tokens).await;
    let body = json!({ "providerId": Uuid::new_v4(), "amount": 1000, "orderCode": "DH12345678" });
    let path = "/paymentprovider/internal/v1/PaymentProvider/PaymentInstruction";
    assert_internal_key_required(&http, Method::POST, path, Some(&body)).await;
    // Only retailstore asks for payment instructions.
    let only = [shop_common::internal::Caller::Retailstore];
    assert_internal_callers(&http, Method::POST, path, Some(&body), &only).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn page_numbers_out_of_bounds_are_code_1_naming_the_field() {
    let (schema, tokens) = (TestSchema::new(), TestTokens::new());
    let http = spawn(&schema, &tokens).await;
    let admin = tokens.token(Role::Admin);
    assert_page_bounds(&http, Some(&admin), PROVIDERS).await;
    assert_page_bounds(&http, Some(&admin), TRANSACTIONS).await;
    assert_page_bounds(
        &http,
        Some(&admin),
        &format!("{TRANSACTIONS}?status=unmatched"),
    )
    .await;
}
