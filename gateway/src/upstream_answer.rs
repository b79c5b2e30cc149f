//! An upstream answer as the client reads it: its head, and its body as far as it has
//! arrived or as a stream that hands the connection back to the worker's list at its end.

use std::collections::VecDeque;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};
use std::time::Instant;

use actix_http::ResponseHead;
use actix_http::error::PayloadError;
use bytes::Bytes;
use futures_util::Stream;

use crate::client::{BodyConn, Conn, Pool};
use crate::routes::Service;
use crate::upstream_codec::PayloadCodec;

/// An upstream answer: its head and body.
pub struct Answer {
    pub head: ResponseHead,
    pub body: AnswerBody,
}

/// An answer body: none, all of it (it arrived with the head), the rest to read, or
/// the error met reading it.
pub enum AnswerBody {
    Empty,
    Whole(Bytes),
    Stream(Box<BodyReader>),
    Failed(PayloadError),
}

/// Where a connection goes back once its answer has been read whole.
pub(crate) struct Home {
    arrived: Instant,
    pool: Rc<Pool>,
    service: Service,
}

impl Home {
    pub(crate) fn new(pool: Rc<Pool>, service: Service, arrived: Instant) -> Self {
        Self {
            arrived,
            pool,
            service,
        }
    }

    /// Keeps the connection for another request when the service allows it and nothing
    /// unexpected is left in it.
    pub(crate) fn keep(self, conn: Conn) {
        if conn.codec_ref().codec.keep_alive()
            && conn.is_read_buf_empty()
            && conn.is_write_buf_empty()
        {
            self.pool.checkin(self.service, conn, self.arrived);
        }
    }
}

/// The rest of an answer body, read from its connection; the connection goes back to
/// the worker's list at the body's end. A body dropped before its end takes the
/// connection with it (it is closed).
pub struct BodyReader {
    /// What was read before the body started streaming, given out first.
    read_ahead: VecDeque<Result<Bytes, PayloadError>>,
    conn: Option<BodyConn>,
    home: Option<Home>,
}

impl BodyReader {
    pub(crate) fn new(conn: BodyConn, home: Home) -> Self {
        Self {
            read_ahead: VecDeque::new(),
            conn: Some(conn),
            home: Some(home),
        }
    }

    /// What of the body is there already, without waiting.
    pub(crate) fn arrived(mut self) -> AnswerBody {
        let mut cx = Context::from_waker(Waker::noop());
        match self.poll_chunk(&mut cx) {
            Poll::Ready(Some(Ok(first))) => match self.poll_chunk(&mut cx) {
                Poll::Ready(None) => AnswerBody::Whole(first),
                // The rest is read with the caller's waker.
                Poll::Pending => {
                    self.read_ahead.push_back(Ok(first));
                    AnswerBody::Stream(Box::new(self))
                }
                Poll::Ready(Some(next)) => {
                    self.read_ahead.push_back(Ok(first));
                    self.read_ahead.push_back(next);
                    AnswerBody::Stream(Box::new(self))
                }
            },
            Poll::Ready(None) => AnswerBody::Empty,
            // An error is kept for the stream to report.
            Poll::Ready(Some(Err(e))) => AnswerBody::Failed(e),
            Poll::Pending => AnswerBody::Stream(Box::new(self)),
        }
    }

    fn poll_chunk(&mut self, cx: &mut Context<'_>) -> Poll<Option<Result<Bytes, PayloadError>>> {
        if let Some(item) = self.read_ahead.pop_front() {
            return Poll::Ready(Some(item));
        }
        let Some(conn) = self.conn.as_mut() else {
            return Poll::Ready(None);
        };
        match Pin::new(conn).next_item(cx) {
            Poll::Ready(Some(Ok(Some(chunk)))) => Poll::Ready(Some(Ok(chunk))),
            Poll::Ready(Some(Ok(None))) => {
                if let (Some(conn), Some(home)) = (self.conn.take(), self.home.take()) {
                    home.keep(conn.into_map_codec(PayloadCodec::into_message));
                }
                Poll::Ready(None)
            }
            Poll::Ready(Some(Err(e))) => {
                self.conn = None;
                Poll::Ready(Some(Err(e)))
            }
            // The connection ended before the body did.
            Poll::Ready(None) => {
                self.conn = None;
                Poll::Ready(Some(Err(PayloadError::Incomplete(None))))
            }
            Poll::Pending => Poll::Pending,
        }
    }
}

impl Stream for BodyReader {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.poll_chunk(cx)
    }
}
