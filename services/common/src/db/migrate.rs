//! Migrations: run them (at start, or `<binary> migrate` in a Job, under an advisory
//! lock) or only check that the schema holds exactly the ones this binary knows.

use diesel::sql_types::BigInt;
use diesel_async::AsyncPgConnection;
use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness};

use super::{Connector, DbSetupError, check_schema, url_with_schema};

/// The variable naming the role migrations log in as, when it is not the service's.
pub const MIGRATION_DATABASE_URL: &str = "MIGRATION_DATABASE_URL";

/// The URL the migrations at start connect with: `MIGRATION_DATABASE_URL` (or its
/// `_FILE`) when set, so that the schema's owner runs the DDL while the pool logs in as
/// a role with only the grants the service needs; else `database_url`, the pool's own.
pub fn migration_url(database_url: &str) -> Result<String, crate::config::ConfigError> {
    Ok(crate::config::lookup(MIGRATION_DATABASE_URL)?.unwrap_or_else(|| database_url.to_owned()))
}

/// The URL of `<binary> migrate`: `MIGRATION_DATABASE_URL` when set, else `DATABASE_URL`
/// (then required), so a migration Job needs only one of them.
pub fn migration_url_from_env() -> Result<String, crate::config::ConfigError> {
    match crate::config::lookup(MIGRATION_DATABASE_URL)? {
        Some(url) => Ok(url),
        None => crate::config::required("DATABASE_URL"),
    }
}

/// `MIGRATE_ON_START` \[true\]: the service migrates its schema at start (local runs, a
/// single-replica install). `false` where a migration Job (an Argo CD PreSync hook, a
/// Helm pre-upgrade hook) runs `<binary> migrate` with the schema owner's login first:
/// the service then only checks the schema and runs as a role without DDL.
pub const MIGRATE_ON_START: &str = "MIGRATE_ON_START";

/// At start: migrate (see [`MIGRATE_ON_START`]), or check that the database holds
/// exactly the migrations this binary knows. A schema with a migration this binary does
/// not know (a newer release's; a rollback to an older image) or one not yet migrated
/// refuses to start with a message that says which.
pub async fn prepare(
    database_url: &str,
    schema: &str,
    migrations: EmbeddedMigrations,
) -> Result<(), DbSetupError> {
    let migrate_on_start = crate::config::parse_or(MIGRATE_ON_START, true)
        .map_err(|e| DbSetupError::Migration(e.to_string()))?;
    if migrate_on_start {
        let url = migration_url(database_url).map_err(|e| DbSetupError::Url(e.to_string()))?;
        return migrate(&url, schema, migrations).await;
    }
    check_migrated(database_url, schema, migrations).await
}

/// Compares the schema's applied migrations with `migrations` (see [`prepare`]).
pub async fn check_migrated(
    database_url: &str,
    schema: &str,
    migrations: EmbeddedMigrations,
) -> Result<(), DbSetupError> {
    use diesel::migration::MigrationSource;
    check_schema(schema)?;
    let known: Vec<String> = MigrationSource::<diesel::pg::Pg>::migrations(&migrations)
        .map_err(|e| DbSetupError::Migration(e.to_string()))?
        .iter()
        .map(|m| m.name().version().to_string())
        .collect();
    let mut conn = Connector::new(&url_with_schema(database_url, schema))?
        .connect()
        .await
        .map_err(|e| DbSetupError::Migration(e.to_string()))?;
    let applied: Vec<Version> = diesel_async::RunQueryDsl::load(
        diesel::sql_query(format!(
            "SELECT version FROM \"{schema}\".__diesel_schema_migrations ORDER BY version"
        )),
        &mut conn,
    )
    .await
    .map_err(|e| {
        DbSetupError::Migration(format!(
            "schema {schema} is not migrated ({e}): run `migrate` (the migration Job) first"
        ))
    })?;
    let applied: Vec<String> = applied.into_iter().map(|v| v.version).collect();
    schema_state(schema, &known, &applied)
}

#[derive(diesel::QueryableByName)]
struct Version {
    #[diesel(sql_type = diesel::sql_types::Text)]
    version: String,
}

/// The verdict of [`check_migrated`] on the versions themselves.
fn schema_state(schema: &str, known: &[String], applied: &[String]) -> Result<(), DbSetupError> {
    let unknown: Vec<&str> = applied
        .iter()
        .filter(|v| !known.contains(v))
        .map(String::as_str)
        .collect();
    if !unknown.is_empty() {
        return Err(DbSetupError::Migration(format!(
            "schema {schema} holds migrations this release does not know ({}): it is newer \
             than this binary; deploy the release that wrote them",
            unknown.join(", ")
        )));
    }
    let pending: Vec<&str> = known
        .iter()
        .filter(|v| !applied.contains(v))
        .map(String::as_str)
        .collect();
    if !pending.is_empty() {
        return Err(DbSetupError::Migration(format!(
            "schema {schema} lacks migrations {}: run `migrate` (the migration Job) first",
            pending.join(", ")
        )));
    }
    Ok(())
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

/// How long a migration's DDL may wait for a table lock before it gives up. Replicas of
/// the previous release keep serving during a rollout; an `ALTER TABLE` queued behind
/// their long transaction would block every later query on that table, so it fails
/// fast instead and the pod retries (expand/contract keeps each step short).
const MIGRATION_LOCK_TIMEOUT: &str = "10s";

/// Runs the pending embedded migrations, holding a PostgreSQL advisory lock for the
/// whole run. The schema is created only when missing: a service whose role owns a
/// schema made beforehand (production) never needs CREATE on the database, and
/// `CREATE SCHEMA IF NOT EXISTS` would ask for it even when the schema is there.
pub async fn migrate(
    url: &str,
    schema: &str,
    migrations: EmbeddedMigrations,
) -> Result<(), DbSetupError> {
    check_schema(schema)?;
    let conn = Connector::new(&url_with_schema(url, schema))?
        .connect()
        .await
        .map_err(|e| DbSetupError::Migration(e.to_string()))?;
    let schema = schema.to_owned();
    // The sync migration harness blocks; keep it off the async worker threads.
    tokio::task::spawn_blocking(move || -> Result<(), DbSetupError> {
        use diesel::RunQueryDsl;
        let mut conn = AsyncConnectionWrapper::<AsyncPgConnection>::from(conn);
        let key = lock_key(&schema);
        // Waiting for another replica's migration is expected: no lock_timeout yet.
        diesel::sql_query("SELECT pg_advisory_lock($1)")
            .bind::<BigInt, _>(key)
            .execute(&mut conn)
            .map_err(|e| DbSetupError::Migration(e.to_string()))?;
        let result = ensure_schema(&mut conn, &schema).and_then(|()| {
            diesel::sql_query(format!("SET lock_timeout = '{MIGRATION_LOCK_TIMEOUT}'"))
                .execute(&mut conn)
                .map_err(|e| DbSetupError::Migration(e.to_string()))?;
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

#[derive(diesel::QueryableByName)]
struct Present {
    #[diesel(sql_type = diesel::sql_types::Bool)]
    present: bool,
}

/// Creates `schema` unless it exists (a checked identifier, see `check_schema`).
fn ensure_schema(
    conn: &mut AsyncConnectionWrapper<AsyncPgConnection>,
    schema: &str,
) -> Result<(), DbSetupError> {
    use diesel::RunQueryDsl;
    let found = diesel::sql_query(
        "SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1) AS present",
    )
    .bind::<diesel::sql_types::Text, _>(schema)
    .get_result::<Present>(conn)
    .map_err(|e| DbSetupError::Migration(e.to_string()))?;
    if !found.present {
        diesel::sql_query(format!("CREATE SCHEMA IF NOT EXISTS \"{schema}\""))
            .execute(conn)
            .map_err(|e| DbSetupError::Migration(e.to_string()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_schema_must_hold_exactly_the_known_migrations() {
        let v = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let known = v(&["20261122000000", "20261124000000"]);
        assert!(super::schema_state("shop", &known, &known).is_ok());
        let newer = super::schema_state(
            "shop",
            &known,
            &v(&["20261122000000", "20261124000000", "20270101000000"]),
        );
        let newer = newer.unwrap_err().to_string();
        assert!(
            newer.contains("20270101000000") && newer.contains("newer"),
            "{newer}"
        );
        let older = super::schema_state("shop", &known, &v(&["20261122000000"]));
        let older = older.unwrap_err().to_string();
        assert!(
            older.contains("20261124000000") && older.contains("migrate"),
            "{older}"
        );
    }
}
