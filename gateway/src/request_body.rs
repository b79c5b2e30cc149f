//! The client's request body on its way upstream: streamed, never buffered whole, cut
//! at the route's byte limit, and ended by idle time-outs on either side.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::task::Poll;
use std::time::Duration;

use actix_web::web;
use bytes::Bytes;
use futures_util::{StreamExt, TryStreamExt};
use http_body_util::{BodyExt, Empty, StreamBody};
use hyper::body::Frame;

use crate::error::GatewayError;

/// What the gateway sends upstream: nothing, or the client's body as it streams in.
pub type UpstreamBody = http_body_util::combinators::UnsyncBoxBody<Bytes, BodyError>;

const ABORT_NONE: u8 = 0;
const ABORT_TOO_LARGE: u8 = 1;
const ABORT_CLIENT: u8 = 2;
const ABORT_UPSTREAM_STALLED: u8 = 3;

/// The handler's view of the task that feeds the request body upstream.
pub struct BodyPump {
    /// Why the body stream was cut, if it was.
    abort: Arc<AtomicU8>,
    /// Becomes true once the body has been handed over in full (or was cut).
    done: tokio::sync::watch::Receiver<bool>,
}

impl BodyPump {
    /// Resolves once the body has been handed over in full, or was cut.
    pub async fn finished(&self) {
        let mut done = self.done.clone();
        let _ = done.wait_for(|done| *done).await;
    }

    pub fn abort_reason(&self) -> Option<GatewayError> {
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

/// No body at all.
pub fn empty() -> UpstreamBody {
    Empty::new().map_err(|never| match never {}).boxed_unsync()
}

/// A `Send` body for the upstream request, fed from the (thread-local) actix payload by
/// a local task. The byte limit is enforced while streaming; the small channel gives
/// back-pressure (the client is read only as fast as the upstream takes it); a client
/// that sends nothing, or an upstream that takes nothing, for `idle` ends the exchange.
pub fn stream(mut payload: web::Payload, limit: u64, idle: Duration) -> (UpstreamBody, BodyPump) {
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
