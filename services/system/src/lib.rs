//! The system service: the shop's configuration, file uploads and notifications. The
//! app factory here is shared by the binary and the tests.
//!
//! Map: requests arrive in [`routes`] (configuration, uploads, notifications and the
//! internal Enqueue and ByOrder). Each route module holds its wire types, named as the
//! OpenAPI document names them (`AppConfiguration` in [`routes::configuration`],
//! `NotificationSettings`, `NotificationDelivery`, `NotificationEnqueue`, ... in
//! [`routes::notification`]), and reads the request bodies into the checked types and
//! rules of [`domain`] (the configuration's fields, an image, the notification settings,
//! an Enqueue's event), which hold no request or response struct. The routes then call
//! the use cases, which take domain types: the configuration (answered to the storefront
//! from [`cache`]), the files kept by [`storage`] (a local folder or S3), and [`notify`]
//! (events stored with one delivery per channel and recipient, sent by its worker over
//! SMTP or Telegram; the settings saved with their secrets sealed; the admin's test
//! message). Secrets at rest are sealed by [`crypto`]. Tables and their queries:
//! [`models`] over [`schema`] (rows named `AppConfigurationRow`,
//! `NotificationSettingsRow`, ...). Settings: [`config`]; errors: [`error`], mapped to
//! the envelope once; the service's own counters: [`metrics`].

pub mod cache;
pub mod config;
pub mod crypto;
pub mod domain;
pub mod error;
pub mod metrics;
pub mod models;
pub mod notify;
pub mod routes;
pub mod schema;
pub mod storage;

use std::sync::Arc;

use actix_web::web;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use shop_common::auth::TokenVerifier;
use shop_common::db::DbPool;
use shop_common::health;
use shop_common::internal::InternalKeys;

use crate::cache::PublicConfigCache;
use crate::notify::Notifications;
use crate::storage::FileStore;

pub const SCHEMA: &str = "system";
pub const DEFAULT_LISTEN_ADDR: &str = "0.0.0.0:8082";
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// The largest accepted upload (`UPLOAD_MAX_BYTES`), as app data.
#[derive(Debug, Clone, Copy)]
pub struct UploadLimit {
    pub max_bytes: u64,
}

/// Shared state, built once and handed to every worker.
#[derive(Clone)]
pub struct AppState {
    pool: web::Data<DbPool>,
    verifier: web::Data<TokenVerifier>,
    store: web::Data<dyn FileStore>,
    cache: web::Data<PublicConfigCache>,
    upload: web::Data<UploadLimit>,
    notifications: web::Data<Notifications>,
    internal_keys: web::Data<InternalKeys>,
}

impl AppState {
    /// `notifications` is shared with the replica's worker (Enqueue wakes it);
    /// `internal_keys` checks the other services' calls.
    pub fn new(
        pool: DbPool,
        verifier: TokenVerifier,
        store: Arc<dyn FileStore>,
        upload_max_bytes: u64,
        notifications: Arc<Notifications>,
        internal_keys: InternalKeys,
    ) -> Self {
        Self {
            notifications: web::Data::from(notifications),
            internal_keys: web::Data::new(internal_keys),
            pool: web::Data::new(pool),
            verifier: web::Data::new(verifier),
            store: web::Data::from(store),
            cache: web::Data::new(PublicConfigCache::default()),
            upload: web::Data::new(UploadLimit {
                max_bytes: upload_max_bytes,
            }),
        }
    }
}

/// Registers the service's routes and shared state.
pub fn configure(state: AppState) -> impl Fn(&mut web::ServiceConfig) + Clone + Send + 'static {
    move |cfg| {
        cfg.app_data(state.pool.clone())
            .app_data(state.verifier.clone())
            .app_data(state.store.clone())
            .app_data(state.cache.clone())
            .app_data(state.upload.clone())
            .app_data(state.notifications.clone())
            .app_data(state.internal_keys.clone())
            .app_data(web::Data::new(metrics::scrape_hook(
                state.pool.get_ref().clone(),
            )))
            .configure(health::configure)
            .configure(routes::configure);
    }
}
