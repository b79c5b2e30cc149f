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

use std::rc::Rc;
use std::time::Instant;

use actix_http::body::BoxBody;
use actix_http::{Request, RequestHead, Response};
use actix_web::dev::Payload;
use actix_web::http::Method;
use actix_web::{HttpResponse, ResponseError};
use shop_common::metrics;

use crate::client::{Outgoing, SendError};
use crate::error::GatewayError;
use crate::path::{Access, Classified, Route};
use crate::request_id::RequestId;
use crate::routes::Service;
use crate::state::Gateway;
use crate::upstream_request::Correlation;
use crate::{logging, request_filter, response_filter, upstream_request};

/// A request for a service, or a refused path: forward or refuse. Every answer carries
/// the request id and is counted under the route class (and, with OpenTelemetry on,
/// has a span named after it).
pub async fn serve(mut req: Request, classified: Classified, gw: Rc<Gateway>) -> Response<BoxBody> {
    let gw = &*gw;
    let started = Instant::now();
    let id = RequestId::fresh();
    let payload = req.take_payload();
    let head = req.head();
    let span = gw
        .tracer
        .as_ref()
        .map(|tracer| tracer.start(head, classified.label, id.as_str()));
    let on = Call {
        classified: &classified,
        gw,
        ids: Correlation {
            request_id: id.as_str(),
            span: span.as_ref(),
        },
        started,
    };
    let mut resp = answer(head, payload, on).await;
    id.set_on(&mut resp);
    let status = resp.status();
    if let Some(span) = span {
        span.end(status, id.as_str());
    }
    metrics::observe_class(classified.label, &head.method, status, started);
    resp.into()
}

/// What the phases of one request share.
#[derive(Clone, Copy)]
struct Call<'a> {
    classified: &'a Classified,
    gw: &'a Gateway,
    ids: Correlation<'a>,
    started: Instant,
}

async fn answer(head: &RequestHead, payload: Payload, on: Call<'_>) -> HttpResponse {
    let raw = head.uri.path();
    let result = match on.classified.route {
        Route::Upstream(service, access) => {
            let path = on.classified.path(raw);
            let to = Destination {
                service,
                access,
                path,
            };
            forward(head, payload, to, on).await
        }
        Route::Blocked | Route::UnknownApi | Route::Spa => {
            tracing::debug!(path = raw, route = ?on.classified.route, "refused path");
            Err(GatewayError::NotFound)
        }
    };
    result.unwrap_or_else(|e| e.error_response())
}

/// Where a request goes: the service, the route's access class and the normalised path.
struct Destination<'a> {
    service: Service,
    access: Access,
    path: &'a str,
}

/// Forwards one request.
async fn forward(
    req: &RequestHead,
    payload: Payload,
    to: Destination<'_>,
    on: Call<'_>,
) -> Result<HttpResponse, GatewayError> {
    let Destination {
        service,
        access,
        path,
    } = to;
    let Call {
        gw, ids, started, ..
    } = on;
    let request_id = ids.request_id;
    let shared = &gw.shared;
    let timeout = shared.config.upstream_timeout;
    let admitted = request_filter::run(req, shared, access, path, request_id).await?;
    let target = shared.table.select(service)?;
    let (head, lines, size, body) = upstream_request::build(
        req,
        payload,
        &admitted,
        access,
        &target,
        ids,
        &shared.config,
    );
    // The time-out covers waiting for the answer head once the request is sent (an
    // upload is bounded by per-chunk idle time-outs instead, so a slow but steady
    // client is not cut off); answer bodies may stream longer.
    let answer = gw
        .client
        .send(
            service,
            target.address,
            Outgoing {
                head,
                lines: lines.as_bytes(),
                size,
                arrived: started,
            },
            body,
            timeout,
        )
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
    let out = response_filter::run(answer, req.method == Method::HEAD, access, path, timeout);
    logging::forwarded(service, request_id, &req.method, path, status, started);
    Ok(out)
}
