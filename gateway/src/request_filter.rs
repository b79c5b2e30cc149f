//! Request filter, the first phase of a service route: the client's address, the per-IP
//! rate limits, the body limit against a declared length, and the token check on admin
//! routes. Cheap refusals come first; a refusal is answered directly, nothing is sent
//! upstream.

use std::net::{IpAddr, Ipv4Addr};

use actix_http::RequestHead;
use actix_web::http::{Method, header};
use shop_common::auth::bearer_token_in;
use shop_common::limits::{CREATE_ORDER_PATH, LOGIN_PATH, RESEND_ACCESS_LINK_PATH};
use shop_common::net::TrustedProxies;

use crate::auth::Principal;
use crate::error::GatewayError;
use crate::headers::content_length;
use crate::path::Access;
use crate::routes::body_limit;
use crate::state::Shared;

/// A request the filter let through, with what the later phases need to know.
pub struct Admitted {
    pub client_ip: IpAddr,
    /// `https` only when a trusted proxy says so.
    pub proto: &'static str,
    /// The verified caller, on admin routes.
    pub principal: Option<Principal>,
    /// The route's body limit in bytes.
    pub body_limit: u64,
    /// The body arrives chunked (its length is unknown until it ends).
    pub chunked: bool,
    /// The declared `Content-Length` of a body that is not chunked.
    pub declared_length: Option<u64>,
}

impl Admitted {
    /// Whether there is a body to stream upstream.
    pub fn has_body(&self) -> bool {
        self.chunked || self.declared_length.is_some_and(|len| len > 0)
    }
}

/// Admits or refuses a request for a service; `path` is the normalised path.
pub async fn run(
    req: &RequestHead,
    shared: &Shared,
    access: Access,
    path: &str,
    request_id: &str,
) -> Result<Admitted, GatewayError> {
    let config = &shared.config;
    let peer = req
        .peer_addr
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |a| a.ip());
    let client_ip = client_ip(req, peer, &config.trusted_proxies);

    if req.method == Method::POST {
        let limiter = match path {
            LOGIN_PATH => Some(&shared.login_limit),
            CREATE_ORDER_PATH | RESEND_ACCESS_LINK_PATH => Some(&shared.order_limit),
            _ => None,
        };
        if let Some(limiter) = limiter {
            limiter.check(client_ip).map_err(|wait| {
                tracing::debug!(%client_ip, path, request_id, "rate limited");
                GatewayError::RateLimited(wait)
            })?;
        }
    }

    let body_limit = body_limit(&config.body_limits, path);
    let chunked = req.headers.contains_key(header::TRANSFER_ENCODING);
    let declared_length = if chunked {
        None
    } else {
        content_length(
            req.headers
                .get(header::CONTENT_LENGTH)
                .map(|v| v.as_bytes()),
        )
    };
    if declared_length.is_some_and(|len| len > body_limit) {
        return Err(GatewayError::TooLarge);
    }

    let principal = match access {
        Access::Admin => Some(
            // Boxed: the token check's future (a call to identity on a cache miss) would
            // otherwise make every request's future, moved at each await, far larger.
            Box::pin(shared.auth.authenticate(bearer_token_in(&req.headers))).await?,
        ),
        Access::Login | Access::Public => None,
    };
    Ok(Admitted {
        client_ip,
        proto: forwarded_proto(req, peer, &config.trusted_proxies),
        principal,
        body_limit,
        chunked,
        declared_length,
    })
}

/// The client's address: the peer, or from `X-Forwarded-For` when the peer is trusted.
fn client_ip(req: &RequestHead, peer: IpAddr, proxies: &TrustedProxies) -> IpAddr {
    if !proxies.contains(peer) {
        return proxies.client_ip(peer, None);
    }
    let mut values = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok());
    match (values.next(), values.next()) {
        (None, _) => proxies.client_ip(peer, None),
        (Some(one), None) => proxies.client_ip(peer, Some(one)),
        (Some(first), Some(second)) => {
            // Several header lines form one list, in order.
            let mut joined = format!("{first},{second}");
            for v in values {
                joined.push(',');
                joined.push_str(v);
            }
            proxies.client_ip(peer, Some(&joined))
        }
    }
}

/// `https` only when a trusted proxy says so; the gateway itself speaks plain HTTP.
fn forwarded_proto(req: &RequestHead, peer: IpAddr, proxies: &TrustedProxies) -> &'static str {
    let said_https = || {
        req.headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
    };
    if proxies.contains(peer) && said_https() {
        "https"
    } else {
        "http"
    }
}
