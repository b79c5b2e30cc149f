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
    // The OTLP exporter builds its own HTTP client, which needs a TLS provider.
    let _ = rustls::crypto::ring::default_provider().install_default();
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

struct HeaderExtractor<'a>(&'a actix_web::http::header::HeaderMap);

impl opentelemetry::propagation::Extractor for HeaderExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(|k| k.as_str()).collect()
    }
}

/// The request's root span. Records the path only, never the query string: a
/// query can carry a searched serial code or other secrets, and spans reach logs
/// and trace exports. Continues an incoming `traceparent`.
pub struct PathOnlyRootSpan;

impl tracing_actix_web::RootSpanBuilder for PathOnlyRootSpan {
    fn on_request_start(req: &actix_web::dev::ServiceRequest) -> tracing::Span {
        let route = req.match_pattern();
        root_span(req, route.as_deref().unwrap_or(crate::metrics::UNMATCHED))
    }

    fn on_request_end<B: actix_web::body::MessageBody>(
        span: tracing::Span,
        outcome: &Result<actix_web::dev::ServiceResponse<B>, actix_web::Error>,
    ) {
        end_root_span(span, outcome);
    }
}

/// A request's root span named `{method} {route}`, where `route` is a route template or
/// class (never the raw path), continuing an incoming `traceparent`. For a binary whose
/// routes are not actix patterns (the gateway's).
pub fn root_span(req: &actix_web::dev::ServiceRequest, route: &str) -> tracing::Span {
    use actix_web::HttpMessage;
    let request_id = req
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .filter(|v| v.len() <= 64 && v.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
        .map(str::to_owned)
        .or_else(|| {
            req.extensions()
                .get::<tracing_actix_web::RequestId>()
                .map(|id| id.to_string())
        })
        .unwrap_or_default();
    request_span(req.head(), route, &request_id)
}

/// A request's root span from its head alone (for requests served without actix-web's
/// request object, as the gateway's proxied routes are): named `{method} {route}`,
/// continuing an incoming `traceparent`, with the path only, never the query.
pub fn request_span(
    head: &actix_web::dev::RequestHead,
    route: &str,
    request_id: &str,
) -> tracing::Span {
    let span = tracing::info_span!(
        "HTTP request",
        http.method = %head.method,
        http.route = %route,
        http.target = %head.uri.path(),
        http.status_code = tracing::field::Empty,
        otel.name = %format!("{} {}", head.method, route),
        otel.kind = "server",
        otel.status_code = tracing::field::Empty,
        request_id = %request_id,
        exception.message = tracing::field::Empty,
        exception.details = tracing::field::Empty,
    );
    let parent = opentelemetry::global::get_text_map_propagator(|p| {
        p.extract(&HeaderExtractor(&head.headers))
    });
    let _ = span.set_parent(parent);
    span
}

/// Records the status of a request's answer on its span from [`request_span`], and
/// logs refusals and failures as [`end_root_span`] does.
pub fn end_request_span(span: &tracing::Span, status: actix_web::http::StatusCode) {
    span.record("http.status_code", status.as_u16());
    span.record(
        "otel.status_code",
        if status.is_server_error() {
            "ERROR"
        } else {
            "OK"
        },
    );
    log_outcome(span, status);
}

/// Records a request's outcome on its root span (see [`root_span`]) and logs refusals.
pub fn end_root_span<B: actix_web::body::MessageBody>(
    span: tracing::Span,
    outcome: &Result<actix_web::dev::ServiceResponse<B>, actix_web::Error>,
) {
    let status = match outcome {
        Ok(resp) => resp.status(),
        Err(e) => e.as_response_error().status_code(),
    };
    use tracing_actix_web::RootSpanBuilder;
    tracing_actix_web::DefaultRootSpanBuilder::on_request_end(span.clone(), outcome);
    log_outcome(&span, status);
}

fn log_outcome(span: &tracing::Span, status: actix_web::http::StatusCode) {
    let _entered = span.enter();
    if status.is_server_error() {
        tracing::warn!(status = status.as_u16(), "request failed");
    } else if status.is_client_error() {
        tracing::info!(status = status.as_u16(), "request refused");
    } else {
        tracing::debug!(status = status.as_u16(), "request served");
    }
}
