use shop_common::auth::TokenVerifier;
use shop_common::config::required;
use shop_common::internal::{InternalKey, http_client};
use shop_common::{db, server, telemetry};

use paymentprovider::config::Config;
use paymentprovider::{AppState, DEFAULT_LISTEN_ADDR, MIGRATIONS, SCHEMA, configure};

fn fail(e: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(e.to_string())
}

/// `paymentprovider` serves; `paymentprovider migrate` only migrates (a Kubernetes Job: it
/// needs `DATABASE_URL` alone).
// tokio's multi-threaded runtime: the migration harness needs blocking threads.
#[tokio::main]
async fn main() -> std::io::Result<()> {
    let _telemetry = telemetry::init("paymentprovider");
    if server::migrate_only() {
        let database_url = required("DATABASE_URL").map_err(fail)?;
        db::migrate(&database_url, SCHEMA, MIGRATIONS)
            .await
            .map_err(fail)?;
        tracing::info!("migrations applied");
        return Ok(());
    }

    // Every setting is checked before anything touches the database.
    let config = Config::from_env(DEFAULT_LISTEN_ADDR).map_err(fail)?;
    let cipher = config.cipher().map_err(fail)?;
    let service = &config.service;
    let database_url = service.database_url.expose();
    db::migrate(database_url, SCHEMA, MIGRATIONS)
        .await
        .map_err(fail)?;
    let pool = db::build_pool(database_url, SCHEMA, service.db_pool_size).map_err(fail)?;
    let verifier = TokenVerifier::remote(&service.identity_url, http_client());
    let state = AppState::new(
        pool,
        verifier,
        cipher,
        InternalKey(service.internal_api_key.clone()),
        config.public_base_url.clone(),
    );
    let listener = server::bind(&service.listen_addr)?;
    tracing::info!(
        addr = %service.listen_addr,
        public_base_url = %config.public_base_url,
        "paymentprovider listening"
    );
    server::server(listener, configure(state))?.await
}
