//! Response filter: the service's answer as the client receives it. Status and
//! end-to-end headers ([`headers::client_response`]), the length when known, no caching
//! of back-office and order answers, and a body that streams back under an idle limit
//! (an answer that arrived whole with its head is sent on as it is).

use std::convert::Infallible;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use actix_web::HttpResponse;
use actix_web::body::{self, BodyStream, SizedStream};
use actix_web::http::StatusCode;
use actix_web::http::header::CONTENT_LENGTH;
use bytes::Bytes;
use futures_util::Stream;
use shop_common::limits::ORDER_WEB_PREFIX;
use tokio::time::Sleep;

use crate::headers::{self, content_length};
use crate::path::Access;
use crate::upstream_answer::{Answer, AnswerBody, BodyReader};

/// The client's answer to a `HEAD` (`head`) or other request on a route of `access` at
/// the normalised `path`.
pub fn run(answer: Answer, head: bool, access: Access, path: &str, idle: Duration) -> HttpResponse {
    let mut out = client_response(answer, head, idle);
    // Back-office answers, and a shopper's order (its access token, its codes), are
    // never kept by the browser or a shared cache.
    if matches!(access, Access::Admin | Access::Login) || path.starts_with(ORDER_WEB_PREFIX) {
        headers::no_store(out.headers_mut());
    }
    out
}

/// The upstream answer as the client receives it, keeping its length when known. An
/// answer that arrived whole with its head (a page of products, an order) is sent on
/// as it is; the rest streams.
fn client_response(answer: Answer, head: bool, idle: Duration) -> HttpResponse {
    let Answer {
        head: mut upstream,
        body,
    } = answer;
    let status = upstream.status;
    let length = content_length(upstream.headers.get(CONTENT_LENGTH).map(|v| v.as_bytes()));
    let mut headers = std::mem::take(&mut upstream.headers);
    headers::client_response(&mut headers);
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
    } else {
        match (body, length) {
            (AnswerBody::Empty, _) => builder.body(Bytes::new()),
            (AnswerBody::Whole(bytes), _) => builder.body(bytes),
            (AnswerBody::Stream(reader), Some(len)) => {
                builder.body(SizedStream::new(len, IdleLimited::new(reader, idle)))
            }
            (AnswerBody::Stream(reader), None) => {
                builder.body(BodyStream::new(IdleLimited::new(reader, idle)))
            }
            (AnswerBody::Failed(e), _) => {
                tracing::warn!(error = %e, "upstream answer body failed");
                builder.body(BodyStream::new(futures_util::stream::once(
                    std::future::ready(Err::<Bytes, _>(io::Error::other(e))),
                )))
            }
        }
    };
    *out.headers_mut() = headers;
    out
}

/// The rest of an upstream body, cut off with an error when no chunk arrives for
/// `idle`: an upstream that stalls mid-body does not hold the client's connection
/// forever.
struct IdleLimited {
    reader: Box<BodyReader>,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl IdleLimited {
    fn new(reader: Box<BodyReader>, idle: Duration) -> Self {
        Self {
            reader,
            idle,
            deadline: Box::pin(tokio::time::sleep(idle)),
        }
    }
}

impl Stream for IdleLimited {
    type Item = Result<Bytes, io::Error>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = &mut *self;
        match Pin::new(&mut *this.reader).poll_next(cx) {
            Poll::Ready(Some(Ok(chunk))) => {
                let next = tokio::time::Instant::now() + this.idle;
                this.deadline.as_mut().reset(next);
                Poll::Ready(Some(Ok(chunk)))
            }
            Poll::Ready(Some(Err(e))) => Poll::Ready(Some(Err(io::Error::other(e)))),
            Poll::Ready(None) => Poll::Ready(None),
            Poll::Pending => {
                ready!(this.deadline.as_mut().poll(cx));
                tracing::warn!("upstream response body stalled; closing it");
                Poll::Ready(Some(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "upstream body stalled",
                ))))
            }
        }
    }
}
