//! Prometheus metrics, one registry per process, served as text on `GET /metrics`
//! (services: at the root of their own port, like `/healthz`; the gateway: on its own
//! `METRICS_PORT` listener only).
//!
//! Every binary exports:
//! - `http_requests_total{route,method,status}` and
//!   `http_request_duration_seconds{route,method,status}` (time to the response head).
//!   `route` is the route template (`/retailstore/api/web/v1/Order/{...}` style, or the
//!   gateway's route class), never the raw path, so ids and codes never become labels;
//!   requests that match no route count as `unmatched`.
//! - `db_pool_connections{state}` (`max`, `size`, `available`, `in_use`, `waiting`), read
//!   from the deadpool status at scrape time, in services that hold a `web::Data<DbPool>`
//!   (`in_use` = `size` - `available`: the pool is saturated when it reaches `max`).
//!
//! A service with an outbox (retailstore, paymentprovider) also exports its backlog:
//! `shop_outbox_pending` (rows not yet relayed to system) and
//! `shop_outbox_oldest_pending_seconds` (how long the oldest of them has waited), read by
//! one query when scraped ([`Backlog`], [`outbox_backlog`]).
//!
//! Domain metrics are registered by the service that owns them ([`registry`]); a service
//! whose gauges are computed when scraped adds a [`ScrapeHook`] to its app data.
//!
//! The hot path is a label lookup (a hash of three short strings under a read lock) and
//! two atomic updates: no allocation once a series exists. The gateway's fixed route
//! classes skip the lookup and count per thread, reaching the registry within a second
//! ([`observe_class`]).

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, HttpResponse, web};
use prometheus::{Encoder, HistogramOpts, HistogramVec, IntCounterVec, Opts, Registry};

use crate::db::DbPool;

/// The metric types services register, so they need no `prometheus` dependency.
pub use prometheus::{IntCounter, IntGauge, IntGaugeVec};

/// Latency buckets in seconds: from a cached storefront answer to a slow checkout.
const LATENCY_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// The `route` label of a request that matched no route.
pub const UNMATCHED: &str = "unmatched";

static REGISTRY: LazyLock<Registry> = LazyLock::new(Registry::new);

/// The process's registry: services register their domain metrics here.
pub fn registry() -> &'static Registry {
    &REGISTRY
}

/// Registers `metric` in the process registry and returns it. A metric registered
/// twice (two apps in one test process) is still counted, just not exported twice.
pub fn register<M: prometheus::core::Collector + Clone + 'static>(metric: M) -> M {
    if let Err(e) = REGISTRY.register(Box::new(metric.clone())) {
        tracing::debug!(error = %e, "metric already registered");
    }
    metric
}

/// A counter in the process registry (`None` only for an invalid name).
pub fn counter(name: &str, help: &str) -> Option<IntCounter> {
    IntCounter::new(name, help).ok().map(register)
}

/// A gauge family in the process registry (`None` only for invalid names).
pub fn gauges(name: &str, help: &str, labels: &[&str]) -> Option<IntGaugeVec> {
    IntGaugeVec::new(Opts::new(name, help), labels)
        .ok()
        .map(register)
}

/// Request counts and latencies by route template, method and status.
pub struct HttpMetrics {
    requests: IntCounterVec,
    duration: HistogramVec,
}

static HTTP: LazyLock<Option<HttpMetrics>> = LazyLock::new(|| {
    let labels = &["route", "method", "status"];
    let requests = IntCounterVec::new(
        Opts::new("http_requests_total", "HTTP requests answered"),
        labels,
    );
    let duration = HistogramVec::new(
        HistogramOpts::new(
            "http_request_duration_seconds",
            "Time from a request's arrival to its response head",
        )
        .buckets(LATENCY_BUCKETS.to_vec()),
        labels,
    );
    // Constant, valid options: the error arm is never taken.
    Some(HttpMetrics {
        requests: register(requests.ok()?),
        duration: register(duration.ok()?),
    })
});

impl HttpMetrics {
    fn observe(&self, route: &str, method: &Method, status: StatusCode, started: Instant) {
        let labels = [route, method_label(method), status.as_str()];
        if let Ok(c) = self.requests.get_metric_with_label_values(&labels) {
            c.inc();
        }
        if let Ok(h) = self.duration.get_metric_with_label_values(&labels) {
            h.observe(started.elapsed().as_secs_f64());
        }
    }
}

/// Counts one answered request. `route` must be a route template or a fixed class,
/// never a raw path.
pub fn observe(route: &str, method: &Method, status: StatusCode, started: Instant) {
    if let Some(m) = HTTP.as_ref() {
        m.observe(route, method, status, started);
    }
}

/// How often a thread's [`observe_class`] counts reach the registry (at most this stale
/// at a scrape, given [`flush_class_counts`] runs as often).
pub const CLASS_FLUSH_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// One thread's series for [`observe_class`], counted locally.
#[derive(Default)]
struct ClassSeries {
    // The addresses of the class and the method label, and the status.
    series: std::collections::HashMap<
        (usize, usize, u16),
        (
            prometheus::local::LocalIntCounter,
            prometheus::local::LocalHistogram,
        ),
        BuildClassHasher,
    >,
    flushed: Option<Instant>,
}

impl ClassSeries {
    fn flush(&mut self, now: Instant) {
        for (count, time) in self.series.values() {
            count.flush();
            time.flush();
        }
        self.flushed = Some(now);
    }
}

thread_local! {
    static CLASS_SERIES: std::cell::RefCell<ClassSeries> = std::cell::RefCell::default();
}

/// Counts one answered request under a route class that is a fixed string (the
/// gateway's). Each thread counts in series of its own, keyed by the class's address,
/// and adds them to the registry at most every [`CLASS_FLUSH_EVERY`]: the hot path
/// hashes no label strings, takes no lock and touches no memory another core writes
/// (the shared counters' atomics cost the gateway more than the rest of this). A thread
/// that serves these must also call [`flush_class_counts`] as often, so that its last
/// counts reach the registry when requests stop.
pub fn observe_class(route: &'static str, method: &Method, status: StatusCode, started: Instant) {
    let Some(m) = HTTP.as_ref() else {
        return;
    };
    let method = method_label(method);
    let key = (
        route.as_ptr() as usize,
        method.as_ptr() as usize,
        status.as_u16(),
    );
    CLASS_SERIES.with_borrow_mut(|class| {
        let (count, time) = match class.series.entry(key) {
            std::collections::hash_map::Entry::Occupied(found) => found.into_mut(),
            std::collections::hash_map::Entry::Vacant(slot) => {
                let labels = [route, method, status.as_str()];
                match (
                    m.requests.get_metric_with_label_values(&labels),
                    m.duration.get_metric_with_label_values(&labels),
                ) {
                    (Ok(count), Ok(time)) => slot.insert((count.local(), time.local())),
                    _ => return,
                }
            }
        };
        count.inc();
        time.observe(started.elapsed().as_secs_f64());
        if class
            .flushed
            .is_none_or(|at| started.saturating_duration_since(at) >= CLASS_FLUSH_EVERY)
        {
            class.flush(started);
        }
    });
}

/// Adds this thread's [`observe_class`] counts to the registry.
pub fn flush_class_counts() {
    CLASS_SERIES.with_borrow_mut(|class| class.flush(Instant::now()));
}

type BuildClassHasher = std::hash::BuildHasherDefault<ClassHasher>;

/// A multiply-rotate hasher for [`observe_class`]'s keys: addresses, static labels and
/// status codes the process chose itself, so nothing an attacker could steer.
#[derive(Default)]
struct ClassHasher(u64);

impl std::hash::Hasher for ClassHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A bounded method label: anything unusual is `other`.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// Middleware (`middleware::from_fn`) for services: counts each request under its
/// actix route template.
pub async fn track_requests(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let method = req.method().clone();
    let result = next.call(req).await;
    let (status, route) = match &result {
        Ok(res) => (res.status(), res.request().match_pattern()),
        Err(e) => (e.as_response_error().status_code(), None),
    };
    observe(
        route.as_deref().unwrap_or(UNMATCHED),
        &method,
        status,
        started,
    );
    result
}

type HookFn = dyn Fn() -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync;

/// Work run before each scrape, e.g. refreshing gauges read from the database (keep it
/// cheap: cache what costs a query).
#[derive(Clone)]
pub struct ScrapeHook(Arc<HookFn>);

impl ScrapeHook {
    pub fn new<F, Fut>(hook: F) -> Self
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        Self(Arc::new(move || Box::pin(hook())))
    }
}

static POOL: LazyLock<Option<IntGaugeVec>> = LazyLock::new(|| {
    IntGaugeVec::new(
        Opts::new(
            "db_pool_connections",
            "Database pool connections: max, size (open), available (idle), waiting (callers queued)",
        ),
        &["state"],
    )
    .ok()
    .map(register)
});

fn record_pool(pool: &DbPool) {
    let Some(gauges) = POOL.as_ref() else {
        return;
    };
    let status = pool.status();
    let set = |state: &str, value: usize| {
        if let Ok(g) = gauges.get_metric_with_label_values(&[state]) {
            g.set(i64::try_from(value).unwrap_or(i64::MAX));
        }
    };
    set("max", status.max_size);
    set("size", status.size);
    set("available", status.available);
    set("in_use", status.size.saturating_sub(status.available));
    set("waiting", status.waiting);
}

/// How long a scrape reuses the last [`Backlog`] reading.
pub const BACKLOG_TTL: Duration = Duration::from_secs(10);

/// A queue kept in a table, as two gauges: how many rows wait, and for how many seconds
/// the oldest has waited (0 with none). One query returns both, as `n` and `oldest`
/// (bigints); it runs when scraped, at most once per [`BACKLOG_TTL`] per process.
pub struct Backlog {
    count: IntGauge,
    oldest: IntGauge,
    sql: &'static str,
    last: Mutex<Option<Instant>>,
}

#[derive(diesel::QueryableByName)]
struct BacklogRow {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    oldest: i64,
}

impl Backlog {
    /// Registers both gauges (`None` only for invalid names).
    pub fn new(count: (&str, &str), oldest: (&str, &str), sql: &'static str) -> Option<Self> {
        Some(Self {
            count: register(IntGauge::new(count.0, count.1).ok()?),
            oldest: register(IntGauge::new(oldest.0, oldest.1).ok()?),
            sql,
            last: Mutex::new(None),
        })
    }

    /// Reads the backlog again unless the last reading is younger than [`BACKLOG_TTL`];
    /// a failed read keeps the previous values.
    pub async fn refresh(&self, pool: &DbPool) {
        {
            let Ok(mut at) = self.last.lock() else { return };
            if at.is_some_and(|t| t.elapsed() < BACKLOG_TTL) {
                return;
            }
            *at = Some(Instant::now());
        }
        let row = match pool.get().await {
            Ok(mut conn) => {
                use diesel_async::RunQueryDsl;
                diesel::sql_query(self.sql)
                    .get_result::<BacklogRow>(&mut conn)
                    .await
            }
            Err(e) => {
                tracing::debug!(error = %e, "backlog gauges not refreshed");
                return;
            }
        };
        match row {
            Ok(row) => self.set(row.n, row.oldest),
            Err(e) => tracing::warn!(error = %e, "reading a backlog for metrics"),
        }
    }

    fn set(&self, n: i64, oldest: i64) {
        self.count.set(n);
        self.oldest.set(oldest.max(0));
    }
}

/// The outbox rows not yet relayed to system, and the age of the oldest.
pub const OUTBOX_BACKLOG_SQL: &str = "SELECT count(*) AS n, \
     COALESCE(floor(EXTRACT(EPOCH FROM now() - min(created_at))), 0)::bigint AS oldest \
     FROM outbox WHERE relayed_at IS NULL";

static OUTBOX: LazyLock<Option<Backlog>> = LazyLock::new(|| {
    Backlog::new(
        (
            "shop_outbox_pending",
            "Outbox rows not yet relayed to system",
        ),
        (
            "shop_outbox_oldest_pending_seconds",
            "Seconds the oldest outbox row not yet relayed has waited (0: none)",
        ),
        OUTBOX_BACKLOG_SQL,
    )
});

/// The outbox's [`Backlog`] (in a service with an `outbox` table: refresh it from its
/// [`ScrapeHook`]).
pub fn outbox_backlog() -> Option<&'static Backlog> {
    OUTBOX.as_ref()
}

/// The registry in Prometheus' text format.
pub fn render() -> String {
    let mut out = Vec::new();
    if let Err(e) = prometheus::TextEncoder::new().encode(&REGISTRY.gather(), &mut out) {
        tracing::warn!(error = %e, "encoding metrics");
    }
    String::from_utf8(out).unwrap_or_default()
}

/// `GET /metrics`: pool gauges and hooks refreshed, then every registered metric.
pub async fn scrape(req: HttpRequest) -> HttpResponse {
    if let Some(pool) = req.app_data::<web::Data<DbPool>>() {
        record_pool(pool);
    }
    if let Some(hook) = req.app_data::<web::Data<ScrapeHook>>() {
        (hook.0)().await;
    }
    // Registers the HTTP metrics on a scrape that comes before any other request.
    LazyLock::force(&HTTP);
    HttpResponse::Ok()
        .content_type(prometheus::TEXT_FORMAT)
        .body(render())
}

/// Mounts `GET /metrics` (outside the envelope).
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/metrics", web::get().to(scrape));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn method_labels_are_bounded() {
        assert_eq!(method_label(&Method::POST), "POST");
        let odd = Method::from_bytes(b"PURGE").unwrap_or(Method::GET);
        assert_eq!(method_label(&odd), "other");
    }

    #[test]
    fn backlog_gauges_are_rendered_and_never_negative() {
        let backlog = Backlog::new(
            ("test_backlog_rows", "rows"),
            ("test_backlog_oldest_seconds", "age"),
            "SELECT 0::bigint AS n, 0::bigint AS oldest",
        )
        .unwrap();
        backlog.set(3, 42);
        let text = render();
        assert!(text.contains("test_backlog_rows 3"), "{text}");
        assert!(text.contains("test_backlog_oldest_seconds 42"), "{text}");
        backlog.set(0, -1);
        assert!(render().contains("test_backlog_oldest_seconds 0"));
        assert!(outbox_backlog().is_some());
    }

    #[test]
    fn observed_requests_are_rendered_by_route() {
        observe(
            "/x/{id}",
            &Method::GET,
            StatusCode::NOT_FOUND,
            Instant::now(),
        );
        let text = render();
        assert!(
            text.contains(r#"http_requests_total{method="GET",route="/x/{id}",status="404"} 1"#),
            "{text}"
        );
        assert!(text.contains("http_request_duration_seconds_bucket{"));
    }
}
