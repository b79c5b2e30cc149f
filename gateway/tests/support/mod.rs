//! Test support: a mock upstream standing in for all four services (echo, JWKS,
//! TokenStatus) whose JWKS trusts a [`TestTokens`] key, a gateway spawned on a free port, and a raw
//! HTTP/1.1 client for paths that a URL library would normalise.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::time::Duration;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use futures_util::StreamExt;
use gateway::config::{Config, UpstreamUrls};
use jsonwebtoken::jwk::{Jwk, JwkSet};
use serde_json::{Value, json};
use shop_common::auth::{Claims, Role};
use shop_common::config::Secret;
use shop_common::testing::{INTERNAL_KEY, TestTokens, listener};
use uuid::Uuid;

pub const KID: &str = "test-key-1";

/// Valid claims for `sub` (staff "alice") at session version `ver`.
pub fn claims(sub: Uuid, ver: i64) -> Claims {
    TestTokens::claims(sub, "alice", Role::Staff, ver)
}

/// What the mock upstream answers and what it has seen.
#[derive(Default)]
pub struct MockState {
    pub jwks: std::sync::Mutex<Vec<Jwk>>,
    /// TokenStatus: active iff `ver == current_ver` and not disabled.
    pub current_ver: AtomicI64,
    pub disabled: AtomicBool,
    /// TokenStatus answers 503 with a non-JSON body.
    pub status_down: AtomicBool,
    pub status_calls: AtomicUsize,
    pub jwks_calls: AtomicUsize,
    pub echo_calls: AtomicUsize,
    /// Request bodies the echo read to their end.
    pub complete_bodies: AtomicUsize,
    /// Request bodies that ended in an error (the gateway cut them).
    pub body_errors: AtomicUsize,
}

pub struct Mock {
    pub url: String,
    pub state: Arc<MockState>,
    pub keys: TestTokens,
}

async fn jwks(state: web::Data<MockState>) -> HttpResponse {
    state.jwks_calls.fetch_add(1, Ordering::SeqCst);
    let keys = state.jwks.lock().unwrap().clone();
    HttpResponse::Ok().json(JwkSet { keys })
}

async fn token_status(req: HttpRequest, state: web::Data<MockState>) -> HttpResponse {
    state.status_calls.fetch_add(1, Ordering::SeqCst);
    if state.status_down.load(Ordering::SeqCst) {
        return HttpResponse::ServiceUnavailable().body("down");
    }
    let key = req
        .headers()
        .get("x-internal-key")
        .map(|v| v.as_bytes().to_vec());
    if key.as_deref() != Some(INTERNAL_KEY.as_bytes()) {
        return HttpResponse::Unauthorized().json(json!({
            "status": 401, "success": false, "result": null,
            "error": {"code": 5, "message": "bad key"}
        }));
    }
    let query: BTreeMap<String, String> = serde_urlencoded_parse(req.query_string())
        .into_iter()
        .collect();
    let ver: i64 = query.get("ver").and_then(|v| v.parse().ok()).unwrap_or(-1);
    let active = !state.disabled.load(Ordering::SeqCst)
        && ver == state.current_ver.load(Ordering::SeqCst)
        && query
            .get("sub")
            .and_then(|s| s.parse::<Uuid>().ok())
            .is_some();
    HttpResponse::Ok().json(json!({
        "status": 200, "success": true, "error": null,
        "result": {"active": active, "role": if active { Some("staff") } else { None }}
    }))
}

fn serde_urlencoded_parse(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

fn fnv1a(hash: &mut u64, bytes: &[u8]) {
    for b in bytes {
        *hash ^= u64::from(*b);
        *hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
}

pub fn fnv(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325;
    fnv1a(&mut h, bytes);
    h
}

/// Echoes method, raw path and query, headers and the body's length and hash.
/// `x-mock-delay-ms` delays the answer; `x-mock-size` answers with that many bytes;
/// `x-mock-stall` neither reads the body nor answers; `x-mock-stall-body` answers
/// with one chunk and then stalls.
async fn echo(
    req: HttpRequest,
    mut body: web::Payload,
    state: web::Data<MockState>,
) -> HttpResponse {
    state.echo_calls.fetch_add(1, Ordering::SeqCst);
    if req.headers().contains_key("x-mock-stall") {
        // Never read the body, never answer (in test time).
        tokio::time::sleep(Duration::from_secs(30)).await;
        return HttpResponse::Ok().finish();
    }
    if req.headers().contains_key("x-mock-stall-body") {
        let first = futures_util::stream::once(async {
            Ok::<_, std::io::Error>(bytes::Bytes::from_static(b"first chunk"))
        });
        let stalled = futures_util::stream::once(async {
            tokio::time::sleep(Duration::from_secs(30)).await;
            Ok::<_, std::io::Error>(bytes::Bytes::from_static(b"too late"))
        });
        return HttpResponse::Ok()
            .content_type("application/octet-stream")
            .streaming(first.chain(stalled));
    }
    let mut len = 0u64;
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    while let Some(chunk) = body.next().await {
        let Ok(chunk) = chunk else {
            state.body_errors.fetch_add(1, Ordering::SeqCst);
            return HttpResponse::BadRequest().body("body error");
        };
        len += chunk.len() as u64;
        fnv1a(&mut hash, &chunk);
    }
    state.complete_bodies.fetch_add(1, Ordering::SeqCst);
    let header = |name: &str| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok())
    };
    if let Some(ms) = header("x-mock-delay-ms") {
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }
    if let Some(size) = header("x-mock-size") {
        let chunk = bytes::Bytes::from(vec![b'x'; 64 * 1024]);
        let chunks = size.div_ceil(64 * 1024);
        let stream = futures_util::stream::iter((0..chunks).map(move |i| {
            let n = (size - i * 64 * 1024).min(64 * 1024) as usize;
            Ok::<_, std::io::Error>(chunk.slice(..n))
        }));
        return HttpResponse::Ok()
            .content_type("application/octet-stream")
            .streaming(stream);
    }
    let mut headers: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (name, value) in req.headers() {
        headers
            .entry(name.as_str().to_owned())
            .or_default()
            .push(String::from_utf8_lossy(value.as_bytes()).into_owned());
    }
    HttpResponse::Ok()
        .insert_header(("x-upstream", "mock"))
        .json(json!({
            "method": req.method().as_str(),
            "path": req.uri().path(),
            "query": req.uri().query(),
            "headers": headers,
            "bodyLength": len,
            "bodyHash": hash.to_string(),
        }))
}

impl Mock {
    pub async fn start() -> Self {
        let keys = TestTokens::with_kid(KID);
        let state = Arc::new(MockState::default());
        state.jwks.lock().unwrap().push(keys.public_jwk.clone());
        state.current_ver.store(1, Ordering::SeqCst);
        let data = web::Data::from(state.clone());
        let (listener, url) = listener();
        let server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .route("/identity/.well-known/jwks.json", web::get().to(jwks))
                .route(
                    "/identity/internal/v1/TokenStatus",
                    web::get().to(token_status),
                )
                .default_service(web::to(echo))
        })
        .workers(1)
        .disable_signals()
        .listen(listener)
        .unwrap()
        .run();
        tokio::spawn(server);
        Self { url, state, keys }
    }

    pub fn token(&self, sub: Uuid, ver: i64) -> String {
        self.keys.sign(&claims(sub, ver))
    }
}

/// A gateway configuration sending every service to `upstream`.
pub fn config(upstream: &str) -> Config {
    let urls = UpstreamUrls {
        identity: upstream.to_owned(),
        system: upstream.to_owned(),
        retailstore: upstream.to_owned(),
        paymentprovider: upstream.to_owned(),
    };
    let mut config = Config::new(urls, Secret::new(INTERNAL_KEY));
    config.frontend_dir = PathBuf::from("/nonexistent/frontend/dist");
    config.workers = Some(2);
    config.upstream_timeout = Duration::from_secs(10);
    config
}

/// Starts the gateway; returns its base URL.
pub async fn spawn_gateway(config: Config) -> String {
    let (listener, url) = listener();
    let server = gateway::server(listener, config).unwrap();
    tokio::spawn(server);
    url
}

/// A mock upstream and a gateway in front of it with `tweak` applied to the config.
pub async fn setup(tweak: impl FnOnce(&mut Config)) -> (Mock, String) {
    let mock = Mock::start().await;
    let mut cfg = config(&mock.url);
    tweak(&mut cfg);
    let gw = spawn_gateway(cfg).await;
    (mock, gw)
}

pub fn client() -> reqwest::Client {
    shop_common::testing::client()
}

/// Status and parsed JSON body of a response.
pub async fn json(resp: reqwest::Response) -> (u16, Value) {
    let status = resp.status().as_u16();
    let text = resp.text().await.unwrap();
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}

/// The single value of a header as the upstream saw it (from the echo).
pub fn seen<'a>(echo: &'a Value, name: &str) -> Option<&'a str> {
    let values = echo["headers"][name].as_array()?;
    assert_eq!(values.len(), 1, "{name} seen {} times", values.len());
    values[0].as_str()
}

/// A raw HTTP/1.1 exchange, byte for byte (no URL normalisation).
pub struct RawResponse {
    pub status: u16,
    pub head: String,
    pub body: Vec<u8>,
}

impl RawResponse {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }

    pub fn header(&self, name: &str) -> Option<String> {
        self.head.lines().skip(1).find_map(|line| {
            let (n, v) = line.split_once(':')?;
            n.trim()
                .eq_ignore_ascii_case(name)
                .then(|| v.trim().to_owned())
        })
    }
}

/// Sends `request_head` (without the final blank line) and `body` to `base_url`.
pub async fn raw(base_url: &str, request_head: &str, body: &[u8]) -> RawResponse {
    let addr = base_url.trim_start_matches("http://").to_owned();
    let mut request =
        format!("{request_head}\r\nHost: {addr}\r\nConnection: close\r\n\r\n").into_bytes();
    request.extend_from_slice(body);
    tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(&addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        stream.write_all(&request).unwrap();
        let mut bytes = Vec::new();
        stream.read_to_end(&mut bytes).unwrap();
        let split = bytes
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("response head");
        let head = String::from_utf8_lossy(&bytes[..split]).into_owned();
        let mut body = bytes[split + 4..].to_vec();
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let chunked = head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked");
        if chunked {
            body = dechunk(&body);
        }
        RawResponse { status, head, body }
    })
    .await
    .unwrap()
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size_text = String::from_utf8_lossy(&data[..eol]);
        let size =
            usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).unwrap_or(0);
        if size == 0 {
            return out;
        }
        let start = eol + 2;
        out.extend_from_slice(&data[start..start + size]);
        data = &data[start + size + 2..];
    }
}

/// A GET of a raw path through the gateway.
pub async fn raw_get(base_url: &str, path: &str) -> RawResponse {
    raw(base_url, &format!("GET {path} HTTP/1.1"), b"").await
}
