//! The wiring of the black-box tests (common's `TestService` with this service's state
//! and a paymentprovider stub) and the shop fixtures.
#![allow(dead_code, unused_imports, clippy::unwrap_used, clippy::expect_used)]

use std::ops::Deref;

use reqwest::Method;
use retailstore::config::{CodeKeys, OrderConfig};
use retailstore::crypto::CodeCipher;
use retailstore::{AppState, OrderSettings};
use serde_json::{Value, json};
use shop_common::auth::{Role, TokenVerifier};
use shop_common::config::Secret;
use shop_common::db::DbPool;
use shop_common::internal::InternalKey;
use shop_common::net::TrustedProxies;
use shop_common::testing::{INTERNAL_KEY, Stub, TestService, envelope_error, envelope_ok};
pub use shop_common::testing::{assert_error, assert_ok};
use uuid::Uuid;

pub const ENCRYPTION_KEY: &str = "6b1d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff001";
pub const HASH_KEY: &str = "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0";

pub fn test_cipher() -> CodeCipher {
    CodeKeys {
        current_id: Some("1".into()),
        current: Secret::new(ENCRYPTION_KEY),
        old: None,
        hash: Secret::new(HASH_KEY),
    }
    .cipher()
    .unwrap()
}

/// The service's state on `pool`: trusting `verifier`, 127.0.0.1 a trusted proxy.
pub fn state(pool: DbPool, verifier: TokenVerifier, config: OrderConfig) -> AppState {
    let settings = OrderSettings {
        config,
        trusted_proxies: TrustedProxies::parse("127.0.0.1").unwrap(),
    };
    AppState::new(
        pool,
        verifier,
        test_cipher(),
        settings,
        InternalKey(Secret::new(INTERNAL_KEY)),
    )
}

/// The service on its own schema (derefs to a [`TestService`] acting as admin), with a
/// [`Stub`] standing in for paymentprovider (PaymentInstruction: [`answer_instruction`]).
pub struct TestApp {
    pub service: TestService,
    pub payments: Stub,
}

impl Deref for TestApp {
    type Target = TestService;

    fn deref(&self) -> &TestService {
        &self.service
    }
}

impl TestApp {
    /// The service with test order settings: at most 3 unpaid orders per e-mail, no
    /// per-IP limit (every test client is 127.0.0.1, a trusted proxy, so tests pick their
    /// IP with `X-Forwarded-For`).
    pub async fn spawn() -> Self {
        Self::spawn_with(|_| {}).await
    }

    /// [`spawn`](Self::spawn) with adjusted order settings.
    pub async fn spawn_with(adjust: impl FnOnce(&mut OrderConfig)) -> Self {
        let payments = Stub::start();
        payments.reply("POST", INSTRUCTION, answer_instruction);
        let mut config = OrderConfig {
            paymentprovider_url: payments.base_url.clone(),
            public_base_url: PUBLIC_BASE.to_owned(),
            max_unpaid_per_email: 3,
            max_unpaid_per_ip: 0,
            ..OrderConfig::default()
        };
        adjust(&mut config);
        let service = TestService::spawn(retailstore::MIGRATIONS, 8, |pool, verifier| {
            retailstore::configure(state(pool, verifier, config))
        })
        .await;
        Self { service, payments }
    }

    /// Creates a product and returns its admin view.
    pub async fn create_product(&self, body: Value) -> Value {
        let (status, answer) = self.post(PRODUCT_CREATE, body).await;
        assert_eq!(status, 200, "{answer}");
        answer["result"].clone()
    }

    /// An active product with defaults and the given name.
    pub async fn product(&self, name: &str) -> String {
        let product = self
            .create_product(json!({"name": name, "price": 50_000, "status": "active"}))
            .await;
        product["id"].as_str().unwrap().to_owned()
    }

    /// Imports codes and returns the result.
    pub async fn import(&self, product_id: &str, codes: &[String]) -> Value {
        let (status, answer) = self
            .post(
                CODE_CREATE_BULK,
                json!({"productId": product_id, "codes": codes}),
            )
            .await;
        assert_eq!(status, 200, "{answer}");
        answer["result"].clone()
    }

    /// The admin list of codes (first page of up to 100) for a product.
    pub async fn codes_of(&self, product_id: &str) -> Vec<Value> {
        let (status, answer) = self
            .get(&format!(
                "{CODE_PAGINATION}?productId={product_id}&pageSize=100"
            ))
            .await;
        assert_eq!(status, 200, "{answer}");
        answer["result"]["items"].as_array().unwrap().clone()
    }

    /// The codes holding exactly `code` (POST Search), optionally within one product.
    pub async fn search(&self, code: &str, product_id: Option<&str>) -> Vec<Value> {
        let (status, answer) = self
            .post(CODE_SEARCH, json!({"code": code, "productId": product_id}))
            .await;
        assert_eq!(status, 200, "{answer}");
        answer["result"]["items"].as_array().unwrap().clone()
    }

    /// The audit log as `actor|action|target|detail` lines, oldest first.
    pub async fn audit(&self) -> Vec<String> {
        self.lines(
            "SELECT concat_ws('|', actor, action, target, detail) AS line FROM audit_log \
             ORDER BY at, id",
        )
        .await
    }

    /// Every row of every table in the test schema, as JSON text.
    pub async fn dump(&self) -> String {
        self.schema.dump("serial_codes").await
    }

    /// (available, reserved, sold, disabled) from the counters.
    pub async fn stock(&self, product_id: &str) -> (i64, i64, i64, i64) {
        let count = |column: &str| {
            format!("SELECT {column} AS n FROM product_stock WHERE product_id = '{product_id}'")
        };
        (
            self.scalar(&count("available")).await,
            self.scalar(&count("reserved")).await,
            self.scalar(&count("sold")).await,
            self.scalar(&count("disabled")).await,
        )
    }
}

pub const PRODUCT_WEB_PAGINATION: &str = "/retailstore/api/web/v1/Product/Pagination";
pub const PRODUCT_PAGINATION: &str = "/retailstore/api/admin/v1/Product/Pagination";
pub const PRODUCT_READ: &str = "/retailstore/api/admin/v1/Product/Read";
pub const PRODUCT_CREATE: &str = "/retailstore/api/admin/v1/Product/Create";
pub const PRODUCT_UPDATE: &str = "/retailstore/api/admin/v1/Product/Update";
pub const PRODUCT_DELETE: &str = "/retailstore/api/admin/v1/Product/Delete";
pub const CODE_PAGINATION: &str = "/retailstore/api/admin/v1/ProductSerialCode/Pagination";
pub const CODE_CREATE_BULK: &str = "/retailstore/api/admin/v1/ProductSerialCode/CreateBulk";
pub const CODE_UPDATE: &str = "/retailstore/api/admin/v1/ProductSerialCode/Update";
pub const CODE_DELETE: &str = "/retailstore/api/admin/v1/ProductSerialCode/Delete";
pub const CODE_REVEAL: &str = "/retailstore/api/admin/v1/ProductSerialCode/Reveal";
pub const CODE_SEARCH: &str = "/retailstore/api/admin/v1/ProductSerialCode/Search";
pub const AUDIT_LOG: &str = "/retailstore/api/admin/v1/AuditLog/Pagination";

// ---- Orders -----------------------------------------------------------------------------

pub const CREATE_ORDER: &str = "/retailstore/api/web/v1/Order/CreateOrder";
pub const ORDER_DETAIL: &str = "/retailstore/api/web/v1/Order/OrderDetail";
pub const ORDER_LOOKUP: &str = "/retailstore/api/web/v1/Order/OrderLookup";
pub const ORDER_PAGINATION: &str = "/retailstore/api/admin/v1/Order/Pagination";
pub const ORDER_ADMIN_DETAIL: &str = "/retailstore/api/admin/v1/Order/Detail";
pub const ORDER_CONFIRM: &str = "/retailstore/api/admin/v1/Order/ConfirmPayment";
pub const ORDER_CANCEL: &str = "/retailstore/api/admin/v1/Order/Cancel";
pub const ORDER_REPLACE: &str = "/retailstore/api/admin/v1/Order/ReplaceCodes";
pub const ORDER_REVEAL: &str = "/retailstore/api/admin/v1/Order/RevealCodes";
pub const ORDER_RELINK: &str = "/retailstore/api/admin/v1/Order/RegenerateAccessLink";
pub const DASHBOARD: &str = "/retailstore/api/admin/v1/Dashboard/Summary";
pub const INTERNAL_CONFIRM: &str = "/retailstore/internal/v1/Order/ConfirmPayment";
pub const INSTRUCTION: &str = "/paymentprovider/internal/v1/PaymentProvider/PaymentInstruction";
pub const PUBLIC_BASE: &str = "https://shop.example.vn";
/// A provider the stub calls inactive (code 500).
pub const INACTIVE_PROVIDER: &str = "00000000-0000-4000-8000-000000000500";
/// The provider of [`order_body`].
pub const PROVIDER: &str = "0190a4c1-7b2e-7c3d-8e4f-5a6b7c8d9e0f";

/// The stub's PaymentInstruction: a VietQR bank account, the memo the order code.
pub fn answer_instruction(body: &Value) -> (u16, Value) {
    if body["providerId"] == INACTIVE_PROVIDER {
        return (
            400,
            envelope_error(400, 500, "Phương thức thanh toán không khả dụng"),
        );
    }
    let code = body["orderCode"].as_str().unwrap_or_default();
    (
        200,
        envelope_ok(json!({
            "providerId": body["providerId"],
            "providerName": "Vietcombank - Cửa hàng",
            "type": "vietqr_bank",
            "bankName": "Vietcombank",
            "bankBin": "970436",
            "accountNumber": "0123456789",
            "accountName": "NGUYEN VAN A",
            "transferContent": code,
            "amountDue": body["amount"],
            "qrPayload": format!("00020101021238...62{:02}08{code}6304ABCD", code.len() + 4),
            "instructions": null
        })),
    )
}

/// A CreateOrder body for one line.
pub fn order_body(product_id: &str, quantity: i64, email: &str) -> Value {
    json!({
        "items": [{"productId": product_id, "quantity": quantity}],
        "email": email,
        "paymentProviderId": PROVIDER,
    })
}

impl TestApp {
    /// An active product with `n` codes `PREFIX-000000...`; returns its id.
    pub async fn stocked(&self, name: &str, prefix: &str, n: usize) -> String {
        let id = self.product(name).await;
        if n > 0 {
            self.import(&id, &codes(prefix, 0..n)).await;
        }
        id
    }

    /// CreateOrder as a shopper, with extra headers.
    pub async fn create_order_with(&self, headers: &[(&str, &str)], body: &Value) -> (u16, Value) {
        self.send(Method::POST, CREATE_ORDER, None, headers, Some(body))
            .await
    }

    pub async fn create_order(&self, body: &Value) -> (u16, Value) {
        self.create_order_with(&[], body).await
    }

    /// A successful CreateOrder's result.
    pub async fn order(&self, body: &Value) -> Value {
        let (status, answer) = self.create_order(body).await;
        assert_ok(status, &answer).clone()
    }

    /// OrderDetail with a token.
    pub async fn shopper_detail(&self, code: &str, token: &str) -> (u16, Value) {
        self.send(
            Method::GET,
            &format!("{ORDER_DETAIL}?code={code}"),
            None,
            &[("x-order-token", token)],
            None,
        )
        .await
    }

    /// The internal ConfirmPayment, as paymentprovider calls it.
    pub async fn bank_payment(&self, body: &Value) -> (u16, Value) {
        self.send(
            Method::POST,
            INTERNAL_CONFIRM,
            None,
            &[("x-internal-key", INTERNAL_KEY)],
            Some(body),
        )
        .await
    }

    /// A bank transfer of `amount` for `code`, as transaction `tx`.
    pub async fn pay(&self, code: &str, amount: i64, tx: &str) -> Value {
        let (status, answer) = self
            .bank_payment(&json!({
                "orderCode": code, "amount": amount, "providerId": PROVIDER,
                "transactionId": tx, "paidAt": chrono::Utc::now().to_rfc3339(),
            }))
            .await;
        assert_ok(status, &answer).clone()
    }

    /// The admin detail of an order.
    pub async fn admin_order(&self, id: &str) -> Value {
        let (status, answer) = self.get(&format!("{ORDER_ADMIN_DETAIL}?id={id}")).await;
        assert_ok(status, &answer).clone()
    }

    /// The id of the order with this code.
    pub async fn order_id(&self, code: &str) -> String {
        self.lines(&format!(
            "SELECT id::text AS line FROM orders WHERE code = '{code}'"
        ))
        .await
        .remove(0)
    }

    /// An admin action with an Idempotency-Key.
    pub async fn post_keyed(&self, path: &str, key: &str, body: &Value) -> (u16, Value) {
        self.send(
            Method::POST,
            path,
            Some(&self.admin),
            &[("idempotency-key", key)],
            Some(body),
        )
        .await
    }

    /// Codes per status of a product, counted for real (not from the counters).
    pub async fn real_stock(&self, product_id: &str) -> (i64, i64, i64, i64) {
        let count = |status: &str| {
            format!(
                "SELECT count(*) AS n FROM serial_codes \
                 WHERE product_id = '{product_id}' AND status = '{status}'"
            )
        };
        (
            self.scalar(&count("available")).await,
            self.scalar(&count("reserved")).await,
            self.scalar(&count("sold")).await,
            self.scalar(&count("disabled")).await,
        )
    }
}

/// `n` distinct codes `PREFIX-000000`.
pub fn codes(prefix: &str, range: std::ops::Range<usize>) -> Vec<String> {
    range.map(|i| format!("{prefix}-{i:06}")).collect()
}

/// An order of `quantity` codes of a fresh product holding `stock` codes: (product id,
/// order result, order id).
pub async fn ordered(
    app: &TestApp,
    stock: usize,
    quantity: i64,
    email: &str,
) -> (String, Value, String) {
    let prefix = format!("P{}", &Uuid::new_v4().simple().to_string()[..6]);
    let product = app
        .stocked(&format!("Sản phẩm {prefix}"), &prefix, stock)
        .await;
    let order = app.order(&order_body(&product, quantity, email)).await;
    let id = app.order_id(order["code"].as_str().unwrap()).await;
    (product, order, id)
}

pub fn event_types(detail: &Value) -> Vec<String> {
    detail["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap().to_owned())
        .collect()
}

pub async fn make_due(app: &TestApp, id: &str) {
    app.execute(&format!(
        "UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = '{id}'"
    ))
    .await;
}
