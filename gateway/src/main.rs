use std::process::ExitCode;

use gateway::Config;
use shop_common::{server, telemetry};

/// Every proxied request allocates headers, buffers and futures; glibc's allocator spent
/// about a tenth of the gateway's CPU on them under load (perf), mimalloc far less.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

// actix-web runs its own worker threads; the main runtime only awaits the server.
#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    // Before telemetry: the OTLP exporter builds a reqwest client too.
    gateway::auth::install_crypto_provider();
    let _telemetry = telemetry::init("gateway");
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "gateway stopped");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<(), Box<dyn std::error::Error>> {
    let config = Config::from_env()?;
    let listener = server::bind(&config.listen_addr)?;
    let metrics_addr = gateway::metrics::addr(&config.listen_addr, config.metrics_port);
    let metrics_listener = server::bind(&metrics_addr)?;
    tracing::info!(
        addr = %server::bound(&listener),
        metrics = %server::bound(&metrics_listener),
        frontend = %config.frontend_dir.display(),
        "gateway listening"
    );
    // Both listeners stop gracefully on SIGTERM.
    futures_util::future::try_join(
        gateway::server(listener, config)?,
        gateway::metrics::server(metrics_listener)?,
    )
    .await?;
    Ok(())
}
