//! Each service logs in with its own role that owns its schema and nothing else: it
//! migrates a schema made for it beforehand without CREATE on the database, its
//! connections say who they are, and another service's tables stay out of reach.

use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Text};
use diesel_async::RunQueryDsl;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use shop_common::db;

const MIGRATIONS: EmbeddedMigrations = embed_migrations!("tests/fixtures/migrations");

fn server_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

/// `url` logging in as `role` (the test server trusts local logins).
fn as_role(url: &str, role: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap();
    let host = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
    format!("{scheme}://{role}@{host}")
}

#[derive(QueryableByName)]
struct Name {
    #[diesel(sql_type = Text)]
    name: String,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// Two service roles, each owning a schema of the same name, made as a DBA would; both
/// dropped at the end.
struct Roles {
    admin: String,
    names: [String; 2],
}

impl Roles {
    async fn new() -> Self {
        let suffix = uuid::Uuid::new_v4().simple().to_string();
        let names = [
            format!("svc_a_{}", &suffix[..12]),
            format!("svc_b_{}", &suffix[..12]),
        ];
        let admin = server_url();
        let mut conn = shop_common::db::connect(&admin).await.unwrap();
        for name in &names {
            for sql in [
                format!("CREATE ROLE {name} LOGIN"),
                format!("CREATE SCHEMA {name} AUTHORIZATION {name}"),
            ] {
                diesel::sql_query(sql).execute(&mut conn).await.unwrap();
            }
        }
        Self { admin, names }
    }

    async fn drop_all(&self) {
        let mut conn = shop_common::db::connect(&self.admin).await.unwrap();
        for name in &self.names {
            for sql in [
                format!("DROP SCHEMA IF EXISTS {name} CASCADE"),
                format!("DROP OWNED BY {name}"),
                format!("DROP ROLE IF EXISTS {name}"),
            ] {
                diesel::sql_query(sql).execute(&mut conn).await.unwrap();
            }
        }
    }
}

#[tokio::test]
async fn a_service_role_migrates_its_own_schema_and_cannot_read_another() {
    let roles = Roles::new().await;
    let [a, b] = &roles.names;
    let url_a = as_role(&server_url(), a);
    let url_b = as_role(&server_url(), b);

    // The schemas exist already; neither role may create anything in the database.
    db::migrate(&url_a, a, MIGRATIONS).await.unwrap();
    db::migrate(&url_b, b, MIGRATIONS).await.unwrap();
    // Running again (the next replica, the next release) changes nothing and still works.
    db::migrate(&url_a, a, MIGRATIONS).await.unwrap();
    let refused = db::migrate(&url_a, &format!("{a}_extra"), MIGRATIONS).await;
    assert!(
        refused.is_err(),
        "a service role must not be able to create schemas"
    );

    let pool = db::build_pool(&url_a, a, 1).unwrap();
    let mut conn = pool.get().await.unwrap();
    let who = diesel::sql_query(
        "SELECT current_user::text || '/' || current_setting('application_name') AS name",
    )
    .get_result::<Name>(&mut conn)
    .await
    .unwrap();
    assert_eq!(who.name, format!("{a}/{a}"));
    let own = diesel::sql_query("SELECT count(*) AS n FROM probe")
        .get_result::<Count>(&mut conn)
        .await
        .unwrap();
    assert_eq!(own.n, 1);

    let other = diesel::sql_query(format!("SELECT count(*) AS n FROM {b}.probe"))
        .get_result::<Count>(&mut conn)
        .await;
    let message = other.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        message.contains("permission denied"),
        "another service's table must be refused, got: {message:?}"
    );
    drop(conn);
    drop(pool);
    roles.drop_all().await;
}

/// Where a migration Job owns the schema (`MIGRATE_ON_START=false`), a service running
/// as a role without DDL only checks it: not migrated yet, or migrated by a newer
/// release, it refuses to start and says which.
#[tokio::test]
async fn a_runtime_role_without_ddl_checks_the_schema_the_owner_migrated() {
    let roles = Roles::new().await;
    let [owner, _] = &roles.names;
    let runtime = format!("{owner}_app");
    let admin_url = server_url();
    let mut admin = db::connect(&admin_url).await.unwrap();
    diesel::sql_query(format!("CREATE ROLE {runtime} LOGIN"))
        .execute(&mut admin)
        .await
        .unwrap();
    let (owner_url, runtime_url) = (as_role(&admin_url, owner), as_role(&admin_url, &runtime));

    let before = db::check_migrated(&runtime_url, owner, MIGRATIONS).await;
    let message = before.unwrap_err().to_string();
    assert!(message.contains("migrate"), "{message}");

    db::migrate(&owner_url, owner, MIGRATIONS).await.unwrap();
    for grant in [
        format!("GRANT USAGE ON SCHEMA {owner} TO {runtime}"),
        format!(
            "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {owner} TO {runtime}"
        ),
    ] {
        diesel::sql_query(grant).execute(&mut admin).await.unwrap();
    }
    db::check_migrated(&runtime_url, owner, MIGRATIONS)
        .await
        .unwrap();
    // The runtime role cannot change the schema (a transaction-mode pooler in front of
    // it never sees DDL).
    let pool = db::build_pool(&runtime_url, owner, 1).unwrap();
    let mut conn = pool.get().await.unwrap();
    let ddl = diesel::sql_query("CREATE TABLE sneaky (id int)")
        .execute(&mut conn)
        .await;
    assert!(ddl.is_err(), "the runtime role must not create tables");
    drop(conn);
    drop(pool);

    // A newer release migrated the schema: this binary refuses it.
    diesel::sql_query(format!(
        "INSERT INTO {owner}.__diesel_schema_migrations (version) VALUES ('29991231000000')"
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    let newer = db::check_migrated(&runtime_url, owner, MIGRATIONS).await;
    let message = newer.unwrap_err().to_string();
    assert!(
        message.contains("29991231000000") && message.contains("newer"),
        "{message}"
    );

    diesel::sql_query(format!("DROP OWNED BY {runtime}"))
        .execute(&mut admin)
        .await
        .unwrap();
    diesel::sql_query(format!("DROP ROLE {runtime}"))
        .execute(&mut admin)
        .await
        .unwrap();
    roles.drop_all().await;
}
