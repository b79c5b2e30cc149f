//! The database pool and the migration runner. Each service lives in its own
//! schema: connections carry `search_path=<schema>`, so queries never name a schema
//! and the same migrations run in a test's private schema.

use std::time::Duration;

use diesel::sql_types::BigInt;
use diesel_async::AsyncPgConnection;
use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
use diesel_async::pooled_connection::AsyncDieselConnectionManager;
use diesel_async::pooled_connection::deadpool::{self, Pool};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness};

pub type DbPool = Pool<AsyncPgConnection>;
pub type DbConn = deadpool::Object<AsyncPgConnection>;
pub type PoolError = deadpool::PoolError;

#[derive(Debug, thiserror::Error)]
pub enum DbSetupError {
    #[error("invalid schema name '{0}'")]
    SchemaName(String),
    #[error("database pool: {0}")]
    Pool(String),
    #[error("migration: {0}")]
    Migration(String),
}

/// Only plain lower-case identifiers are accepted as schema names.
fn check_schema(schema: &str) -> Result<(), DbSetupError> {
    let ok = !schema.is_empty()
        && schema.len() <= 63
        && schema
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !schema.starts_with(|c: char| c.is_ascii_digit());
    if ok {
        Ok(())
    } else {
        Err(DbSetupError::SchemaName(schema.to_owned()))
    }
}

/// The URL with `search_path` set to `schema` through libpq's `options` parameter.
pub fn url_with_schema(url: &str, schema: &str) -> String {
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}options=-c%20search_path%3D{schema}")
}

pub fn build_pool(url: &str, schema: &str, size: usize) -> Result<DbPool, DbSetupError> {
    check_schema(schema)?;
    let manager =
        AsyncDieselConnectionManager::<AsyncPgConnection>::new(url_with_schema(url, schema));
    Pool::builder(manager)
        .max_size(size.max(1))
        .wait_timeout(Some(Duration::from_secs(5)))
        .create_timeout(Some(Duration::from_secs(5)))
        .recycle_timeout(Some(Duration::from_secs(5)))
        .runtime(::deadpool::Runtime::Tokio1)
        .build()
        .map_err(|e| DbSetupError::Pool(e.to_string()))
}

/// A stable advisory-lock key per schema (FNV-1a), so replicas of one service
/// serialise their migrations while different services do not wait for each other.
fn lock_key(schema: &str) -> i64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in format!("shop-migrate:{schema}").bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    i64::from_ne_bytes(h.to_ne_bytes())
}

/// Creates the schema if missing and runs the pending embedded migrations, holding
/// a PostgreSQL advisory lock for the whole run.
pub async fn migrate(
    url: &str,
    schema: &str,
    migrations: EmbeddedMigrations,
) -> Result<(), DbSetupError> {
    check_schema(schema)?;
    let url = url_with_schema(url, schema);
    let schema = schema.to_owned();
    // The sync migration harness blocks; keep it off the async worker threads.
    tokio::task::spawn_blocking(move || -> Result<(), DbSetupError> {
        use diesel::{Connection, RunQueryDsl};
        let mut conn = AsyncConnectionWrapper::<AsyncPgConnection>::establish(&url)
            .map_err(|e| DbSetupError::Migration(e.to_string()))?;
        let key = lock_key(&schema);
        diesel::sql_query("SELECT pg_advisory_lock($1)")
            .bind::<BigInt, _>(key)
            .execute(&mut conn)
            .map_err(|e| DbSetupError::Migration(e.to_string()))?;
        let result = diesel::sql_query(format!("CREATE SCHEMA IF NOT EXISTS \"{schema}\""))
            .execute(&mut conn)
            .map_err(|e| DbSetupError::Migration(e.to_string()))
            .and_then(|_| {
                conn.run_pending_migrations(migrations)
                    .map(|_| ())
                    .map_err(|e| DbSetupError::Migration(e.to_string()))
            });
        let unlock = diesel::sql_query("SELECT pg_advisory_unlock($1)")
            .bind::<BigInt, _>(key)
            .execute(&mut conn);
        result?;
        unlock.map_err(|e| DbSetupError::Migration(e.to_string()))?;
        Ok(())
    })
    .await
    .map_err(|e| DbSetupError::Migration(e.to_string()))?
}

/// `SELECT 1` through the pool: the readiness probe.
pub async fn ping(pool: &DbPool) -> bool {
    use diesel_async::RunQueryDsl as _;
    let Ok(mut conn) = pool.get().await else {
        return false;
    };
    diesel::sql_query("SELECT 1")
        .execute(&mut conn)
        .await
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_names() {
        assert!(check_schema("identity").is_ok());
        assert!(check_schema("t_3f9a").is_ok());
        assert!(check_schema("Bad").is_err());
        assert!(check_schema("x\"; DROP").is_err());
        assert!(check_schema("").is_err());
    }

    #[test]
    fn url_options() {
        assert_eq!(
            url_with_schema("postgres://h/db", "identity"),
            "postgres://h/db?options=-c%20search_path%3Didentity"
        );
        assert!(url_with_schema("postgres://h/db?sslmode=disable", "x").contains("&options="));
    }
}
