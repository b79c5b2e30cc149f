//! Upstream request filter and response filter: which headers cross the gateway.
//!
//! Towards a service: hop-by-hop headers (and those named in `Connection`), `Host`,
//! `Expect`, client-sent `x-user-*`, `x-internal-key`, `x-request-id`, `x-forwarded-*`,
//! `forwarded` and `x-real-ip` are dropped; the gateway adds `x-request-id`,
//! `x-forwarded-for` (the resolved client IP), `x-forwarded-proto`, `traceparent` (its
//! own span's with OpenTelemetry on, else a valid incoming one continued), and on
//! verified admin calls `x-user-id`, `x-user-name`, `x-user-role`. A bearer
//! `Authorization` is forwarded only on admin routes. Towards the client: hop-by-hop
//! headers are dropped and `x-request-id` is added.

use std::io::Write as _;
use std::net::IpAddr;

use actix_web::http::header::{self as ax, HeaderName, HeaderValue};
use shop_common::telemetry::ServerSpan;
use uuid::Uuid;

use crate::auth::Principal;
pub use crate::header_block::{HeaderBlock, HeaderSink, is_header_text};
use crate::path::Access;

pub const X_REQUEST_ID: &str = "x-request-id";

// Names parsed once, at compile time: a `&str` name is parsed on every insert.
const REQUEST_ID: HeaderName = HeaderName::from_static(X_REQUEST_ID);
const FORWARDED_FOR: HeaderName = HeaderName::from_static("x-forwarded-for");
const FORWARDED_PROTO: HeaderName = HeaderName::from_static("x-forwarded-proto");
const USER_ID: HeaderName = HeaderName::from_static("x-user-id");
const USER_NAME: HeaderName = HeaderName::from_static("x-user-name");
const USER_ROLE: HeaderName = HeaderName::from_static("x-user-role");
const TRACEPARENT: HeaderName = HeaderName::from_static("traceparent");
const TRACESTATE: HeaderName = HeaderName::from_static("tracestate");

/// Headers that describe one connection, never the message.
fn is_hop_by_hop(name: &str) -> bool {
    matches!(
        name,
        "connection"
            | "keep-alive"
            | "te"
            | "trailer"
            | "transfer-encoding"
            | "upgrade"
            | "proxy-connection"
            | "proxy-authenticate"
            | "proxy-authorization"
    ) || name.starts_with("proxy-")
}

/// Request headers a client may never set for a service.
fn is_gateway_owned(name: &str) -> bool {
    matches!(
        name,
        "host"
            | "expect"
            | "content-length"
            | "x-internal-key"
            | "x-request-id"
            | "forwarded"
            | "x-real-ip"
            | "traceparent"
            | "tracestate"
    ) || name.starts_with("x-user-")
        || name.starts_with("x-forwarded-")
}

/// Names listed in `Connection` headers (lower-case tokens), beyond close/keep-alive.
fn connection_tokens<'a>(values: impl Iterator<Item = &'a [u8]>) -> Vec<String> {
    let mut tokens = Vec::new();
    for value in values {
        let Ok(text) = std::str::from_utf8(value) else {
            continue;
        };
        for token in text.split(',').map(str::trim) {
            if !token.is_empty()
                && !token.eq_ignore_ascii_case("close")
                && !token.eq_ignore_ascii_case("keep-alive")
            {
                tokens.push(token.to_ascii_lowercase());
            }
        }
    }
    tokens
}

/// What the gateway knows about a request when filtering its headers.
#[derive(Debug)]
pub struct Forwarding<'a> {
    pub access: Access,
    pub principal: Option<&'a Principal>,
    pub client_ip: IpAddr,
    pub proto: &'static str,
    pub request_id: &'a str,
    /// The request's own span (OpenTelemetry on), whose context goes upstream.
    pub span: Option<&'a ServerSpan>,
}

fn is_bearer(value: &[u8]) -> bool {
    (value.len() >= 7 && value[..7].eq_ignore_ascii_case(b"bearer "))
        || value.eq_ignore_ascii_case(b"bearer")
}

/// Writes the headers to send upstream for a client request into `out`. The client's
/// own pass as they arrived; the gateway's follow.
pub fn upstream_request(incoming: &ax::HeaderMap, fwd: &Forwarding<'_>, out: &mut impl HeaderSink) {
    // Headers named in `Connection` describe the client's connection (rare: most
    // clients send only `keep-alive`, or nothing).
    let named = if incoming.contains_key(ax::CONNECTION) {
        connection_tokens(incoming.get_all(ax::CONNECTION).map(|v| v.as_bytes()))
    } else {
        Vec::new()
    };
    // One pass over the client's headers; what later steps need is noted on the way
    // instead of looked up again.
    let mut parent = None;
    let mut state = None;
    for (name, value) in incoming {
        let n = name.as_str();
        match n {
            "traceparent" => parent = Some(value),
            "tracestate" => state = Some(value),
            _ => {}
        }
        if is_hop_by_hop(n) || is_gateway_owned(n) || named.iter().any(|t| t == n) {
            continue;
        }
        // A stale admin token must never matter on public routes; other schemes (the
        // payment webhook's `Apikey ...`) pass.
        if n == "authorization" && fwd.access != Access::Admin && is_bearer(value.as_bytes()) {
            continue;
        }
        out.put_value(name, value);
    }
    out.put(&REQUEST_ID, fwd.request_id.as_bytes());
    let mut ip = [0u8; 39];
    out.put(&FORWARDED_FOR, ip_text(fwd.client_ip, &mut ip));
    out.put(&FORWARDED_PROTO, fwd.proto.as_bytes());
    if let Some(p) = fwd.principal {
        let mut id = Uuid::encode_buffer();
        out.put(&USER_ID, p.id.hyphenated().encode_lower(&mut id).as_bytes());
        // The one value from elsewhere (identity's user name).
        if is_header_text(p.name.as_bytes()) {
            out.put(&USER_NAME, p.name.as_bytes());
        }
        out.put(&USER_ROLE, p.role.as_str().as_bytes());
    }
    match fwd.span.and_then(|span| Some((span, span.traceparent()?))) {
        Some((span, traceparent)) => {
            out.put(&TRACEPARENT, &traceparent);
            if let Some(state) = span.tracestate() {
                out.put(&TRACESTATE, state.as_bytes());
            }
        }
        None => trace_context(parent, state, out),
    }
}

/// W3C trace context when the gateway has no span of its own (OpenTelemetry off): the
/// incoming `traceparent` continued with a new parent id. Without one there is none to
/// start: no span of the gateway's would be its root, and each service starts its own
/// trace and carries it into its calls.
fn trace_context(
    parent: Option<&HeaderValue>,
    state: Option<&HeaderValue>,
    out: &mut impl HeaderSink,
) {
    let Some((trace_id, flags)) = parent
        .and_then(|v| v.to_str().ok())
        .and_then(parse_traceparent)
    else {
        return;
    };
    if let Some(state) = state {
        out.put_value(&TRACESTATE, state);
    }
    // `00-{trace id: 32 hex}-{parent id: 16 hex}-{flags: 2 hex}`, written in place.
    let mut value = *b"00-00000000000000000000000000000000-0000000000000000-01";
    value[3..35].copy_from_slice(trace_id.as_bytes());
    value[53..55].copy_from_slice(flags.as_bytes());
    lower_hex(&mut value[36..52], u128::from(span_id()));
    out.put(&TRACEPARENT, &value);
}

/// Writes the low `out.len()` hex digits of `value`, lower case, most significant first.
fn lower_hex(out: &mut [u8], mut value: u128) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for b in out.iter_mut().rev() {
        *b = DIGITS[(value & 0xf) as usize];
        value >>= 4;
    }
}

/// The client address as header text, written into `buf`; IPv4 by hand (the `Display`
/// impl's formatting machinery is a visible share of a proxied request's cost).
fn ip_text(ip: IpAddr, buf: &mut [u8; 39]) -> &[u8] {
    let IpAddr::V4(v4) = ip else {
        let mut cursor = std::io::Cursor::new(&mut buf[..]);
        let _ = write!(cursor, "{ip}");
        let len = cursor.position() as usize;
        return &buf[..len];
    };
    let mut len = 0;
    for (i, octet) in v4.octets().into_iter().enumerate() {
        if i > 0 {
            buf[len] = b'.';
            len += 1;
        }
        if octet >= 100 {
            buf[len] = b'0' + octet / 100;
            len += 1;
        }
        if octet >= 10 {
            buf[len] = b'0' + octet / 10 % 10;
            len += 1;
        }
        buf[len] = b'0' + octet % 10;
        len += 1;
    }
    &buf[..len]
}

fn span_id() -> u64 {
    let (hi, lo) = Uuid::new_v4().as_u64_pair();
    match hi ^ lo {
        0 => 1,
        id => id,
    }
}

/// `(trace-id, flags)` of a valid version-00 `traceparent`.
pub fn parse_traceparent(value: &str) -> Option<(&str, &str)> {
    let mut parts = value.trim().split('-');
    let (version, trace_id, parent_id, flags) =
        (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let lower_hex = |s: &str, len: usize| {
        s.len() == len && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    };
    let valid = parts.next().is_none()
        && version == "00"
        && lower_hex(trace_id, 32)
        && lower_hex(parent_id, 16)
        && lower_hex(flags, 2)
        && trace_id.bytes().any(|b| b != b'0')
        && parent_id.bytes().any(|b| b != b'0');
    valid.then_some((trace_id, flags))
}

/// The upstream answer's headers as the client receives them: its end-to-end headers,
/// filtered in place. `Connection` and `Content-Length` are left to the server, which
/// never writes a `Connection` header from the map and writes the length of the body it
/// actually sends (and `Transfer-Encoding` when it streams one); the service's `Date`
/// passes. Most answers hold nothing else to drop, and are left untouched.
pub fn client_response(headers: &mut ax::HeaderMap) {
    // Most answers say only `keep-alive` (or nothing): the list is read when there is more.
    let listed = headers
        .get_all(ax::CONNECTION)
        .any(|v| !v.as_bytes().eq_ignore_ascii_case(b"keep-alive"));
    if listed {
        let named = connection_tokens(headers.get_all(ax::CONNECTION).map(|v| v.as_bytes()));
        for token in named {
            headers.remove(token.as_str());
        }
    }
    let dropped = |n: &str| n != "connection" && is_hop_by_hop(n);
    if headers.keys().any(|name| dropped(name.as_str())) {
        headers.retain(|name, _| !dropped(name.as_str()));
    }
}

/// A `Content-Length` value, whichever `http` crate version the header came from.
pub fn content_length(value: Option<&[u8]>) -> Option<u64> {
    std::str::from_utf8(value?).ok()?.trim().parse().ok()
}

/// Back-office answers (revealed codes, customer data) are never kept by a browser or a
/// shared cache, unless the service said otherwise.
pub fn no_store(out: &mut ax::HeaderMap) {
    if !out.contains_key(ax::CACHE_CONTROL) {
        out.insert(ax::CACHE_CONTROL, ax::HeaderValue::from_static("no-store"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shop_common::auth::Role;

    fn incoming(pairs: &[(&'static str, &'static str)]) -> ax::HeaderMap {
        let mut map = ax::HeaderMap::new();
        for (n, v) in pairs {
            map.append(
                ax::HeaderName::from_static(n),
                ax::HeaderValue::from_static(v),
            );
        }
        map
    }

    fn upstream_request(incoming: &ax::HeaderMap, fwd: &Forwarding<'_>) -> ax::HeaderMap {
        let mut out = ax::HeaderMap::new();
        super::upstream_request(incoming, fwd, &mut out);
        out
    }

    fn get<'m>(map: &'m ax::HeaderMap, name: &str) -> &'m HeaderValue {
        map.get(name).unwrap_or_else(|| panic!("no {name}"))
    }

    fn fwd<'a>(access: Access, principal: Option<&'a Principal>) -> Forwarding<'a> {
        Forwarding {
            access,
            principal,
            client_ip: IpAddr::from([10, 1, 2, 3]),
            proto: "http",
            request_id: "req-1",
            span: None,
        }
    }

    #[test]
    fn strips_client_controlled_and_hop_by_hop() {
        let h = incoming(&[
            ("connection", "keep-alive, x-secret"),
            ("x-secret", "1"),
            ("keep-alive", "timeout=5"),
            ("te", "trailers"),
            ("upgrade", "websocket"),
            ("proxy-authorization", "Basic x"),
            ("transfer-encoding", "chunked"),
            ("x-user-id", "forged"),
            ("x-user-role", "admin"),
            ("x-internal-key", "guess"),
            ("x-request-id", "client"),
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-host", "evil"),
            ("forwarded", "for=6.6.6.6"),
            ("host", "shop"),
            ("accept", "application/json"),
            ("authorization", "Bearer stale"),
        ]);
        let out = upstream_request(&h, &fwd(Access::Public, None));
        for gone in [
            "connection",
            "x-secret",
            "keep-alive",
            "te",
            "upgrade",
            "proxy-authorization",
            "transfer-encoding",
            "x-user-id",
            "x-user-role",
            "x-internal-key",
            "x-forwarded-host",
            "forwarded",
            "host",
            "authorization",
        ] {
            assert!(!out.contains_key(gone), "{gone}");
        }
        assert_eq!(get(&out, "accept"), "application/json");
        assert_eq!(get(&out, "x-request-id"), "req-1");
        assert_eq!(get(&out, "x-forwarded-for"), "10.1.2.3");
        assert_eq!(get(&out, "x-forwarded-proto"), "http");
        // No trace to continue and no span of the gateway's: none is made up.
        assert!(!out.contains_key("traceparent"));
    }

    #[test]
    fn the_wire_block_holds_what_the_map_holds() {
        let h = incoming(&[
            ("accept", "application/json"),
            ("connection", "x-secret"),
            ("x-secret", "1"),
            (
                "traceparent",
                "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            ),
        ]);
        let mut block = HeaderBlock::default();
        super::upstream_request(&h, &fwd(Access::Public, None), &mut block);
        let text = std::str::from_utf8(block.as_bytes()).unwrap_or_default();
        let lines: Vec<&str> = text.split_terminator("\r\n").collect();
        let map = upstream_request(&h, &fwd(Access::Public, None));
        assert_eq!(lines.len(), map.len(), "{text}");
        assert_eq!(
            &lines[..4],
            [
                "accept: application/json",
                "x-request-id: req-1",
                "x-forwarded-for: 10.1.2.3",
                "x-forwarded-proto: http",
            ]
        );
        assert!(
            lines[4].starts_with("traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-"),
            "{text}"
        );
        assert!(text.ends_with("\r\n"));

        // A name that could end the line is never written.
        for (name, sent) in [("eve\r\nx-user-role: admin", false), ("al\tice", true)] {
            let p = Principal {
                id: Uuid::nil(),
                name: name.into(),
                role: Role::Staff,
            };
            let mut block = HeaderBlock::default();
            super::upstream_request(&incoming(&[]), &fwd(Access::Admin, Some(&p)), &mut block);
            let text = String::from_utf8_lossy(block.as_bytes()).into_owned();
            assert_eq!(
                text.contains(&format!("x-user-name: {name}\r\n")),
                sent,
                "{text}"
            );
            assert_eq!(text.matches("x-user-role: ").count(), 1, "{text}");
        }
    }

    #[test]
    fn admin_keeps_bearer_and_adds_user() {
        let p = Principal {
            id: Uuid::nil(),
            name: "alice".into(),
            role: Role::Staff,
        };
        let h = incoming(&[("authorization", "Bearer t"), ("x-user-name", "mallory")]);
        let out = upstream_request(&h, &fwd(Access::Admin, Some(&p)));
        assert_eq!(get(&out, "authorization"), "Bearer t");
        assert_eq!(
            get(&out, "x-user-id"),
            "00000000-0000-0000-0000-000000000000"
        );
        assert_eq!(get(&out, "x-user-name"), "alice");
        assert_eq!(out.get_all("x-user-name").count(), 1);
        assert_eq!(get(&out, "x-user-role"), "staff");
    }

    #[test]
    fn webhook_apikey_passes_on_public_routes() {
        let h = incoming(&[("authorization", "Apikey secret")]);
        let out = upstream_request(&h, &fwd(Access::Public, None));
        assert_eq!(get(&out, "authorization"), "Apikey secret");
    }

    #[test]
    fn continues_a_valid_traceparent() {
        let h = incoming(&[
            (
                "traceparent",
                "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            ),
            ("tracestate", "v=1"),
        ]);
        let out = upstream_request(&h, &fwd(Access::Public, None));
        let tp = get(&out, "traceparent").to_str().unwrap_or_default();
        assert!(tp.starts_with("00-4bf92f3577b34da6a3ce929d0e0e4736-"));
        assert!(!tp.contains("00f067aa0ba902b7"));
        assert!(tp.ends_with("-01"));
        assert_eq!(get(&out, "tracestate"), "v=1");

        let bad = incoming(&[(
            "traceparent",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
        )]);
        // An invalid one is not passed on: without a span of the gateway's, nothing is.
        let out = upstream_request(&bad, &fwd(Access::Public, None));
        assert!(!out.contains_key("traceparent"));
    }

    #[test]
    fn client_addresses_as_written_by_display() {
        for ip in [
            IpAddr::from([0, 0, 0, 0]),
            IpAddr::from([10, 1, 2, 3]),
            IpAddr::from([255, 255, 255, 255]),
            IpAddr::from([192, 168, 100, 9]),
            IpAddr::from([1, 20, 199, 250]),
            "2001:db8::1".parse().unwrap_or(IpAddr::from([0, 0, 0, 0])),
        ] {
            assert_eq!(ip_text(ip, &mut [0; 39]), ip.to_string().as_bytes());
        }
    }

    #[test]
    fn hex_digits() {
        let mut digits = [0u8; 6];
        lower_hex(&mut digits, 0xab_cdef);
        assert_eq!(&digits, b"abcdef");
    }

    #[test]
    fn response_filter() {
        let mut out = incoming(&[
            ("connection", "x-hop"),
            ("connection", "keep-alive"),
            ("x-hop", "1"),
            ("transfer-encoding", "chunked"),
            ("content-length", "12"),
            ("date", "Thu, 26 Nov 2026 15:01:13 GMT"),
            ("content-type", "application/json"),
            ("set-cookie", "a=1"),
            ("set-cookie", "b=2"),
        ]);
        client_response(&mut out);
        // Left to the server (see client_response).
        assert!(out.contains_key("content-length"));
        assert!(out.contains_key("date"));
        assert!(out.contains_key("connection"));
        assert!(!out.contains_key("x-hop"));
        assert!(!out.contains_key("transfer-encoding"));

        assert_eq!(out.get_all("set-cookie").count(), 2);
        assert!(out.contains_key("content-type"));

        let mut out = incoming(&[("keep-alive", "timeout=5"), ("vary", "origin")]);
        client_response(&mut out);
        assert_eq!(out.len(), 1);
        assert!(out.contains_key("vary"));
    }
}
