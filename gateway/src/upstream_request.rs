//! Upstream request filter: the request the service receives. Method and raw path as
//! the client sent them, the headers that may cross ([`headers::upstream_request`]),
//! and the body streamed under the route's limit ([`request_body`]).

use actix_web::{HttpRequest, web};

use crate::config::Config;
use crate::error::GatewayError;
use crate::headers::{self, Forwarding};
use crate::path::Access;
use crate::request_body::{self, BodyPump, UpstreamBody};
use crate::request_filter::Admitted;
use crate::routes::Upstream;

/// The upstream request for `target`, and the task feeding its body when it has one.
pub fn build(
    req: &HttpRequest,
    payload: web::Payload,
    admitted: &Admitted,
    access: Access,
    target: &Upstream<'_>,
    request_id: &str,
    config: &Config,
) -> Result<(http::Request<UpstreamBody>, Option<BodyPump>), GatewayError> {
    let fwd = Forwarding {
        access,
        principal: admitted.principal.as_ref(),
        client_ip: admitted.client_ip,
        proto: admitted.proto,
        request_id,
        content_length: admitted.declared_length,
        spans: config.request_spans,
    };
    let upstream_headers = headers::upstream_request(req.headers(), &fwd);
    let method = http::Method::from_bytes(req.method().as_str().as_bytes())
        .map_err(|_| GatewayError::NotFound)?;
    let (body, pump) = if admitted.has_body() {
        let (body, pump) =
            request_body::stream(payload, admitted.body_limit, config.upstream_timeout);
        (body, Some(pump))
    } else {
        (request_body::empty(), None)
    };
    let mut upstream = http::Request::new(body);
    *upstream.method_mut() = method;
    *upstream.uri_mut() = target.uri.clone();
    *upstream.headers_mut() = upstream_headers;
    // Computed once per upstream instead of per request.
    upstream
        .headers_mut()
        .insert(http::header::HOST, target.host.clone());
    Ok((upstream, pump))
}
