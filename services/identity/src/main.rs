//! `identity` serves the API; `identity migrate` only applies the migrations (a
//! Kubernetes Job); `identity openapi` prints the OpenAPI document; `identity keygen`
//! prints a new Ed25519 private key (PKCS#8 PEM) for `JWT_PRIVATE_KEY`.

use std::process::ExitCode;
use std::sync::Arc;

use shop_common::config::{InternalRole, ServiceConfig};
use shop_common::internal::Caller;
use shop_common::{db, server, telemetry};

use identity::config::IdentityConfig;
use identity::{
    AppState, DEFAULT_LISTEN_ADDR, MIGRATIONS, Passwords, SCHEMA, SigningKeys, configure, seed,
};

fn fail(e: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(e.to_string())
}

fn keygen() -> std::io::Result<()> {
    let keys = SigningKeys::generate().map_err(fail)?;
    let pem = keys.private_key_pem().map_err(fail)?;
    print!("{}", pem.expose());
    Ok(())
}

// tokio's multi-threaded runtime: the migration harness needs blocking threads.
#[tokio::main]
async fn main() -> ExitCode {
    if server::openapi_only() {
        return match server::print_openapi(identity::routes::openapi::json()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("identity openapi: {e}");
                ExitCode::FAILURE
            }
        };
    }
    if std::env::args().nth(1).as_deref() == Some("keygen") {
        return match keygen() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("identity keygen: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let _telemetry = telemetry::init("identity");
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "identity stopped");
            eprintln!("identity: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> std::io::Result<()> {
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
    // identity calls no other service; every service may ask it for a token's status.
    let role = InternalRole {
        sends: false,
        accepts: &Caller::ALL,
    };
    let service = ServiceConfig::from_env(DEFAULT_LISTEN_ADDR, role).map_err(fail)?;
    // Migrates, or only checks the schema where a migration Job owns it.
    db::prepare(service.database_url.expose(), SCHEMA, MIGRATIONS)
        .await
        .map_err(fail)?;
    let config = IdentityConfig::from_env(service).map_err(fail)?;
    let keys = SigningKeys::from_pem(
        config.private_key_pem.expose(),
        config.retired_public_keys_pem.as_deref(),
    )
    .map_err(fail)?;
    tracing::info!(
        kid = keys.kid(),
        published = keys.published().len(),
        "signing key loaded"
    );
    let pool = db::build_pool(
        config.service.database_url.expose(),
        SCHEMA,
        config.service.db_pool_size,
    )
    .map_err(fail)?;
    let passwords = Passwords::new(config.settings.password_hash_concurrency)
        .await
        .map_err(fail)?;
    seed::ensure_admin(
        &pool,
        &passwords,
        &config.admin_username,
        config.admin_password.as_ref(),
    )
    .await
    .map_err(fail)?;

    let settings = Arc::new(config.settings.clone());
    tokio::spawn(identity::purge_login_failures(pool.clone(), settings));
    let state = AppState::new(
        pool,
        Arc::new(keys),
        Arc::new(passwords),
        config.settings,
        config.service.internal_callers.clone(),
    );
    let listener = server::bind(&config.service.listen_addr)?;
    tracing::info!(addr = %server::bound(&listener), "identity listening");
    server::server(listener, configure(state))?.await
}
