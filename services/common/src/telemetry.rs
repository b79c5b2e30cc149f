//! Logging and tracing. `RUST_LOG` filters (default `info`), `LOG_FORMAT=json` writes
//! JSON lines, and `OTEL_EXPORTER_OTLP_ENDPOINT` turns on OTLP/HTTP span export (which
//! requests are traced: the SDK's `OTEL_TRACES_SAMPLER` and `OTEL_TRACES_SAMPLER_ARG`).
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
    let head = req.head();
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
    let _ = span.set_parent(incoming_context(&head.headers));
    span
}

/// The trace context an incoming request's `traceparent` and `tracestate` carry.
fn incoming_context(headers: &actix_web::http::header::HeaderMap) -> opentelemetry::Context {
    opentelemetry::global::get_text_map_propagator(|p| p.extract(&HeaderExtractor(headers)))
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

/// The tracer of [`ServerSpan`]s; one per worker thread (the global one is behind a lock).
pub struct RequestTracer(opentelemetry::global::BoxedTracer);

impl RequestTracer {
    pub fn new(service_name: &'static str) -> Self {
        Self(opentelemetry::global::tracer(service_name))
    }

    /// A request's server span, made on OpenTelemetry's tracer directly rather than
    /// through a `tracing` span: the sampler (`OTEL_TRACES_SAMPLER`, parent-based by
    /// default) decides as it starts, and a request it leaves out costs a span id and
    /// nothing else (no attributes, no subscriber layers, no timing of each poll).
    /// Named `{method} {route}`, continuing an incoming `traceparent`, with the path only,
    /// never the query. For requests served without actix-web's request object (the
    /// gateway's proxied routes).
    pub fn start(
        &self,
        head: &actix_web::dev::RequestHead,
        route: &str,
        request_id: &str,
    ) -> ServerSpan {
        use opentelemetry::KeyValue;
        use opentelemetry::trace::{Span as _, SpanKind, Tracer as _};
        let parent = incoming_context(&head.headers);
        let mut span = self
            .0
            .span_builder(format!("{} {}", head.method, route))
            .with_kind(SpanKind::Server)
            .start_with_context(&self.0, &parent);
        if span.is_recording() {
            span.set_attributes([
                KeyValue::new("http.request.method", head.method.as_str().to_owned()),
                KeyValue::new("http.route", route.to_owned()),
                KeyValue::new("url.path", head.uri.path().to_owned()),
                KeyValue::new("request_id", request_id.to_owned()),
            ]);
        }
        ServerSpan(span)
    }
}

/// A request's span from [`RequestTracer::start`]; [`ServerSpan::end`] records the answer.
pub struct ServerSpan(opentelemetry::global::BoxedSpan);

impl std::fmt::Debug for ServerSpan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use opentelemetry::trace::Span as _;
        f.debug_tuple("ServerSpan")
            .field(self.0.span_context())
            .finish()
    }
}

impl ServerSpan {
    /// The span's W3C `traceparent` (`00-{trace id}-{span id}-{flags}`), for the calls it
    /// makes; the services follow its sampling decision. None when it has no valid context.
    pub fn traceparent(&self) -> Option<[u8; 55]> {
        use opentelemetry::trace::Span as _;
        use std::io::Write as _;
        let cx = self.0.span_context();
        if !cx.is_valid() {
            return None;
        }
        let mut out = [0u8; 55];
        let flags = if cx.is_sampled() { 1 } else { 0 };
        write!(
            &mut out[..],
            "00-{:032x}-{:016x}-{flags:02x}",
            cx.trace_id(),
            cx.span_id()
        )
        .ok()?;
        Some(out)
    }

    /// The span's `tracestate`, when it carries one.
    pub fn tracestate(&self) -> Option<String> {
        use opentelemetry::trace::Span as _;
        let header = self.0.span_context().trace_state().header();
        (!header.is_empty()).then_some(header)
    }

    /// Records the answer's status, logs refusals and failures as [`end_root_span`]
    /// does, and ends the span.
    pub fn end(mut self, status: actix_web::http::StatusCode, request_id: &str) {
        use opentelemetry::KeyValue;
        use opentelemetry::trace::{Span as _, Status};
        if self.0.is_recording() {
            self.0.set_attribute(KeyValue::new(
                "http.response.status_code",
                i64::from(status.as_u16()),
            ));
            if status.is_server_error() {
                self.0.set_status(Status::error(""));
            }
        }
        self.0.end();
        log_status(status, Some(request_id));
    }
}

/// Logs a refused or failed request (a served one at debug level), with its request id
/// when no span around the event carries it.
fn log_status(status: actix_web::http::StatusCode, request_id: Option<&str>) {
    if status.is_server_error() {
        tracing::warn!(status = status.as_u16(), request_id, "request failed");
    } else if status.is_client_error() {
        tracing::info!(status = status.as_u16(), request_id, "request refused");
    } else {
        tracing::debug!(status = status.as_u16(), request_id, "request served");
    }
}

fn log_outcome(span: &tracing::Span, status: actix_web::http::StatusCode) {
    let _entered = span.enter();
    log_status(status, None);
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::{HeaderName, HeaderValue};
    use opentelemetry_sdk::trace::Sampler;

    const PARENT: &str = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    fn tracer(sampler: Sampler) -> RequestTracer {
        opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
        let provider = SdkTracerProvider::builder().with_sampler(sampler).build();
        RequestTracer(opentelemetry::global::BoxedTracer::new(Box::new(
            provider.tracer("test"),
        )))
    }

    fn head(trace: &[(&'static str, &str)]) -> actix_web::dev::RequestHead {
        let mut head = actix_web::dev::RequestHead::default();
        head.uri = actix_web::http::Uri::from_static("/retailstore/api/web/v1/Product/Pagination");
        for (name, value) in trace {
            head.headers.insert(
                HeaderName::from_static(name),
                HeaderValue::from_str(value).unwrap(),
            );
        }
        head
    }

    /// `(trace id, span id, flags)` of a well-formed `traceparent`.
    fn parts(span: &ServerSpan) -> (String, String, String) {
        let tp = span.traceparent().expect("a valid context");
        let tp = std::str::from_utf8(&tp).unwrap().to_owned();
        let fields: Vec<&str> = tp.split('-').collect();
        assert_eq!(fields.len(), 4, "{tp}");
        assert_eq!(fields[0], "00", "{tp}");
        let hex = |s: &str, len| {
            s.len() == len
                && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
                && s.bytes().any(|b| b != b'0')
        };
        assert!(hex(fields[1], 32) && hex(fields[2], 16), "{tp}");
        (fields[1].into(), fields[2].into(), fields[3].into())
    }

    #[test]
    fn a_sampled_request_starts_a_trace_the_services_follow() {
        let span = tracer(Sampler::AlwaysOn).start(&head(&[]), "GET /x", "req-1");
        let (_, _, flags) = parts(&span);
        assert_eq!(flags, "01");
        span.end(actix_web::http::StatusCode::OK, "req-1");
    }

    #[test]
    fn a_request_left_out_still_passes_its_decision_on() {
        let never = Sampler::ParentBased(Box::new(Sampler::TraceIdRatioBased(0.0)));
        let span = tracer(never).start(&head(&[]), "GET /x", "req-1");
        let (_, _, flags) = parts(&span);
        // The services, parent-based, leave the trace out too.
        assert_eq!(flags, "00");
        assert_eq!(span.tracestate(), None);
    }

    #[test]
    fn an_incoming_trace_is_continued_with_its_decision() {
        let never = Sampler::ParentBased(Box::new(Sampler::AlwaysOff));
        let incoming = head(&[("traceparent", PARENT), ("tracestate", "v=1")]);
        let span = tracer(never).start(&incoming, "GET /x", "req-1");
        let (trace_id, span_id, flags) = parts(&span);
        assert_eq!(trace_id, "4bf92f3577b34da6a3ce929d0e0e4736");
        assert_ne!(span_id, "00f067aa0ba902b7");
        assert_eq!(flags, "01");
        assert_eq!(span.tracestate().as_deref(), Some("v=1"));

        let always = Sampler::ParentBased(Box::new(Sampler::AlwaysOn));
        let unsampled = PARENT.replace("-01", "-00");
        let span = tracer(always).start(&head(&[("traceparent", &unsampled)]), "GET /x", "r");
        assert_eq!(parts(&span).2, "00");
    }
}
