//! Upstream selection: a prefix table from configuration, and the per-route body limits.

use std::net::{IpAddr, SocketAddr};

use shop_common::limits::{BULK_PATH, UPLOAD_PATH, segment};

use actix_web::http::header::HeaderValue;
use actix_web::http::uri::{Scheme, Uri};

use crate::client::Address;
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

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// Where each service is, looked up without hashing or allocation.
#[derive(Debug, Clone)]
pub struct UpstreamTable {
    origins: [Option<Origin>; 4],
}

/// A base URL taken apart once: where the worker's connections go, and its `Host`
/// value, computed once instead of for every request. Only plain `http` upstreams.
#[derive(Debug, Clone)]
struct Origin {
    address: Address,
    host: HeaderValue,
}

impl Origin {
    fn parse(base: &str) -> Option<Self> {
        let uri = Uri::try_from(base).ok()?;
        if !matches!(uri.path(), "" | "/") || uri.query().is_some() {
            return None;
        }
        if uri.scheme()? != &Scheme::HTTP {
            return None;
        }
        let authority = uri.authority()?;
        let hostname = authority.host();
        let port = authority.port_u16().unwrap_or(80);
        let host = match authority.port_u16() {
            Some(port) if port != 80 => {
                HeaderValue::from_str(&format!("{hostname}:{port}")).ok()?
            }
            _ => HeaderValue::from_str(hostname).ok()?,
        };
        // An IPv6 literal keeps its brackets in the authority, not in the address.
        let bare = hostname.trim_start_matches('[').trim_end_matches(']');
        let address = match bare.parse::<IpAddr>() {
            Ok(ip) => Address::Socket(SocketAddr::new(ip, port)),
            Err(_) => Address::Name(bare.to_owned(), port),
        };
        Some(Self { address, host })
    }
}

impl UpstreamTable {
    pub fn new(urls: &UpstreamUrls) -> Self {
        let bases = [
            &urls.identity,
            &urls.system,
            &urls.retailstore,
            &urls.paymentprovider,
        ]
        .map(|u| u.trim_end_matches('/'));
        let origins = Service::ALL.map(|service| {
            let base = bases[service.index()];
            let origin = Origin::parse(base);
            if origin.is_none() {
                tracing::warn!(
                    service = service.name(),
                    base,
                    "not a plain http:// upstream; its requests will fail"
                );
            }
            origin
        });
        Self { origins }
    }

    /// Upstream selection: where a request for `service` goes.
    pub fn select(&self, service: Service) -> Result<Upstream<'_>, GatewayError> {
        match &self.origins[service.index()] {
            Some(origin) => Ok(Upstream {
                host: &origin.host,
                address: &origin.address,
            }),
            None => Err(GatewayError::BadGateway),
        }
    }
}

/// The selected upstream: its `Host` value and where to connect.
#[derive(Debug)]
pub struct Upstream<'a> {
    pub host: &'a HeaderValue,
    pub address: &'a Address,
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
        let select = |table: &UpstreamTable, service| {
            let u = table.select(service).expect("selected");
            (u.host.clone(), u.address.clone())
        };
        let (host, address) = select(&table, Service::Retailstore);
        assert_eq!(host.as_bytes(), b"127.0.0.1:8083");
        assert!(matches!(address, Address::Socket(a) if a.to_string() == "127.0.0.1:8083"));

        let named = UpstreamTable::new(&UpstreamUrls {
            identity: "http://identity:80/".into(),
            system: "http://[::1]:8082".into(),
            paymentprovider: "https://pay.example".into(),
            ..UpstreamUrls::local()
        });
        let (host, address) = select(&named, Service::Identity);
        assert_eq!(host.as_bytes(), b"identity");
        assert!(matches!(address, Address::Name(h, 80) if h == "identity"));
        let (host, address) = select(&named, Service::System);
        assert_eq!(host.as_bytes(), b"[::1]:8082");
        assert!(matches!(address, Address::Socket(a) if a.to_string() == "[::1]:8082"));
        // The client speaks plain HTTP only.
        assert!(named.select(Service::Paymentprovider).is_err());

        let limits = BodyLimits::default();
        assert_eq!(body_limit(&limits, UPLOAD_PATH), 6 * 1024 * 1024);
        assert_eq!(body_limit(&limits, BULK_PATH), 8 * 1024 * 1024);
        assert_eq!(body_limit(&limits, "/x"), 1024 * 1024);
    }
}
