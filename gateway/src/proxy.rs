//! Service routes, in Pingora's phases: [`request_filter`] (rate limits, body limit,
//! token; may answer directly), upstream selection ([`routes`]), [`upstream_request`]
//! (headers, streamed body), the exchange with the service (here), [`response_filter`]
//! and [`logging`]. Bodies stream both ways; only small answers are read whole.
//!
//! [`request_filter`]: crate::request_filter
//! [`routes`]: crate::routes
//! [`upstream_request`]: crate::upstream_request
//! [`response_filter`]: crate::response_filter
//! [`logging`]: crate::logging

use std::time::Instant;

use actix_web::http::Method;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, ResponseError, web};

use crate::client::{PooledBody, UpstreamError};
use crate::error::GatewayError;
use crate::path::{Access, Classified, Route};
use crate::request_body::BodyPump;
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
    let idle = shared.config.upstream_timeout;
    let admitted = request_filter::run(req, shared, access, path, request_id).await?;
    let target = shared.table.select(service, req.uri())?;
    let (upstream, pump) = upstream_request::build(
        req,
        payload,
        &admitted,
        access,
        &target,
        request_id,
        &shared.config,
    )?;
    let started = Instant::now();
    let send = gw.client.send(service, target.address, upstream);
    let resp = exchange(send, pump, service, request_id, idle).await?;
    let status = resp.status().as_u16();
    let out = response_filter::run(resp, req.method() == Method::HEAD, access, path, idle);
    logging::forwarded(service, request_id, req.method(), path, status, started);
    Ok(out)
}

/// Sends the request and waits for the response head. The time-out covers waiting for
/// the head once the request body is sent (an upload is bounded by per-chunk idle
/// time-outs instead, so a slow but steady client is not cut off); response bodies may
/// stream longer.
async fn exchange(
    send: impl Future<Output = Result<http::Response<PooledBody>, UpstreamError>>,
    pump: Option<BodyPump>,
    service: Service,
    request_id: &str,
    timeout: std::time::Duration,
) -> Result<http::Response<PooledBody>, GatewayError> {
    tokio::pin!(send);
    let mut early = None;
    if let Some(pump) = &pump {
        tokio::select! {
            result = &mut send => early = Some(result),
            () = pump.finished() => {}
        }
    }
    if let Some(reason) = pump.as_ref().and_then(BodyPump::abort_reason) {
        return Err(reason);
    }
    let outcome = match early {
        Some(result) => Ok(result),
        None => tokio::time::timeout(timeout, send).await,
    };
    match outcome {
        Ok(Ok(resp)) => Ok(resp),
        Ok(Err(e)) => {
            logging::upstream_unavailable(service, request_id, &e);
            Err(GatewayError::BadGateway)
        }
        Err(_) => {
            logging::upstream_timed_out(service, request_id, timeout);
            Err(GatewayError::Timeout)
        }
    }
}
