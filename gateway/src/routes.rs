//! Upstream selection: a prefix table from configuration, and the per-route body limits.

use shop_common::limits::{BULK_PATH, UPLOAD_PATH, segment};

use crate::config::{BodyLimits, UpstreamUrls};
use crate::error::GatewayError;

/// A service the gateway forwards to, named by the first path segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Service {
    Identity,
    System,
    Retailstore,
    Paymentprovider,
}

impl Service {
    pub const ALL: [Service; 4] = [
        Service::Identity,
        Service::System,
        Service::Retailstore,
        Service::Paymentprovider,
    ];

    /// The service mounted at `/{segment}/...` (case-sensitive, like the services' routers).
    pub fn from_prefix(segment: &str) -> Option<Self> {
        match segment {
            segment::IDENTITY => Some(Service::Identity),
            segment::SYSTEM => Some(Service::System),
            segment::RETAILSTORE => Some(Service::Retailstore),
            segment::PAYMENTPROVIDER => Some(Service::Paymentprovider),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Service::Identity => segment::IDENTITY,
            Service::System => segment::SYSTEM,
            Service::Retailstore => segment::RETAILSTORE,
            Service::Paymentprovider => segment::PAYMENTPROVIDER,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Base URL per service, looked up without hashing or allocation.
#[derive(Debug, Clone)]
pub struct UpstreamTable {
    bases: [String; 4],
    origins: [Option<Origin>; 4],
}

/// A base URL taken apart once, so that a request's URI is built without parsing it
/// again, and its `Host` value, as hyper would write it for every request.
#[derive(Debug, Clone)]
struct Origin {
    scheme: http::uri::Scheme,
    authority: http::uri::Authority,
    host: http::HeaderValue,
}

impl Origin {
    fn parse(base: &str) -> Option<Self> {
        let uri = http::Uri::try_from(base).ok()?;
        if !matches!(uri.path(), "" | "/") || uri.query().is_some() {
            return None;
        }
        let scheme = uri.scheme()?.clone();
        let authority = uri.authority()?.clone();
        let default_port = if scheme == http::uri::Scheme::HTTPS {
            443
        } else {
            80
        };
        let hostname = authority.host();
        let host = match authority.port_u16() {
            Some(port) if port != default_port => {
                http::HeaderValue::from_str(&format!("{hostname}:{port}")).ok()?
            }
            _ => http::HeaderValue::from_str(hostname).ok()?,
        };
        Some(Self {
            scheme,
            authority,
            host,
        })
    }
}

impl UpstreamTable {
    pub fn new(urls: &UpstreamUrls) -> Self {
        let trim = |u: &str| u.trim_end_matches('/').to_owned();
        let bases = [
            trim(&urls.identity),
            trim(&urls.system),
            trim(&urls.retailstore),
            trim(&urls.paymentprovider),
        ];
        let origins = [0, 1, 2, 3].map(|i| Origin::parse(&bases[i]));
        Self { bases, origins }
    }

    pub fn base(&self, service: Service) -> &str {
        &self.bases[service.index()]
    }

    /// The upstream URL for a raw path and query, forwarded unchanged.
    pub fn url(&self, service: Service, raw_path: &str, query: Option<&str>) -> String {
        let base = self.base(service);
        let mut url =
            String::with_capacity(base.len() + raw_path.len() + query.map_or(0, |q| q.len() + 1));
        url.push_str(base);
        url.push_str(raw_path);
        if let Some(q) = query {
            url.push('?');
            url.push_str(q);
        }
        url
    }

    /// Upstream selection: where a request for `service` goes.
    pub fn select(
        &self,
        service: Service,
        incoming: &actix_web::http::Uri,
    ) -> Result<Upstream, GatewayError> {
        Ok(Upstream {
            uri: self.uri(service, incoming)?,
            host: self.origins[service.index()]
                .as_ref()
                .map(|o| o.host.clone()),
        })
    }

    /// The service's URI for a request's raw path and query: the same as parsing
    /// [`url`](Self::url), without parsing the base again.
    fn uri(
        &self,
        service: Service,
        incoming: &actix_web::http::Uri,
    ) -> Result<http::Uri, GatewayError> {
        let Some(origin) = &self.origins[service.index()] else {
            return http::Uri::try_from(self.url(service, incoming.path(), incoming.query()))
                .map_err(|_| GatewayError::NotFound);
        };
        let path_and_query = match incoming.path_and_query() {
            Some(pq) => http::uri::PathAndQuery::try_from(pq.as_str()),
            None => http::uri::PathAndQuery::try_from(incoming.path()),
        }
        .map_err(|_| GatewayError::NotFound)?;
        let mut parts = http::uri::Parts::default();
        parts.scheme = Some(origin.scheme.clone());
        parts.authority = Some(origin.authority.clone());
        parts.path_and_query = Some(path_and_query);
        http::Uri::from_parts(parts).map_err(|_| GatewayError::NotFound)
    }
}

/// The selected upstream: the request's URI there and, when the base URL could be taken
/// apart, its `Host` value.
#[derive(Debug)]
pub struct Upstream {
    pub uri: http::Uri,
    pub host: Option<http::HeaderValue>,
}

/// The request body limit of a normalised path.
pub fn body_limit(limits: &BodyLimits, path: &str) -> u64 {
    match path {
        UPLOAD_PATH => limits.upload,
        BULK_PATH => limits.bulk,
        _ => limits.default,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_and_limits() {
        let table = UpstreamTable::new(&UpstreamUrls::local());
        for s in Service::ALL {
            assert_eq!(Service::from_prefix(s.name()), Some(s));
        }
        assert_eq!(
            table.url(Service::Retailstore, "/retailstore/a", Some("x=1")),
            "http://127.0.0.1:8083/retailstore/a?x=1"
        );
        assert_eq!(
            table.url(Service::System, "/uploads/a.png", None),
            "http://127.0.0.1:8082/uploads/a.png"
        );
        let select = |table: &UpstreamTable, service, path: &str| {
            let incoming: actix_web::http::Uri = path.parse().unwrap_or_default();
            table.select(service, &incoming).ok()
        };
        let up = select(&table, Service::Retailstore, "/retailstore/a%2Fb?x=1&y");
        assert_eq!(
            up.as_ref().map(|u| u.uri.to_string()).as_deref(),
            Some("http://127.0.0.1:8083/retailstore/a%2Fb?x=1&y")
        );
        assert_eq!(
            up.and_then(|u| u.host).as_ref().map(|h| h.as_bytes()),
            Some(&b"127.0.0.1:8083"[..])
        );
        let default_port = UpstreamTable::new(&UpstreamUrls {
            identity: "http://identity:80".into(),
            ..UpstreamUrls::local()
        });
        let up = select(&default_port, Service::Identity, "/identity/x");
        assert_eq!(
            up.and_then(|u| u.host).as_ref().map(|h| h.as_bytes()),
            Some(&b"identity"[..])
        );
        let limits = BodyLimits::default();
        assert_eq!(body_limit(&limits, UPLOAD_PATH), 6 * 1024 * 1024);
        assert_eq!(body_limit(&limits, BULK_PATH), 8 * 1024 * 1024);
        assert_eq!(body_limit(&limits, "/x"), 1024 * 1024);
    }
}
