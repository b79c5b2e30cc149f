//! Logging and tracing. `RUST_LOG` filters (default `info`), `LOG_FORMAT=json` writes
//! JSON lines, and `OTEL_EXPORTER_OTLP_ENDPOINT` turns on OTLP/HTTP span export (which
//! requests are traced: the SDK's `OTEL_TRACES_SAMPLER` and `OTEL_TRACES_SAMPLER_ARG`,
//! e.g. `parentbased_traceidratio` and `0.1`). W3C `traceparent` is extracted from
//! incoming and injected into outgoing calls.
//!
//! A JSON line ([`JsonLog`]) is `{"timestamp", "level", "fields", "target", "span",
//! "spans"}` as tracing-subscriber's JSON format writes it, plus `trace_id` and `span_id`
//! at the top level for an event within a request: the request span's own ids when spans
//! are exported, otherwise the incoming `traceparent`'s trace id (no span id: none of
//! this process's), so a log line and its trace are found from each other.
//!
//! Pieces: [`json_log`] (the JSON line format and the trace ids it carries),
//! [`propagation`] (`traceparent` in and out), [`server_span`] (a request's root span
//! and its outcome, the gateway's per-request spans).

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

use crate::config;

mod json_log;
mod propagation;
mod server_span;

pub use json_log::{JsonLog, json_layer, record_trace_ids};
pub use propagation::inject_context;
pub use server_span::{PathOnlyRootSpan, RequestTracer, ServerSpan, end_root_span, root_span};

/// Flushes pending spans when dropped at shutdown.
pub struct TelemetryGuard(Option<SdkTracerProvider>);

impl Drop for TelemetryGuard {
    fn drop(&mut self) {
        if let Some(provider) = self.0.take() {
            let _ = provider.shutdown();
        }
    }
}

/// Installs the global subscriber. Call once at start-up.
pub fn init(service_name: &str) -> TelemetryGuard {
    // The OTLP exporter builds its own HTTP client, which needs a TLS provider.
    let _ = rustls::crypto::ring::default_provider().install_default();
    opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let json = config::var("LOG_FORMAT").is_some_and(|f| f.eq_ignore_ascii_case("json"));
    let fmt = if json {
        json_layer(std::io::stdout).boxed()
    } else {
        tracing_subscriber::fmt::layer().boxed()
    };

    let provider = config::var("OTEL_EXPORTER_OTLP_ENDPOINT").and_then(|_| {
        let name = config::or("OTEL_SERVICE_NAME", service_name);
        // The exporter reads the endpoint and headers from the standard OTEL_* variables.
        match opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .build()
        {
            Ok(exporter) => Some(
                SdkTracerProvider::builder()
                    .with_batch_exporter(exporter)
                    .with_resource(
                        opentelemetry_sdk::Resource::builder()
                            .with_service_name(name)
                            .build(),
                    )
                    .build(),
            ),
            Err(e) => {
                eprintln!("OTLP exporter disabled: {e}");
                None
            }
        }
    });
    let otel = provider.as_ref().map(|p| {
        opentelemetry::global::set_tracer_provider(p.clone());
        tracing_opentelemetry::layer().with_tracer(p.tracer(service_name.to_owned()))
    });

    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(fmt)
        .with(otel)
        .try_init();
    TelemetryGuard(provider)
}
