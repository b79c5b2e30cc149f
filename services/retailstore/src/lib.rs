//! The retailstore service: products, serial codes (and later orders). The app factory
//! here is shared by the binary and the tests.

pub mod config;
pub mod crypto;
pub mod domain;
pub mod error;
pub mod import;
pub mod models;
pub mod routes;
pub mod schema;
pub mod seed;
pub mod slug;

use actix_web::web;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use shop_common::auth::TokenVerifier;
use shop_common::cache::BodyCache;
use shop_common::db::DbPool;
use shop_common::health;

use crate::crypto::CodeCipher;

pub const SCHEMA: &str = "retailstore";
pub const DEFAULT_LISTEN_ADDR: &str = "0.0.0.0:8083";
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// Shared state, built once at start-up and handed to every worker.
#[derive(Clone)]
pub struct AppState {
    pub pool: DbPool,
    pub verifier: web::Data<TokenVerifier>,
    pub cipher: web::Data<CodeCipher>,
    pub storefront: web::Data<StorefrontCache>,
}

/// Ready-made storefront list answers, dropped on every catalogue write here and
/// otherwise served for [`STOREFRONT_CACHE_TTL`] (other replicas catch up by then).
pub struct StorefrontCache(pub BodyCache);

impl StorefrontCache {
    pub fn invalidate(&self) {
        self.0.invalidate();
    }
}

pub const STOREFRONT_CACHE_TTL: std::time::Duration = std::time::Duration::from_secs(2);

impl AppState {
    pub fn new(pool: DbPool, verifier: TokenVerifier, cipher: CodeCipher) -> Self {
        Self {
            pool,
            verifier: web::Data::new(verifier),
            cipher: web::Data::new(cipher),
            storefront: web::Data::new(StorefrontCache(BodyCache::new(STOREFRONT_CACHE_TTL, 1024))),
        }
    }
}

/// Registers the service's routes and shared state.
pub fn configure(state: AppState) -> impl Fn(&mut web::ServiceConfig) + Clone + Send + 'static {
    move |cfg| {
        cfg.app_data(web::Data::new(state.pool.clone()))
            .app_data(state.verifier.clone())
            .app_data(state.cipher.clone())
            .app_data(state.storefront.clone())
            .configure(health::configure)
            .configure(routes::configure);
    }
}
