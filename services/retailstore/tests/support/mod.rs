//! The wiring of the black-box tests (common's `TestService` with this service's state
//! and a paymentprovider stub), its routes and the shop fixtures.
#![allow(dead_code, unused_imports, clippy::unwrap_used, clippy::expect_used)]

use std::ops::Deref;
use std::sync::LazyLock;

use retailstore::config::{CodeKeys, OrderConfig};
use retailstore::crypto::CodeCipher;
pub use retailstore::payment_provider::INSTRUCTION_PATH;
pub use retailstore::routes::{ADMIN, INTERNAL, WEB};
use retailstore::{AppState, OrderSettings};
use serde_json::{Value, json};
use shop_common::auth::TokenVerifier;
use shop_common::config::Secret;
use shop_common::db::DbPool;
use shop_common::internal::InternalKey;
pub use shop_common::limits::{BULK_PATH, CREATE_ORDER_PATH};
use shop_common::net::TrustedProxies;
pub use shop_common::testing::{Answer, INTERNAL_KEY};
use shop_common::testing::{Stub, TestService, envelope_error, envelope_ok};

/// `PREFIX "/Controller/": NAME "Action", ...;` defines each `NAME` as that route.
macro_rules! routes {
    ($($p:ident $c:literal: $($name:ident $a:literal),+;)+) => {$($(
        pub static $name: LazyLock<String> = LazyLock::new(|| format!("{}{}{}", $p, $c, $a));
    )+)+};
}

// Routes that several test files or the fixtures below call.
routes! {
    ADMIN "/Product/": PRODUCT_CREATE "Create", PRODUCT_READ "Read", PRODUCT_UPDATE "Update",
        PRODUCT_DELETE "Delete", PRODUCT_PAGINATION "Pagination";
    ADMIN "/ProductSerialCode/": CODE_PAGINATION "Pagination", CODE_UPDATE "Update",
        CODE_DELETE "Delete", CODE_REVEAL "Reveal", CODE_SEARCH "Search";
    ADMIN "/Order/": ORDER_PAGINATION "Pagination", ORDER_ADMIN_DETAIL "Detail",
        ORDER_CONFIRM "ConfirmPayment", ORDER_CANCEL "Cancel", ORDER_REPLACE "ReplaceCodes",
        ORDER_REVEAL "RevealCodes", ORDER_RELINK "RegenerateAccessLink";
    WEB "/Product/": PRODUCT_WEB_PAGINATION "Pagination"; WEB "/Order/": ORDER_LOOKUP "OrderLookup";
    INTERNAL "/Order/": CONFIRM_PAYMENT "ConfirmPayment";
}

pub const ENCRYPTION_KEY: &str = "6b1d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff001";

pub fn test_cipher() -> CodeCipher {
    let hash = "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0";
    let keys = CodeKeys {
        current_id: Some("1".into()),
        current: Secret::new(ENCRYPTION_KEY),
        old: None,
        hash: Secret::new(hash),
    };
    keys.cipher().unwrap()
}

/// The service's state on `pool`: trusting `verifier`, 127.0.0.1 a trusted proxy.
pub fn state(pool: DbPool, verifier: TokenVerifier, config: OrderConfig) -> AppState {
    let trusted_proxies = TrustedProxies::parse("127.0.0.1").unwrap();
    let settings = OrderSettings {
        config,
        trusted_proxies,
    };
    let key = InternalKey(Secret::new(INTERNAL_KEY));
    AppState::new(pool, verifier, test_cipher(), settings, key)
}

/// The service (derefs to a [`TestService`] acting as admin) with a [`Stub`] for
/// paymentprovider answering PaymentInstruction with [`answer_instruction`].
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
    /// At most 3 unpaid orders per e-mail, no per-IP limit (every client is 127.0.0.1, a
    /// trusted proxy, so tests pick their IP with `X-Forwarded-For`).
    pub async fn spawn() -> Self {
        Self::spawn_with(|_| {}).await
    }

    pub async fn spawn_with(adjust: impl FnOnce(&mut OrderConfig)) -> Self {
        let payments = Stub::start();
        payments.reply("POST", INSTRUCTION_PATH, answer_instruction);
        let mut config = OrderConfig {
            paymentprovider_url: payments.base_url.clone(),
            public_base_url: PUBLIC_BASE.into(),
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

    /// An active product named `name` with `n` codes `PREFIX-000000...`; returns its id.
    pub async fn stocked(&self, name: &str, prefix: &str, n: usize) -> String {
        let body = json!({"name": name, "price": 50_000, "status": "active"});
        let product = self.post(&PRODUCT_CREATE, body).await;
        let id = product.ok()["id"].as_str().unwrap().to_owned();
        if n > 0 {
            self.import(&id, &codes(prefix, 0..n)).await;
        }
        id
    }

    /// (available, reserved, sold, disabled) of a product: from its counters, or counted.
    pub async fn stock(&self, product_id: &str, counted: bool) -> (i64, i64, i64, i64) {
        let count = |s: &str| match counted {
            false => {
                format!("SELECT {s} AS n FROM product_stock WHERE product_id = '{product_id}'")
            }
            true => format!(
                "SELECT count(*) AS n FROM serial_codes WHERE product_id = '{product_id}' AND status = '{s}'"
            ),
        };
        let [a, r, s, d] = ["available", "reserved", "sold", "disabled"].map(count);
        (
            self.scalar(&a).await,
            self.scalar(&r).await,
            self.scalar(&s).await,
            self.scalar(&d).await,
        )
    }

    /// Imports codes into a product and returns the result.
    pub async fn import(&self, product_id: &str, codes: &[String]) -> Value {
        let body = json!({"productId": product_id, "codes": codes});
        self.post(BULK_PATH, body).await.ok().clone()
    }

    /// OrderDetail as the shopper holding `token`.
    pub async fn shopper_detail(&self, code: &str, token: &str) -> Answer {
        let shopper = self.anon().with_headers(&[("x-order-token", token)]);
        shopper.get(&order_detail(code)).await
    }

    /// The id of the order with this code.
    pub async fn order_id(&self, code: &str) -> String {
        let sql = format!("SELECT id::text AS line FROM orders WHERE code = '{code}'");
        self.lines(&sql).await.remove(0)
    }

    /// A bank transfer of `amount` for `code`, as transaction `tx` (paymentprovider's call).
    pub async fn pay(&self, code: &str, amount: i64, tx: &str) -> Value {
        let paid_at = chrono::Utc::now().to_rfc3339();
        let body = json!({"orderCode": code, "amount": amount, "providerId": PROVIDER,
                          "transactionId": tx, "paidAt": paid_at});
        let paid = self.internal().post(&CONFIRM_PAYMENT, body).await;
        paid.ok().clone()
    }
}

/// The stub's PaymentInstruction: a VietQR bank account, the memo the order code;
/// [`INACTIVE_PROVIDER`] is refused with code 500.
pub fn answer_instruction(body: &Value) -> (u16, Value) {
    if body["providerId"] == INACTIVE_PROVIDER {
        let refusal = envelope_error(400, 500, "Phương thức thanh toán không khả dụng");
        return (400, refusal);
    }
    let code = body["orderCode"].as_str().unwrap_or_default();
    let instruction = json!({
        "providerId": body["providerId"], "providerName": "Vietcombank - Cửa hàng",
        "type": "vietqr_bank", "bankName": "Vietcombank", "bankBin": "970436",
        "accountNumber": "0123456789", "accountName": "NGUYEN VAN A",
        "transferContent": code, "amountDue": body["amount"], "instructions": null,
        "qrPayload": format!("00020101021238...62{:02}08{code}6304ABCD", code.len() + 4),
    });
    (200, envelope_ok(instruction))
}

/// The shopper's OrderDetail of the order `code`.
pub fn order_detail(code: &str) -> String {
    format!("{WEB}/Order/OrderDetail?code={code}")
}

/// A CreateOrder body for one line, paid with [`PROVIDER`].
pub fn order_body(product_id: &str, quantity: i64, email: &str) -> Value {
    let items = [json!({"productId": product_id, "quantity": quantity})];
    json!({"items": items, "email": email, "paymentProviderId": PROVIDER})
}

/// `n` distinct codes `PREFIX-000000`.
pub fn codes(prefix: &str, range: std::ops::Range<usize>) -> Vec<String> {
    range.map(|i| format!("{prefix}-{i:06}")).collect()
}

pub const PUBLIC_BASE: &str = "https://shop.example.vn";
/// A provider the stub calls inactive (code 500).
pub const INACTIVE_PROVIDER: &str = "00000000-0000-4000-8000-000000000500";
/// The provider of [`order_body`].
pub const PROVIDER: &str = "0190a4c1-7b2e-7c3d-8e4f-5a6b7c8d9e0f";

/// An order of `quantity` codes of a fresh product holding `stock` codes: (product id,
/// order result, order id).
pub async fn ordered(
    app: &TestApp,
    stock: usize,
    quantity: i64,
    email: &str,
) -> (String, Value, String) {
    let prefix = format!("P{}", &uuid::Uuid::new_v4().simple().to_string()[..6]);
    let product = app
        .stocked(&format!("Sản phẩm {prefix}"), &prefix, stock)
        .await;
    let order = app
        .anon()
        .post(CREATE_ORDER_PATH, order_body(&product, quantity, email))
        .await;
    let id = app.order_id(order.ok()["code"].as_str().unwrap()).await;
    (product, order.ok().clone(), id)
}

pub fn event_types(detail: &Value) -> Vec<String> {
    let events = detail["events"].as_array().unwrap().iter();
    events
        .map(|e| e["type"].as_str().unwrap().to_owned())
        .collect()
}

/// Makes an unpaid order due for expiry.
pub async fn make_due(app: &TestApp, id: &str) {
    let sql =
        format!("UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = '{id}'");
    app.execute(&sql).await;
}
