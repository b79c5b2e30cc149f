//! The forward phases for service routes: request filter (rate limit, body limit,
//! auth), upstream request filter (headers), streaming forward, response filter,
//! logging. Bodies stream both ways; nothing is buffered whole.

use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::task::Poll;
use std::time::{Duration, Instant};

use actix_web::body::{self, BodyStream, SizedStream};
use actix_web::http::{Method, StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use bytes::Bytes;
use futures_util::{StreamExt, TryStreamExt};
use http_body_util::{BodyDataStream, BodyExt, Empty, StreamBody};
use hyper::body::{Frame, Incoming};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::{TokioExecutor, TokioTimer};
use shop_common::auth::bearer_token;
use shop_common::net::TrustedProxies;

use crate::Gateway;
use crate::error::GatewayError;
use crate::headers::{self, Forwarding};
use crate::path::{Access, CREATE_ORDER_PATH, LOGIN_PATH, ORDER_WEB_PREFIX};
use crate::routes::{Service, body_limit};

/// Idle upstream connections are dropped before the services' own keep-alive (actix
/// default: 5 s) closes them, so a pooled connection is never reused as it closes.
const POOL_IDLE_TIMEOUT: Duration = Duration::from_secs(4);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const POOL_MAX_IDLE_PER_HOST: usize = 256;

/// The proxy's upstream client: hyper's pooled HTTP/1.1 client driven directly, with
/// no redirects, proxies or default headers (reqwest would add a URL parse and its
/// redirect and header layers to every request). Build one per worker thread.
pub type Client = hyper_util::client::legacy::Client<HttpConnector, UpstreamBody>;

/// What the gateway sends upstream: nothing, or the client's body as it streams in.
pub type UpstreamBody = http_body_util::combinators::UnsyncBoxBody<Bytes, BodyError>;

pub fn client() -> Client {
    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    connector.set_connect_timeout(Some(CONNECT_TIMEOUT));
    hyper_util::client::legacy::Client::builder(TokioExecutor::new())
        .pool_timer(TokioTimer::new())
        .pool_idle_timeout(POOL_IDLE_TIMEOUT)
        .pool_max_idle_per_host(POOL_MAX_IDLE_PER_HOST)
        .build(connector)
}

/// Installs rustls' ring provider (the one `shop_common::internal::http_client` uses);
/// reqwest clients built before it exists panic. Idempotent.
pub fn install_crypto_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// Forwards one request to `service`; `path` is the normalised path.
pub async fn forward(
    req: &HttpRequest,
    payload: web::Payload,
    gw: &Gateway,
    service: Service,
    access: Access,
    path: &str,
    request_id: &str,
) -> Result<HttpResponse, GatewayError> {
    let shared = &gw.shared;
    let config = &shared.config;
    let peer = req
        .peer_addr()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |a| a.ip());
    let client_ip = client_ip(req, peer, &config.trusted_proxies);

    // Request filter: cheap refusals first, then the token.
    if req.method() == Method::POST {
        let limiter = match path {
            LOGIN_PATH => Some(&shared.login_limit),
            CREATE_ORDER_PATH => Some(&shared.order_limit),
            _ => None,
        };
        if let Some(limiter) = limiter {
            limiter.check(client_ip).map_err(|wait| {
                tracing::debug!(%client_ip, path, request_id, "rate limited");
                GatewayError::RateLimited(wait)
            })?;
        }
    }
    let limit = body_limit(&config.body_limits, path);
    let chunked = req.headers().contains_key(header::TRANSFER_ENCODING);
    let declared = if chunked {
        None
    } else {
        parse_length(
            req.headers()
                .get(header::CONTENT_LENGTH)
                .map(|v| v.as_bytes()),
        )
    };
    if declared.is_some_and(|len| len > limit) {
        return Err(GatewayError::TooLarge);
    }
    let principal = match access {
        Access::Admin => Some(shared.auth.authenticate(bearer_token(req)).await?),
        Access::Login | Access::Public => None,
    };

    // Upstream request filter.
    let fwd = Forwarding {
        access,
        principal: principal.as_ref(),
        client_ip,
        proto: forwarded_proto(req, peer, &config.trusted_proxies),
        request_id,
        content_length: declared,
    };
    let upstream_headers = headers::upstream_request(req.headers(), &fwd);
    let method = http::Method::from_bytes(req.method().as_str().as_bytes())
        .map_err(|_| GatewayError::NotFound)?;
    let uri = http::Uri::try_from(
        shared
            .table
            .url(service, req.uri().path(), req.uri().query()),
    )
    .map_err(|_| GatewayError::NotFound)?;
    let (body, pump) = if chunked || declared.is_some_and(|len| len > 0) {
        let (body, pump) = stream_body(payload, limit, config.upstream_timeout);
        (body, Some(pump))
    } else {
        (
            Empty::new().map_err(|never| match never {}).boxed_unsync(),
            None,
        )
    };
    let mut upstream = http::Request::new(body);
    *upstream.method_mut() = method;
    *upstream.uri_mut() = uri;
    *upstream.headers_mut() = upstream_headers;

    // Forward. The time-out covers waiting for the response head once the request
    // body is sent (an upload is bounded by per-chunk idle time-outs instead, so a
    // slow but steady client is not cut off); response bodies may stream longer.
    let started = Instant::now();
    let send = gw.client.request(upstream);
    tokio::pin!(send);
    let mut early = None;
    if let Some(pump) = &pump {
        let mut body_sent = pump.done.clone();
        tokio::select! {
            result = &mut send => early = Some(result),
            _ = body_sent.wait_for(|done| *done) => {}
        }
    }
    if let Some(reason) = pump.as_ref().and_then(BodyPump::abort_reason) {
        return Err(reason);
    }
    let outcome = match early {
        Some(result) => Ok(result),
        None => tokio::time::timeout(config.upstream_timeout, send).await,
    };
    let resp = match outcome {
        Err(_) => {
            tracing::warn!(
                service = service.name(),
                request_id,
                timeout_ms = config.upstream_timeout.as_millis() as u64,
                "upstream timed out"
            );
            return Err(GatewayError::Timeout);
        }
        Ok(Err(e)) => {
            tracing::warn!(
                service = service.name(),
                request_id,
                error = %e,
                connect = e.is_connect(),
                "upstream unavailable"
            );
            return Err(GatewayError::BadGateway);
        }
        Ok(Ok(resp)) => resp,
    };

    // Response filter and logging.
    tracing::debug!(
        target: "gateway::access",
        service = service.name(),
        request_id,
        method = %req.method(),
        path,
        status = resp.status().as_u16(),
        head_ms = started.elapsed().as_millis() as u64,
        "forwarded"
    );
    let mut out = client_response(resp, req.method() == Method::HEAD, config.upstream_timeout);
    // Back-office answers, and a shopper's order (its access token, its codes), are
    // never kept by the browser or a shared cache.
    if matches!(access, Access::Admin | Access::Login) || path.starts_with(ORDER_WEB_PREFIX) {
        headers::no_store(out.headers_mut());
    }
    Ok(out)
}

/// The client's address: the peer, or from `X-Forwarded-For` when the peer is trusted.
fn client_ip(req: &HttpRequest, peer: IpAddr, proxies: &TrustedProxies) -> IpAddr {
    if !proxies.contains(peer) {
        return proxies.client_ip(peer, None);
    }
    let mut values = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok());
    match (values.next(), values.next()) {
        (None, _) => proxies.client_ip(peer, None),
        (Some(one), None) => proxies.client_ip(peer, Some(one)),
        (Some(first), Some(second)) => {
            // Several header lines form one list, in order.
            let mut joined = format!("{first},{second}");
            for v in values {
                joined.push(',');
                joined.push_str(v);
            }
            proxies.client_ip(peer, Some(&joined))
        }
    }
}

/// `https` only when a trusted proxy says so; the gateway itself speaks plain HTTP.
fn forwarded_proto(req: &HttpRequest, peer: IpAddr, proxies: &TrustedProxies) -> &'static str {
    let said_https = || {
        req.headers()
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
    };
    if proxies.contains(peer) && said_https() {
        "https"
    } else {
        "http"
    }
}

/// The upstream body, cut off with an error when no chunk arrives for `idle`: an
/// upstream that stalls mid-body does not hold the client's connection forever.
fn idle_limited(
    resp: http::Response<Incoming>,
    idle: Duration,
) -> impl futures_util::Stream<Item = Result<Bytes, std::io::Error>> {
    let body = Box::pin(BodyDataStream::new(resp.into_body()));
    futures_util::stream::unfold(Some(body), move |state| async move {
        let mut body = state?;
        match tokio::time::timeout(idle, futures_util::StreamExt::next(&mut body)).await {
            Ok(Some(Ok(chunk))) => Some((Ok(chunk), Some(body))),
            Ok(Some(Err(e))) => Some((Err(std::io::Error::other(e)), None)),
            Ok(None) => None,
            Err(_) => {
                tracing::warn!("upstream response body stalled; closing it");
                Some((
                    Err(std::io::Error::new(
                        std::io::ErrorKind::TimedOut,
                        "upstream body stalled",
                    )),
                    None,
                ))
            }
        }
    })
}

/// Answers up to this size are read whole before they are sent on.
const BUFFERED_BODY_MAX: u64 = 64 * 1024;

/// The whole (small) upstream body as one chunk, or an error when it does not arrive
/// within `idle`.
fn buffered(
    resp: http::Response<Incoming>,
    idle: Duration,
) -> impl futures_util::Stream<Item = Result<Bytes, std::io::Error>> {
    futures_util::stream::once(async move {
        match tokio::time::timeout(idle, resp.into_body().collect()).await {
            Ok(Ok(collected)) => Ok(collected.to_bytes()),
            Ok(Err(e)) => Err(std::io::Error::other(e)),
            Err(_) => {
                tracing::warn!("upstream response body stalled; closing it");
                Err(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "upstream body stalled",
                ))
            }
        }
    })
}

/// A `Content-Length` value, whichever `http` crate version the header came from.
fn parse_length(value: Option<&[u8]>) -> Option<u64> {
    std::str::from_utf8(value?).ok()?.trim().parse().ok()
}

/// Streams the upstream response to the client, keeping its length when known.
fn client_response(mut resp: http::Response<Incoming>, head: bool, idle: Duration) -> HttpResponse {
    let status = StatusCode::from_u16(resp.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
    let upstream_headers = std::mem::take(resp.headers_mut());
    let length = parse_length(
        upstream_headers
            .get(http::header::CONTENT_LENGTH)
            .map(|v| v.as_bytes()),
    );
    let mut builder = HttpResponse::build(status);
    let no_body = head
        || status.is_informational()
        || status == StatusCode::NO_CONTENT
        || status == StatusCode::NOT_MODIFIED;
    let mut out = if no_body {
        match length {
            Some(len) if head => builder.body(SizedStream::new(
                len,
                futures_util::stream::empty::<Result<Bytes, Infallible>>(),
            )),
            _ => builder.body(body::None::new()),
        }
    } else if let Some(len) = length.filter(|len| *len <= BUFFERED_BODY_MAX) {
        // A small answer (a page of products, an order) arrives in one or two reads:
        // taking it whole, under the same idle limit, spares the stream machinery and a
        // timer per chunk; it is sent with its length, as before.
        builder.body(SizedStream::new(len, buffered(resp, idle)))
    } else if let Some(len) = length {
        builder.body(SizedStream::new(len, idle_limited(resp, idle)))
    } else {
        builder.body(BodyStream::new(idle_limited(resp, idle)))
    };
    headers::client_response(&upstream_headers, out.headers_mut());
    out
}

const ABORT_NONE: u8 = 0;
const ABORT_TOO_LARGE: u8 = 1;
const ABORT_CLIENT: u8 = 2;
const ABORT_UPSTREAM_STALLED: u8 = 3;

/// The handler's view of the task that feeds the request body upstream.
struct BodyPump {
    /// Why the body stream was cut, if it was.
    abort: Arc<AtomicU8>,
    /// Becomes true once the body has been handed over in full (or was cut).
    done: tokio::sync::watch::Receiver<bool>,
}

impl BodyPump {
    fn abort_reason(&self) -> Option<GatewayError> {
        match self.abort.load(Ordering::Acquire) {
            ABORT_NONE => None,
            ABORT_TOO_LARGE => Some(GatewayError::TooLarge),
            ABORT_UPSTREAM_STALLED => Some(GatewayError::Timeout),
            _ => Some(GatewayError::BadBody),
        }
    }
}

#[derive(Debug)]
pub enum BodyError {
    TooLarge,
    Client(String),
    ClientIdle,
    Cut,
}

impl std::fmt::Display for BodyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BodyError::TooLarge => f.write_str("request body over the limit"),
            BodyError::Client(e) => write!(f, "reading the request body: {e}"),
            BodyError::ClientIdle => f.write_str("client stopped sending the request body"),
            BodyError::Cut => f.write_str("request body cut"),
        }
    }
}

impl std::error::Error for BodyError {}

/// A `Send` body for the upstream request, fed from the (thread-local) actix payload by a local
/// task. The byte limit is enforced while streaming; the small channel gives
/// back-pressure (the client is read only as fast as the upstream takes it); a client
/// that sends nothing, or an upstream that takes nothing, for `idle` ends the exchange.
fn stream_body(mut payload: web::Payload, limit: u64, idle: Duration) -> (UpstreamBody, BodyPump) {
    let abort = Arc::new(AtomicU8::new(ABORT_NONE));
    let flag = abort.clone();
    let (done_tx, done) = tokio::sync::watch::channel(false);
    let (tx, mut rx) = tokio::sync::mpsc::channel::<Result<Bytes, BodyError>>(2);
    actix_web::rt::spawn(async move {
        let mut seen: u64 = 0;
        loop {
            let item = match tokio::time::timeout(idle, payload.next()).await {
                Ok(None) => break,
                Ok(Some(Ok(bytes))) => {
                    seen += bytes.len() as u64;
                    if seen > limit {
                        flag.store(ABORT_TOO_LARGE, Ordering::Release);
                        Err(BodyError::TooLarge)
                    } else {
                        Ok(bytes)
                    }
                }
                Ok(Some(Err(e))) => {
                    flag.store(ABORT_CLIENT, Ordering::Release);
                    Err(BodyError::Client(e.to_string()))
                }
                Err(_) => {
                    flag.store(ABORT_CLIENT, Ordering::Release);
                    Err(BodyError::ClientIdle)
                }
            };
            let stop = item.is_err();
            match tokio::time::timeout(idle, tx.send(item)).await {
                Ok(Ok(())) if !stop => {}
                Ok(_) => break,
                Err(_) => {
                    flag.store(ABORT_UPSTREAM_STALLED, Ordering::Release);
                    break;
                }
            }
        }
        // Dropping `tx` ends the body stream (or, after an abort, the request).
        drop(tx);
        let _ = done_tx.send(true);
    });
    // A cut body must end in an error, never look complete to the upstream.
    let cut = abort.clone();
    let stream = futures_util::stream::poll_fn(move |cx| match rx.poll_recv(cx) {
        Poll::Ready(None) if cut.load(Ordering::Acquire) != ABORT_NONE => {
            Poll::Ready(Some(Err(BodyError::Cut)))
        }
        other => other,
    });
    let body = StreamBody::new(stream.map_ok(Frame::data)).boxed_unsync();
    (body, BodyPump { abort, done })
}
