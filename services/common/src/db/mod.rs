//! The database pool and the migration runner. Each service lives in its own
//! schema: connections carry `search_path=<schema>`, so queries never name a schema
//! and the same migrations run in a test's private schema. Every connection, pooled or
//! migrating, is opened by [`Connector`], which honours libpq's `sslmode` and
//! `sslrootcert` (TLS on rustls).

use std::sync::Arc;
use std::time::Duration;

use diesel::ConnectionResult;
use diesel::expression::{AsExpression, TypedExpressionType};
use diesel::pg::Pg;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::result::QueryResult;
use diesel::sql_types::{BigInt, SqlType, Untyped};
use diesel_async::AsyncPgConnection;
use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
use diesel_async::pooled_connection::deadpool::{self, Pool};
use diesel_async::pooled_connection::{
    AsyncDieselConnectionManager, ManagerConfig, RecyclingMethod,
};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness};

mod conninfo;
mod tls;

use conninfo::ConnInfo;
pub use conninfo::SslMode;
use tls::MakeRustls;

pub type DbPool = Pool<AsyncPgConnection>;
pub type DbConn = deadpool::Object<AsyncPgConnection>;
pub type PoolError = deadpool::PoolError;

/// Whether a query failed because the database went away under it (a restart, a
/// failover, a connection cut): the request may succeed when tried again, so it is
/// answered 503 code 8, like an exhausted pool, never 500.
pub fn connection_lost(e: &diesel::result::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error};
    match e {
        Error::DatabaseError(
            DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
            _,
        ) => true,
        // PostgreSQL's admin_shutdown (57P01), crash_shutdown (57P02) and
        // cannot_connect_now (57P03) reach diesel without a kind of their own.
        Error::DatabaseError(DatabaseErrorKind::Unknown, info) => {
            let message = info.message();
            message.starts_with("terminating connection due to")
                || message.starts_with("the database system is")
        }
        _ => false,
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DbSetupError {
    #[error("invalid schema name '{0}'")]
    SchemaName(String),
    #[error("database URL: {0}")]
    Url(String),
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

/// The URL with `search_path` set to `schema` through libpq's `options` parameter and,
/// unless the URL names one, `application_name` = the schema, which is the service's
/// name outside tests: `pg_stat_activity` and the server's logs then say which service
/// holds a connection or a lock.
pub fn url_with_schema(url: &str, schema: &str) -> String {
    let sep = if url.contains('?') { '&' } else { '?' };
    let mut out = format!("{url}{sep}options=-c%20search_path%3D{schema}");
    if !url.contains("application_name=") {
        out.push_str("&application_name=");
        out.push_str(schema);
    }
    out
}

/// `e` and its causes, one after the other (the driver's errors say what failed in
/// `e` itself and why in its source).
pub(crate) fn error_chain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        let text = cause.to_string();
        if !out.ends_with(&text) {
            out.push_str(": ");
            out.push_str(&text);
        }
        source = cause.source();
    }
    out
}

/// Opens connections to one database URL: its parameters read once, TLS set up once
/// (the `sslrootcert` file is read here, so a wrong path fails at start).
#[derive(Clone)]
pub struct Connector {
    info: ConnInfo,
    tls: MakeRustls,
}

impl Connector {
    pub fn new(url: &str) -> Result<Self, DbSetupError> {
        let info = ConnInfo::parse(url).map_err(DbSetupError::Url)?;
        let tls = MakeRustls::new(&info).map_err(DbSetupError::Url)?;
        Ok(Self { info, tls })
    }

    /// The URL's `sslmode` (`prefer` when it names none).
    pub fn sslmode(&self) -> SslMode {
        self.info.sslmode
    }

    /// A new connection. A failure names the server and the reason, never the URL (it
    /// may hold a password).
    pub async fn connect(&self) -> ConnectionResult<AsyncPgConnection> {
        let (client, connection) = self
            .info
            .driver
            .connect(self.tls.clone())
            .await
            .map_err(|e| diesel::ConnectionError::BadConnection(self.describe(&e)))?;
        AsyncPgConnection::try_from_client_and_connection(client, connection).await
    }

    fn describe(&self, e: &tokio_postgres::Error) -> String {
        use std::error::Error as _;
        // The driver's own words for a server that answered the TLS request with "no".
        let no_tls = e.as_db_error().is_none()
            && e.source()
                .is_some_and(|s| s.to_string() == "server does not support TLS");
        let reason = if no_tls {
            format!(
                "the server does not support TLS but sslmode={}",
                self.info.sslmode.as_str()
            )
        } else {
            error_chain(e)
        };
        format!(
            "cannot connect to PostgreSQL at {}: {reason}",
            self.info.describe_server()
        )
    }
}

/// One connection to `url` (set-up, tests, tools): see [`Connector`].
pub async fn connect(url: &str) -> ConnectionResult<AsyncPgConnection> {
    Connector::new(url)
        .map_err(|e| diesel::ConnectionError::BadConnection(e.to_string()))?
        .connect()
        .await
}

/// A pool of `size` connections. A connection goes back into use without a `SELECT 1`
/// round trip (`RecyclingMethod::Fast`): the manager still drops a connection that was
/// left inside a transaction or whose socket the server closed (the client notices
/// that without a query). The ping cost one round trip per checkout, several per order.
pub fn build_pool(url: &str, schema: &str, size: usize) -> Result<DbPool, DbSetupError> {
    check_schema(schema)?;
    let url = url_with_schema(url, schema);
    let connector = Arc::new(Connector::new(&url)?);
    let mut config = ManagerConfig::default();
    config.recycling_method = RecyclingMethod::Fast;
    // The manager's URL is unused: connections come from the connector parsed above.
    config.custom_setup = Box::new(move |_url| {
        let connector = connector.clone();
        Box::pin(async move { connector.connect().await })
    });
    let manager = AsyncDieselConnectionManager::<AsyncPgConnection>::new_with_config(url, config);
    Pool::builder(manager)
        .max_size(size.max(1))
        .wait_timeout(Some(Duration::from_secs(5)))
        .create_timeout(Some(Duration::from_secs(5)))
        .recycle_timeout(Some(Duration::from_secs(5)))
        .runtime(::deadpool::Runtime::Tokio1)
        .build()
        .map_err(|e| DbSetupError::Pool(e.to_string()))
}

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

/// `MIGRATE_ON_START` [true]: the service migrates its schema at start (local runs, a
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

/// Raw SQL that the connection keeps prepared, like diesel's `sql_query` but cached:
/// `sql_query` is never cached, so diesel-async prepares it again on every call (one
/// more round trip and a parse on the server). Here the statement cache is keyed by
/// the SQL text, so use a fixed text (no values formatted into it): every value is a
/// bind. Placeholders `$1`, `$2`, ... appear once each, in order, one per `bind`.
/// Results load through `QueryableByName`, as with `sql_query`.
pub fn cached_sql(sql: impl Into<String>) -> CachedSql<'static> {
    CachedSql {
        sql: sql.into(),
        binds: Vec::new(),
    }
}

/// See [`cached_sql`].
#[must_use = "Queries are only executed when calling `load`, `get_result` or similar."]
pub struct CachedSql<'a> {
    sql: String,
    binds: Vec<Box<dyn QueryFragment<Pg> + Send + 'a>>,
}

impl<'a> CachedSql<'a> {
    /// Binds the next placeholder to `value` as SQL type `ST`.
    pub fn bind<'b, ST, T>(self, value: T) -> CachedSql<'b>
    where
        'a: 'b,
        ST: SqlType + TypedExpressionType,
        T: AsExpression<ST>,
        T::Expression: QueryFragment<Pg> + Send + 'b,
    {
        let mut binds: Vec<Box<dyn QueryFragment<Pg> + Send + 'b>> = self.binds;
        binds.push(Box::new(value.as_expression()));
        CachedSql {
            sql: self.sql,
            binds,
        }
    }
}

/// `sql` cut at its placeholders: the text before each, then the rest. `None` unless the
/// placeholders are exactly `$1` to `$binds`, each once, in order.
fn split_placeholders(sql: &str, binds: usize) -> Option<(Vec<&str>, &str)> {
    let bytes = sql.as_bytes();
    let mut pieces = Vec::with_capacity(binds);
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        if bytes[i] == b'$' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
            let end = (i + 1..bytes.len())
                .find(|&j| !bytes[j].is_ascii_digit())
                .unwrap_or(bytes.len());
            let number: usize = sql[i + 1..end].parse().ok()?;
            if number != pieces.len() + 1 {
                return None;
            }
            pieces.push(&sql[start..i]);
            (start, i) = (end, end);
        } else {
            i += 1;
        }
    }
    (pieces.len() == binds).then_some((pieces, &sql[start..]))
}

impl QueryFragment<Pg> for CachedSql<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        let (pieces, rest) = split_placeholders(&self.sql, self.binds.len()).ok_or_else(|| {
            diesel::result::Error::QueryBuilderError(
                format!("placeholders do not match {} binds", self.binds.len()).into(),
            )
        })?;
        for (piece, bind) in pieces.into_iter().zip(&self.binds) {
            out.push_sql(piece);
            bind.walk_ast(out.reborrow())?;
        }
        out.push_sql(rest);
        Ok(())
    }
}

impl QueryId for CachedSql<'_> {
    type QueryId = ();
    // No type id: the statement cache keys the statement by its SQL text.
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Query for CachedSql<'_> {
    type SqlType = Untyped;
}

impl<Conn> diesel::RunQueryDsl<Conn> for CachedSql<'_> {}

/// Stores each listed enum as its text (`as_str`, read back with `parse`; CHECK
/// constraints keep the columns honest). It is invoked in a service's `models`, so that
/// the domain's enums carry no diesel: the column mapping diesel's derives would put on
/// the type comes from a stand-in (`foreign_derive`) here.
#[macro_export]
macro_rules! text_enum {
    ($($ty:ty),* $(,)?) => {$(
        const _: () = {
            use ::diesel::deserialize::{self, FromSql};
            use ::diesel::pg::{Pg, PgValue};
            use ::diesel::serialize::{self, Output, ToSql};
            use ::diesel::sql_types::Text;

            impl FromSql<Text, Pg> for $ty {
                fn from_sql(bytes: PgValue<'_>) -> deserialize::Result<Self> {
                    let text = <String as FromSql<Text, Pg>>::from_sql(bytes)?;
                    <$ty>::parse(&text)
                        .ok_or_else(|| format!("unexpected {} '{text}'", stringify!($ty)).into())
                }
            }

            impl ToSql<Text, Pg> for $ty {
                fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Pg>) -> serialize::Result {
                    <str as ToSql<Text, Pg>>::to_sql(self.as_str(), out)
                }
            }

            #[derive(::diesel::expression::AsExpression, ::diesel::deserialize::FromSqlRow)]
            #[diesel(foreign_derive, sql_type = Text)]
            struct Stored($ty);
        };
    )*};
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

    use super::*;

    #[test]
    fn a_lost_connection_is_told_from_other_failures() {
        use diesel::result::{DatabaseErrorKind as Kind, Error};
        let db = |kind, message: &str| Error::DatabaseError(kind, Box::new(message.to_owned()));
        assert!(connection_lost(&db(
            Kind::UnableToSendCommand,
            "connection closed"
        )));
        assert!(connection_lost(&db(Kind::ClosedConnection, "closed")));
        assert!(connection_lost(&db(
            Kind::Unknown,
            "terminating connection due to administrator command"
        )));
        assert!(connection_lost(&db(
            Kind::Unknown,
            "the database system is shutting down"
        )));
        assert!(!connection_lost(&db(
            Kind::UniqueViolation,
            "duplicate key"
        )));
        assert!(!connection_lost(&db(Kind::Unknown, "division by zero")));
        assert!(!connection_lost(&Error::NotFound));
    }

    #[test]
    fn placeholders() {
        assert_eq!(
            split_placeholders("SELECT $1 + $2::int, '$'", 2),
            Some((vec!["SELECT ", " + "], "::int, '$'"))
        );
        assert_eq!(
            split_placeholders("SELECT 1", 0),
            Some((vec![], "SELECT 1"))
        );
        assert_eq!(
            split_placeholders("WHERE a = $10", 1),
            None,
            "numbered out of order"
        );
        assert_eq!(split_placeholders("WHERE a = $2 AND b = $1", 2), None);
        assert_eq!(split_placeholders("WHERE a = $1", 2), None);
        assert_eq!(split_placeholders("WHERE a = $1 OR b = $1", 1), None);
    }

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
            "postgres://h/db?options=-c%20search_path%3Didentity&application_name=identity"
        );
        assert!(url_with_schema("postgres://h/db?sslmode=disable", "x").contains("&options="));
        // A name set by the operator wins.
        assert_eq!(
            url_with_schema("postgres://h/db?application_name=job", "x"),
            "postgres://h/db?application_name=job&options=-c%20search_path%3Dx"
        );
    }
}
