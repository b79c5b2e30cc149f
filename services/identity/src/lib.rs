//! The identity service: users, passwords, login, token signing and the JWKS.
//!
//! The app factory [`configure`] is shared by the binary and the tests.
//!
//! Map: requests arrive in [`routes`] (IdentityAuth, User, AuditLog, the JWKS, the
//! internal TokenStatus). Each route module holds its wire types, named as the OpenAPI
//! document names them (`User` and the document's `Role` in [`routes::user`],
//! `LoginResult` in [`routes::identity_auth`], `Jwk` in [`routes::jwks`], ...), and reads
//! them into the checked types and rules of [`domain`] (user name, full name, e-mail,
//! password, role, the client a lockout counts; the common passwords refused,
//! [`domain::common_passwords`]; what the audit log records, [`domain::audit`]), which
//! hold no request or response struct. The routes then call the use cases, which take domain types: [`login`] (the
//! flow, its lockout and throttling), [`accounts`] (create, update, delete, passwords)
//! and [`tokens`] (signing, the keys the JWKS publishes). [`password`] hashes, [`auth`]
//! says who is calling an admin route. Tables and their queries:
//! [`models`] over [`schema`] (the user row is `UserRow`). Start-up: [`config`]
//! (environment variables) and [`seed`] (the first admin). Errors: [`error`], mapped to
//! the envelope once.

use std::sync::Arc;

use actix_web::web;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use shop_common::auth::TokenVerifier;
use shop_common::db::DbPool;
use shop_common::health;
use shop_common::internal::InternalKeys;

pub mod accounts;
pub mod auth;
pub mod config;
pub mod domain;
pub mod error;
pub mod login;
pub mod models;
pub mod password;
pub mod routes;
pub mod schema;
pub mod seed;
pub mod tokens;

pub use config::Settings;
pub use error::IdentityError;
pub use password::Passwords;
pub use tokens::SigningKeys;

pub const SCHEMA: &str = "identity";
pub const DEFAULT_LISTEN_ADDR: &str = "0.0.0.0:8081";
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// Everything the handlers share. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub pool: DbPool,
    pub keys: Arc<SigningKeys>,
    pub passwords: Arc<Passwords>,
    pub settings: Arc<Settings>,
    verifier: web::Data<TokenVerifier>,
    internal_keys: web::Data<InternalKeys>,
}

impl AppState {
    pub fn new(
        pool: DbPool,
        keys: Arc<SigningKeys>,
        passwords: Arc<Passwords>,
        settings: Settings,
        internal_keys: InternalKeys,
    ) -> Self {
        let verifier = web::Data::new(keys.verifier());
        Self {
            pool,
            keys,
            passwords,
            settings: Arc::new(settings),
            verifier,
            internal_keys: web::Data::new(internal_keys),
        }
    }
}

/// Registers the service's routes and shared state.
pub fn configure(state: AppState) -> impl Fn(&mut web::ServiceConfig) + Clone + Send + 'static {
    move |cfg| {
        cfg.app_data(web::Data::new(state.pool.clone()))
            .app_data(state.verifier.clone())
            .app_data(state.internal_keys.clone())
            .app_data(web::Data::new(state.clone()))
            .configure(health::configure)
            .configure(routes::configure);
    }
}

/// Deletes login-failure rows that no longer count, every few minutes, for ever. Safe to
/// run in every replica.
pub async fn purge_login_failures(pool: DbPool, settings: Arc<Settings>) {
    let mut tick = tokio::time::interval(std::time::Duration::from_secs(300));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let Ok(mut conn) = pool.get().await else {
            continue;
        };
        match models::LoginFailure::purge_stale(&mut conn, settings.login_failure_window).await {
            Ok(0) => {}
            Ok(n) => tracing::debug!(rows = n, "purged stale login failures"),
            Err(e) => tracing::warn!(error = %e, "purging login failures failed"),
        }
    }
}
