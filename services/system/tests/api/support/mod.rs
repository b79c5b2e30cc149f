//! The wiring of the black-box tests: common's `TestService` with this service's upload
//! store (a private directory, or a bucket), and images.

#![allow(dead_code, unused_imports, clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::ops::Deref;
use std::sync::Arc;
use std::time::Duration;

use shop_common::config::Secret;
use shop_common::db::DbPool;
pub use shop_common::testing::Answer;
use shop_common::testing::{TestSchema, TestService, TestTokens};
use system::config::{DEFAULT_UPLOAD_MAX_BYTES, NotifyConfig, StoreSettings};
use system::crypto::SecretCipher;
use system::notify::Notifications;
use system::notify::worker::Worker;
use system::{AppState, configure, storage};

pub use shop_common::testing::images;

/// `SYSTEM_SECRET_KEY` of the tests.
pub const SECRET_KEY: [u8; 32] = *b"system-tests-secret-key-32-bytes";

/// The notification settings of the environment from `vars` (unset: the defaults).
pub fn notify_config(vars: &[(&'static str, &str)]) -> NotifyConfig {
    let table: HashMap<&'static str, String> =
        vars.iter().map(|(k, v)| (*k, (*v).to_owned())).collect();
    NotifyConfig::from_lookup(&|name| table.get(name).cloned()).unwrap()
}

/// The service on its own schema and upload store (derefs to a [`TestService`]).
pub struct TestApp {
    pub service: TestService,
    pub store: StoreSettings,
    /// Shared with the workers started by [`start_worker`](Self::start_worker).
    pub notifications: Arc<Notifications>,
    workers: Vec<tokio::task::JoinHandle<()>>,
}

impl Deref for TestApp {
    type Target = TestService;

    fn deref(&self) -> &TestService {
        &self.service
    }
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(None).await
    }

    /// Uploads in a fresh directory; `pool` instead of one on the fresh schema.
    pub async fn spawn_with(pool: Option<DbPool>) -> Self {
        let dir = std::env::temp_dir().join(format!("system-test-{}", uuid::Uuid::new_v4()));
        Self::spawn_on(StoreSettings::Local { dir }, pool).await
    }

    /// The service keeping uploads in `store` (a local directory or a bucket).
    pub async fn spawn_on(store: StoreSettings, pool: Option<DbPool>) -> Self {
        Self::spawn_full(store, pool, notify_config(&[])).await
    }

    /// The service with the notification environment `vars` (`SMTP_URL`, ...); no
    /// worker runs until [`start_worker`](Self::start_worker).
    pub async fn spawn_notify(vars: &[(&'static str, &str)]) -> Self {
        let dir = std::env::temp_dir().join(format!("system-test-{}", uuid::Uuid::new_v4()));
        Self::spawn_full(StoreSettings::Local { dir }, None, notify_config(vars)).await
    }

    async fn spawn_full(store: StoreSettings, pool: Option<DbPool>, notify: NotifyConfig) -> Self {
        let schema = TestSchema::new();
        schema.migrate(system::MIGRATIONS).await;
        let pool = pool.unwrap_or_else(|| schema.pool(4));
        let files = storage::open(&store).await.unwrap();
        let notifications = Notifications::new(
            SecretCipher::new(&SECRET_KEY),
            notify,
            shop_common::testing::client(),
        );
        let shared = notifications.clone();
        let service = TestService::start(schema.into(), TestTokens::new().into(), pool, |p, v| {
            configure(AppState::new(
                p,
                v,
                files,
                DEFAULT_UPLOAD_MAX_BYTES,
                shared,
                shop_common::testing::internal_keys(),
            ))
        });
        Self {
            service,
            store,
            notifications,
            workers: Vec::new(),
        }
    }

    /// A second replica: the same database, token key, upload store and notification
    /// environment (its own worker handle).
    pub async fn replica(&self) -> Self {
        let files = storage::open(&self.store).await.unwrap();
        let notifications = Notifications::new(
            SecretCipher::new(&SECRET_KEY),
            self.notifications.config.clone(),
            shop_common::testing::client(),
        );
        let shared = notifications.clone();
        let service = self.service.replica(4, |p, v| {
            configure(AppState::new(
                p,
                v,
                files,
                DEFAULT_UPLOAD_MAX_BYTES,
                shared,
                shop_common::testing::internal_keys(),
            ))
        });
        Self {
            service,
            store: self.store.clone(),
            notifications,
            workers: Vec::new(),
        }
    }

    /// A worker sharing this app's handle (an Enqueue here wakes it), on its own pool.
    pub fn worker(&self) -> Worker {
        Worker::new(self.service.schema.pool(4), self.notifications.clone())
    }

    /// A worker of another replica: its own handle (only polling finds its work).
    pub fn replica_worker(&self) -> Worker {
        let notifications = Notifications::new(
            SecretCipher::new(&SECRET_KEY),
            self.notifications.config.clone(),
            shop_common::testing::client(),
        );
        Worker::new(self.service.schema.pool(4), notifications)
    }

    /// Runs `worker` in the background until the app is dropped.
    pub fn start(&mut self, worker: Worker) {
        let (stop, stopped) = tokio::sync::watch::channel(false);
        self.workers.push(tokio::spawn(async move {
            worker.run(stopped).await;
            drop(stop);
        }));
    }

    /// Runs this app's [`worker`](Self::worker) in the background.
    pub fn start_worker(&mut self) {
        let worker = self.worker();
        self.start(worker);
    }

    /// Polls `sql` (`SELECT ... AS n`) until it answers `want`, for up to `timeout`;
    /// returns the last answer.
    pub async fn wait_scalar(&self, sql: &str, want: i64, timeout: Duration) -> i64 {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let n = self.scalar(sql).await;
            if n == want || tokio::time::Instant::now() > deadline {
                return n;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// The names of the files in the upload directory, sorted.
    pub fn stored_files(&self) -> Vec<String> {
        let StoreSettings::Local { dir } = &self.store else {
            panic!("uploads not in a directory")
        };
        let files = std::fs::read_dir(dir).unwrap();
        let mut names: Vec<String> = files
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        for worker in &self.workers {
            worker.abort();
        }
        // Replicas share the directory; whichever goes last finds it gone.
        if let StoreSettings::Local { dir } = &self.store {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}
