//! The retailstore service: app factory shared by the binary and the tests.

use actix_web::web;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use shop_common::db::DbPool;
use shop_common::health;

pub const SCHEMA: &str = "retailstore";
pub const DEFAULT_LISTEN_ADDR: &str = "0.0.0.0:8083";
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// Registers the service's routes and shared state.
pub fn configure(pool: DbPool) -> impl Fn(&mut web::ServiceConfig) + Clone + Send + 'static {
    move |cfg| {
        cfg.app_data(web::Data::new(pool.clone()))
            .configure(health::configure);
    }
}
