use shop_common::auth::TokenVerifier;
use shop_common::config::required;
use shop_common::internal::{InternalClient, http_client};
use shop_common::outbox::Relay;
use shop_common::{db, server, telemetry};

use retailstore::config::{CodeKeys, Config};
use retailstore::orders::expiry;
use retailstore::serial_codes::reseal;
use retailstore::{
    AppState, DEFAULT_LISTEN_ADDR, MIGRATIONS, OrderSettings, SCHEMA, configure, seed,
};

fn fail(e: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(e.to_string())
}

/// `retailstore` serves; `retailstore openapi` prints the OpenAPI document;
/// `retailstore migrate` only migrates (a Kubernetes Job: it needs
/// `MIGRATION_DATABASE_URL`, else `DATABASE_URL`, alone); `retailstore seed-demo`
/// migrates and fills an empty catalogue with demo products (`DATABASE_URL` and the
/// code keys).
// tokio's multi-threaded runtime: the migration harness needs blocking threads.
#[tokio::main]
async fn main() -> std::io::Result<()> {
    if server::openapi_only() {
        return server::print_openapi(retailstore::routes::openapi::document_json());
    }
    let _telemetry = telemetry::init("retailstore");
    if server::migrate_only() {
        let database_url = db::migration_url_from_env().map_err(fail)?;
        db::migrate(&database_url, SCHEMA, MIGRATIONS)
            .await
            .map_err(fail)?;
        tracing::info!("migrations applied");
        return Ok(());
    }
    if std::env::args().nth(1).as_deref() == Some("seed-demo") {
        return seed_demo().await;
    }

    // Every setting is checked before anything touches the database.
    let config = Config::from_env(DEFAULT_LISTEN_ADDR).map_err(fail)?;
    let cipher = config.codes.cipher().map_err(fail)?;
    let database_url = config.service.database_url.expose();
    // Migrates, or only checks the schema where a migration Job owns it.
    db::prepare(database_url, SCHEMA, MIGRATIONS)
        .await
        .map_err(fail)?;
    let pool = db::build_pool(database_url, SCHEMA, config.service.db_pool_size).map_err(fail)?;
    let verifier = TokenVerifier::for_service(&config.service, http_client());
    let orders = OrderSettings {
        config: config.orders.clone(),
        trusted_proxies: config.service.trusted_proxies.clone(),
    };
    let own_key = config.service.internal_api_key.clone();
    let system = InternalClient::new(http_client(), &config.orders.system_url, own_key.clone());
    let callers = config.service.internal_callers.clone();
    let state = AppState::new(pool.clone(), verifier, cipher, orders, own_key, callers);
    let listener = server::bind(&config.service.listen_addr)?;
    tracing::info!(
        addr = %server::bound(&listener),
        code_key_id = state.cipher.current_key_id(),
        paymentprovider = %config.orders.paymentprovider_url,
        system = %config.orders.system_url,
        order_ttl_seconds = config.orders.ttl.as_secs(),
        "retailstore listening"
    );
    shop_common::config::warn_if_not_public(&config.orders.public_base_url);
    // The expiry job runs beside the server in every replica (its batches skip each
    // other's locked rows) and stops after the server has drained on SIGTERM.
    // Rows sealed in the old product-bound format are rewritten once, in the background
    // (they keep opening meanwhile; see reseal.rs).
    tokio::spawn(reseal::run(pool.clone(), state.cipher.clone().into_inner()));
    // The outbox relay, likewise in every replica (its claims skip each other's rows);
    // it opens the sealed links with the code keyring, which only this service holds.
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let notifier = state.notifier.clone().into_inner();
    let opener = {
        let notifier = notifier.clone();
        move |id, link: &shop_common::outbox::SealedLink| notifier.open(id, link)
    };
    let relay = Relay::new(
        pool.clone(),
        system,
        opener,
        config.relay.clone(),
        notifier.wake_handle(),
    );
    let relayer = tokio::spawn(relay.run(stopped.clone()));
    let sweeper = tokio::spawn(expiry::run(
        pool,
        (*notifier).clone(),
        config.orders.sweep_interval,
        stopped,
    ));
    let served = server::server(listener, configure(state))?.await;
    let _ = stop.send(true);
    if let Err(e) = sweeper.await {
        tracing::warn!(error = %e, "order sweep task ended abnormally");
    }
    if let Err(e) = relayer.await {
        tracing::warn!(error = %e, "outbox relay task ended abnormally");
    }
    served
}

async fn seed_demo() -> std::io::Result<()> {
    let database_url = required("DATABASE_URL").map_err(fail)?;
    let cipher = CodeKeys::from_env()
        .and_then(|keys| keys.cipher())
        .map_err(fail)?;
    let migration_url = db::migration_url(&database_url).map_err(fail)?;
    db::migrate(&migration_url, SCHEMA, MIGRATIONS)
        .await
        .map_err(fail)?;
    let pool = db::build_pool(&database_url, SCHEMA, 1).map_err(fail)?;
    let mut conn = pool.get().await.map_err(fail)?;
    let outcome = seed::seed_demo(&mut conn, &cipher).await.map_err(fail)?;
    tracing::info!(?outcome, "seed-demo finished");
    Ok(())
}
