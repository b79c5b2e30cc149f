use shop_common::config::ServiceConfig;
use shop_common::{db, server, telemetry};

use retailstore::{DEFAULT_LISTEN_ADDR, MIGRATIONS, SCHEMA, configure};

fn fail(e: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(e.to_string())
}

// tokio's multi-threaded runtime: the migration harness needs blocking threads.
#[tokio::main]
async fn main() -> std::io::Result<()> {
    let _telemetry = telemetry::init("retailstore");
    let config = ServiceConfig::from_env(DEFAULT_LISTEN_ADDR).map_err(fail)?;
    db::migrate(config.database_url.expose(), SCHEMA, MIGRATIONS)
        .await
        .map_err(fail)?;
    if server::migrate_only() {
        tracing::info!("migrations applied");
        return Ok(());
    }
    let pool =
        db::build_pool(config.database_url.expose(), SCHEMA, config.db_pool_size).map_err(fail)?;
    let listener = server::bind(&config.listen_addr)?;
    tracing::info!(addr = %config.listen_addr, "retailstore listening");
    server::server(listener, configure(pool))?.await
}
