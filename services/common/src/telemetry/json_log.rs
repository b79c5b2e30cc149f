//! The JSON log line (see the module documentation of `telemetry`) and the trace ids it
//! carries.

use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::Layer;

/// The ids of a request span's trace, kept in the span's extensions for [`JsonLog`].
#[derive(Debug, Clone, Copy)]
struct TraceIds {
    trace: opentelemetry::trace::TraceId,
    span: Option<opentelemetry::trace::SpanId>,
}

/// Keeps, for the JSON log lines of the events within `span`, its trace id and span id
/// (spans exported), or else the trace id `incoming` carries. Call after setting its
/// parent.
pub fn record_trace_ids(span: &tracing::Span, incoming: &opentelemetry::Context) {
    use opentelemetry::trace::TraceContextExt;
    let own = span.context();
    let own = own.span().span_context().clone();
    let ids = if own.is_valid() {
        TraceIds {
            trace: own.trace_id(),
            span: Some(own.span_id()),
        }
    } else {
        let parent = incoming.span().span_context().clone();
        if !parent.is_valid() {
            return;
        }
        TraceIds {
            trace: parent.trace_id(),
            span: None,
        }
    };
    span.with_subscriber(|(id, dispatch)| {
        use tracing_subscriber::registry::LookupSpan;
        if let Some(registry) = dispatch.downcast_ref::<tracing_subscriber::Registry>()
            && let Some(data) = registry.span(id)
        {
            data.extensions_mut().insert(ids);
        }
    });
}

/// The JSON log layer, writing to `writer`.
pub fn json_layer<S, W>(writer: W) -> impl Layer<S>
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
    W: for<'w> tracing_subscriber::fmt::MakeWriter<'w> + 'static,
{
    tracing_subscriber::fmt::layer()
        .fmt_fields(tracing_subscriber::fmt::format::JsonFields::new())
        .event_format(JsonLog)
        .with_writer(writer)
}

/// One JSON line per event (see the module documentation), with `trace_id` and
/// `span_id` at the top level: from the event's own fields of those names, or else from
/// the innermost span in scope whose ids [`record_trace_ids`] kept.
pub struct JsonLog;

impl<S, N> tracing_subscriber::fmt::FormatEvent<S, N> for JsonLog
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
    N: for<'a> tracing_subscriber::fmt::FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &tracing_subscriber::fmt::FmtContext<'_, S, N>,
        mut writer: tracing_subscriber::fmt::format::Writer<'_>,
        event: &tracing::Event<'_>,
    ) -> std::fmt::Result {
        use serde_json::{Map, Value};
        let meta = event.metadata();
        let mut fields = Map::new();
        event.record(&mut JsonVisitor(&mut fields));
        let mut trace_id = fields.remove("trace_id");
        let mut span_id = fields.remove("span_id");
        let mut spans = Vec::new();
        let mut kept: Option<TraceIds> = None;
        if let Some(scope) = ctx.event_scope() {
            for span in scope.from_root() {
                let extensions = span.extensions();
                let mut object = extensions
                    .get::<tracing_subscriber::fmt::FormattedFields<N>>()
                    .and_then(|f| serde_json::from_str::<Map<String, Value>>(f.as_str()).ok())
                    .unwrap_or_default();
                object.insert("name".into(), Value::from(span.name()));
                if let Some(ids) = extensions.get::<TraceIds>() {
                    kept = Some(*ids);
                }
                spans.push(Value::Object(object));
            }
        }
        if trace_id.is_none()
            && let Some(ids) = kept
        {
            trace_id = Some(Value::from(format!("{:032x}", ids.trace)));
            span_id = ids.span.map(|s| Value::from(format!("{s:016x}")));
        }
        let mut line = Map::new();
        line.insert(
            "timestamp".into(),
            Value::from(chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Micros, true)),
        );
        line.insert("level".into(), Value::from(meta.level().as_str()));
        line.insert("fields".into(), Value::Object(fields));
        line.insert("target".into(), Value::from(meta.target()));
        if let Some(current) = spans.last() {
            line.insert("span".into(), current.clone());
        }
        if !spans.is_empty() {
            line.insert("spans".into(), Value::Array(spans));
        }
        if let Some(id) = trace_id {
            line.insert("trace_id".into(), id);
        }
        if let Some(id) = span_id {
            line.insert("span_id".into(), id);
        }
        writeln!(writer, "{}", Value::Object(line))
    }
}

/// An event's fields as JSON values.
struct JsonVisitor<'a>(&'a mut serde_json::Map<String, serde_json::Value>);

impl tracing::field::Visit for JsonVisitor<'_> {
    fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
        self.0.insert(field.name().into(), value.into());
    }

    fn record_i64(&mut self, field: &tracing::field::Field, value: i64) {
        self.0.insert(field.name().into(), value.into());
    }

    fn record_u64(&mut self, field: &tracing::field::Field, value: u64) {
        self.0.insert(field.name().into(), value.into());
    }

    fn record_bool(&mut self, field: &tracing::field::Field, value: bool) {
        self.0.insert(field.name().into(), value.into());
    }

    fn record_f64(&mut self, field: &tracing::field::Field, value: f64) {
        self.0.insert(field.name().into(), value.into());
    }

    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        self.0
            .insert(field.name().into(), format!("{value:?}").into());
    }
}
