//! Shared helpers for the black-box tests: a running service on its own schema, tokens,
//! HTTP shortcuts and direct SQL for set-up and assertions.
#![allow(dead_code, unused_imports, clippy::unwrap_used, clippy::expect_used)]

use std::ops::Deref;

use retailstore::AppState;
use retailstore::config::CodeKeys;
use retailstore::crypto::CodeCipher;
use serde_json::{Value, json};
use shop_common::auth::{Claims, Role};
use shop_common::config::Secret;
use shop_common::db::DbPool;
pub use shop_common::testing::assert_error;
use shop_common::testing::{TestClient, TestSchema, TestTokens, serve};
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

/// The service on its own schema. Derefs to a [`TestClient`] whose shorthands act as
/// admin.
pub struct TestApp {
    pub http: TestClient,
    pub pool: DbPool,
    pub tokens: TestTokens,
    pub admin: String,
    pub staff: String,
    pub schema_name: String,
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
        schema.migrate(retailstore::MIGRATIONS).await;
        let pool = schema.pool(8);
        let tokens = TestTokens::new();
        let state = AppState::new(pool.clone(), tokens.verifier(), test_cipher());
        let base = serve(retailstore::configure(state));
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

    /// A token for a user of our choosing (to check audit rows).
    pub fn token_for(&self, id: Uuid, name: &str, role: Role) -> String {
        let now = chrono::Utc::now().timestamp();
        self.tokens.sign(&Claims {
            sub: id,
            name: name.to_owned(),
            role,
            ver: 1,
            iat: now,
            exp: now + 3600,
            iss: shop_common::auth::ISSUER.to_owned(),
            aud: shop_common::auth::AUDIENCE.to_owned(),
        })
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

/// `n` distinct codes `PREFIX-000000`.
pub fn codes(prefix: &str, range: std::ops::Range<usize>) -> Vec<String> {
    range.map(|i| format!("{prefix}-{i:06}")).collect()
}
