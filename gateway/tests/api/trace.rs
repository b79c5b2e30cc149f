//! One trace across services: the gateway, retailstore and paymentprovider binaries run
//! on a database of their own with `OTEL_EXPORTER_OTLP_ENDPOINT` pointed at an OTLP/HTTP
//! receiver in this test; one CreateOrder through the gateway must yield spans from all
//! three sharing one trace id (gateway -> retailstore -> paymentprovider's
//! PaymentInstruction), the gateway's span named by its route.
//!
//! The service binaries are built (or found fresh) with the same cargo that runs the test
//! (the harness is `support::stack`).

use crate::support;

use std::collections::BTreeSet;
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::{App, HttpResponse, HttpServer, web};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::common::v1::any_value::Value as AnyValue;
use prost::Message;
use serde_json::json;
use shop_common::testing::Answer;
use support::stack::{Database, Stack, build_services};

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

#[tokio::test(flavor = "multi_thread")]
async fn one_create_order_is_one_trace_across_three_services() {
    build_services(&["retailstore", "paymentprovider"]);
    let (otlp, spans) = start_receiver();
    let db = Database::create("trace").await;
    let mut stack = Stack::new(&db, "trace");
    stack.otlp = Some(otlp);

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
    stack.finish();
}
