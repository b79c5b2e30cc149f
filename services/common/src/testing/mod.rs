//! Test support: each test gets its own fresh schema in the test database
//! (`TEST_DATABASE_URL`, default the machine's PostgreSQL), dropped afterwards.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::borrow::Borrow;
use std::net::TcpListener;

use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use diesel_migrations::EmbeddedMigrations;
use reqwest::Method;
use serde_json::Value;

use crate::db::{self, DbPool};
use crate::internal::{Caller, InternalKeys};

mod answer;
pub mod attacks;
pub mod images;
pub mod mail;
pub mod openapi;
pub mod peers;
pub mod raw;
mod service;
pub mod shop;
mod stub;
mod tokens;
pub mod upstream;
pub use answer::Answer;
pub use service::TestService;
pub use stub::{Stub, StubCall, envelope_error, envelope_ok};
pub use tokens::{TestTokens, ed25519_jwk};

pub fn database_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

/// A private schema named `t_<random>`; dropped (with everything in it) on drop.
pub struct TestSchema {
    pub database_url: String,
    pub name: String,
}

impl TestSchema {
    pub fn new() -> Self {
        let name = format!("t_{}", uuid::Uuid::new_v4().simple());
        Self {
            database_url: database_url(),
            name,
        }
    }

    /// The database URL with `search_path` set to this schema.
    pub fn url(&self) -> String {
        db::url_with_schema(&self.database_url, &self.name)
    }

    /// Creates the schema and runs `migrations` in it.
    pub async fn migrate(&self, migrations: EmbeddedMigrations) {
        db::migrate(&self.database_url, &self.name, migrations)
            .await
            .unwrap();
    }

    /// Reverts `migrations` newest first, down to and including the one whose version
    /// is `through` (`None`: all of them); [`migrate`](Self::migrate) applies them again.
    pub async fn revert(&self, migrations: EmbeddedMigrations, through: Option<&'static str>) {
        use diesel::migration::MigrationSource;
        use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
        use diesel_migrations::MigrationHarness;
        type Wrapper = AsyncConnectionWrapper<AsyncPgConnection>;
        let conn = self.connect().await;
        tokio::task::spawn_blocking(move || {
            let mut conn = Wrapper::from(conn);
            let mut known = MigrationSource::<diesel::pg::Pg>::migrations(&migrations).unwrap();
            known.sort_by_key(|m| std::cmp::Reverse(m.name().version().to_string()));
            let applied = conn.applied_migrations().unwrap();
            let applied: Vec<String> = applied.iter().map(ToString::to_string).collect();
            for migration in known {
                let version = migration.name().version().to_string();
                if applied.contains(&version) {
                    conn.revert_migration(&*migration).unwrap();
                }
                if through == Some(version.as_str()) {
                    return;
                }
            }
        })
        .await
        .unwrap();
    }

    /// A pool of `size` connections to this schema.
    pub fn pool(&self, size: usize) -> DbPool {
        db::build_pool(&self.database_url, &self.name, size).unwrap()
    }

    /// A fresh connection to this schema, for direct SQL in set-up and assertions.
    pub async fn connect(&self) -> AsyncPgConnection {
        db::connect(&self.url())
            .await
            .unwrap_or_else(|e| panic!("connect to {}: {e}", self.name))
    }

    /// `SELECT ... AS n` returning one bigint.
    pub async fn scalar(&self, sql: &str) -> i64 {
        diesel::sql_query(sql)
            .get_result::<Number>(&mut self.connect().await)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
            .n
    }

    /// Runs a statement (set-up, or breaking data on purpose).
    pub async fn execute(&self, sql: &str) {
        diesel::sql_query(sql)
            .execute(&mut self.connect().await)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    /// `SELECT ... AS line` returning text rows.
    pub async fn lines(&self, sql: &str) -> Vec<String> {
        diesel::sql_query(sql)
            .load::<Line>(&mut self.connect().await)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
            .into_iter()
            .map(|l| l.line)
            .collect()
    }

    /// Every row of every table in the schema, as JSON text (bytea as hex), one
    /// row a line. Asserts that `expected_table` is among the tables, so that a
    /// dump of the wrong (empty) schema cannot pass for "unchanged".
    pub async fn dump(&self, expected_table: &str) -> String {
        let tables = self
            .lines(&format!(
                "SELECT table_name::text AS line FROM information_schema.tables \
                 WHERE table_schema = '{}' AND table_type = 'BASE TABLE'",
                self.name
            ))
            .await;
        assert!(tables.iter().any(|t| t == expected_table), "{tables:?}");
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

impl Default for TestSchema {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for TestSchema {
    fn drop(&mut self) {
        let url = self.database_url.clone();
        let name = self.name.clone();
        // Drop runs inside the test's runtime: use a thread with its own.
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            rt.block_on(async move {
                if let Ok(mut conn) = db::connect(&url).await {
                    let _ = diesel::sql_query(format!("DROP SCHEMA IF EXISTS \"{name}\" CASCADE"))
                        .execute(&mut conn)
                        .await;
                }
            });
        })
        .join();
    }
}

/// Applies a service's migrations on a fresh schema, reverts them all (leaving no table
/// behind) and applies them again.
pub async fn assert_migrations_revert(migrations: impl Fn() -> EmbeddedMigrations) {
    let schema = TestSchema::new();
    schema.migrate(migrations()).await;
    schema.revert(migrations(), None).await;
    let tables = "SELECT count(*) AS n FROM pg_tables WHERE schemaname = current_schema() \
                  AND tablename <> '__diesel_schema_migrations'";
    assert_eq!(
        schema.scalar(tables).await,
        0,
        "a table outlives its down migration"
    );
    schema.migrate(migrations()).await;
    assert!(schema.scalar(tables).await > 0);
}

/// A listener on a free local port and its base URL.
pub fn listener() -> (TcpListener, String) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    (listener, format!("http://127.0.0.1:{port}"))
}

/// Serves `configure` (a service's routes) on a free local port; returns the base URL.
pub fn serve<F>(configure: F) -> String
where
    F: Fn(&mut actix_web::web::ServiceConfig) + Clone + Send + 'static,
{
    let (listener, base) = listener();
    tokio::spawn(crate::server::server(listener, configure).unwrap());
    base
}

/// Each calling service's own key in tests (as its `INTERNAL_API_KEY`).
pub fn caller_key(caller: Caller) -> &'static str {
    match caller {
        Caller::Gateway => "test-gateway-internal-key-0123",
        Caller::Retailstore => "test-retailstore-internal-key-0123",
        Caller::Paymentprovider => "test-paymentprovider-internal-key-0123",
        Caller::System => "test-system-internal-key-0123",
    }
}

/// What a service under test accepts: every caller's test key, so that a test can
/// show each route refusing the callers that are not its own.
pub fn internal_keys() -> InternalKeys {
    Caller::ALL
        .into_iter()
        .try_fold(InternalKeys::none(), |keys, caller| {
            keys.accept(caller, caller_key(caller))
        })
        .unwrap()
}

/// The `(variable, value)` pairs that give a service binary every caller's test key
/// and `me`'s own as `INTERNAL_API_KEY`.
pub fn internal_key_env(me: Option<Caller>) -> Vec<(&'static str, &'static str)> {
    let mut env: Vec<_> = Caller::ALL
        .into_iter()
        .map(|caller| (caller.env_var(), caller_key(caller)))
        .collect();
    if let Some(me) = me {
        env.push(("INTERNAL_API_KEY", caller_key(me)));
    }
    env
}

/// An HTTP client for black-box tests (rustls provider installed).
pub fn client() -> reqwest::Client {
    crate::internal::http_client()
}

/// The status and JSON body of a response; a body that is not JSON comes back as a JSON
/// string (what a proxy answers on its own may be plain text).
pub async fn json(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, body)
}

/// A JSON client for one running service, answering [`Answer`]s. `call` and `send`
/// take the bearer token per request; the `get`/`post`/`put`/`delete` shorthands use
/// `token` and `headers`.
#[derive(Clone)]
pub struct TestClient {
    pub base_url: String,
    pub client: reqwest::Client,
    /// The bearer token of the shorthands (`None`: anonymous).
    pub token: Option<String>,
    /// Extra headers of the shorthands.
    pub headers: Vec<(String, String)>,
}

impl TestClient {
    pub fn new(base_url: impl Into<String>, token: Option<String>) -> Self {
        Self {
            base_url: base_url.into(),
            client: client(),
            token,
            headers: Vec::new(),
        }
    }

    /// The absolute URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }

    /// This client without a token.
    pub fn anon(&self) -> Self {
        self.with_token(None)
    }

    /// This client with shorthands sending `token` (`None`: anonymous).
    pub fn with_token(&self, token: Option<&str>) -> Self {
        Self {
            token: token.map(str::to_owned),
            ..self.clone()
        }
    }

    /// This client acting as the service `caller`: no token, that service's own key.
    pub fn as_caller(&self, caller: Caller) -> Self {
        self.anon()
            .with_headers(&[(crate::internal::HEADER, caller_key(caller))])
    }

    /// This client with shorthands also sending `headers`.
    pub fn with_headers(&self, headers: &[(&str, &str)]) -> Self {
        let mut client = self.clone();
        for (name, value) in headers {
            client
                .headers
                .push(((*name).to_owned(), (*value).to_owned()));
        }
        client
    }

    /// Sends a request with an optional bearer token, extra headers and JSON body
    /// (panics if the answer is not JSON).
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
        body: Option<&Value>,
    ) -> Answer {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        Answer::of(request.send().await.unwrap()).await
    }

    /// POSTs `body` as it is, labelled JSON (a malformed body), with the shorthands'
    /// token and headers.
    pub async fn post_text(&self, path: &str, body: &'static str) -> Answer {
        self.text(Method::POST, path, body).await
    }

    /// [`post_text`](Self::post_text) with another method.
    pub async fn text(&self, method: Method, path: &str, body: &'static str) -> Answer {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        for (name, value) in &self.headers {
            request = request.header(name, value);
        }
        let request = request
            .header("content-type", "application/json")
            .body(body);
        Answer::of(request.send().await.unwrap()).await
    }

    /// [`send`](Self::send) without extra headers.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Answer {
        self.send(method, path, token, &[], body).await
    }

    /// A shorthand: `token` and `headers`.
    async fn shorthand(&self, method: Method, path: &str, body: Option<&Value>) -> Answer {
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        self.send(method, path, self.token.as_deref(), &headers, body)
            .await
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.shorthand(Method::GET, path, None).await
    }

    /// `body`: a `Value` or a reference to one.
    pub async fn post(&self, path: &str, body: impl Borrow<Value>) -> Answer {
        self.shorthand(Method::POST, path, Some(body.borrow()))
            .await
    }

    pub async fn put(&self, path: &str, body: impl Borrow<Value>) -> Answer {
        self.shorthand(Method::PUT, path, Some(body.borrow())).await
    }

    pub async fn delete(&self, path: &str) -> Answer {
        self.shorthand(Method::DELETE, path, None).await
    }
}

/// `body` (a JSON object) with the fields of `patch` set: a valid request made wrong in
/// one place.
pub fn with(mut body: Value, patch: Value) -> Value {
    let Value::Object(patch) = patch else {
        panic!("patch is not an object: {patch}")
    };
    let fields = body.as_object_mut();
    fields.expect("body is not an object").extend(patch);
    body
}

/// The `field` of each entry of `error.details` (empty without details).
pub fn detail_fields(body: &Value) -> Vec<String> {
    body["error"]["details"]
        .as_array()
        .map(|d| {
            d.iter()
                .map(|f| {
                    f["field"]
                        .as_str()
                        .unwrap_or_else(|| panic!("detail without a field: {body}"))
                        .to_owned()
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Asserts a failed envelope with this HTTP status and code and no result; returns
/// the detail fields.
pub fn assert_error(status: u16, body: &Value, want_status: u16, want_code: u64) -> Vec<String> {
    assert_eq!(status, want_status, "{body}");
    assert_eq!(body["success"], false, "{body}");
    assert_eq!(body["status"], want_status, "{body}");
    assert_eq!(body["error"]["code"], want_code, "{body}");
    assert!(body["result"].is_null(), "{body}");
    detail_fields(body)
}

/// Asserts a successful envelope (HTTP 200) and returns its `result`.
pub fn assert_ok(status: u16, body: &Value) -> &Value {
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true, "{body}");
    assert_eq!(body["status"], 200, "{body}");
    assert!(body["error"].is_null(), "{body}");
    &body["result"]
}

/// The checks of every service's health test: `/readyz` and `/healthz` answer 200,
/// and `missing_path` (an unknown route) answers 404 code 2 in the envelope.
pub async fn assert_probes(base_url: &str, missing_path: &str) {
    let client = client();
    let ready = client
        .get(format!("{base_url}/readyz"))
        .send()
        .await
        .unwrap();
    assert_eq!(ready.status(), 200);
    let alive = client
        .get(format!("{base_url}/healthz"))
        .send()
        .await
        .unwrap();
    assert_eq!(alive.status(), 200);
    let missing = client
        .get(format!("{base_url}{missing_path}"))
        .send()
        .await
        .unwrap();
    Answer::of(missing).await.error(404, 2);
}

/// Asserts that `/readyz` answers 503 (the database is unreachable).
pub async fn assert_not_ready(base_url: &str) {
    let ready = client()
        .get(format!("{base_url}/readyz"))
        .send()
        .await
        .unwrap();
    assert_eq!(ready.status(), 503);
}

/// A pool whose database cannot be reached (nothing listens on port 1).
pub fn unreachable_pool(schema: &str) -> DbPool {
    db::build_pool("postgres://postgres@127.0.0.1:1/none", schema, 1).unwrap()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn with_sets_the_fields_of_the_patch() {
        let body = json!({"name": "A", "price": 1});
        let patched = super::with(body, json!({"price": "x", "status": null}));
        assert_eq!(patched, json!({"name": "A", "price": "x", "status": null}));
    }
}
