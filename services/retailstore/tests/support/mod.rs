//! Shared helpers for the black-box tests: a running service on its own schema, tokens,
//! HTTP shortcuts and direct SQL for set-up and assertions.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Text};
use diesel_async::RunQueryDsl;
use reqwest::Method;
use retailstore::AppState;
use retailstore::config::CodeKeys;
use retailstore::crypto::CodeCipher;
use serde_json::{Value, json};
use shop_common::auth::{Claims, Role};
use shop_common::config::Secret;
use shop_common::db::{self, DbPool};
use shop_common::server;
use shop_common::testing::{TestSchema, TestTokens, client, listener};
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

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub pool: DbPool,
    pub tokens: TestTokens,
    pub admin: String,
    pub staff: String,
    pub schema_name: String,
    // Dropped last: removes the schema.
    schema: TestSchema,
}

#[derive(QueryableByName)]
struct Number {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

#[derive(QueryableByName)]
struct Line {
    #[diesel(sql_type = Text)]
    line: String,
}

impl TestApp {
    pub async fn spawn() -> Self {
        let schema = TestSchema::new();
        db::migrate(&schema.database_url, &schema.name, retailstore::MIGRATIONS)
            .await
            .unwrap();
        let pool = db::build_pool(&schema.database_url, &schema.name, 8).unwrap();
        let tokens = TestTokens::new();
        let state = AppState::new(pool.clone(), tokens.verifier(), test_cipher());
        let (listener, base) = listener();
        tokio::spawn(server::server(listener, retailstore::configure(state)).unwrap());
        Self {
            base,
            client: client(),
            pool,
            admin: tokens.token(Role::Admin),
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

    /// Sends a request; returns the HTTP status and the JSON body.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> (u16, Value) {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        let value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"));
        (status, value)
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        self.call(Method::GET, path, Some(&self.admin), None).await
    }

    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.call(Method::POST, path, Some(&self.admin), Some(&body))
            .await
    }

    pub async fn put(&self, path: &str, body: Value) -> (u16, Value) {
        self.call(Method::PUT, path, Some(&self.admin), Some(&body))
            .await
    }

    pub async fn delete(&self, path: &str) -> (u16, Value) {
        self.call(Method::DELETE, path, Some(&self.admin), None)
            .await
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
        let mut conn = self.pool.get().await.unwrap();
        diesel::sql_query(sql)
            .get_result::<Number>(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
            .n
    }

    pub async fn execute(&self, sql: &str) {
        let mut conn = self.pool.get().await.unwrap();
        diesel::sql_query(sql)
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    /// `SELECT ... AS line` returning text rows.
    pub async fn lines(&self, sql: &str) -> Vec<String> {
        let mut conn = self.pool.get().await.unwrap();
        diesel::sql_query(sql)
            .load::<Line>(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
            .into_iter()
            .map(|l| l.line)
            .collect()
    }

    /// Every row of every table in the test schema, as JSON text.
    pub async fn dump(&self) -> String {
        let tables = self
            .lines(&format!(
                "SELECT table_name::text AS line FROM information_schema.tables \
                 WHERE table_schema = '{}' AND table_type = 'BASE TABLE'",
                self.schema_name
            ))
            .await;
        assert!(tables.iter().any(|t| t == "serial_codes"), "{tables:?}");
        let mut dump = String::new();
        for table in tables {
            for row in self
                .lines(&format!(
                    "SELECT row_to_json(t)::text AS line FROM \"{table}\" t"
                ))
                .await
            {
                dump.push_str(&row);
                dump.push('\n');
            }
        }
        dump
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

/// Asserts a failed envelope with this HTTP status and code; returns the detail fields.
pub fn assert_error(status: u16, body: &Value, want_status: u16, want_code: u64) -> Vec<String> {
    assert_eq!(status, want_status, "{body}");
    assert_eq!(body["success"], false, "{body}");
    assert_eq!(body["status"], want_status, "{body}");
    assert_eq!(body["error"]["code"], want_code, "{body}");
    body["error"]["details"]
        .as_array()
        .map(|d| {
            d.iter()
                .map(|f| f["field"].as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default()
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
