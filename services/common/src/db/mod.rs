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
use diesel::sql_types::{SqlType, Untyped};
use diesel_async::AsyncPgConnection;
use diesel_async::pooled_connection::deadpool::{self, Pool};
use diesel_async::pooled_connection::{
    AsyncDieselConnectionManager, ManagerConfig, RecyclingMethod,
};

mod conninfo;
mod migrate;
mod tls;

use conninfo::ConnInfo;
pub use conninfo::SslMode;
pub use migrate::{
    MIGRATE_ON_START, MIGRATION_DATABASE_URL, check_migrated, migrate, migration_url,
    migration_url_from_env, prepare,
};
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
