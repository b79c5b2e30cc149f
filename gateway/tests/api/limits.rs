use crate::support;

use std::sync::atomic::Ordering;
use std::time::Duration;

use bytes::Bytes;
use serde_json::json;
use support::{Answer, client, fnv, raw, setup};
use uuid::Uuid;

const LOGIN: &str = "/identity/api/admin/v1/IdentityAuth/Login";
const CREATE_ORDER: &str = "/retailstore/api/web/v1/Order/CreateOrder";
const RESEND_LINK: &str = "/retailstore/api/web/v1/Order/ResendAccessLink";
const UPLOAD: &str = "/system/api/admin/v1/UploadFile/Upload";

async fn login(gw: &str, forwarded_for: Option<&str>) -> (Answer, Option<String>) {
    let mut req = client()
        .post(format!("{gw}{LOGIN}"))
        .json(&json!({"userName": "admin", "password": "wrong"}));
    if let Some(ip) = forwarded_for {
        req = req.header("x-forwarded-for", ip);
    }
    let resp = req.send().await.unwrap();
    let retry = resp
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_owned());
    (Answer::of(resp).await, retry)
}

#[tokio::test]
async fn login_is_rate_limited_per_client_ip() {
    let (_mock, gw) = setup(|c| {
        c.trusted_proxies = shop_common::net::TrustedProxies::parse("127.0.0.1").unwrap();
    })
    .await;
    for i in 0..10 {
        let (answer, _) = login(&gw, Some("203.0.113.5")).await;
        assert_eq!(answer.status, 200, "login {i}: {answer}");
    }
    let (answer, retry) = login(&gw, Some("203.0.113.5")).await;
    answer.error(429, 4);
    let retry: u64 = retry.expect("Retry-After").parse().unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
    // Another client behind the same trusted proxy is still allowed.
    let (answer, _) = login(&gw, Some("203.0.113.6")).await;
    assert_eq!(answer.status, 200, "{answer}");
    // Other routes are not limited.
    let resp = client()
        .get(format!("{gw}/identity/api/web/v1/Anything"))
        .header("x-forwarded-for", "203.0.113.5")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
}

#[tokio::test]
async fn a_1000_attempt_login_burst_stays_within_the_limit() {
    use futures_util::StreamExt;
    // An hour's window: however slowly this machine sends the burst, it all falls in one
    // window (a minute's, the real one, can end mid-burst on a loaded machine).
    let (mock, gw) = setup(|c| c.rate_limit_window = Duration::from_secs(3600)).await;
    // One client, 1,000 guesses, 25 in flight at a time, against the default 10 a window.
    let answers: Vec<_> = futures_util::stream::iter(0..1000)
        .map(|_| login(&gw, None))
        .buffer_unordered(25)
        .collect()
        .await;
    let mut passed = 0;
    for (answer, retry) in answers {
        if answer.status == 200 {
            passed += 1;
        } else {
            answer.error(429, 4);
            assert!(retry.is_some(), "429 without Retry-After");
        }
    }
    assert_eq!(passed, 10);
    assert_eq!(mock.state.echo_calls.load(Ordering::SeqCst), 10);
}

#[tokio::test]
async fn forged_forwarded_for_does_not_escape_the_limit() {
    let (_mock, gw) = setup(|c| c.login_per_minute = 3).await;
    for i in 0..3 {
        let (answer, _) = login(&gw, Some(&format!("198.51.100.{i}"))).await;
        assert_eq!(answer.status, 200);
    }
    let (answer, _) = login(&gw, Some("198.51.100.99")).await;
    answer.error(429, 4);
}

#[tokio::test]
async fn create_order_is_rate_limited() {
    let (_mock, gw) = setup(|c| c.order_per_minute = 2).await;
    let order = || {
        client()
            .post(format!("{gw}{CREATE_ORDER}"))
            .json(&json!({"items": [], "email": "a@b.c"}))
            .send()
    };
    assert_eq!(order().await.unwrap().status(), 200);
    assert_eq!(order().await.unwrap().status(), 200);
    let resp = order().await.unwrap();
    assert!(resp.headers().contains_key("retry-after"));
    Answer::of(resp).await.error(429, 4);
    // GET on the same path is not counted.
    let resp = client()
        .get(format!("{gw}{CREATE_ORDER}"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
}

#[tokio::test]
async fn resending_a_link_shares_the_order_limit() {
    let (_mock, gw) = setup(|c| c.order_per_minute = 2).await;
    let post = |path: &'static str| {
        client()
            .post(format!("{gw}{path}"))
            .json(&json!({"code": "DHAAAAAAAA", "email": "a@b.c"}))
            .send()
    };
    assert_eq!(post(RESEND_LINK).await.unwrap().status(), 200);
    assert_eq!(post(CREATE_ORDER).await.unwrap().status(), 200);
    // Each e-mails the shopper: a client cannot use one to get past the other's limit.
    Answer::of(post(RESEND_LINK).await.unwrap())
        .await
        .error(429, 4);
    Answer::of(post(CREATE_ORDER).await.unwrap())
        .await
        .error(429, 4);
}

#[tokio::test]
async fn bodies_over_the_limit_are_413_code_7() {
    let (mock, gw) = setup(|_| {}).await;
    // Declared length over the default 1 MiB: refused before anything is read.
    let head = format!(
        "POST /retailstore/api/web/v1/Order/CreateOrder HTTP/1.1\r\n\
         Content-Type: application/json\r\n\
         Content-Length: {}",
        1024 * 1024 + 1
    );
    let resp = raw(&gw, &head, b"{}").await;
    Answer::from((resp.status, resp.json())).error(413, 7);

    // The upload route allows 6 MiB but not more, even without a token.
    let head = format!(
        "POST {UPLOAD} HTTP/1.1\r\nContent-Type: application/octet-stream\r\nContent-Length: {}",
        6 * 1024 * 1024 + 1
    );
    let resp = raw(&gw, &head, b"").await;
    Answer::from((resp.status, resp.json())).error(413, 7);

    let token = mock.token(Uuid::new_v4(), 1);
    let six_mib = vec![7u8; 6 * 1024 * 1024];
    let resp = client()
        .post(format!("{gw}{UPLOAD}"))
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "application/octet-stream")
        .body(six_mib.clone())
        .send()
        .await
        .unwrap();
    let echo = Answer::of(resp).await;
    assert_eq!(echo.status, 200, "{echo}");
    assert_eq!(echo["bodyLength"], six_mib.len() as u64);

    // 6 MiB on an ordinary route is too much.
    let resp = client()
        .post(format!("{gw}{CREATE_ORDER}"))
        .body(six_mib)
        .send()
        .await
        .unwrap();
    Answer::of(resp).await.error(413, 7);
}

fn chunked(total: usize) -> reqwest::Body {
    let chunk = Bytes::from(vec![b'a'; 64 * 1024]);
    let n = total.div_ceil(64 * 1024);
    let stream = futures_util::stream::iter((0..n).map(move |i| {
        let len = (total - i * 64 * 1024).min(64 * 1024);
        Ok::<_, std::io::Error>(chunk.slice(..len))
    }));
    reqwest::Body::wrap_stream(stream)
}

#[tokio::test]
async fn chunked_bodies_are_limited_while_streaming() {
    let (_mock, gw) = setup(|_| {}).await;
    let resp = client()
        .post(format!("{gw}{CREATE_ORDER}"))
        .body(chunked(3 * 1024 * 1024))
        .send()
        .await;
    // The gateway answers 413 while the client is still sending; the client reads that
    // answer before its upload fails, so a transport error here is a failure.
    let resp = resp.expect("the 413 answer, not a transport error");
    Answer::of(resp).await.error(413, 7);

    let resp = client()
        .post(format!("{gw}{CREATE_ORDER}"))
        .body(chunked(512 * 1024 + 3))
        .send()
        .await
        .unwrap();
    let echo = Answer::of(resp).await;
    assert_eq!(echo.status, 200, "{echo}");
    assert_eq!(echo["bodyLength"], 512 * 1024 + 3);
}

#[tokio::test]
async fn a_5_mib_upload_reaches_the_upstream_intact() {
    let (mock, gw) = setup(|_| {}).await;
    let token = mock.token(Uuid::new_v4(), 1);
    let body: Vec<u8> = (0..5 * 1024 * 1024u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let resp = client()
        .post(format!("{gw}{UPLOAD}"))
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "multipart/form-data; boundary=x")
        .body(body.clone())
        .send()
        .await
        .unwrap();
    let echo = Answer::of(resp).await;
    assert_eq!(echo.status, 200, "{echo}");
    assert_eq!(echo["bodyLength"], body.len() as u64);
    assert_eq!(echo["bodyHash"], fnv(&body).to_string());
    assert_eq!(support::seen(&echo.body, "content-length"), Some("5242880"));
}

#[tokio::test]
async fn upstream_down_is_502_code_8() {
    let (closed, closed_url) = shop_common::testing::listener();
    drop(closed);
    let (_mock, gw) = setup(|cfg| cfg.upstreams.retailstore = closed_url).await;
    let resp = client()
        .get(format!("{gw}/retailstore/api/web/v1/Product/Pagination"))
        .send()
        .await
        .unwrap();
    assert!(resp.headers().contains_key("x-request-id"));
    Answer::of(resp).await.error(502, 8);
}

#[tokio::test]
async fn slow_upstream_is_504_code_8() {
    let (mock, gw) = setup(|c| c.upstream_timeout = Duration::from_secs(1)).await;
    // The upstream takes the request and never answers.
    let resp = client()
        .get(format!("{gw}/retailstore/api/web/v1/Product/Pagination"))
        .header("x-mock-stall", "1")
        .send()
        .await
        .unwrap();
    Answer::of(resp).await.error(504, 8);
    assert_eq!(mock.state.echo_calls.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn a_response_body_that_stalls_is_cut_off() {
    let (_mock, gw) = setup(|c| c.upstream_timeout = Duration::from_secs(1)).await;
    let mut resp = client()
        .get(format!("{gw}/retailstore/api/web/v1/Product/Pagination"))
        .header("x-mock-stall-body", "1")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    // The head and the first chunk arrive; the stalled rest (30 s away) is cut off
    // with an error instead of the body completing.
    let mut received = Vec::new();
    let ended = loop {
        match resp.chunk().await {
            Ok(Some(chunk)) => received.extend_from_slice(&chunk),
            Ok(None) => break Ok(()),
            Err(e) => break Err(e),
        }
    };
    assert!(ended.is_err(), "the body completed: {received:?}");
    assert_eq!(received, b"first chunk");
}

#[tokio::test]
async fn slow_but_steady_uploads_are_not_timed_out() {
    let (_mock, gw) = setup(|c| c.upstream_timeout = Duration::from_secs(1)).await;
    let stream = futures_util::stream::unfold(0u32, |i| async move {
        if i == 5 {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        Some((
            Ok::<_, std::io::Error>(Bytes::from(vec![b'z'; 1000])),
            i + 1,
        ))
    });
    // Five pauses of 300 ms: the whole upload outlasts the 1 s time-out, no gap does.
    let resp = client()
        .post(format!("{gw}{CREATE_ORDER}"))
        .body(reqwest::Body::wrap_stream(stream))
        .send()
        .await
        .unwrap();
    let echo = Answer::of(resp).await;
    assert_eq!(echo.status, 200, "{echo}");
    assert_eq!(echo["bodyLength"], 5000);
}

/// Waits (up to 10 s) until every request that reached the mock has finished reading
/// its body, one way or the other.
async fn bodies_settled(mock: &support::Mock) {
    let state = &mock.state;
    for _ in 0..200 {
        let finished =
            state.complete_bodies.load(Ordering::SeqCst) + state.body_errors.load(Ordering::SeqCst);
        if finished >= state.echo_calls.load(Ordering::SeqCst) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the upstream is still reading a request body");
}

#[tokio::test]
async fn a_client_that_stops_sending_is_cut_off() {
    let (mock, gw) = setup(|c| c.upstream_timeout = Duration::from_secs(1)).await;
    let addr = gw.trim_start_matches("http://").to_owned();
    let answer = tokio::task::spawn_blocking(move || {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(&addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let head =
            format!("POST {CREATE_ORDER} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 1000\r\n\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(&[b'a'; 10]).unwrap();
        let mut bytes = Vec::new();
        let _ = stream.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
    .await
    .unwrap();
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("\"code\":1"), "{answer}");
    // The upstream never saw a complete body: 10 of 1000 bytes, then an error.
    bodies_settled(&mock).await;
    assert_eq!(mock.state.complete_bodies.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn an_upstream_that_takes_no_body_is_504() {
    let (mock, gw) = setup(|c| c.upstream_timeout = Duration::from_secs(1)).await;
    // The upstream reads nothing and never answers; the 1 MiB body backs up into the
    // client, which reads the 504 before its upload fails: a transport error here is a
    // failure.
    let resp = client()
        .post(format!("{gw}{CREATE_ORDER}"))
        .header("x-mock-stall", "1")
        .body(vec![b'q'; 1024 * 1024])
        .send()
        .await
        .expect("the 504 answer, not a transport error");
    Answer::of(resp).await.error(504, 8);
    assert_eq!(mock.state.echo_calls.load(Ordering::SeqCst), 1);
    assert_eq!(mock.state.complete_bodies.load(Ordering::SeqCst), 0);
}
