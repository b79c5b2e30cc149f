//! One trace across services: the gateway, retailstore and paymentprovider binaries run
//! on a database of their own with `OTEL_EXPORTER_OTLP_ENDPOINT` pointed at an OTLP/HTTP
//! receiver in this test; one CreateOrder through the gateway must yield spans from all
//! three sharing one trace id (gateway -> retailstore -> paymentprovider's
//! PaymentInstruction), the gateway's span named by its route.
//!
//! The service binaries are built (or found fresh) with the same cargo that runs the test.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::{App, HttpResponse, HttpServer, web};
use diesel::QueryableByName;
use diesel::sql_types::Text;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::common::v1::any_value::Value as AnyValue;
use prost::Message;
use serde_json::json;
use shop_common::testing::{Answer, INTERNAL_KEY, database_url};

/// A span as the receiver got it.
#[derive(Debug, Clone)]
struct Span {
    service: String,
    name: String,
    trace_id: String,
}

type Spans = Arc<Mutex<Vec<Span>>>;

async fn receive(body: web::Bytes, spans: web::Data<Spans>) -> HttpResponse {
    let Ok(request) = ExportTraceServiceRequest::decode(body) else {
        return HttpResponse::BadRequest().finish();
    };
    let mut got = spans.lock().unwrap();
    for resource_spans in request.resource_spans {
        let service = resource_spans
            .resource
            .iter()
            .flat_map(|r| &r.attributes)
            .find(|kv| kv.key == "service.name")
            .and_then(|kv| match kv.value.as_ref()?.value.as_ref()? {
                AnyValue::StringValue(s) => Some(s.clone()),
                _ => None,
            })
            .unwrap_or_default();
        for scope in resource_spans.scope_spans {
            for span in scope.spans {
                got.push(Span {
                    service: service.clone(),
                    name: span.name,
                    trace_id: span.trace_id.iter().map(|b| format!("{b:02x}")).collect(),
                });
            }
        }
    }
    HttpResponse::Ok()
        .content_type("application/x-protobuf")
        .body(ExportTraceServiceResponse::default().encode_to_vec())
}

/// The OTLP/HTTP receiver: `POST /v1/traces` with protobuf bodies.
fn start_receiver() -> (String, Spans) {
    let spans: Spans = Arc::default();
    let data = web::Data::new(spans.clone());
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let server = HttpServer::new(move || {
        App::new()
            .app_data(data.clone())
            .app_data(web::PayloadConfig::new(16 * 1024 * 1024))
            .route("/v1/traces", web::post().to(receive))
    })
    .workers(1)
    .listen(listener)
    .unwrap()
    .run();
    tokio::spawn(server);
    (url, spans)
}

/// A running binary, killed when dropped; its output goes to `log`.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_gateway"))
        .parent()
        .unwrap()
        .to_owned()
}

/// Builds the two service binaries unless a workspace build already made them fresh.
fn build_services() {
    let status = Command::new(env!("CARGO"))
        .args([
            "build",
            "--quiet",
            "--bins",
            "-p",
            "retailstore",
            "-p",
            "paymentprovider",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("run cargo build");
    assert!(status.success(), "cargo build of the services failed");
}

/// A database of this test's own, dropped at the end.
struct Database {
    server: String,
    name: String,
    url: String,
}

impl Database {
    async fn create() -> Self {
        let server = database_url();
        let name = format!("shop_trace_{}", uuid::Uuid::new_v4().simple());
        let mut conn = AsyncPgConnection::establish(&server).await.unwrap();
        diesel::sql_query(format!("CREATE DATABASE \"{name}\""))
            .execute(&mut conn)
            .await
            .unwrap();
        let (base, query) = server.split_once('?').unwrap_or((&server, ""));
        let base = base.rsplit_once('/').map_or(base, |(b, _)| b);
        let url = if query.is_empty() {
            format!("{base}/{name}")
        } else {
            format!("{base}/{name}?{query}")
        };
        Self { server, name, url }
    }

    async fn run(&self, sql: &str) {
        let mut conn = AsyncPgConnection::establish(&self.url).await.unwrap();
        diesel::sql_query(sql)
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    async fn line(&self, sql: &str) -> String {
        #[derive(QueryableByName)]
        struct Line {
            #[diesel(sql_type = Text)]
            line: String,
        }
        let mut conn = AsyncPgConnection::establish(&self.url).await.unwrap();
        diesel::sql_query(sql)
            .get_result::<Line>(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
            .line
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        let (server, name) = (self.server.clone(), self.name.clone());
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                if let Ok(mut conn) = AsyncPgConnection::establish(&server).await {
                    let _ = diesel::sql_query(format!(
                        "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
                    ))
                    .execute(&mut conn)
                    .await;
                }
            });
        })
        .join();
    }
}

const CODE_KEY: &str = "6b1d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff001";
const HASH_KEY: &str = "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0";
const PAYMENT_KEY: &str = "5a1d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff0a7";

/// Where the stack's binaries listen. Each binds port 0 and logs the address the
/// system gave it, so no port is picked here and lost to another test before use.
struct Stack {
    otlp: String,
    db_url: String,
    logs: PathBuf,
    urls: BTreeMap<&'static str, String>,
}

impl Stack {
    fn url(&self, name: &str) -> String {
        // A service this test does not run: nothing listens on the discard port.
        self.urls
            .get(name)
            .cloned()
            .unwrap_or_else(|| "http://127.0.0.1:9".to_owned())
    }

    /// `binary` with the stack's environment, its output in `<log>.log`.
    fn command(&self, binary: &str, log: &str) -> Command {
        let mut cmd = Command::new(bin_dir().join(binary));
        let log = std::fs::File::create(self.logs.join(format!("{log}.log"))).unwrap();
        cmd.env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("LISTEN_ADDR", "127.0.0.1:0")
            .env("METRICS_PORT", "0")
            .env("DATABASE_URL", &self.db_url)
            .env("INTERNAL_API_KEY", INTERNAL_KEY)
            .env("IDENTITY_URL", self.url("identity"))
            .env("RETAILSTORE_URL", self.url("retailstore"))
            .env("PAYMENTPROVIDER_URL", self.url("paymentprovider"))
            .env("SYSTEM_URL", self.url("system"))
            .env("CODE_ENCRYPTION_KEY", CODE_KEY)
            .env("CODE_HASH_KEY", HASH_KEY)
            .env("PAYMENT_SECRET_KEY", PAYMENT_KEY)
            .env("PUBLIC_BASE_URL", self.url("gateway"))
            .env("OTEL_EXPORTER_OTLP_ENDPOINT", &self.otlp)
            // Spans leave within a fraction of a second, not the default 5 s.
            .env("OTEL_BSP_SCHEDULE_DELAY", "100")
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log);
        cmd
    }

    /// Starts `name` with the URLs of those started before it, waits until it
    /// answers `/readyz` and records its URL for those started after it.
    async fn start(&mut self, name: &'static str) -> Running {
        let mut child = Running(self.command(name, name).spawn().unwrap());
        let deadline = Instant::now() + Duration::from_secs(60);
        let addr = loop {
            if let Some(addr) = listening_addr(&self.log(name), name) {
                break addr;
            }
            if let Some(status) = child.0.try_wait().unwrap() {
                panic!("{name} exited ({status}):\n{}", self.log(name));
            }
            assert!(
                Instant::now() < deadline,
                "{name} never listened:\n{}",
                self.log(name)
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        let url = format!("http://{addr}");
        let client = shop_common::testing::client();
        loop {
            if let Ok(resp) = client.get(format!("{url}/readyz")).send().await
                && resp.status().is_success()
            {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{name} never became ready:\n{}",
                self.log(name)
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        self.urls.insert(name, url);
        child
    }

    fn log(&self, name: &str) -> String {
        std::fs::read_to_string(self.logs.join(format!("{name}.log"))).unwrap_or_default()
    }
}

/// The `addr=` of the `<name> listening` line in a service's log.
fn listening_addr(log: &str, name: &str) -> Option<String> {
    let line = log
        .lines()
        .find(|l| l.contains(&format!("{name} listening")))?;
    let addr = line
        .split_whitespace()
        .find_map(|f| f.strip_prefix("addr="))?;
    Some(addr.to_owned())
}

#[tokio::test(flavor = "multi_thread")]
async fn one_create_order_is_one_trace_across_three_services() {
    build_services();
    let (otlp, spans) = start_receiver();
    let db = Database::create().await;
    let logs = std::env::temp_dir().join(format!("shop-trace-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&logs).unwrap();
    let mut stack = Stack {
        otlp,
        db_url: db.url.clone(),
        logs,
        urls: BTreeMap::new(),
    };

    // A catalogue with codes (retailstore's own demo seed) and an active bank account.
    let seeded = stack
        .command("retailstore", "seed")
        .arg("seed-demo")
        .status()
        .unwrap();
    assert!(seeded.success(), "seed-demo:\n{}", stack.log("seed"));
    // Each in the order the others need its URL; paymentprovider calls retailstore
    // only for bank webhooks, which this test sends none of.
    let _payments = stack.start("paymentprovider").await;
    let _retail = stack.start("retailstore").await;
    let _gateway = stack.start("gateway").await;
    let provider = uuid::Uuid::new_v4();
    db.run(&format!(
        "INSERT INTO paymentprovider.payment_providers \
         (id, name, type, bank_bin, bank_name, account_number, account_name, is_active, \
          sort_order, webhook_enabled, created_at, updated_at) \
         VALUES ('{provider}', 'Vietcombank', 'vietqr_bank', '970436', 'Vietcombank', \
          '0011001234567', 'CUA HANG', true, 0, false, now(), now())"
    ))
    .await;
    let product = db
        .line(
            "SELECT p.id::text AS line FROM retailstore.products p \
             JOIN retailstore.product_stock s ON s.product_id = p.id \
             WHERE p.status = 'active' AND s.available > 0 ORDER BY p.id LIMIT 1",
        )
        .await;

    let client = shop_common::testing::client();
    let resp = client
        .post(format!(
            "{}/retailstore/api/web/v1/Order/CreateOrder",
            stack.url("gateway")
        ))
        .json(&json!({
            "items": [{"productId": product, "quantity": 1}],
            "email": "trace@vidu.vn",
            "paymentProviderId": provider,
        }))
        .send()
        .await
        .unwrap();
    let answer = Answer::of(resp).await;
    assert_eq!(answer.status, 200, "{answer}\n{}", stack.log("retailstore"));
    answer.ok();

    // The trace of the gateway's CreateOrder span, once all three services reported it.
    let gateway_span = "POST /retailstore/api/web/v1/Order/CreateOrder";
    let deadline = Instant::now() + Duration::from_secs(30);
    let (trace_id, services) = loop {
        let got = spans.lock().unwrap().clone();
        let found = got
            .iter()
            .find(|s| s.service == "gateway" && s.name == gateway_span)
            .map(|root| {
                let services: BTreeSet<String> = got
                    .iter()
                    .filter(|s| s.trace_id == root.trace_id)
                    .map(|s| s.service.clone())
                    .collect();
                (root.trace_id.clone(), services)
            });
        match found {
            Some((id, services)) if services.len() >= 3 => break (id, services),
            _ if Instant::now() > deadline => panic!(
                "no complete trace; spans seen: {got:#?}\ngateway log:\n{}",
                stack.log("gateway")
            ),
            _ => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    };
    assert_eq!(
        services,
        BTreeSet::from(["gateway", "paymentprovider", "retailstore"].map(String::from)),
        "trace {trace_id}"
    );
    let got = spans.lock().unwrap().clone();
    let in_trace: Vec<_> = got.iter().filter(|s| s.trace_id == trace_id).collect();
    // Each service's server span is named by its route, never `default` or a raw path.
    assert!(
        in_trace
            .iter()
            .any(|s| s.service == "retailstore" && s.name == gateway_span),
        "{in_trace:#?}"
    );
    assert!(
        in_trace.iter().any(|s| s.service == "paymentprovider"
            && s.name.starts_with("POST /paymentprovider/internal/")),
        "{in_trace:#?}"
    );
    assert!(got.iter().all(|s| !s.name.contains("default")), "{got:#?}");
    // The logs are kept only when the test fails, to read why.
    let _ = std::fs::remove_dir_all(&stack.logs);
}
