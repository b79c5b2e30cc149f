//! A stand-in for every upstream of a reverse proxy (the gateway's tests): identity's
//! JWKS (trusting a [`TestTokens`] key) and TokenStatus, and an echo of everything else
//! that reports what it received.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::time::Duration;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use futures_util::StreamExt;
use jsonwebtoken::jwk::{Jwk, JwkSet};
use serde_json::{Value, json};
use uuid::Uuid;

use super::{TestTokens, internal_keys, listener};
use crate::auth::{Claims, Role};

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

/// A stand-in for every upstream of a reverse proxy; see the module documentation.
pub struct MockUpstream {
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
    // identity serves TokenStatus to every service.
    if key.and_then(|k| internal_keys().identify(&k)).is_none() {
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
            Ok::<_, std::io::Error>(web::Bytes::from_static(b"first chunk"))
        });
        let stalled = futures_util::stream::once(async {
            tokio::time::sleep(Duration::from_secs(30)).await;
            Ok::<_, std::io::Error>(web::Bytes::from_static(b"too late"))
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
        let chunk = web::Bytes::from(vec![b'x'; 64 * 1024]);
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
        // Hop-by-hop headers, which must not reach the client.
        .insert_header(("keep-alive", "timeout=5"))
        .insert_header(("proxy-connection", "keep-alive"))
        .json(json!({
            "method": req.method().as_str(),
            "path": req.uri().path(),
            "query": req.uri().query(),
            "headers": headers,
            "bodyLength": len,
            "bodyHash": hash.to_string(),
        }))
}

impl MockUpstream {
    /// Starts on a free local port, trusting a key published under `kid`.
    pub async fn start(kid: &str) -> Self {
        let keys = TestTokens::with_kid(kid);
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

    /// A valid token of staff "alice" (`sub`) at session version `ver`.
    pub fn token(&self, sub: Uuid, ver: i64) -> String {
        self.keys.sign(&claims(sub, ver))
    }
}

/// The single value of a header as the upstream saw it (from the echo).
pub fn seen<'a>(echo: &'a Value, name: &str) -> Option<&'a str> {
    let values = echo["headers"][name].as_array()?;
    assert_eq!(values.len(), 1, "{name} seen {} times", values.len());
    values[0].as_str()
}
