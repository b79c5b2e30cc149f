use shop_common::auth::TokenVerifier;
use shop_common::internal::http_client;
use shop_common::{db, server, telemetry};

use system::config::SystemConfig;
use system::notify::Notifications;
use system::notify::worker::Worker;
use system::{AppState, MIGRATIONS, SCHEMA, configure, storage};

fn fail(e: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(e.to_string())
}

// tokio's multi-threaded runtime: the migration harness needs blocking threads.
#[tokio::main]
async fn main() -> std::io::Result<()> {
    if server::openapi_only() {
        return server::print_openapi(system::routes::openapi::json());
    }
    let _telemetry = telemetry::init("system");
    // The migration step needs only MIGRATION_DATABASE_URL (or DATABASE_URL), so its Job
    // gets no other secret.
    if server::migrate_only() {
        let database_url = db::migration_url_from_env().map_err(fail)?;
        db::migrate(&database_url, SCHEMA, MIGRATIONS)
            .await
            .map_err(fail)?;
        tracing::info!("migrations applied");
        return Ok(());
    }
    let config = SystemConfig::from_env().map_err(fail)?;
    let cipher = config.cipher().map_err(fail)?;
    let service = &config.service;
    // Migrates, or only checks the schema where a migration Job owns it.
    db::prepare(service.database_url.expose(), SCHEMA, MIGRATIONS)
        .await
        .map_err(fail)?;
    let pool = db::build_pool(service.database_url.expose(), SCHEMA, service.db_pool_size)
        .map_err(fail)?;
    let store = storage::open(&config.upload.store).await?;
    tracing::info!(max_bytes = config.upload.max_bytes, "upload storage ready");
    let verifier = TokenVerifier::for_service(service, http_client());
    let notifications = Notifications::new(cipher, config.notify.clone(), http_client());
    let state = AppState::new(
        pool.clone(),
        verifier,
        store,
        config.upload.max_bytes,
        notifications.clone(),
        service.internal_callers.clone(),
    );
    let listener = server::bind(&service.listen_addr)?;
    tracing::info!(
        addr = %server::bound(&listener),
        smtp_url = config.notify.smtp_url.is_some(),
        telegram = config.notify.telegram_bot_token.is_some(),
        concurrency = config.notify.concurrency,
        "system listening"
    );
    shop_common::config::warn_if_not_public(&config.notify.public_base_url);
    // The notification worker runs beside the server in every replica (claims skip each
    // other's rows) and stops after the server has drained on SIGTERM; a delivery cut
    // short is sent again once its lease ends.
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let worker = tokio::spawn(Worker::new(pool, notifications).run(stopped));
    let served = server::server(listener, configure(state))?.await;
    let _ = stop.send(true);
    if let Err(e) = worker.await {
        tracing::warn!(error = %e, "notification worker ended abnormally");
    }
    served
}
