//! A service spawned for black-box tests: its own fresh schema with its migrations, a
//! pool on it, a [`TestTokens`] key it trusts, and a [`TestClient`] whose shorthands
//! act as admin. Each crate's `TestApp` wraps this with its domain fixtures.

use std::ops::Deref;
use std::sync::Arc;

use actix_web::web::ServiceConfig;
use diesel_migrations::EmbeddedMigrations;

use super::{TestClient, TestSchema, TestTokens, serve};
use crate::auth::{Role, TokenVerifier};
use crate::db::DbPool;

pub struct TestService {
    /// Its shorthands send [`admin`](Self::admin).
    pub http: TestClient,
    pub pool: DbPool,
    /// Shared with [`replica`](Self::replica)s.
    pub tokens: Arc<TestTokens>,
    pub admin: String,
    pub staff: String,
    /// Shared with replicas; the last one dropped removes the schema.
    pub schema: Arc<TestSchema>,
}

impl TestService {
    /// Migrates a fresh schema with `migrations`, opens a pool of `pool_size` on it and
    /// serves the routes `app` builds from that pool and a verifier trusting the test
    /// key. Needs a multi-threaded tokio runtime (migrations block).
    pub async fn spawn<F, C>(migrations: EmbeddedMigrations, pool_size: usize, app: F) -> Self
    where
        F: FnOnce(DbPool, TokenVerifier) -> C,
        C: Fn(&mut ServiceConfig) + Clone + Send + 'static,
    {
        let schema = TestSchema::new();
        schema.migrate(migrations).await;
        let pool = schema.pool(pool_size);
        Self::start(Arc::new(schema), Arc::new(TestTokens::new()), pool, app)
    }

    /// Serves the routes `app` builds from `pool` on a schema already migrated,
    /// trusting `tokens` (a custom pool, or a second instance of a service).
    pub fn start<F, C>(
        schema: Arc<TestSchema>,
        tokens: Arc<TestTokens>,
        pool: DbPool,
        app: F,
    ) -> Self
    where
        F: FnOnce(DbPool, TokenVerifier) -> C,
        C: Fn(&mut ServiceConfig) + Clone + Send + 'static,
    {
        let base = serve(app(pool.clone(), tokens.verifier()));
        let admin = tokens.token(Role::Admin);
        Self {
            http: TestClient::new(base, Some(admin.clone())),
            pool,
            staff: tokens.token(Role::Staff),
            admin,
            tokens,
            schema,
        }
    }

    /// Another instance of the service (a second replica): the same schema and
    /// trusted key, its own pool of `pool_size`, process state and port.
    pub fn replica<F, C>(&self, pool_size: usize, app: F) -> Self
    where
        F: FnOnce(DbPool, TokenVerifier) -> C,
        C: Fn(&mut ServiceConfig) + Clone + Send + 'static,
    {
        let pool = self.schema.pool(pool_size);
        Self::start(self.schema.clone(), self.tokens.clone(), pool, app)
    }

    /// A client acting as staff.
    pub fn as_staff(&self) -> TestClient {
        self.http.with_token(Some(&self.staff))
    }

    /// `SELECT ... AS n` returning one bigint.
    pub async fn scalar(&self, sql: &str) -> i64 {
        self.schema.scalar(sql).await
    }

    /// Runs a statement (set-up, or breaking data on purpose).
    pub async fn execute(&self, sql: &str) {
        self.schema.execute(sql).await;
    }

    /// `SELECT ... AS line` returning text rows.
    pub async fn lines(&self, sql: &str) -> Vec<String> {
        self.schema.lines(sql).await
    }

    /// The audit log as `actor|action|target|detail` lines, oldest first.
    pub async fn audit(&self) -> Vec<String> {
        self.lines(
            "SELECT concat_ws('|', actor, action, target, detail) AS line FROM audit_log \
             ORDER BY at, id",
        )
        .await
    }
}

impl Deref for TestService {
    type Target = TestClient;

    fn deref(&self) -> &TestClient {
        &self.http
    }
}
