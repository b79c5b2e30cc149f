//! Logging and tracing. `RUST_LOG` filters (default `info`), `LOG_FORMAT=json` writes
//! JSON lines, and `OTEL_EXPORTER_OTLP_ENDPOINT` turns on OTLP/HTTP span export.
//! W3C `traceparent` is extracted from incoming and injected into outgoing calls.

use opentelemetry::propagation::Injector;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

use crate::config;

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
    opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let json = config::var("LOG_FORMAT").is_some_and(|f| f.eq_ignore_ascii_case("json"));
    let fmt = if json {
        tracing_subscriber::fmt::layer().json().boxed()
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

struct HeaderInjector<'a>(&'a mut reqwest::header::HeaderMap);

impl Injector for HeaderInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        if let (Ok(name), Ok(value)) = (
            reqwest::header::HeaderName::from_bytes(key.as_bytes()),
            reqwest::header::HeaderValue::from_str(&value),
        ) {
            self.0.insert(name, value);
        }
    }
}

/// Adds the current span's `traceparent` to an outgoing request's headers.
pub fn inject_context(headers: &mut reqwest::header::HeaderMap) {
    let context = tracing::Span::current().context();
    opentelemetry::global::get_text_map_propagator(|p| {
        p.inject_context(&context, &mut HeaderInjector(headers));
    });
}
