//! Shared helpers for the black-box tests: a running service on its own schema, tokens,
//! HTTP shortcuts and direct SQL for set-up and assertions.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Text};
use diesel_async::RunQueryDsl;
use paymentprovider::AppState;
use paymentprovider::config::{PAYMENT_SECRET_KEY, parse_key};
use paymentprovider::crypto::SecretCipher;
use reqwest::Method;
use serde_json::{Value, json};
use shop_common::auth::Role;
use shop_common::config::Secret;
use shop_common::db::{self, DbPool};
use shop_common::internal::InternalKey;
use shop_common::server;
use shop_common::testing::{INTERNAL_KEY, TestSchema, TestTokens, client, listener};

pub const SECRET_KEY: &str = "5a1d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff0a7";
pub const PUBLIC_BASE: &str = "https://shop.example.vn";

pub fn test_cipher() -> SecretCipher {
    SecretCipher::new(&parse_key(PAYMENT_SECRET_KEY, SECRET_KEY).unwrap())
}

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub pool: DbPool,
    pub admin: String,
    pub staff: String,
    pub schema_name: String,
    tokens: TestTokens,
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
        db::migrate(
            &schema.database_url,
            &schema.name,
            paymentprovider::MIGRATIONS,
        )
        .await
        .unwrap();
        let pool = db::build_pool(&schema.database_url, &schema.name, 4).unwrap();
        let tokens = TestTokens::new();
        let state = AppState::new(
            pool.clone(),
            tokens.verifier(),
            test_cipher(),
            InternalKey(Secret::new(INTERNAL_KEY)),
            format!("{PUBLIC_BASE}/"),
        );
        let (listener, base) = listener();
        tokio::spawn(server::server(listener, paymentprovider::configure(state)).unwrap());
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

    /// Sends a request with optional bearer token and extra headers; returns the HTTP
    /// status and the JSON body.
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
        body: Option<&Value>,
    ) -> (u16, Value) {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
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

    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> (u16, Value) {
        self.send(method, path, token, &[], body).await
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

    /// Every row of every table in the test schema, as JSON text (bytea as hex).
    pub async fn dump(&self) -> String {
        let tables = self
            .lines(&format!(
                "SELECT table_name::text AS line FROM information_schema.tables \
                 WHERE table_schema = '{}' AND table_type = 'BASE TABLE'",
                self.schema_name
            ))
            .await;
        assert!(
            tables.iter().any(|t| t == "payment_providers"),
            "{tables:?}"
        );
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

    pub async fn count_providers(&self) -> i64 {
        self.scalar("SELECT count(*) AS n FROM payment_providers")
            .await
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

pub const LIST_PUBLIC: &str = "/paymentprovider/api/web/v1/PaymentProvider/ListPaymentProviders";
pub const PAGINATION: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Pagination";
pub const READ: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Read";
pub const CREATE: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Create";
pub const UPDATE: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Update";
pub const DELETE: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Delete";
pub const BANKS: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Banks";
pub const INSTRUCTION: &str = "/paymentprovider/internal/v1/PaymentProvider/PaymentInstruction";
