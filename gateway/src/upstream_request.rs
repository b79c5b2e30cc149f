//! Upstream request filter: the request the service receives. Method and raw path as
//! the client sent them, the headers that may cross ([`headers::upstream_request`]),
//! and the body streamed under the route's limit ([`request_body`](crate::request_body)).

use actix_http::RequestHead;
use actix_http::body::BodySize;
use actix_web::http::header;
use shop_common::telemetry::ServerSpan;

use crate::config::Config;
use crate::headers::{self, Forwarding, HeaderBlock, HeaderSink};
use crate::path::Access;
use crate::request_body::RequestBody;
use crate::request_filter::Admitted;
use crate::routes::Upstream;

/// What ties the upstream request to the client's: its request id and, with
/// OpenTelemetry on, the gateway's span.
#[derive(Clone, Copy)]
pub struct Correlation<'a> {
    pub request_id: &'a str,
    pub span: Option<&'a ServerSpan>,
}

/// The upstream request for `target`: its method and target, its header lines, how its
/// body is framed, and the body when there is one (`payload` is the client's).
pub fn build(
    req: &RequestHead,
    payload: actix_web::dev::Payload,
    admitted: &Admitted,
    access: Access,
    target: &Upstream<'_>,
    ids: Correlation<'_>,
    config: &Config,
) -> (RequestHead, HeaderBlock, BodySize, Option<RequestBody>) {
    let fwd = Forwarding {
        access,
        principal: admitted.principal.as_ref(),
        client_ip: admitted.client_ip,
        proto: admitted.proto,
        request_id: ids.request_id,
        span: ids.span,
    };
    let mut head = RequestHead::default();
    head.method = req.method.clone();
    // Written as its path and query: the raw target as the client sent it.
    head.uri = req.uri.clone();
    // Room for a browser's usual headers and the gateway's own without growing.
    let mut lines = HeaderBlock::with_capacity(1024);
    headers::upstream_request(&req.headers, &fwd, &mut lines);
    // Computed once per upstream instead of per request.
    lines.put(&header::HOST, target.host.as_bytes());
    let (size, body) = if admitted.has_body() {
        let size = match admitted.declared_length {
            Some(len) => BodySize::Sized(len),
            None => BodySize::Stream,
        };
        let body = RequestBody {
            payload,
            limit: admitted.body_limit,
            idle: config.upstream_timeout,
        };
        (size, Some(body))
    } else {
        (BodySize::None, None)
    };
    (head, lines, size, body)
}
