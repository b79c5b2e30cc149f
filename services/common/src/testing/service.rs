//! A service spawned for black-box tests: its own fresh schema with its migrations, a
//! pool on it, a [`TestTokens`] key it trusts, and a [`TestClient`] whose shorthands
//! act as admin. Each crate's `TestApp` wraps this with its domain fixtures.

use std::ops::Deref;

use actix_web::web::ServiceConfig;
use diesel_migrations::EmbeddedMigrations;

use super::{TestClient, TestSchema, TestTokens, serve};
use crate::auth::{Role, TokenVerifier};
use crate::db::DbPool;

pub struct TestService {
    /// Its shorthands send [`admin`](Self::admin).
    pub http: TestClient,
    pub pool: DbPool,
    pub tokens: TestTokens,
    pub admin: String,
    pub staff: String,
    // Dropped last: removes the schema.
    pub schema: TestSchema,
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
        let tokens = TestTokens::new();
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
}

impl Deref for TestService {
    type Target = TestClient;

    fn deref(&self) -> &TestClient {
        &self.http
    }
}
