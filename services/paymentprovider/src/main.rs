use shop_common::auth::TokenVerifier;
use shop_common::internal::{InternalClient, http_client};
use shop_common::outbox::{Relay, SealedLink};
use shop_common::{db, server, telemetry};

use paymentprovider::clock::{Clock, Sleeper};
use paymentprovider::config::Config;
use paymentprovider::limiter::{REFUSAL_WINDOW, RefusalLimiter};
use paymentprovider::peers::retailstore::Retailstore;
use paymentprovider::reconcile::{Reconciler, SepayApi};
use paymentprovider::routes::webhook::WebhookGuard;
use paymentprovider::settlement::retry_job;
use paymentprovider::{AppState, DEFAULT_LISTEN_ADDR, MIGRATIONS, SCHEMA, configure};

/// How long shutdown waits for a retry pass under way (a pass lasts at most about one
/// retailstore call time-out).
const JOB_STOP_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(15);

fn fail(e: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(e.to_string())
}

/// `paymentprovider` serves; `paymentprovider openapi` prints the OpenAPI document;
/// `paymentprovider migrate` only migrates (a Kubernetes Job: it needs
/// `MIGRATION_DATABASE_URL`, else `DATABASE_URL`, alone).
// tokio's multi-threaded runtime: the migration harness needs blocking threads.
#[tokio::main]
async fn main() -> std::io::Result<()> {
    if server::openapi_only() {
        return server::print_openapi(paymentprovider::routes::openapi::document_json());
    }
    let _telemetry = telemetry::init("paymentprovider");
    if server::migrate_only() {
        let database_url = db::migration_url_from_env().map_err(fail)?;
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
    // Migrates, or only checks the schema where a migration Job owns it.
    db::prepare(database_url, SCHEMA, MIGRATIONS)
        .await
        .map_err(fail)?;
    let pool = db::build_pool(database_url, SCHEMA, service.db_pool_size).map_err(fail)?;
    let http = http_client();
    let verifier = TokenVerifier::for_service(service, http.clone());
    let retailstore = Retailstore::new(
        http,
        &config.retailstore_url,
        service.internal_api_key.clone(),
    );
    let (reconcile_retailstore, reconcile_cipher) = (retailstore.clone(), cipher.clone());
    let state = AppState::new(
        pool.clone(),
        verifier,
        cipher,
        service.internal_callers.clone(),
        config.public_base_url.clone(),
        retailstore.clone(),
    )
    .with_webhook_guard(WebhookGuard {
        proxies: service.trusted_proxies.clone(),
        limiter: RefusalLimiter::new(config.webhook_refusals_per_client, REFUSAL_WINDOW),
        ..WebhookGuard::default()
    });
    let listener = server::bind(&service.listen_addr)?;
    tracing::info!(
        addr = %server::bound(&listener),
        public_base_url = %config.public_base_url,
        retailstore_url = %config.retailstore_url,
        system_url = %config.system_url,
        retry_interval_s = config.retry_interval.as_secs(),
        reconcile_interval_s = config.reconcile_interval.as_secs(),
        sepay_api_base = %config.sepay_api_base,
        "paymentprovider listening"
    );
    shop_common::config::warn_if_not_public(&config.public_base_url);

    // Pending bank transactions are retried in every replica (claims never overlap);
    // the job stops once the server has stopped (SIGTERM/SIGINT).
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let wake = (**state.wake).clone();
    let job = tokio::spawn(retry_job(
        pool.clone(),
        retailstore,
        wake.clone(),
        config.retry_interval,
        stopped.clone(),
    ));
    // The outbox relay, likewise in every replica (its claims skip each other's rows).
    // paymentprovider's events carry no sealed link, so there is nothing to open.
    let system = InternalClient::new(
        http_client(),
        &config.system_url,
        service.internal_api_key.clone(),
    );
    let no_links = |_, _: &SealedLink| Err("paymentprovider seals no links".to_owned());
    let relay = Relay::new(
        pool.clone(),
        system,
        no_links,
        config.relay.clone(),
        wake.clone(),
    );
    let relayer = tokio::spawn(relay.run(stopped.clone()));
    // SePay reconciliation, in every replica (a lease per provider decides who reads it).
    let reconciler = Reconciler {
        pool,
        retailstore: reconcile_retailstore,
        wake,
        cipher: reconcile_cipher,
        api: SepayApi::new(
            http_client(),
            &config.sepay_api_base,
            Clock::system(),
            Sleeper::tokio(),
        ),
        // A little less than the interval: replicas' ticks drift.
        due_after: config.reconcile_interval.mul_f64(0.9),
    };
    let reconciling = tokio::spawn(reconciler.run(config.reconcile_interval, stopped));
    let served = server::server(listener, configure(state))?.await;
    let _ = stop.send(true);
    if tokio::time::timeout(JOB_STOP_TIMEOUT, job).await.is_err() {
        tracing::warn!("payment retry job did not stop in time");
    }
    if tokio::time::timeout(JOB_STOP_TIMEOUT, relayer)
        .await
        .is_err()
    {
        tracing::warn!("outbox relay did not stop in time");
    }
    if tokio::time::timeout(JOB_STOP_TIMEOUT, reconciling)
        .await
        .is_err()
    {
        tracing::warn!("SePay reconciliation did not stop in time");
    }
    served
}
