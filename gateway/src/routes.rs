//! Upstream selection: a prefix table from configuration, and the per-route body limits.

use crate::config::{BodyLimits, UpstreamUrls};
use crate::path::{BULK_PATH, UPLOAD_PATH};

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
            "identity" => Some(Service::Identity),
            "system" => Some(Service::System),
            "retailstore" => Some(Service::Retailstore),
            "paymentprovider" => Some(Service::Paymentprovider),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Service::Identity => "identity",
            Service::System => "system",
            Service::Retailstore => "retailstore",
            Service::Paymentprovider => "paymentprovider",
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
}

impl UpstreamTable {
    pub fn new(urls: &UpstreamUrls) -> Self {
        let trim = |u: &str| u.trim_end_matches('/').to_owned();
        Self {
            bases: [
                trim(&urls.identity),
                trim(&urls.system),
                trim(&urls.retailstore),
                trim(&urls.paymentprovider),
            ],
        }
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
        let limits = BodyLimits::default();
        assert_eq!(body_limit(&limits, UPLOAD_PATH), 6 * 1024 * 1024);
        assert_eq!(body_limit(&limits, BULK_PATH), 8 * 1024 * 1024);
        assert_eq!(body_limit(&limits, "/x"), 1024 * 1024);
    }
}
