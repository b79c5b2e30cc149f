//! Shared helpers for the black-box tests: a running service on its own schema, tokens,
//! HTTP shortcuts and direct SQL for set-up and assertions.
#![allow(dead_code, unused_imports, clippy::unwrap_used, clippy::expect_used)]

use std::ops::Deref;

use paymentprovider::AppState;
use paymentprovider::config::{PAYMENT_SECRET_KEY, parse_key};
use paymentprovider::crypto::SecretCipher;
use reqwest::Method;
use serde_json::{Value, json};
use shop_common::auth::Role;
use shop_common::config::Secret;
use shop_common::db::DbPool;
use shop_common::internal::InternalKey;
pub use shop_common::testing::assert_error;
use shop_common::testing::{INTERNAL_KEY, TestClient, TestSchema, TestTokens, serve};

pub const SECRET_KEY: &str = "5a1d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff0a7";
pub const PUBLIC_BASE: &str = "https://shop.example.vn";

pub fn test_cipher() -> SecretCipher {
    SecretCipher::new(&parse_key(PAYMENT_SECRET_KEY, SECRET_KEY).unwrap())
}

/// The service's state on `pool`, trusting `tokens`.
pub fn state(pool: DbPool, tokens: &TestTokens, public_base: &str) -> AppState {
    AppState::new(
        pool,
        tokens.verifier(),
        test_cipher(),
        InternalKey(Secret::new(INTERNAL_KEY)),
        public_base.to_owned(),
    )
}

/// The service on its own schema. Derefs to a [`TestClient`] whose shorthands act as
/// admin.
pub struct TestApp {
    pub http: TestClient,
    pub pool: DbPool,
    pub admin: String,
    pub staff: String,
    pub schema_name: String,
    tokens: TestTokens,
    // Dropped last: removes the schema.
    pub schema: TestSchema,
}

impl Deref for TestApp {
    type Target = TestClient;

    fn deref(&self) -> &TestClient {
        &self.http
    }
}

impl TestApp {
    pub async fn spawn() -> Self {
        let schema = TestSchema::new();
        schema.migrate(paymentprovider::MIGRATIONS).await;
        let pool = schema.pool(4);
        let tokens = TestTokens::new();
        let state = state(pool.clone(), &tokens, &format!("{PUBLIC_BASE}/"));
        let base = serve(paymentprovider::configure(state));
        let admin = tokens.token(Role::Admin);
        Self {
            http: TestClient::new(base, Some(admin.clone())),
            pool,
            admin,
            staff: tokens.token(Role::Staff),
            tokens,
            schema_name: schema.name.clone(),
            schema,
        }
    }

    /// Creates a provider as admin and returns its admin view.
    pub async fn create(&self, body: Value) -> Value {
        let (status, answer) = self.post(CREATE, body).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["success"], true, "{answer}");
        answer["result"].clone()
    }

    /// A Vietcombank provider with the given name and sort order; returns its id.
    pub async fn bank_provider(&self, name: &str, sort_order: i32) -> String {
        let created = self
            .create(json!({
                "name": name,
                "type": "vietqr_bank",
                "bankBin": "970436",
                "accountNumber": "0011001234567",
                "accountName": "Nguyễn Văn A",
                "sortOrder": sort_order,
            }))
            .await;
        created["id"].as_str().unwrap().to_owned()
    }

    /// The storefront list.
    pub async fn public_list(&self) -> Vec<Value> {
        let (status, answer) = self.call(Method::GET, LIST_PUBLIC, None, None).await;
        assert_eq!(status, 200, "{answer}");
        answer["result"].as_array().unwrap().clone()
    }

    /// `SELECT ... AS n` returning one bigint.
    pub async fn scalar(&self, sql: &str) -> i64 {
        self.schema.scalar(sql).await
    }

    pub async fn execute(&self, sql: &str) {
        self.schema.execute(sql).await;
    }

    /// `SELECT ... AS line` returning text rows.
    pub async fn lines(&self, sql: &str) -> Vec<String> {
        self.schema.lines(sql).await
    }

    /// Every row of every table in the test schema, as JSON text (bytea as hex).
    pub async fn dump(&self) -> String {
        self.schema.dump("payment_providers").await
    }

    pub async fn count_providers(&self) -> i64 {
        self.scalar("SELECT count(*) AS n FROM payment_providers")
            .await
    }
}

pub const LIST_PUBLIC: &str = "/paymentprovider/api/web/v1/PaymentProvider/ListPaymentProviders";
pub const PAGINATION: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Pagination";
pub const READ: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Read";
pub const CREATE: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Create";
pub const UPDATE: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Update";
pub const DELETE: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Delete";
pub const BANKS: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Banks";
pub const INSTRUCTION: &str = "/paymentprovider/internal/v1/PaymentProvider/PaymentInstruction";
