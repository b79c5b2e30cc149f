//! The upstream client: each worker's own HTTP/1.1 connections to each service, driven
//! from the request's own task with actix-http's client codec, so that a request's head
//! and the answer's head stay in actix's types end to end (no second header map, no
//! connection task, no channel between them). Actix workers are single-threaded, so a
//! worker's idle connections are a plain list per service (no locks), newest reused
//! first. A connection goes back to the list once its answer has been read to the end.
//! No redirects, proxies or default headers.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt;
use std::future::poll_fn;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::rc::Rc;
use std::task::Poll;
use std::time::{Duration, Instant};

use actix_codec::Framed;
use actix_http::body::BodySize;
use actix_http::error::ParseError;
use actix_http::h1::{ClientCodec, Message};
use actix_http::{RequestHead, RequestHeadType, ResponseHead, ServiceConfig};
use actix_web::http::{Method, StatusCode};
use bytes::Bytes;
use tokio::net::TcpStream;

use crate::request_body::RequestBody;
use crate::routes::Service;
pub use crate::upstream_answer::{Answer, AnswerBody};
use crate::upstream_answer::{BodyReader, Home};
use crate::upstream_codec::{Head, PayloadCodec, UpstreamCodec};

/// Idle connections are dropped before the services' own keep-alive (actix default:
/// 5 s) closes them, so a connection is rarely reused as the service closes it.
const IDLE_TIMEOUT: Duration = Duration::from_secs(4);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const MAX_IDLE_PER_SERVICE: usize = 256;

pub(crate) type Conn = Framed<TcpStream, UpstreamCodec>;
pub(crate) type BodyConn = Framed<TcpStream, PayloadCodec>;

/// A request as it goes upstream, before its body.
pub struct Outgoing<'a> {
    /// Method and origin-form target; its header map stays empty.
    pub head: RequestHead,
    /// The header lines, `Host` included.
    pub lines: &'a [u8],
    /// How the body is framed.
    pub size: BodySize,
    /// When the client's request arrived.
    pub arrived: Instant,
}

/// Where a service's connections go: its address, or a name resolved on each connect.
#[derive(Debug, Clone)]
pub enum Address {
    Socket(SocketAddr),
    Name(String, u16),
}

/// Why a request got no answer head.
#[derive(Debug)]
pub enum UpstreamError {
    Connect(io::Error),
    ConnectTimeout,
    Io(io::Error),
    Parse(ParseError),
    /// The service closed the connection before answering.
    Closed,
}

impl UpstreamError {
    pub fn is_connect(&self) -> bool {
        matches!(
            self,
            UpstreamError::Connect(_) | UpstreamError::ConnectTimeout
        )
    }
}

impl fmt::Display for UpstreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UpstreamError::Connect(e) => write!(f, "connect: {e}"),
            UpstreamError::ConnectTimeout => f.write_str("connect: timed out"),
            UpstreamError::Io(e) => fmt::Display::fmt(e, f),
            UpstreamError::Parse(e) => write!(f, "answer head: {e}"),
            UpstreamError::Closed => f.write_str("connection closed before an answer"),
        }
    }
}

impl std::error::Error for UpstreamError {}

impl From<ParseError> for UpstreamError {
    fn from(e: ParseError) -> Self {
        match e {
            ParseError::Io(e) => UpstreamError::Io(e),
            e => UpstreamError::Parse(e),
        }
    }
}

struct Idle {
    conn: Conn,
    since: Instant,
}

/// A worker's idle connections, per service, oldest first.
#[derive(Default)]
pub(crate) struct Pool {
    idle: [RefCell<VecDeque<Idle>>; 4],
}

impl Pool {
    /// The newest idle connection that is not too old. With `probe`, one the service
    /// has closed meanwhile is dropped (a read that finds its end; costs a system call
    /// only when the socket was seen readable).
    fn checkout(&self, service: Service, probe: bool, now: Instant) -> Option<Conn> {
        let mut idle = self.idle[service.index()].borrow_mut();
        while let Some(conn) = idle.pop_back() {
            if now.saturating_duration_since(conn.since) >= IDLE_TIMEOUT {
                // Everything before it is older still.
                idle.clear();
                return None;
            }
            if !probe || still_open(conn.conn.io_ref()) {
                return Some(conn.conn);
            }
        }
        None
    }

    /// `since`: when the request that used it arrived (earlier than now, so a connection
    /// is never kept longer than [`IDLE_TIMEOUT`]); saves reading the clock again.
    pub(crate) fn checkin(&self, service: Service, conn: Conn, since: Instant) {
        let mut idle = self.idle[service.index()].borrow_mut();
        if idle.len() >= MAX_IDLE_PER_SERVICE {
            idle.pop_front();
        }
        idle.push_back(Idle { conn, since });
    }
}

/// An idle connection must have nothing to read: any byte or its end means it is done.
fn still_open(stream: &TcpStream) -> bool {
    let mut byte = [0u8; 1];
    matches!(stream.try_read(&mut byte), Err(e) if e.kind() == io::ErrorKind::WouldBlock)
}

/// The connection as a request body sees it ([`RequestBody::send`]): chunks in, flushed
/// with back-pressure.
pub struct BodyWriter<'a> {
    conn: &'a mut Conn,
}

impl BodyWriter<'_> {
    /// Encodes a chunk (`None`: the end of the body) and writes it out.
    pub async fn write(&mut self, chunk: Option<Bytes>) -> io::Result<()> {
        Pin::new(&mut *self.conn).write(Message::Chunk(chunk))?;
        flush(self.conn).await
    }
}

/// How a request failed: no answer from the service, or its body could not be sent.
#[derive(Debug)]
pub enum SendError {
    Upstream(UpstreamError),
    Body(crate::error::GatewayError),
    /// No answer head within the time-out once the request was sent.
    TimedOut,
}

/// One worker's upstream connections; build it on the worker thread that uses it.
#[derive(Clone, Default)]
pub struct Client {
    pool: Rc<Pool>,
    /// Shared by every connection (it keeps the cached `Date` the codec writes).
    config: ServiceConfig,
}

impl Client {
    pub fn new() -> Self {
        Self::default()
    }

    /// Sends `request` and, when given, `body` to `service` at `address`, and waits up to
    /// `timeout` for the answer head once the request is sent. A request without a body whose method is safe to repeat (GET,
    /// HEAD, OPTIONS) goes again, once, on a new connection when a reused one was closed
    /// before any answer; anything else takes a connection checked to be open, and
    /// nothing is sent twice.
    pub async fn send(
        &self,
        service: Service,
        address: &Address,
        request: Outgoing<'_>,
        body: Option<RequestBody>,
        timeout: Duration,
    ) -> Result<Answer, SendError> {
        let repeatable = body.is_none()
            && matches!(
                request.head.method,
                Method::GET | Method::HEAD | Method::OPTIONS
            );
        let arrived = request.arrived;
        let head = Rc::new(request.head);
        let head = Head {
            head: &head,
            size: request.size,
            lines: request.lines,
        };
        if repeatable && let Some(mut conn) = self.pool.checkout(service, false, arrived) {
            match exchange(&mut conn, head, None, timeout).await {
                Ok(head) => return Ok(self.answer(service, arrived, conn, head)),
                Err(SendError::Upstream(e)) => {
                    tracing::debug!(service = service.name(), error = %e, "reused upstream connection failed; retrying on a new one");
                }
                Err(e) => return Err(e),
            }
        }
        let mut conn = match self.pool.checkout(service, !repeatable, arrived) {
            Some(conn) => conn,
            // Boxed: rare, and its future (name resolution included) would otherwise make
            // every request's future, moved at each await, several times larger.
            None => Box::pin(self.connect(address))
                .await
                .map_err(SendError::Upstream)?,
        };
        let answer = exchange(&mut conn, head, body, timeout).await?;
        Ok(self.answer(service, arrived, conn, answer))
    }

    async fn connect(&self, address: &Address) -> Result<Conn, UpstreamError> {
        let connecting = async {
            match address {
                Address::Socket(addr) => TcpStream::connect(addr).await,
                Address::Name(host, port) => TcpStream::connect((host.as_str(), *port)).await,
            }
        };
        let stream = tokio::time::timeout(CONNECT_TIMEOUT, connecting)
            .await
            .map_err(|_| UpstreamError::ConnectTimeout)?
            .map_err(UpstreamError::Connect)?;
        stream.set_nodelay(true).map_err(UpstreamError::Connect)?;
        Ok(Framed::new(
            stream,
            UpstreamCodec::new(ClientCodec::new(self.config.clone())),
        ))
    }

    /// The answer head, and its body as far as it has arrived.
    fn answer(&self, service: Service, arrived: Instant, conn: Conn, head: ResponseHead) -> Answer {
        let home = Home::new(self.pool.clone(), service, arrived);
        // A 204 or 304 that declares a length has no body either; its connection is
        // not trusted again.
        let bodyless = matches!(
            head.status,
            StatusCode::NO_CONTENT | StatusCode::NOT_MODIFIED
        );
        let body = match conn.codec_ref().codec.message_type() {
            actix_http::h1::MessageType::None => {
                home.keep(conn);
                AnswerBody::Empty
            }
            _ if bodyless => AnswerBody::Empty,
            _ => BodyReader::new(conn.into_map_codec(UpstreamCodec::into_payload), home).arrived(),
        };
        Answer { head, body }
    }
}

/// Writes the request (head, then the body as it streams in) and reads the answer head.
async fn exchange(
    conn: &mut Conn,
    head: Head<'_>,
    body: Option<RequestBody>,
    timeout: Duration,
) -> Result<ResponseHead, SendError> {
    let io_error = |e| SendError::Upstream(UpstreamError::Io(e));
    Pin::new(&mut *conn).write(head).map_err(io_error)?;
    flush(conn).await.map_err(io_error)?;
    if let Some(body) = body {
        // Boxed: its time-outs and the client's payload would otherwise make every
        // request's future, moved at each await, far larger.
        Box::pin(body.send(&mut BodyWriter { conn }))
            .await
            .map_err(SendError::Body)?;
    }
    conn.codec_mut()
        .deadline
        .as_mut()
        .reset(tokio::time::Instant::now() + timeout);
    let next = poll_fn(|cx| match Pin::new(&mut *conn).next_item(cx) {
        Poll::Ready(answer) => Poll::Ready(Ok(answer)),
        Poll::Pending => conn.codec_mut().deadline.as_mut().poll(cx).map(Err),
    });
    match next.await {
        Ok(Some(Ok(head))) => Ok(head),
        Ok(Some(Err(e))) => Err(SendError::Upstream(e.into())),
        Ok(None) => Err(SendError::Upstream(UpstreamError::Closed)),
        Err(()) => Err(SendError::TimedOut),
    }
}

async fn flush(conn: &mut Conn) -> io::Result<()> {
    poll_fn(|cx| Pin::new(&mut *conn).flush::<Message<(RequestHeadType, BodySize)>>(cx)).await
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use futures_util::StreamExt;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;

    use super::*;

    /// An upstream answering every request with `size` bytes `o` (in 16 KiB pieces, so
    /// that a large body arrives over many reads), chunked when `chunked` is set; counts
    /// the connections it accepts and, when `close` is set, closes each one after its
    /// first answer without saying so (as a keep-alive time-out does).
    async fn upstream(size: usize, chunked: bool, close: bool) -> (Address, Arc<AtomicUsize>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let address = Address::Socket(listener.local_addr().expect("addr"));
        let accepted = Arc::new(AtomicUsize::new(0));
        let count = accepted.clone();
        tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                count.fetch_add(1, Ordering::SeqCst);
                tokio::spawn(async move {
                    let mut buf = Vec::new();
                    let mut chunk = [0u8; 1024];
                    while let Ok(n @ 1..) = stream.read(&mut chunk).await {
                        buf.extend_from_slice(&chunk[..n]);
                        while let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                            buf.drain(..end + 4);
                            let head = if chunked {
                                "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n".to_owned()
                            } else {
                                format!("HTTP/1.1 200 OK\r\ncontent-length: {size}\r\n\r\n")
                            };
                            if stream.write_all(head.as_bytes()).await.is_err() {
                                return;
                            }
                            for piece in vec![b'o'; size].chunks(16 * 1024) {
                                let framed = if chunked {
                                    let mut framed = format!("{:x}\r\n", piece.len()).into_bytes();
                                    framed.extend_from_slice(piece);
                                    framed.extend_from_slice(b"\r\n");
                                    framed
                                } else {
                                    piece.to_vec()
                                };
                                if stream.write_all(&framed).await.is_err() {
                                    return;
                                }
                                tokio::task::yield_now().await;
                            }
                            if chunked && stream.write_all(b"0\r\n\r\n").await.is_err() {
                                return;
                            }
                            if close {
                                return;
                            }
                        }
                    }
                });
            }
        });
        (address, accepted)
    }

    fn get() -> Outgoing<'static> {
        let mut head = RequestHead::default();
        head.uri = actix_web::http::Uri::from_static("/x");
        Outgoing {
            head,
            lines: b"host: up\r\n",
            size: BodySize::None,
            arrived: Instant::now(),
        }
    }

    const TIMEOUT: Duration = Duration::from_secs(5);

    async fn send(client: &Client, address: &Address) -> Answer {
        client
            .send(Service::Retailstore, address, get(), None, TIMEOUT)
            .await
            .unwrap_or_else(|e| panic!("an answer, not {e:?}"))
    }

    async fn fetch(client: &Client, address: &Address) -> Vec<u8> {
        match send(client, address).await.body {
            AnswerBody::Empty => Vec::new(),
            AnswerBody::Whole(bytes) => bytes.to_vec(),
            AnswerBody::Stream(mut reader) => {
                let mut body = Vec::new();
                while let Some(chunk) = reader.next().await {
                    body.extend_from_slice(&chunk.expect("chunk"));
                }
                body
            }
            AnswerBody::Failed(e) => panic!("{e}"),
        }
    }

    #[actix_web::test]
    async fn reuses_a_connection_once_its_answer_is_read() {
        let (address, accepted) = upstream(2, false, false).await;
        let client = Client::new();
        for _ in 0..3 {
            assert_eq!(fetch(&client, &address).await, b"oo");
        }
        assert_eq!(accepted.load(Ordering::SeqCst), 1);
    }

    #[actix_web::test]
    async fn an_answer_dropped_unread_takes_its_connection_with_it() {
        let (address, accepted) = upstream(1 << 20, false, false).await;
        let client = Client::new();
        let unread = send(&client, &address).await;
        assert!(matches!(unread.body, AnswerBody::Stream(_)));
        drop(unread);
        assert_eq!(fetch(&client, &address).await.len(), 1 << 20);
        assert_eq!(accepted.load(Ordering::SeqCst), 2);
    }

    #[actix_web::test]
    async fn streams_large_answers_whole_and_reuses_their_connection() {
        const SIZE: usize = (1 << 20) + 17;
        for chunked in [false, true] {
            let (address, accepted) = upstream(SIZE, chunked, false).await;
            let client = Client::new();
            for _ in 0..2 {
                let body = fetch(&client, &address).await;
                assert_eq!(body.len(), SIZE, "chunked: {chunked}");
                assert!(body.iter().all(|b| *b == b'o'));
            }
            assert_eq!(accepted.load(Ordering::SeqCst), 1, "chunked: {chunked}");
        }
    }

    #[actix_web::test]
    async fn survives_connections_the_upstream_closes() {
        let (address, accepted) = upstream(2, false, true).await;
        let client = Client::new();
        for _ in 0..3 {
            assert_eq!(fetch(&client, &address).await, b"oo");
            tokio::task::yield_now().await;
        }
        assert_eq!(accepted.load(Ordering::SeqCst), 3);
    }

    #[actix_web::test]
    async fn refused_connections_are_connect_errors() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let address = Address::Socket(listener.local_addr().expect("addr"));
        drop(listener);
        let err = Client::new()
            .send(Service::Retailstore, &address, get(), None, TIMEOUT)
            .await
            .err();
        assert!(
            matches!(&err, Some(SendError::Upstream(e)) if e.is_connect()),
            "{err:?}"
        );
    }
}
