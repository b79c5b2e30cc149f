//! A request's root span: named by its route, continuing an incoming `traceparent`,
//! ended with the outcome (and refusals logged); the gateway's own per-request spans.

use tracing_opentelemetry::OpenTelemetrySpanExt;

use super::json_log::record_trace_ids;
use super::propagation::incoming_context;

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
    let parent = incoming_context(&head.headers);
    let _ = span.set_parent(parent.clone());
    record_trace_ids(&span, &parent);
    span
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
        let cx = self.0.span_context().clone();
        self.0.end();
        let ids = cx.is_valid().then(|| (cx.trace_id(), cx.span_id()));
        log_status(status, Some(request_id), ids);
    }
}

/// Logs a refused or failed request (a served one at debug level), with its request id
/// and trace ids when no span around the event carries them.
fn log_status(
    status: actix_web::http::StatusCode,
    request_id: Option<&str>,
    ids: Option<(opentelemetry::trace::TraceId, opentelemetry::trace::SpanId)>,
) {
    let trace_id = ids.map(|(t, _)| tracing::field::display(t));
    let span_id = ids.map(|(_, s)| tracing::field::display(s));
    if status.is_server_error() {
        tracing::warn!(
            status = status.as_u16(),
            request_id,
            trace_id,
            span_id,
            "request failed"
        );
    } else if status.is_client_error() {
        tracing::info!(
            status = status.as_u16(),
            request_id,
            trace_id,
            span_id,
            "request refused"
        );
    } else {
        tracing::debug!(
            status = status.as_u16(),
            request_id,
            trace_id,
            span_id,
            "request served"
        );
    }
}

fn log_outcome(span: &tracing::Span, status: actix_web::http::StatusCode) {
    let _entered = span.enter();
    log_status(status, None, None);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::telemetry::json_layer;
    use crate::telemetry::propagation::HeaderExtractor;
    use actix_web::http::header::{HeaderName, HeaderValue};
    use opentelemetry::trace::TracerProvider as _;
    use opentelemetry_sdk::propagation::TraceContextPropagator;
    use opentelemetry_sdk::trace::Sampler;
    use opentelemetry_sdk::trace::SdkTracerProvider;
    use tracing_subscriber::layer::SubscriberExt;

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

    /// A writer the JSON layer fills, for the test to read.
    #[derive(Clone, Default)]
    struct Lines(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Lines {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Lines {
        fn json(&self) -> Vec<serde_json::Value> {
            let text = String::from_utf8(self.0.lock().unwrap().clone()).unwrap();
            text.lines()
                .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
                .collect()
        }
    }

    fn incoming(traceparent: &str) -> opentelemetry::Context {
        use opentelemetry::propagation::TextMapPropagator as _;
        let mut headers = actix_web::http::header::HeaderMap::new();
        headers.insert(
            HeaderName::from_static("traceparent"),
            HeaderValue::from_str(traceparent).unwrap(),
        );
        TraceContextPropagator::new().extract(&HeaderExtractor(&headers))
    }

    #[test]
    fn json_lines_carry_the_request_spans_trace_and_span_ids() {
        let lines = Lines::default();
        let writer = lines.clone();
        let provider = SdkTracerProvider::builder()
            .with_sampler(Sampler::ParentBased(Box::new(Sampler::AlwaysOn)))
            .build();
        let subscriber = tracing_subscriber::registry()
            .with(json_layer(move || writer.clone()))
            .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("test")));
        tracing::subscriber::with_default(subscriber, || {
            let parent = incoming(PARENT);
            let span = tracing::info_span!("HTTP request", request_id = "req-1");
            let _ = span.set_parent(parent.clone());
            record_trace_ids(&span, &parent);
            span.in_scope(|| tracing::info!(order = 7, "inside"));
            tracing::info!("outside");
        });
        let json = lines.json();
        assert_eq!(json.len(), 2, "{json:?}");
        let inside = &json[0];
        assert_eq!(
            inside["trace_id"], "4bf92f3577b34da6a3ce929d0e0e4736",
            "{inside}"
        );
        let span_id = inside["span_id"].as_str().unwrap();
        assert_eq!(span_id.len(), 16);
        assert_ne!(
            span_id, "00f067aa0ba902b7",
            "the request's own span, not the caller's"
        );
        assert_eq!(inside["fields"]["message"], "inside");
        assert_eq!(inside["fields"]["order"], 7);
        assert_eq!(inside["span"]["request_id"], "req-1");
        assert_eq!(inside["span"]["name"], "HTTP request");
        assert_eq!(inside["level"], "INFO");
        assert!(json[1].get("trace_id").is_none(), "{}", json[1]);
    }

    #[test]
    fn without_span_export_the_incoming_trace_id_is_logged() {
        let lines = Lines::default();
        let writer = lines.clone();
        let subscriber = tracing_subscriber::registry().with(json_layer(move || writer.clone()));
        tracing::subscriber::with_default(subscriber, || {
            let parent = incoming(PARENT);
            let span = tracing::info_span!("HTTP request");
            record_trace_ids(&span, &parent);
            span.in_scope(|| tracing::warn!("inside"));
            // An event that names its ids itself (the gateway's proxied requests).
            tracing::info!(trace_id = "abc", span_id = "def", "named");
        });
        let json = lines.json();
        assert_eq!(json[0]["trace_id"], "4bf92f3577b34da6a3ce929d0e0e4736");
        assert!(json[0].get("span_id").is_none(), "{}", json[0]);
        assert_eq!(json[1]["trace_id"], "abc");
        assert_eq!(json[1]["span_id"], "def");
        assert!(json[1]["fields"].get("trace_id").is_none());
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
