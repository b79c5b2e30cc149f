//! Limits and paths that cross a process boundary, defined once: the gateway enforces
//! the body limits the services' extractors also apply, routes by the services' path
//! prefixes, and the frontend checks the same numbers before it sends. A value changed
//! here changes on every side of the boundary.

const MIB: usize = 1024 * 1024;

/// Request body limit of every API route without a limit of its own, in bytes: the
/// gateway's default (`MAX_REQUEST_BYTES`) and the services' JSON extractor.
pub const DEFAULT_BODY_BYTES: usize = MIB;

/// The largest accepted upload, in bytes (system's `UPLOAD_MAX_BYTES` default).
pub const UPLOAD_FILE_BYTES: usize = 5 * MIB;
/// Request body limit of [`UPLOAD_PATH`] at the gateway (`UPLOAD_MAX_REQUEST_BYTES`):
/// the largest file and its multipart framing.
pub const UPLOAD_BODY_BYTES: usize = 6 * MIB;

/// The most serial codes one CreateBulk call may carry.
pub const BULK_MAX_CODES: usize = 50_000;
/// Request body limit of [`BULK_PATH`], at the gateway (`BULK_MAX_REQUEST_BYTES`) and in
/// retailstore's extractor: [`BULK_MAX_CODES`] codes of 100+ characters.
pub const BULK_BODY_BYTES: usize = 8 * MIB;

/// Paged lists: `pageSize` when none is given, and its largest value.
pub const DEFAULT_PAGE_SIZE: i64 = 20;
pub const MAX_PAGE_SIZE: i64 = 100;
/// The deepest page anyone may ask for (`pageIndex`); keeps `OFFSET` far from overflow.
pub const MAX_PAGE_INDEX: i64 = 1_000_000;

/// The first path segment of each service's routes: the gateway picks the upstream by it.
pub mod segment {
    pub const IDENTITY: &str = "identity";
    pub const SYSTEM: &str = "system";
    pub const RETAILSTORE: &str = "retailstore";
    pub const PAYMENTPROVIDER: &str = "paymentprovider";
    /// Uploaded files, served by system at [`UPLOADS_PREFIX`](super::UPLOADS_PREFIX).
    pub const UPLOADS: &str = "uploads";
}

/// Uploaded files: `/uploads/{name}`, served by system.
pub const UPLOADS_PREFIX: &str = "/uploads/";

// Routes the gateway treats apart.

/// Staff login: public, rate-limited per client IP.
pub const LOGIN_PATH: &str = "/identity/api/admin/v1/IdentityAuth/Login";
/// A shopper's checkout: rate-limited per client IP.
pub const CREATE_ORDER_PATH: &str = "/retailstore/api/web/v1/Order/CreateOrder";
/// A shopper's "send me my link again": e-mails, so rate-limited per client IP with
/// CreateOrder (and at most 3 per order per hour by retailstore).
pub const RESEND_ACCESS_LINK_PATH: &str = "/retailstore/api/web/v1/Order/ResendAccessLink";
/// The shopper's order calls: their answers carry access tokens and, once paid, codes,
/// so they are never cached.
pub const ORDER_WEB_PREFIX: &str = "/retailstore/api/web/v1/Order/";
/// File upload: body limit [`UPLOAD_BODY_BYTES`].
pub const UPLOAD_PATH: &str = "/system/api/admin/v1/UploadFile/Upload";
/// Serial-code import: body limit [`BULK_BODY_BYTES`].
pub const BULK_PATH: &str = "/retailstore/api/admin/v1/ProductSerialCode/CreateBulk";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_the_other_side_relies_on() {
        assert_eq!(DEFAULT_BODY_BYTES, 1_048_576);
        assert_eq!(UPLOAD_FILE_BYTES, 5_242_880);
        assert_eq!(UPLOAD_BODY_BYTES, 6_291_456);
        assert_eq!(BULK_BODY_BYTES, 8_388_608);
        assert_eq!(BULK_MAX_CODES, 50_000);
        assert_eq!(
            (DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_PAGE_INDEX),
            (20, 100, 1_000_000)
        );
        for path in [LOGIN_PATH, UPLOAD_PATH] {
            assert!(path.starts_with('/'));
        }
        assert!(CREATE_ORDER_PATH.starts_with(ORDER_WEB_PREFIX));
        assert!(RESEND_ACCESS_LINK_PATH.starts_with(ORDER_WEB_PREFIX));
        assert!(BULK_PATH.starts_with(&format!("/{}/", segment::RETAILSTORE)));
        assert!(UPLOAD_PATH.starts_with(&format!("/{}/", segment::SYSTEM)));
        assert!(LOGIN_PATH.starts_with(&format!("/{}/", segment::IDENTITY)));
        assert_eq!(UPLOADS_PREFIX, format!("/{}/", segment::UPLOADS));
    }
}
