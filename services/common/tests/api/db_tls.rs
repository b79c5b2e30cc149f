//! TLS to PostgreSQL as libpq's `sslmode` promises it, against a cluster of the test's
//! own that accepts TCP only over TLS (made like the local run's, by scripts/lib.sh:
//! a CA and a certificate for 127.0.0.1 and localhost): verify-full connects encrypted,
//! a wrong CA or host name is refused with a clear reason, verify-ca ignores the host
//! name, and a plain-text connection is refused by the server.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;

use diesel::QueryableByName;
use diesel::sql_types::{Bool, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use shop_common::db;

const MIGRATIONS: EmbeddedMigrations = embed_migrations!("tests/fixtures/migrations");

/// A private cluster on a free port, stopped and deleted on drop.
struct Cluster {
    dir: PathBuf,
    port: u16,
}

fn lib_sh(script: &str, args: &[&str]) {
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/lib.sh");
    let status = Command::new("bash")
        .arg("-c")
        .arg(format!("set -euo pipefail; source \"$0\"; {script}"))
        .arg(lib)
        .args(args)
        .status()
        .unwrap();
    assert!(status.success(), "{script} {args:?}: {status}");
}

impl Cluster {
    fn start() -> Self {
        let dir = std::env::temp_dir().join(format!("shop-db-tls-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let cluster = Self { dir, port };
        let pg = cluster.pg_dir();
        lib_sh("pg_private_start \"$1\" \"$2\"", &[&pg, &port.to_string()]);
        // Another CA, with its own server certificate nobody uses.
        lib_sh("pg_tls_files \"$1\"", &[&cluster.path("other")]);
        cluster
    }

    fn path(&self, name: &str) -> String {
        self.dir.join(name).display().to_string()
    }

    fn pg_dir(&self) -> String {
        self.path("pg")
    }

    fn ca(&self) -> String {
        self.path("pg/tls/ca.crt")
    }

    fn other_ca(&self) -> String {
        self.path("other/tls/ca.crt")
    }

    /// A URL as `user:password@host`, with `query` appended.
    fn url(&self, host: &str, query: &str) -> String {
        format!(
            "postgres://postgres:s3cret@{host}:{}/postgres?{query}",
            self.port
        )
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        lib_sh("pg_private_stop \"$1\"", &[&self.pg_dir()]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[derive(QueryableByName)]
struct Ssl {
    #[diesel(sql_type = Bool)]
    ssl: bool,
    #[diesel(sql_type = Text)]
    version: String,
}

/// This connection's row of `pg_stat_ssl`: encrypted or not, and the protocol.
async fn ssl_of(conn: &mut AsyncPgConnection) -> (bool, String) {
    let row = diesel::sql_query(
        "SELECT ssl, coalesce(version, '') AS version FROM pg_stat_ssl \
         WHERE pid = pg_backend_pid()",
    )
    .get_result::<Ssl>(conn)
    .await
    .unwrap();
    (row.ssl, row.version)
}

async fn encrypted(url: &str) -> bool {
    let mut conn = db::connect(url)
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    let (ssl, version) = ssl_of(&mut conn).await;
    assert!(!ssl || version.starts_with("TLSv1."), "{version}");
    ssl
}

async fn refused(url: &str) -> String {
    let Err(e) = db::connect(url).await else {
        panic!("{url}: connected");
    };
    let message = e.to_string();
    assert!(!message.contains("s3cret"), "the password shows: {message}");
    message
}

#[tokio::test(flavor = "multi_thread")]
async fn sslmodes_against_a_server_that_requires_tls() {
    let pg = Cluster::start();
    let ca = format!("sslrootcert={}", pg.ca());
    let other = format!("sslrootcert={}", pg.other_ca());
    // Host names the certificate is not issued for, on the same server (hostaddr).
    let elsewhere = |query: &str| {
        format!(
            "postgres://postgres:s3cret@db.invalid:{}/postgres?hostaddr=127.0.0.1&{query}",
            pg.port
        )
    };

    // verify-full: the chain and the host name, both spellings in the certificate.
    for host in ["127.0.0.1", "localhost"] {
        assert!(encrypted(&pg.url(host, &format!("sslmode=verify-full&{ca}"))).await);
    }

    // A CA that did not sign the server's certificate.
    for mode in ["verify-full", "verify-ca", "require"] {
        let message = refused(&pg.url("127.0.0.1", &format!("sslmode={mode}&{other}"))).await;
        assert!(
            message.contains("the server's certificate is not signed by the CA in sslrootcert"),
            "{mode}: {message}"
        );
    }

    // The host name: refused by verify-full, not looked at by verify-ca.
    let message = refused(&elsewhere(&format!("sslmode=verify-full&{ca}"))).await;
    assert!(
        message.contains("host name mismatch") && message.contains("db.invalid"),
        "{message}"
    );
    assert!(encrypted(&elsewhere(&format!("sslmode=verify-ca&{ca}"))).await);

    // require and prefer (the default) encrypt without checking anything.
    assert!(encrypted(&elsewhere("sslmode=require")).await);
    assert!(encrypted(&pg.url("127.0.0.1", "application_name=x")).await);

    // Plain text: the server refuses it.
    let message = refused(&pg.url("127.0.0.1", "sslmode=disable")).await;
    assert!(
        message.contains("no pg_hba.conf entry") && message.contains("no encryption"),
        "{message}"
    );

    // A wrong sslrootcert path stops the set-up with the parameter's name.
    let message = refused(&pg.url(
        "127.0.0.1",
        "sslmode=verify-full&sslrootcert=/nonexistent/ca.crt",
    ))
    .await;
    assert!(
        message.contains("sslrootcert /nonexistent/ca.crt"),
        "{message}"
    );

    // The pool and the migrations go through the same TLS.
    let url = pg.url("localhost", &format!("sslmode=verify-full&{ca}"));
    db::migrate(&url, "tls_check", MIGRATIONS).await.unwrap();
    let pool = db::build_pool(&url, "tls_check", 2).unwrap();
    let mut conn = pool.get().await.unwrap();
    assert!(ssl_of(&mut conn).await.0);
    let bad = db::build_pool(&pg.url("localhost", "sslmode=verify-full"), "tls_check", 1);
    assert!(bad.is_err(), "verify-full without sslrootcert");
}

/// A server that answers the TLS request with "no", as PostgreSQL without `ssl=on` does.
#[tokio::test]
async fn require_refuses_a_server_without_tls() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut request = [0u8; 8];
            if socket.read_exact(&mut request).await.is_ok() {
                let _ = socket.write_all(b"N").await;
            }
        }
    });
    let url = format!("postgres://postgres:s3cret@127.0.0.1:{port}/postgres?sslmode=require");
    let message = refused(&url).await;
    assert!(
        message.contains("the server does not support TLS but sslmode=require"),
        "{message}"
    );
}
