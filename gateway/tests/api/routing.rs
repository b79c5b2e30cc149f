use crate::support;

use std::sync::atomic::Ordering;

use support::{Answer, client, raw, raw_get, seen, setup};
use uuid::Uuid;

#[tokio::test]
async fn internal_routes_are_never_reachable() {
    let (mock, gw) = setup(|_| {}).await;
    let paths = [
        "/identity/internal/v1/TokenStatus?sub=x&ver=1",
        "//identity/internal/v1/TokenStatus",
        "/identity//internal/v1/TokenStatus",
        "/identity/%2e%2e/identity/internal/v1/TokenStatus",
        "/identity/%2E%2E/identity/internal/v1/TokenStatus",
        "/identity/api/..%2Finternal/v1/TokenStatus",
        "/identity/api/..%2finternal/v1/TokenStatus",
        "/identity/api/../internal/v1/TokenStatus",
        "/identity/api/./../internal/v1/TokenStatus",
        "/identity/api%2F..%2Finternal/v1/TokenStatus",
        "/identity/api%5C..%5Cinternal/v1/TokenStatus",
        "/identity/%69nternal/v1/TokenStatus",
        "/Identity/Internal/v1/TokenStatus",
        "/identity/INTERNAL/v1/TokenStatus",
        "/retailstore/internal/v1/Order/ConfirmPayment",
        "/paymentprovider/internal/v1/PaymentProvider/PaymentInstruction",
        "/identity/api/..",
        "/identity/api/.",
    ];
    for path in paths {
        let resp = raw_get(&gw, path).await;
        assert_eq!(resp.status, 404, "{path}: {}", resp.head);
        Answer::from((resp.status, resp.json())).error(404, 2);
    }
    assert_eq!(mock.state.status_calls.load(Ordering::SeqCst), 0);
    assert_eq!(mock.state.echo_calls.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn unknown_service_api_is_404_envelope() {
    let (mock, gw) = setup(|_| {}).await;
    for path in ["/billing/api/web/v1/Invoice/List", "/Identity/api/web/v1/x"] {
        let resp = client().get(format!("{gw}{path}")).send().await.unwrap();
        Answer::of(resp).await.error(404, 2);
    }
    assert_eq!(mock.state.echo_calls.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn path_and_query_are_forwarded_unchanged() {
    let (_mock, gw) = setup(|_| {}).await;
    let resp = raw_get(
        &gw,
        "/retailstore/api/web/v1/Product/Pagination?keyword=c%C3%A0%20ph%C3%AA&pageIndex=2&x=%2F",
    )
    .await;
    assert_eq!(resp.status, 200, "{}", resp.head);
    let echo = resp.json();
    assert_eq!(echo["method"], "GET");
    assert_eq!(echo["path"], "/retailstore/api/web/v1/Product/Pagination");
    assert_eq!(
        echo["query"],
        "keyword=c%C3%A0%20ph%C3%AA&pageIndex=2&x=%2F"
    );

    // /uploads goes to system; JWKS passes.
    let resp = client()
        .get(format!("{gw}/uploads/abc.png"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let echo: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(echo["path"], "/uploads/abc.png");
    let resp = client()
        .get(format!("{gw}/identity/.well-known/jwks.json"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
}

#[tokio::test]
async fn client_headers_that_belong_to_the_gateway_are_stripped() {
    let (_mock, gw) = setup(|_| {}).await;
    let forged_id = Uuid::new_v4();
    let head = format!(
        "GET /system/api/web/v1/Configuration/AppConfiguration HTTP/1.1\r\n\
         x-user-id: {forged_id}\r\n\
         x-user-role: admin\r\n\
         x-user-name: root\r\n\
         x-internal-key: {}\r\n\
         x-request-id: client-chosen\r\n\
         x-forwarded-for: 6.6.6.6\r\n\
         x-forwarded-proto: https\r\n\
         x-forwarded-host: evil.example\r\n\
         forwarded: for=6.6.6.6\r\n\
         x-custom-hop: 1\r\n\
         keep-alive: timeout=5\r\n\
         te: trailers\r\n\
         proxy-authorization: Basic eDp5\r\n\
         traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\r\n\
         accept-language: vi\r\n\
         Connection: x-custom-hop",
        shop_common::testing::caller_key(shop_common::internal::Caller::Gateway)
    );
    let resp = raw(&gw, &head, b"").await;
    assert_eq!(resp.status, 200, "{}", resp.head);
    let echo = resp.json();
    for gone in [
        "x-user-id",
        "x-user-role",
        "x-user-name",
        "x-internal-key",
        "x-forwarded-host",
        "forwarded",
        "x-custom-hop",
        "keep-alive",
        "te",
        "proxy-authorization",
    ] {
        assert!(
            echo["headers"].get(gone).is_none(),
            "{gone} reached: {echo}"
        );
    }
    assert_eq!(seen(&echo, "accept-language"), Some("vi"));
    // The peer is not a trusted proxy: its X-Forwarded-For is not believed.
    assert_eq!(seen(&echo, "x-forwarded-for"), Some("127.0.0.1"));
    assert_eq!(seen(&echo, "x-forwarded-proto"), Some("http"));
    let request_id = seen(&echo, "x-request-id").unwrap().to_owned();
    assert!(request_id.parse::<Uuid>().is_ok(), "{request_id}");
    assert_eq!(resp.header("x-request-id"), Some(request_id));
    let traceparent = seen(&echo, "traceparent").unwrap();
    assert!(traceparent.starts_with("00-4bf92f3577b34da6a3ce929d0e0e4736-"));
    assert_eq!(traceparent.len(), 55);
    // The upstream's own headers come back; hop-by-hop ones do not, and the length and
    // date are said once.
    assert_eq!(resp.header("x-upstream").as_deref(), Some("mock"));
    assert_eq!(resp.header("keep-alive"), None, "{}", resp.head);
    assert_eq!(resp.header("proxy-connection"), None, "{}", resp.head);
    let lines = |name: &str| {
        let prefix = format!("{name}:");
        resp.head
            .lines()
            .filter(|line| line.to_ascii_lowercase().starts_with(&prefix))
            .count()
    };
    assert_eq!(lines("content-length"), 1, "{}", resp.head);
    assert_eq!(lines("date"), 1, "{}", resp.head);
    assert_eq!(lines("connection"), 1, "{}", resp.head);
}

#[tokio::test]
async fn trusted_proxy_forwarded_for_is_believed() {
    let (_mock, gw) = setup(|c| {
        c.trusted_proxies = shop_common::net::TrustedProxies::parse("127.0.0.1").unwrap();
    })
    .await;
    let resp = client()
        .get(format!(
            "{gw}/system/api/web/v1/Configuration/AppConfiguration"
        ))
        .header("x-forwarded-for", "198.51.100.7, 127.0.0.1")
        .header("x-forwarded-proto", "https")
        .send()
        .await
        .unwrap();
    let echo = Answer::of(resp).await;
    assert_eq!(echo.status, 200, "{echo}");
    assert_eq!(seen(&echo.body, "x-forwarded-for"), Some("198.51.100.7"));
    assert_eq!(seen(&echo.body, "x-forwarded-proto"), Some("https"));
    // No trace comes in and the gateway has no span of its own (OpenTelemetry off):
    // none is made up.
    assert_eq!(seen(&echo.body, "traceparent"), None);
}

#[tokio::test]
async fn head_requests_and_large_downloads_stream() {
    let (_mock, gw) = setup(|_| {}).await;
    let resp = client()
        .head(format!("{gw}/retailstore/api/web/v1/Product/Pagination"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    assert!(resp.headers().get("content-length").is_some());

    let size: u64 = 3 * 1024 * 1024 + 17;
    let resp = client()
        .get(format!("{gw}/uploads/big.png"))
        .header("x-mock-size", size.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let body = resp.bytes().await.unwrap();
    assert_eq!(body.len() as u64, size);
}

#[tokio::test]
async fn probes() {
    let (_mock, gw) = setup(|_| {}).await;
    for path in ["/healthz", "/readyz"] {
        let resp = client().get(format!("{gw}{path}")).send().await.unwrap();
        assert_eq!(resp.status(), 200, "{path}");
    }
}

#[tokio::test]
async fn shopper_order_answers_are_never_cached() {
    let (_mock, gw) = setup(|_| {}).await;
    let cache_control = |resp: &reqwest::Response| {
        resp.headers()
            .get("cache-control")
            .map(|v| v.to_str().unwrap().to_owned())
    };
    // The order page's answer carries the codes; CreateOrder's the access token.
    let detail = client()
        .get(format!(
            "{gw}/retailstore/api/web/v1/Order/OrderDetail?code=DHABCDEFGH"
        ))
        .header("x-order-token", "t")
        .send()
        .await
        .unwrap();
    assert_eq!(detail.status(), 200);
    assert_eq!(cache_control(&detail).as_deref(), Some("no-store"));
    let created = client()
        .post(format!("{gw}/retailstore/api/web/v1/Order/CreateOrder"))
        .header("idempotency-key", "k-1")
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(cache_control(&created).as_deref(), Some("no-store"));
    let echo = Answer::of(created).await;
    // The shopper's own headers reach retailstore.
    assert_eq!(seen(&echo.body, "idempotency-key"), Some("k-1"));
    // The catalogue stays cacheable by the service's own rules.
    let list = client()
        .get(format!("{gw}/retailstore/api/web/v1/Product/Pagination"))
        .send()
        .await
        .unwrap();
    assert_eq!(cache_control(&list), None);
}
