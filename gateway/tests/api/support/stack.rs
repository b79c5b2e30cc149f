//! The real service binaries on a database of the test's own: each binds port 0 and logs
//! the address the system gave it, so no port is picked here and lost to another test
//! before use. Shared by the tests that run the services as they ship (trace,
//! notifications).
//!
//! The service binaries are built (or found fresh) with the same cargo that runs the test.

use std::collections::BTreeMap;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use diesel::QueryableByName;
use diesel::sql_types::Text;
use diesel_async::RunQueryDsl;
use shop_common::internal::Caller;
use shop_common::testing::{database_url, internal_key_env};

/// A running binary, killed when dropped; its output goes to `log`.
pub struct Running(pub Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Where cargo put the binaries (the gateway's, which cargo built for this test).
pub fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_gateway"))
        .parent()
        .unwrap()
        .to_owned()
}

/// Builds the binaries of `packages` unless a build already made them fresh.
pub fn build_services(packages: &[&str]) {
    let mut cmd = Command::new(env!("CARGO"));
    cmd.args(["build", "--quiet", "--bins"]);
    for package in packages {
        cmd.args(["-p", package]);
    }
    // What cargo sets for this test's own crate: some build scripts watch these (ring's
    // CARGO_MANIFEST_DIR), and a build that saw other values (a `cargo build` in a shell)
    // would otherwise be redone from them on, and again by the next shell build.
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        let tests_own = [
            "CARGO_MANIFEST_",
            "CARGO_PKG_",
            "CARGO_CRATE_",
            "CARGO_BIN_",
            "CARGO_PRIMARY_PACKAGE",
            "CARGO_TARGET_TMPDIR",
            "CARGO_RUSTC_CURRENT_DIR",
        ];
        if tests_own.iter().any(|prefix| name.starts_with(prefix)) {
            cmd.env_remove(name.as_ref());
        }
    }
    let status = cmd
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("run cargo build");
    assert!(status.success(), "cargo build of {packages:?} failed");
}

/// A database of this test's own (`shop_<label>_<random>`), dropped at the end.
pub struct Database {
    server: String,
    name: String,
    pub url: String,
}

#[derive(QueryableByName)]
struct Line {
    #[diesel(sql_type = Text)]
    line: String,
}

impl Database {
    pub async fn create(label: &str) -> Self {
        let server = database_url();
        let name = format!("shop_{label}_{}", uuid::Uuid::new_v4().simple());
        let mut conn = shop_common::db::connect(&server).await.unwrap();
        diesel::sql_query(format!("CREATE DATABASE \"{name}\""))
            .execute(&mut conn)
            .await
            .unwrap();
        let (base, query) = server.split_once('?').unwrap_or((&server, ""));
        let base = base.rsplit_once('/').map_or(base, |(b, _)| b);
        let url = if query.is_empty() {
            format!("{base}/{name}")
        } else {
            format!("{base}/{name}?{query}")
        };
        Self { server, name, url }
    }

    pub async fn run(&self, sql: &str) {
        let mut conn = shop_common::db::connect(&self.url).await.unwrap();
        diesel::sql_query(sql)
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    /// `SELECT ... AS line` returning exactly one text row.
    pub async fn line(&self, sql: &str) -> String {
        let mut conn = shop_common::db::connect(&self.url).await.unwrap();
        diesel::sql_query(sql)
            .get_result::<Line>(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
            .line
    }

    /// `SELECT ... AS line` returning any number of text rows.
    pub async fn lines(&self, sql: &str) -> Vec<String> {
        let mut conn = shop_common::db::connect(&self.url).await.unwrap();
        diesel::sql_query(sql)
            .load::<Line>(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
            .into_iter()
            .map(|l| l.line)
            .collect()
    }

    /// `SELECT count(*) ...` (any single bigint selected first, as text).
    pub async fn count(&self, sql: &str) -> i64 {
        let text = self.line(&format!("SELECT ({sql})::text AS line")).await;
        text.parse().unwrap()
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        let (server, name) = (self.server.clone(), self.name.clone());
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                if let Ok(mut conn) = shop_common::db::connect(&server).await {
                    let _ = diesel::sql_query(format!(
                        "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
                    ))
                    .execute(&mut conn)
                    .await;
                }
            });
        })
        .join();
    }
}

pub const CODE_KEY: &str = "6b1d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff001";
pub const HASH_KEY: &str = "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0";
pub const PAYMENT_KEY: &str = "5a1d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff0a7";
pub const SYSTEM_KEY: &str = "9c2e4d6f8a0b1c3d5e7f9a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d";

/// A fresh Ed25519 signing key as PKCS#8 PEM: identity's `JWT_PRIVATE_KEY`.
pub fn jwt_private_key_pem() -> String {
    use ed25519_dalek::pkcs8::EncodePrivateKey;
    use ed25519_dalek::pkcs8::spki::der::pem::LineEnding;
    let mut seed = [0u8; 32];
    seed[..16].copy_from_slice(uuid::Uuid::new_v4().as_bytes());
    seed[16..].copy_from_slice(uuid::Uuid::new_v4().as_bytes());
    let key = ed25519_dalek::SigningKey::from_bytes(&seed);
    key.to_pkcs8_pem(LineEnding::LF).unwrap().to_string()
}

/// Where the stack's binaries listen, and the environment they share.
pub struct Stack {
    /// `OTEL_EXPORTER_OTLP_ENDPOINT`, when spans are wanted.
    pub otlp: Option<String>,
    pub db_url: String,
    /// One `<name>.log` per binary; removed by [`finish`](Self::finish).
    pub logs: PathBuf,
    pub urls: BTreeMap<&'static str, String>,
}

impl Stack {
    /// A stack on `db` whose logs go to a fresh `shop-<label>-<random>` folder.
    pub fn new(db: &Database, label: &str) -> Self {
        let logs =
            std::env::temp_dir().join(format!("shop-{label}-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&logs).unwrap();
        Self {
            otlp: None,
            db_url: db.url.clone(),
            logs,
            urls: BTreeMap::new(),
        }
    }

    pub fn url(&self, name: &str) -> String {
        // A service this test does not run: nothing listens on the discard port.
        self.urls
            .get(name)
            .cloned()
            .unwrap_or_else(|| "http://127.0.0.1:9".to_owned())
    }

    /// Hands `url` to the binaries started from now on as `name`'s, until `name` itself
    /// starts (a [`Forward`] for a service started later).
    pub fn route(&mut self, name: &'static str, url: &str) {
        self.urls.insert(name, url.to_owned());
    }

    /// `binary` with the stack's environment, its output in `<log>.log`.
    pub fn command(&self, binary: &str, log: &str) -> Command {
        let mut cmd = Command::new(bin_dir().join(binary));
        let log = std::fs::File::create(self.logs.join(format!("{log}.log"))).unwrap();
        cmd.env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("LISTEN_ADDR", "127.0.0.1:0")
            .env("METRICS_PORT", "0")
            .env("DATABASE_URL", &self.db_url)
            .env("IDENTITY_URL", self.url("identity"))
            .env("RETAILSTORE_URL", self.url("retailstore"))
            .env("PAYMENTPROVIDER_URL", self.url("paymentprovider"))
            .env("SYSTEM_URL", self.url("system"))
            .env("CODE_ENCRYPTION_KEY", CODE_KEY)
            .env("CODE_HASH_KEY", HASH_KEY)
            .env("PAYMENT_SECRET_KEY", PAYMENT_KEY)
            .env("PUBLIC_BASE_URL", self.url("gateway"))
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log);
        // Each binary sends its own key and is given every caller's: it reads only the
        // callers its internal routes accept, as in production.
        let me = Caller::ALL
            .into_iter()
            .find(|caller| caller.name() == binary);
        cmd.envs(internal_key_env(me));
        if let Some(otlp) = &self.otlp {
            cmd.env("OTEL_EXPORTER_OTLP_ENDPOINT", otlp)
                // Spans leave within a fraction of a second, not the default 5 s.
                .env("OTEL_BSP_SCHEDULE_DELAY", "100");
        }
        cmd
    }

    /// Starts `name` with the URLs of those started before it, waits until it
    /// answers `/readyz` and records its URL for those started after it.
    pub async fn start(&mut self, name: &'static str) -> Running {
        self.start_with(name, &[]).await
    }

    /// [`start`](Self::start) with `env` added to (or replacing) the stack's variables.
    pub async fn start_with(&mut self, name: &'static str, env: &[(&str, &str)]) -> Running {
        let mut cmd = self.command(name, name);
        cmd.envs(env.iter().copied());
        let mut child = Running(cmd.spawn().unwrap());
        let deadline = Instant::now() + Duration::from_secs(60);
        let addr = loop {
            if let Some(addr) = listening_addr(&self.log(name), name) {
                break addr;
            }
            if let Some(status) = child.0.try_wait().unwrap() {
                panic!("{name} exited ({status}):\n{}", self.log(name));
            }
            assert!(
                Instant::now() < deadline,
                "{name} never listened:\n{}",
                self.log(name)
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        let url = format!("http://{addr}");
        let client = shop_common::testing::client();
        loop {
            if let Ok(resp) = client.get(format!("{url}/readyz")).send().await
                && resp.status().is_success()
            {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{name} never became ready:\n{}",
                self.log(name)
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        self.urls.insert(name, url);
        child
    }

    pub fn log(&self, name: &str) -> String {
        std::fs::read_to_string(self.logs.join(format!("{name}.log"))).unwrap_or_default()
    }

    /// The last lines of every binary's log, for a failure message (the whole logs stay
    /// in [`logs`](Self::logs)).
    pub fn all_logs(&self) -> String {
        let mut names: Vec<_> = std::fs::read_dir(&self.logs)
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        names.sort();
        let mut out = String::new();
        for path in names {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            let tail = lines[lines.len().saturating_sub(60)..].join("\n");
            out.push_str(&format!("===== {}\n{tail}\n", path.display()));
        }
        out
    }

    /// Removes the logs: they are kept only when the test fails, to read why.
    pub fn finish(&self) {
        let _ = std::fs::remove_dir_all(&self.logs);
    }
}

/// The `addr=` of the `<name> listening` line in a service's log.
pub fn listening_addr(log: &str, name: &str) -> Option<String> {
    let line = log
        .lines()
        .find(|l| l.contains(&format!("{name} listening")))?;
    let addr = line
        .split_whitespace()
        .find_map(|f| f.strip_prefix("addr="))?;
    Some(addr.to_owned())
}

/// A local TCP port whose connections are passed on to a target set later: the URL of a
/// service that is started after the one that needs it (retailstore and paymentprovider
/// call each other). Until [`point_to`](Self::point_to), connections are closed at once.
pub struct Forward {
    pub url: String,
    target: Arc<Mutex<Option<String>>>,
}

impl Forward {
    pub fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let target: Arc<Mutex<Option<String>>> = Arc::default();
        let shared = target.clone();
        std::thread::spawn(move || {
            for inbound in listener.incoming() {
                let Ok(inbound) = inbound else { continue };
                let Some(addr) = shared.lock().unwrap().clone() else {
                    continue;
                };
                let Ok(outbound) = TcpStream::connect(&addr) else {
                    continue;
                };
                pipe(&inbound, &outbound);
                pipe(&outbound, &inbound);
            }
        });
        Self { url, target }
    }

    /// Passes connections on to `url` (`http://host:port`) from now on.
    pub fn point_to(&self, url: &str) {
        let addr = url.trim_start_matches("http://").to_owned();
        *self.target.lock().unwrap() = Some(addr);
    }
}

/// Copies `from` into `to` on a thread of its own until `from` ends.
fn pipe(from: &TcpStream, to: &TcpStream) {
    let (Ok(mut from), Ok(mut to)) = (from.try_clone(), to.try_clone()) else {
        return;
    };
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut from, &mut to);
        let _ = to.shutdown(std::net::Shutdown::Write);
    });
}
