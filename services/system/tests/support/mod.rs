//! The wiring of the black-box tests: common's `TestService` with this service's upload
//! store (a private directory, or a bucket), and images.

#![allow(dead_code, unused_imports, clippy::unwrap_used, clippy::expect_used)]

use std::ops::Deref;

use shop_common::db::DbPool;
pub use shop_common::testing::Answer;
use shop_common::testing::{TestSchema, TestService, TestTokens};
use system::config::{DEFAULT_UPLOAD_MAX_BYTES, StoreSettings};
use system::{AppState, configure, storage};

pub use shop_common::testing::images;

/// The service on its own schema and upload store (derefs to a [`TestService`]).
pub struct TestApp {
    pub service: TestService,
    pub store: StoreSettings,
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
        let schema = TestSchema::new();
        schema.migrate(system::MIGRATIONS).await;
        let pool = pool.unwrap_or_else(|| schema.pool(4));
        let files = storage::open(&store).await.unwrap();
        let service = TestService::start(schema.into(), TestTokens::new().into(), pool, |p, v| {
            configure(AppState::new(p, v, files, DEFAULT_UPLOAD_MAX_BYTES))
        });
        Self { service, store }
    }

    /// A second replica: the same database, token key and upload store.
    pub async fn replica(&self) -> Self {
        let files = storage::open(&self.store).await.unwrap();
        let service = self.service.replica(4, |p, v| {
            configure(AppState::new(p, v, files, DEFAULT_UPLOAD_MAX_BYTES))
        });
        Self {
            service,
            store: self.store.clone(),
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
        // Replicas share the directory; whichever goes last finds it gone.
        if let StoreSettings::Local { dir } = &self.store {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}
