use std::process::ExitCode;

use gateway::Config;
use shop_common::{server, telemetry};

// actix-web runs its own worker threads; the main runtime only awaits the server.
#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    // Before telemetry: the OTLP exporter builds a reqwest client too.
    gateway::proxy::install_crypto_provider();
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
    tracing::info!(
        addr = %config.listen_addr,
        frontend = %config.frontend_dir.display(),
        "gateway listening"
    );
    gateway::server(listener, config)?.await?;
    Ok(())
}
