//! Response filter: the service's answer as the client receives it. Status and
//! end-to-end headers ([`headers::client_response`]), the length when known, no caching
//! of back-office and order answers, and a body that streams back under an idle limit
//! (small answers are read whole first).

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use actix_web::HttpResponse;
use actix_web::body::{self, BodyStream, SizedStream};
use actix_web::http::StatusCode;
use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use http_body_util::{BodyDataStream, BodyExt};
use hyper::body::Body;
use shop_common::limits::ORDER_WEB_PREFIX;

use crate::client::PooledBody;
use crate::headers::{self, content_length};
use crate::path::Access;

/// Answers up to this size are read whole before they are sent on.
const BUFFERED_BODY_MAX: u64 = 64 * 1024;

/// The client's answer to a `HEAD` (`head`) or other request on a route of `access` at
/// the normalised `path`.
pub fn run(
    resp: http::Response<PooledBody>,
    head: bool,
    access: Access,
    path: &str,
    idle: Duration,
) -> HttpResponse {
    let mut out = client_response(resp, head, idle);
    // Back-office answers, and a shopper's order (its access token, its codes), are
    // never kept by the browser or a shared cache.
    if matches!(access, Access::Admin | Access::Login) || path.starts_with(ORDER_WEB_PREFIX) {
        headers::no_store(out.headers_mut());
    }
    out
}

/// Streams the upstream response to the client, keeping its length when known.
fn client_response(
    mut resp: http::Response<PooledBody>,
    head: bool,
    idle: Duration,
) -> HttpResponse {
    let status = StatusCode::from_u16(resp.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
    let upstream_headers = std::mem::take(resp.headers_mut());
    let length = content_length(
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
        // A small answer (a page of products, an order) arrives in one or two reads,
        // often in the same read as its head: then it is sent on as it is; otherwise it
        // is taken whole, under the same idle limit, which spares the stream machinery
        // and a timer per chunk. Either way it is sent with its length, as before.
        let mut body = resp.into_body();
        match arrived(&mut body) {
            Arrived::Whole(bytes) => builder.body(bytes),
            Arrived::Part(first) => builder.body(SizedStream::new(
                len,
                futures_util::stream::once(std::future::ready(Ok(first)))
                    .chain(buffered(body, idle)),
            )),
            Arrived::Failed(e) => builder.body(SizedStream::new(
                len,
                futures_util::stream::once(std::future::ready(Err(std::io::Error::other(e)))),
            )),
            Arrived::Nothing => builder.body(SizedStream::new(len, buffered(body, idle))),
        }
    } else if let Some(len) = length {
        builder.body(SizedStream::new(len, idle_limited(resp, idle)))
    } else {
        builder.body(BodyStream::new(idle_limited(resp, idle)))
    };
    headers::client_response(&upstream_headers, out.headers_mut());
    out
}

fn stalled() -> std::io::Error {
    tracing::warn!("upstream response body stalled; closing it");
    std::io::Error::new(std::io::ErrorKind::TimedOut, "upstream body stalled")
}

/// What of a body is there already, without waiting.
enum Arrived {
    /// All of it.
    Whole(Bytes),
    /// A first chunk.
    Part(Bytes),
    Failed(hyper::Error),
    Nothing,
}

fn arrived(body: &mut PooledBody) -> Arrived {
    // Polled once without a waker to keep: when nothing is there yet, the stream that
    // sends the body on polls again with its own.
    let mut cx = Context::from_waker(Waker::noop());
    match Pin::new(&mut *body).poll_frame(&mut cx) {
        Poll::Ready(Some(Ok(frame))) => match frame.into_data() {
            Ok(data) if body.is_end_stream() => Arrived::Whole(data),
            Ok(data) => Arrived::Part(data),
            // Trailers: none on a body with a length (and never forwarded).
            Err(_) => Arrived::Nothing,
        },
        Poll::Ready(Some(Err(e))) => Arrived::Failed(e),
        Poll::Ready(None) | Poll::Pending => Arrived::Nothing,
    }
}

/// The upstream body, cut off with an error when no chunk arrives for `idle`: an
/// upstream that stalls mid-body does not hold the client's connection forever.
fn idle_limited(
    resp: http::Response<PooledBody>,
    idle: Duration,
) -> impl Stream<Item = Result<Bytes, std::io::Error>> {
    let body = Box::pin(BodyDataStream::new(resp.into_body()));
    futures_util::stream::unfold(Some(body), move |state| async move {
        let mut body = state?;
        match tokio::time::timeout(idle, futures_util::StreamExt::next(&mut body)).await {
            Ok(Some(Ok(chunk))) => Some((Ok(chunk), Some(body))),
            Ok(Some(Err(e))) => Some((Err(std::io::Error::other(e)), None)),
            Ok(None) => None,
            Err(_) => Some((Err(stalled()), None)),
        }
    })
}

/// The rest of a (small) upstream body as one chunk, or an error when it does not
/// arrive within `idle`.
fn buffered(body: PooledBody, idle: Duration) -> impl Stream<Item = Result<Bytes, std::io::Error>> {
    futures_util::stream::once(async move {
        match tokio::time::timeout(idle, body.collect()).await {
            Ok(Ok(collected)) => Ok(collected.to_bytes()),
            Ok(Err(e)) => Err(std::io::Error::other(e)),
            Err(_) => Err(stalled()),
        }
    })
}
