//! Request-path normalisation and classification (the first request filter).
//!
//! The gateway forwards the raw path unchanged, but decides what a request is on the
//! path the upstream's router will see: actix-web percent-decodes every octet except
//! `%25`, `%2F` and `%2B` before routing, so we decode the same way. Anything that
//! could make the upstream's idea of the path differ from ours (dot segments, empty
//! segments, encoded slashes, backslashes or dots) is refused outright.

use std::borrow::Cow;

use actix_web::HttpMessage;
use actix_web::dev::{Extensions, ServiceRequest};
use shop_common::limits::{
    BULK_PATH, CREATE_ORDER_PATH, LOGIN_PATH, UPLOAD_PATH, UPLOADS_PREFIX, segment,
};

use crate::routes::Service;

/// What a request is, decided on the normalised path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// Malformed or suspicious path, or an internal route: 404 in the envelope.
    Blocked,
    /// `/{x}/api/...` with an unknown service prefix: 404 in the envelope.
    UnknownApi,
    /// Forward to a service.
    Upstream(Service, Access),
    /// Everything else: a file of the built SPA (or its index.html).
    Spa,
}

/// The access class of a forwarded path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// `/{svc}/api/admin/...`: bearer token required and forwarded.
    Admin,
    /// `/identity/api/admin/v1/IdentityAuth/Login`: public, rate-limited.
    Login,
    /// `/{svc}/api/web/...` and other public paths (JWKS, `/uploads/...`).
    Public,
}

/// Decodes a raw request path the way actix-router does (keeping `%25`, `%2F`, `%2B`),
/// or `None` when the path must be refused.
pub fn normalise(raw: &str) -> Option<Cow<'_, str>> {
    let bytes = raw.as_bytes();
    if bytes.first() != Some(&b'/') || has_bad_segments(raw) || raw.contains('\\') {
        return None;
    }
    if !raw.contains('%') {
        return Some(Cow::Borrowed(raw));
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b != b'%' {
            out.push(b);
            i += 1;
            continue;
        }
        let hi = bytes.get(i + 1).copied().and_then(hex)?;
        let lo = bytes.get(i + 2).copied().and_then(hex)?;
        let decoded = hi << 4 | lo;
        match decoded {
            // Encoded separators and dots could change the path's shape upstream.
            b'/' | b'\\' | b'.' => return None,
            // actix keeps these encoded: so do we.
            b'%' | b'+' => out.extend_from_slice(&bytes[i..i + 3]),
            c if c.is_ascii_control() => return None,
            c => out.push(c),
        }
        i += 3;
    }
    let decoded = String::from_utf8(out).ok()?;
    if has_bad_segments(&decoded) {
        return None;
    }
    Some(Cow::Owned(decoded))
}

/// `//`, `/./`, `/../`, or a path ending in `/.` or `/..`, for a path starting with `/`:
/// an empty segment before the last, or a `.` or `..` segment anywhere. One pass, as
/// it runs on every request.
fn has_bad_segments(path: &str) -> bool {
    let rest = path.as_bytes().get(1..).unwrap_or_default();
    let mut start = 0;
    for (i, &b) in rest.iter().enumerate() {
        if b == b'/' {
            if matches!(&rest[start..i], b"" | b"." | b"..") {
                return true;
            }
            start = i + 1;
        }
    }
    matches!(&rest[start..], b"." | b"..")
}

/// The first three segments of a path starting with `/`, and whether any segment at all
/// is `internal` (in any case), in one pass.
struct Segments<'a> {
    first: &'a str,
    second: Option<&'a str>,
    third: Option<&'a str>,
    internal: bool,
}

fn segments(path: &str) -> Segments<'_> {
    let rest = path.get(1..).unwrap_or_default();
    let mut found: [Option<&str>; 3] = [None; 3];
    let mut count = 0;
    let mut internal = false;
    let mut start = 0;
    let bytes = rest.as_bytes();
    for i in 0..=bytes.len() {
        if i < bytes.len() && bytes[i] != b'/' {
            continue;
        }
        // Split at an ASCII '/': always a character boundary.
        let segment = rest.get(start..i).unwrap_or_default();
        if let Some(slot) = found.get_mut(count) {
            *slot = Some(segment);
        }
        count += 1;
        internal |= segment.len() == 8 && segment.eq_ignore_ascii_case("internal");
        start = i + 1;
    }
    Segments {
        first: found[0].unwrap_or_default(),
        second: found[1],
        third: found[2],
        internal,
    }
}

fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Classifies a normalised path (see [`normalise`]).
pub fn classify(path: &str) -> Route {
    let Segments {
        first,
        second,
        third,
        internal,
    } = segments(path);

    if second.is_some_and(|s| s.eq_ignore_ascii_case("internal")) {
        return Route::Blocked;
    }
    let service = if first == segment::UPLOADS {
        Some(Service::System)
    } else {
        Service::from_prefix(first)
    };
    let Some(service) = service else {
        if second.is_some_and(|s| s.eq_ignore_ascii_case("api")) {
            return Route::UnknownApi;
        }
        return Route::Spa;
    };
    // No forwarded path may name an internal route anywhere.
    if internal {
        return Route::Blocked;
    }
    let is_admin = first != segment::UPLOADS
        && second.is_some_and(|s| s.eq_ignore_ascii_case("api"))
        && third.is_some_and(|s| s.eq_ignore_ascii_case("admin"));
    let access = if !is_admin {
        Access::Public
    } else if path == LOGIN_PATH {
        Access::Login
    } else {
        Access::Admin
    };
    Route::Upstream(service, access)
}

/// Normalises and classifies in one step; refused paths are [`Route::Blocked`].
pub fn route(raw: &str) -> (Route, Cow<'_, str>) {
    match normalise(raw) {
        Some(path) => (classify(&path), path),
        None => (Route::Blocked, Cow::Borrowed(raw)),
    }
}

/// A request's route class, for metrics labels and span names: the probe, a named
/// route, or the service and access class. Never the raw path, so no id, code or file
/// name reaches a label, and the set of values stays small.
pub fn label(raw: &str) -> &'static str {
    let (route, path) = route(raw);
    label_of(raw, route, &path)
}

fn label_of(raw: &str, route: Route, path: &str) -> &'static str {
    match raw {
        "/healthz" => return "/healthz",
        "/readyz" => return "/readyz",
        _ => {}
    }
    match route {
        Route::Blocked => "blocked",
        Route::UnknownApi => "unknown_api",
        Route::Spa => "spa",
        Route::Upstream(service, access) => match path {
            LOGIN_PATH => LOGIN_PATH,
            CREATE_ORDER_PATH => CREATE_ORDER_PATH,
            UPLOAD_PATH => UPLOAD_PATH,
            BULK_PATH => BULK_PATH,
            p if p.starts_with(UPLOADS_PREFIX) => "/uploads/*",
            p => upstream_label(service, access, p),
        },
    }
}

/// A request's path normalised and classified once (by the outermost middleware, see
/// [`Classified::label_of_request`]) and kept in its extensions for the metrics, the
/// span, the SPA guard and the handlers, which would otherwise each do it again.
#[derive(Debug, Clone)]
pub struct Classified {
    pub route: Route,
    /// The route class ([`label`]).
    pub label: &'static str,
    /// The normalised path, when decoding escapes made it differ from the raw one.
    decoded: Option<String>,
}

impl Classified {
    pub fn of(raw: &str) -> Self {
        let (route, path) = route(raw);
        let label = label_of(raw, route, &path);
        let decoded = match path {
            Cow::Owned(path) => Some(path),
            Cow::Borrowed(_) => None,
        };
        Self {
            route,
            label,
            decoded,
        }
    }

    /// The normalised path of the request whose raw path is `raw`.
    pub fn path<'a>(&'a self, raw: &'a str) -> &'a str {
        self.decoded.as_deref().unwrap_or(raw)
    }

    /// The classification kept in a request's extensions, or made now for `raw` (a
    /// request that did not pass the middleware, as in tests of the bare routes).
    pub fn from_extensions(extensions: &Extensions, raw: &str) -> Self {
        extensions
            .get::<Self>()
            .cloned()
            .unwrap_or_else(|| Self::of(raw))
    }

    /// Classifies a request unless already done, keeps the result in its extensions
    /// and returns its route class.
    pub fn label_of_request(req: &ServiceRequest) -> &'static str {
        if let Some(done) = req.extensions().get::<Self>() {
            return done.label;
        }
        let classified = Self::of(req.path());
        let label = classified.label;
        req.extensions_mut().insert(classified);
        label
    }
}

fn upstream_label(service: Service, access: Access, path: &str) -> &'static str {
    // `classify` already knows admin paths; web paths are told apart here.
    let web = path
        .get(service.name().len() + 1..)
        .and_then(|rest| rest.get(..9))
        .is_some_and(|p| p.eq_ignore_ascii_case("/api/web/"));
    match (service, access, web) {
        (Service::Identity, Access::Admin | Access::Login, _) => "/identity/api/admin/*",
        (Service::System, Access::Admin | Access::Login, _) => "/system/api/admin/*",
        (Service::Retailstore, Access::Admin | Access::Login, _) => "/retailstore/api/admin/*",
        (Service::Paymentprovider, Access::Admin | Access::Login, _) => {
            "/paymentprovider/api/admin/*"
        }
        (Service::Identity, Access::Public, true) => "/identity/api/web/*",
        (Service::System, Access::Public, true) => "/system/api/web/*",
        (Service::Retailstore, Access::Public, true) => "/retailstore/api/web/*",
        (Service::Paymentprovider, Access::Public, true) => "/paymentprovider/api/web/*",
        (Service::Identity, Access::Public, false) => "/identity/*",
        (Service::System, Access::Public, false) => "/system/*",
        (Service::Retailstore, Access::Public, false) => "/retailstore/*",
        (Service::Paymentprovider, Access::Public, false) => "/paymentprovider/*",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(raw: &str) -> Route {
        route(raw).0
    }

    #[test]
    fn refuses_suspicious_paths() {
        for raw in [
            "//identity/internal/v1/TokenStatus",
            "/identity//api/web/v1/x",
            "/identity/./internal",
            "/identity/api/../internal/v1/TokenStatus",
            "/identity/api/.",
            "/identity/api/..",
            "/identity/%2e%2e/identity/internal",
            "/identity/api/..%2Finternal",
            "/identity/api%2finternal",
            "/identity/api%5cinternal",
            "/identity/api%5Cinternal",
            "/identity/%2E/x",
            "/identity/api\\x",
            "/identity/%zz",
            "/identity/%0a",
            "/identity/%ff",
            "*",
            "/..",
        ] {
            assert_eq!(r(raw), Route::Blocked, "{raw}");
        }
    }

    #[test]
    fn blocks_internal_routes_in_any_case_and_encoding() {
        for raw in [
            "/identity/internal/v1/TokenStatus",
            "/Identity/Internal/v1/TokenStatus",
            "/identity/INTERNAL",
            "/identity/%69nternal/v1/TokenStatus",
            "/retailstore/api/web/internal",
            "/unknown/internal/x",
            "/uploads/internal",
        ] {
            assert_eq!(r(raw), Route::Blocked, "{raw}");
        }
    }

    #[test]
    fn classifies_services() {
        assert_eq!(
            r("/identity/api/admin/v1/IdentityAuth/Login"),
            Route::Upstream(Service::Identity, Access::Login)
        );
        assert_eq!(
            r("/identity/api/admin/v1/IdentityAuth/%4Cogin"),
            Route::Upstream(Service::Identity, Access::Login)
        );
        assert_eq!(
            r("/identity/api/admin/v1/IdentityAuth/Login/"),
            Route::Upstream(Service::Identity, Access::Admin)
        );
        assert_eq!(
            r("/identity/API/Admin/v1/User/Pagination"),
            Route::Upstream(Service::Identity, Access::Admin)
        );
        assert_eq!(
            r("/retailstore/api/web/v1/Product/Pagination"),
            Route::Upstream(Service::Retailstore, Access::Public)
        );
        assert_eq!(
            r("/identity/.well-known/jwks.json"),
            Route::Upstream(Service::Identity, Access::Public)
        );
        assert_eq!(
            r("/uploads/abc.png"),
            Route::Upstream(Service::System, Access::Public)
        );
        assert_eq!(
            r("/paymentprovider/api/admin/v1/PaymentProvider/Read"),
            Route::Upstream(Service::Paymentprovider, Access::Admin)
        );
    }

    #[test]
    fn unknown_api_and_spa() {
        assert_eq!(r("/billing/api/web/v1/x"), Route::UnknownApi);
        assert_eq!(r("/Identity/api/web/v1/x"), Route::UnknownApi);
        assert_eq!(r("/"), Route::Spa);
        assert_eq!(r("/admin/orders/123"), Route::Spa);
        assert_eq!(r("/assets/index-abc.js"), Route::Spa);
        assert_eq!(r("/order-detail"), Route::Spa);
    }

    #[test]
    fn keeps_protected_escapes() {
        assert_eq!(
            normalise("/x/a%25b%2Bc%41").as_deref(),
            Some("/x/a%25b%2BcA")
        );
    }

    #[test]
    fn classified_once() {
        let plain = Classified::of("/retailstore/api/web/v1/Product/Pagination");
        assert_eq!(
            plain.route,
            Route::Upstream(Service::Retailstore, Access::Public)
        );
        assert_eq!(plain.label, "/retailstore/api/web/*");
        assert_eq!(plain.path("/raw"), "/raw");
        let decoded = Classified::of("/identity/api/admin/v1/IdentityAuth/%4Cogin");
        assert_eq!(
            decoded.route,
            Route::Upstream(Service::Identity, Access::Login)
        );
        assert_eq!(decoded.label, LOGIN_PATH);
        assert_eq!(decoded.path("/raw"), LOGIN_PATH);
        assert_eq!(Classified::of("/healthz").label, "/healthz");
        assert_eq!(Classified::of("/a/../b").route, Route::Blocked);
    }

    #[test]
    fn labels_are_route_classes_never_raw_paths() {
        for (raw, expected) in [
            ("/healthz", "/healthz"),
            (CREATE_ORDER_PATH, CREATE_ORDER_PATH),
            (
                "/retailstore/api/web/v1/Order/%43reateOrder",
                CREATE_ORDER_PATH,
            ),
            (LOGIN_PATH, LOGIN_PATH),
            (
                "/retailstore/api/web/v1/Order/Detail",
                "/retailstore/api/web/*",
            ),
            (
                "/retailstore/API/Web/v1/Product/Pagination",
                "/retailstore/api/web/*",
            ),
            ("/identity/api/admin/v1/User/Read", "/identity/api/admin/*"),
            ("/paymentprovider/api/webhook/sepay", "/paymentprovider/*"),
            ("/identity/.well-known/jwks.json", "/identity/*"),
            ("/uploads/3f2a-secret-name.png", "/uploads/*"),
            ("/admin/orders/ORD-123", "spa"),
            ("/billing/api/web/v1/x", "unknown_api"),
            ("/identity/internal/v1/TokenStatus", "blocked"),
            ("/retailstore/metrics", "/retailstore/*"),
        ] {
            assert_eq!(label(raw), expected, "{raw}");
        }
    }
}
