//! Service routes, in Pingora's phases: [`request_filter`] (rate limits, body limit,
//! token; may answer directly), upstream selection ([`routes`]), [`upstream_request`]
//! (headers, streamed body), the exchange with the service ([`client`]),
//! [`response_filter`] and [`logging`]. Bodies stream both ways.
//!
//! [`request_filter`]: crate::request_filter
//! [`routes`]: crate::routes
//! [`client`]: crate::client
//! [`upstream_request`]: crate::upstream_request
//! [`response_filter`]: crate::response_filter
//! [`logging`]: crate::logging

use std::time::Instant;

use actix_web::http::Method;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, ResponseError, web};

use crate::client::SendError;
use crate::error::GatewayError;
use crate::path::{Access, Classified, Route};
use crate::request_id::RequestId;
use crate::routes::Service;
use crate::state::Gateway;
use crate::{logging, request_filter, response_filter, upstream_request};

/// Everything that is not the SPA or a probe: classify, then forward or refuse. Every
/// answer carries the request id.
pub async fn handle(
    req: HttpRequest,
    payload: web::Payload,
    gw: web::Data<Gateway>,
) -> HttpResponse {
    let id = RequestId::of(&req);
    let raw = req.uri().path();
    let classified = Classified::from_extensions(&req.extensions(), raw);
    let path = classified.path(raw);
    let result = match classified.route {
        Route::Upstream(service, access) => {
            forward(&req, payload, &gw, service, access, path, id.as_str()).await
        }
        Route::Blocked | Route::UnknownApi => {
            tracing::debug!(path = raw, route = ?classified.route, "refused path");
            Err(GatewayError::NotFound)
        }
        // Only reached when the SPA guard did not match (it always should).
        Route::Spa => Err(GatewayError::NotFound),
    };
    let mut resp = result.unwrap_or_else(|e| e.error_response());
    id.set_on(&mut resp);
    resp
}

/// Forwards one request to `service`; `path` is the normalised path.
async fn forward(
    req: &HttpRequest,
    payload: web::Payload,
    gw: &Gateway,
    service: Service,
    access: Access,
    path: &str,
    request_id: &str,
) -> Result<HttpResponse, GatewayError> {
    let shared = &gw.shared;
    let timeout = shared.config.upstream_timeout;
    let admitted = request_filter::run(req, shared, access, path, request_id).await?;
    let target = shared.table.select(service)?;
    let (head, size, body) = upstream_request::build(
        req,
        payload.into_inner(),
        &admitted,
        access,
        &target,
        request_id,
        &shared.config,
    );
    let started = Instant::now();
    // The time-out covers waiting for the answer head once the request is sent (an
    // upload is bounded by per-chunk idle time-outs instead, so a slow but steady
    // client is not cut off); answer bodies may stream longer.
    let answer = gw
        .client
        .send(service, target.address, head, size, body, timeout)
        .await
        .map_err(|e| match e {
            SendError::Upstream(e) => {
                logging::upstream_unavailable(service, request_id, &e);
                GatewayError::BadGateway
            }
            SendError::TimedOut => {
                logging::upstream_timed_out(service, request_id, timeout);
                GatewayError::Timeout
            }
            SendError::Body(e) => e,
        })?;
    let status = answer.head.status.as_u16();
    let out = response_filter::run(answer, req.method() == Method::HEAD, access, path, timeout);
    logging::forwarded(service, request_id, req.method(), path, status, started);
    Ok(out)
}
