//! The upstream connections' codec: actix-http's HTTP/1 client codec, with the request's
//! header lines written as the gateway prepared them.

use std::io;
use std::pin::Pin;
use std::rc::Rc;
use std::time::Duration;

use actix_codec::{Decoder, Encoder};
use actix_http::body::BodySize;
use actix_http::error::{ParseError, PayloadError};
use actix_http::h1::{ClientCodec, ClientPayloadCodec, Message};
use actix_http::{RequestHead, RequestHeadType, ResponseHead};
use bytes::{Bytes, BytesMut};
use tokio::time::Sleep;

/// actix-http's client codec, with the request's header lines written as the gateway
/// prepared them ([`HeaderBlock`](crate::headers::HeaderBlock)) instead of from a header
/// map built and hashed only to be written out. It also carries the connection's timer
/// for the wait for an answer head, reset for each request rather than made anew.
pub struct UpstreamCodec {
    pub(crate) codec: ClientCodec,
    pub(crate) deadline: Pin<Box<Sleep>>,
}

impl UpstreamCodec {
    pub fn new(codec: ClientCodec) -> Self {
        Self {
            codec,
            // Armed for each request (see `client::exchange`).
            deadline: Box::pin(tokio::time::sleep(Duration::from_secs(365 * 24 * 3600))),
        }
    }

    /// The codec that reads the answer's body, keeping the timer.
    pub(crate) fn into_payload(self) -> PayloadCodec {
        PayloadCodec {
            codec: self.codec.into_payload_codec(),
            deadline: self.deadline,
        }
    }
}

/// actix-http's codec for an answer body, with the connection's timer kept for its next
/// request.
pub struct PayloadCodec {
    codec: ClientPayloadCodec,
    deadline: Pin<Box<Sleep>>,
}

impl PayloadCodec {
    /// Back to the codec for the next request, once the body has been read.
    pub(crate) fn into_message(self) -> UpstreamCodec {
        UpstreamCodec {
            codec: self.codec.into_message_codec(),
            deadline: self.deadline,
        }
    }
}

impl Decoder for PayloadCodec {
    type Item = Option<Bytes>;
    type Error = PayloadError;

    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<Option<Bytes>>, PayloadError> {
        self.codec.decode(src)
    }
}

/// `date: ` and an HTTP date (29 characters) and CRLF, as actix-http writes it.
const DATE_LINE: usize = 6 + 29 + 2;

/// A request head to encode: method and target (`head`, whose own header map is empty),
/// how the body is framed, and the header lines. Copied to send it once more.
#[derive(Clone, Copy)]
pub(crate) struct Head<'a> {
    pub(crate) head: &'a Rc<RequestHead>,
    pub(crate) size: BodySize,
    pub(crate) lines: &'a [u8],
}

impl Encoder<Head<'_>> for UpstreamCodec {
    type Error = io::Error;

    fn encode(&mut self, item: Head<'_>, dst: &mut BytesMut) -> io::Result<()> {
        let head = RequestHeadType::Rc(item.head.clone(), None);
        self.codec.encode(Message::Item((head, item.size)), dst)?;
        // The codec ends the head with a `Date` line (a server's header, which a request
        // need not carry) and an empty line; the gateway's lines replace both's place.
        if !dst.ends_with(b"\r\n\r\n") {
            return Err(io::Error::other("unexpected request head encoding"));
        }
        dst.truncate(dst.len() - 2);
        if dst.len() >= DATE_LINE && dst[dst.len() - DATE_LINE..].starts_with(b"date: ") {
            dst.truncate(dst.len() - DATE_LINE);
        }
        dst.extend_from_slice(item.lines);
        dst.extend_from_slice(b"\r\n");
        Ok(())
    }
}

impl Encoder<Message<(RequestHeadType, BodySize)>> for UpstreamCodec {
    type Error = io::Error;

    fn encode(
        &mut self,
        item: Message<(RequestHeadType, BodySize)>,
        dst: &mut BytesMut,
    ) -> io::Result<()> {
        self.codec.encode(item, dst)
    }
}

impl Decoder for UpstreamCodec {
    type Item = ResponseHead;
    type Error = ParseError;

    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<ResponseHead>, ParseError> {
        self.codec.decode(src)
    }
}

#[cfg(test)]
mod tests {
    use actix_http::ServiceConfig;
    use actix_web::http::Method;

    use super::*;

    #[actix_web::test]
    async fn writes_the_head_with_the_gateways_lines_and_no_date() {
        let mut codec = UpstreamCodec::new(ClientCodec::new(ServiceConfig::default()));
        for (method, size, framing) in [
            (Method::GET, BodySize::None, ""),
            (Method::POST, BodySize::Sized(5), "content-length: 5\r\n"),
            (
                Method::POST,
                BodySize::Stream,
                "transfer-encoding: chunked\r\n",
            ),
        ] {
            let mut head = RequestHead::default();
            head.method = method.clone();
            head.uri = actix_web::http::Uri::from_static("/a%2Fb?x=1");
            let head = Rc::new(head);
            let mut out = BytesMut::new();
            let item = Head {
                head: &head,
                size,
                lines: b"host: up\r\nx-request-id: 1\r\n",
            };
            codec.encode(item, &mut out).expect("encoded");
            assert_eq!(
                String::from_utf8_lossy(&out),
                format!(
                    "{method} /a%2Fb?x=1 HTTP/1.1\r\n{framing}host: up\r\nx-request-id: 1\r\n\r\n"
                )
            );
        }
    }
}
