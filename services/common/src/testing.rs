//! Test support: each test gets its own fresh schema in the test database
//! (`TEST_DATABASE_URL`, default the machine's PostgreSQL), dropped afterwards.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::TcpListener;

use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

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
                if let Ok(mut conn) = AsyncPgConnection::establish(&url).await {
                    let _ = diesel::sql_query(format!("DROP SCHEMA IF EXISTS \"{name}\" CASCADE"))
                        .execute(&mut conn)
                        .await;
                }
            });
        })
        .join();
    }
}

/// A listener on a free local port and its base URL.
pub fn listener() -> (TcpListener, String) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    (listener, format!("http://127.0.0.1:{port}"))
}

/// A key long enough for `INTERNAL_API_KEY` checks.
pub const INTERNAL_KEY: &str = "test-internal-key-0123456789";

/// An HTTP client for black-box tests (rustls provider installed).
pub fn client() -> reqwest::Client {
    crate::internal::http_client()
}
