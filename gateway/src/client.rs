//! The upstream client: each worker's own HTTP/1.1 connections to each service, driven
//! with hyper's connection API. Actix workers are single-threaded, so a worker's idle
//! connections are a plain list per service (no pool map, locks or cross-thread
//! wake-ups, and each connection's task runs on the worker that uses it). A connection
//! goes back to the list once its response body has been read to the end, and the
//! newest is reused first. No redirects, proxies or default headers.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt;
use std::net::SocketAddr;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use bytes::Bytes;
use hyper::body::{Body, Frame, Incoming, SizeHint};
use hyper::client::conn::http1;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

use crate::request_body::UpstreamBody;
use crate::routes::Service;

/// Idle connections are dropped before the services' own keep-alive (actix default:
/// 5 s) closes them, so a connection is never reused as the service closes it.
const IDLE_TIMEOUT: Duration = Duration::from_secs(4);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const MAX_IDLE_PER_SERVICE: usize = 256;

type Sender = http1::SendRequest<UpstreamBody>;

/// Where a service's connections go: its address, or a name resolved on each connect.
#[derive(Debug, Clone)]
pub enum Address {
    Socket(SocketAddr),
    Name(String, u16),
}

/// Why a request got no response head.
#[derive(Debug)]
pub enum UpstreamError {
    Connect(std::io::Error),
    ConnectTimeout,
    Http(hyper::Error),
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
            UpstreamError::Http(e) => fmt::Display::fmt(e, f),
        }
    }
}

impl std::error::Error for UpstreamError {}

struct Idle {
    sender: Sender,
    since: Instant,
}

/// A worker's idle connections, per service, oldest first.
#[derive(Default)]
struct Pool {
    idle: [RefCell<VecDeque<Idle>>; 4],
}

impl Pool {
    /// The newest idle connection that can take a request now.
    fn checkout(&self, service: Service) -> Option<Sender> {
        let mut idle = self.idle[service.index()].borrow_mut();
        let now = Instant::now();
        while let Some(conn) = idle.pop_back() {
            if now.saturating_duration_since(conn.since) >= IDLE_TIMEOUT {
                // Everything before it is older still.
                idle.clear();
                return None;
            }
            if conn.sender.is_ready() {
                return Some(conn.sender);
            }
            // Closed, or not done with its last exchange: dropping it lets it close.
        }
        None
    }

    fn checkin(&self, service: Service, sender: Sender) {
        if sender.is_closed() {
            return;
        }
        let mut idle = self.idle[service.index()].borrow_mut();
        if idle.len() >= MAX_IDLE_PER_SERVICE {
            idle.pop_front();
        }
        idle.push_back(Idle {
            sender,
            since: Instant::now(),
        });
    }
}

/// One worker's upstream connections; build it on the worker thread that uses it.
#[derive(Clone, Default)]
pub struct Client {
    pool: Rc<Pool>,
}

impl Client {
    pub fn new() -> Self {
        Self::default()
    }

    /// Sends `req` (origin-form URI, `Host` set) to `service` at `address` and waits for
    /// the response head. A reused connection that closed before taking the request (it
    /// gives the request back unsent) is retried once on a new connection; nothing that
    /// reached the wire is sent twice.
    pub async fn send(
        &self,
        service: Service,
        address: &Address,
        mut req: http::Request<UpstreamBody>,
    ) -> Result<http::Response<PooledBody>, UpstreamError> {
        if let Some(mut sender) = self.pool.checkout(service) {
            match sender.try_send_request(req).await {
                Ok(resp) => return Ok(self.pooled(service, sender, resp)),
                Err(mut e) => match e.take_message() {
                    Some(unsent) => {
                        tracing::debug!(service = service.name(), error = %e.error(), "idle upstream connection closed; retrying on a new one");
                        req = unsent;
                    }
                    None => return Err(UpstreamError::Http(e.into_error())),
                },
            }
        }
        let mut sender = connect(address).await?;
        let resp = sender
            .try_send_request(req)
            .await
            .map_err(|e| UpstreamError::Http(e.into_error()))?;
        Ok(self.pooled(service, sender, resp))
    }

    fn pooled(
        &self,
        service: Service,
        sender: Sender,
        resp: http::Response<Incoming>,
    ) -> http::Response<PooledBody> {
        resp.map(|body| PooledBody {
            body,
            home: Some(Home {
                pool: self.pool.clone(),
                service,
                sender,
            }),
        })
    }
}

async fn connect(address: &Address) -> Result<Sender, UpstreamError> {
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
    let (sender, conn) = http1::handshake(TokioIo::new(stream))
        .await
        .map_err(UpstreamError::Http)?;
    // The connection's task lives on this worker, beside the list that holds it.
    actix_web::rt::spawn(async move {
        if let Err(e) = conn.await {
            tracing::debug!(error = %e, "upstream connection ended");
        }
    });
    Ok(sender)
}

/// Where a connection goes back once its response has been read whole.
struct Home {
    pool: Rc<Pool>,
    service: Service,
    sender: Sender,
}

impl Home {
    fn go(self) {
        self.pool.checkin(self.service, self.sender);
    }
}

/// A response body that returns its connection to the worker's list when it ends. A
/// body dropped before its end takes the connection with it (hyper then closes it).
pub struct PooledBody {
    body: Incoming,
    home: Option<Home>,
}

impl Body for PooledBody {
    type Data = Bytes;
    type Error = hyper::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, hyper::Error>>> {
        let polled = Pin::new(&mut self.body).poll_frame(cx);
        if let Poll::Ready(None) = polled
            && let Some(home) = self.home.take()
        {
            home.go();
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

impl Drop for PooledBody {
    fn drop(&mut self) {
        // An empty body (HEAD, 204, 304) is never polled to its end.
        if self.body.is_end_stream()
            && let Some(home) = self.home.take()
        {
            home.go();
        }
    }
}

/// Installs rustls' ring provider (the one `shop_common::internal::http_client` uses,
/// for token checks); reqwest clients built before it exists panic. Idempotent.
pub fn install_crypto_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use http_body_util::BodyExt;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;

    use super::*;
    use crate::request_body;

    /// An upstream answering every request with `size` bytes `o` (in 16 KiB pieces, so
    /// that a large body arrives over many reads); counts the connections it accepts and,
    /// when `close` is set, closes each one after its first answer without saying so (as
    /// a keep-alive time-out does).
    async fn upstream(size: usize, close: bool) -> (Address, Arc<AtomicUsize>) {
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
                            let head = format!("HTTP/1.1 200 OK\r\ncontent-length: {size}\r\n\r\n");
                            if stream.write_all(head.as_bytes()).await.is_err() {
                                return;
                            }
                            for piece in vec![b'o'; size].chunks(16 * 1024) {
                                if stream.write_all(piece).await.is_err() {
                                    return;
                                }
                                tokio::task::yield_now().await;
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

    fn get() -> http::Request<UpstreamBody> {
        let mut req = http::Request::new(request_body::empty());
        *req.uri_mut() = http::Uri::from_static("/x");
        req.headers_mut()
            .insert(http::header::HOST, http::HeaderValue::from_static("up"));
        req
    }

    async fn fetch(client: &Client, address: &Address) -> Bytes {
        let resp = client
            .send(Service::Retailstore, address, get())
            .await
            .expect("response");
        resp.into_body().collect().await.expect("body").to_bytes()
    }

    #[actix_web::test]
    async fn reuses_a_connection_once_its_answer_is_read() {
        let (address, accepted) = upstream(2, false).await;
        let client = Client::new();
        for _ in 0..3 {
            assert_eq!(fetch(&client, &address).await, "oo");
        }
        assert_eq!(accepted.load(Ordering::SeqCst), 1);

        // An answer dropped unread takes its connection with it: the next needs a new one.
        let unread = client
            .send(Service::Retailstore, &address, get())
            .await
            .expect("response");
        drop(unread);
        assert_eq!(fetch(&client, &address).await, "oo");
        assert_eq!(accepted.load(Ordering::SeqCst), 2);
    }

    #[actix_web::test]
    async fn streams_a_large_answer_and_reuses_its_connection() {
        const SIZE: usize = 1 << 20;
        let (address, accepted) = upstream(SIZE, false).await;
        let client = Client::new();
        for _ in 0..2 {
            let body = fetch(&client, &address).await;
            assert_eq!(body.len(), SIZE);
            assert!(body.iter().all(|b| *b == b'o'));
        }
        assert_eq!(accepted.load(Ordering::SeqCst), 1);
    }

    #[actix_web::test]
    async fn survives_connections_the_upstream_closes() {
        let (address, accepted) = upstream(2, true).await;
        let client = Client::new();
        for _ in 0..3 {
            assert_eq!(fetch(&client, &address).await, "oo");
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
            .send(Service::Retailstore, &address, get())
            .await
            .err()
            .expect("an error");
        assert!(err.is_connect(), "{err}");
    }
}
