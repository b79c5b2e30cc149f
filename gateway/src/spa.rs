//! The built single-page app from `FRONTEND_DIR`: real files with their content type,
//! hashed `/assets/*` cached for a year, `index.html` for client routes (never cached
//! without revalidation), and security headers on every answer. A missing build is a
//! clear 503, not a crash. An asset with a precompressed sibling from the build
//! (`app.js.br`, `app.js.gz`) goes out as that file to a client that accepts its encoding.
//! The home page, product pages, `/robots.txt` and `/sitemap.xml` are
//! [`crate::page_meta`]'s first; when it has nothing to add they are served as before.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use actix_files::NamedFile;
use actix_web::http::header::{
    self, AcceptEncoding, ContentEncoding, Encoding, Header, HeaderValue,
};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpMessage, HttpRequest, HttpResponse, ResponseError, web};

use crate::error::GatewayError;
use crate::page_meta::PageMeta;
use crate::path;
use crate::request_id::RequestId;
use crate::state::Shared;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const NO_CACHE: &str = "no-cache";

/// The build's precompressed siblings of an asset, best first: (coding the client must
/// accept, file suffix, encoding sent). They are compressed once at the highest level,
/// where the compression middleware uses a fast level on every answer.
const PRECOMPRESSED: &[(ContentEncoding, &str)] = &[
    (ContentEncoding::Brotli, "br"),
    (ContentEncoding::Gzip, "gz"),
];

/// File types that are never a client route: a miss is a 404, not index.html.
const STATIC_EXTENSIONS: &[&str] = &[
    "js",
    "mjs",
    "css",
    "map",
    "json",
    "png",
    "jpg",
    "jpeg",
    "gif",
    "svg",
    "ico",
    "webp",
    "avif",
    "woff",
    "woff2",
    "ttf",
    "otf",
    "txt",
    "xml",
    "webmanifest",
    "wasm",
];

#[derive(Debug, Clone)]
pub struct Spa {
    root: PathBuf,
    index: PathBuf,
}

enum Lookup {
    File(PathBuf),
    /// A client route: answer with index.html.
    Index,
    NotFound,
}

impl Spa {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        let root = root.into();
        let index = root.join("index.html");
        Self { root, index }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Maps a normalised request path onto the build folder.
    fn lookup(&self, path: &str) -> Lookup {
        let rel = path.trim_start_matches('/');
        if rel.is_empty() || rel == "index.html" {
            return Lookup::Index;
        }
        let (rel, is_dir) = match rel.strip_suffix('/') {
            Some(dir) => (dir, true),
            None => (rel, false),
        };
        let mut file = self.root.clone();
        for segment in rel.split('/') {
            // Dot-files (.env, .git) are never served; `.well-known` is.
            if segment.is_empty()
                || (segment.starts_with('.') && segment != ".well-known")
                || segment.contains('\0')
            {
                return Lookup::NotFound;
            }
            file.push(segment);
        }
        if is_dir {
            return Lookup::Index;
        }
        Lookup::File(file)
    }
}

fn looks_like_file(path: &str) -> bool {
    path.starts_with("/assets/")
        || path
            .rsplit('/')
            .next()
            .and_then(|name| name.rsplit_once('.'))
            .is_some_and(|(_, ext)| {
                STATIC_EXTENSIONS
                    .iter()
                    .any(|known| ext.eq_ignore_ascii_case(known))
            })
}

/// True when the request goes to the SPA (used as a guard, so only these responses
/// pass through the compression middleware).
pub fn is_spa_request(raw_path: &str) -> bool {
    matches!(path::route(raw_path).0, path::Route::Spa)
}

/// Serves a SPA request (GET or HEAD; anything else is a code 2 envelope).
pub async fn handle(req: HttpRequest, shared: web::Data<Shared>) -> HttpResponse {
    let mut resp = serve(&req, &shared).await;
    RequestId::of(&req).set_on(&mut resp);
    resp
}

async fn serve(req: &HttpRequest, shared: &Shared) -> HttpResponse {
    let spa = &shared.spa;
    let raw = req.uri().path();
    let classified = path::Classified::from_extensions(&req.extensions(), raw);
    let path = classified.path(raw);
    if classified.route != path::Route::Spa || !matches!(*req.method(), Method::GET | Method::HEAD)
    {
        return GatewayError::NotFound.error_response();
    }
    if PageMeta::handles(path)
        && let Some(mut resp) = shared.page_meta.answer(path, req.query_string()).await
    {
        secure(&mut resp);
        return resp;
    }
    let mut resp = match spa.lookup(path) {
        Lookup::File(file) => match asset(req, path, &file).await {
            Ok(Some(named)) => {
                let cache = if path.starts_with("/assets/") {
                    IMMUTABLE
                } else {
                    NO_CACHE
                };
                let mut resp = with_cache(named.into_response(req), cache);
                if path.starts_with("/assets/") {
                    resp.headers_mut()
                        .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
                }
                resp
            }
            Ok(None) if looks_like_file(path) => not_found(spa).await,
            Ok(None) => index(spa, req).await,
            Err(e) => failure(spa, &e),
        },
        Lookup::Index => index(spa, req).await,
        Lookup::NotFound => not_found(spa).await,
    };
    secure(&mut resp);
    resp
}

/// The file at `path`, or for `/assets/*` its precompressed sibling in the best encoding
/// the client accepts (with the original's content type).
async fn asset(req: &HttpRequest, path: &str, file: &Path) -> io::Result<Option<NamedFile>> {
    if path.starts_with("/assets/") {
        for (encoding, suffix) in PRECOMPRESSED {
            if !accepts(req, *encoding) {
                continue;
            }
            let mut sibling = file.as_os_str().to_owned();
            sibling.push(".");
            sibling.push(suffix);
            if let Some(named) = open(Path::new(&sibling)).await? {
                let ext = file.extension().and_then(|e| e.to_str()).unwrap_or("");
                let mime = actix_files::file_extension_to_mime(ext);
                return Ok(Some(
                    named.set_content_type(mime).set_content_encoding(*encoding),
                ));
            }
        }
    }
    open(file).await
}

/// True when the client's `Accept-Encoding` lists `encoding` with a non-zero quality.
fn accepts(req: &HttpRequest, encoding: ContentEncoding) -> bool {
    let wanted = Encoding::Known(encoding);
    AcceptEncoding::parse(req)
        .ok()
        .and_then(|accept| accept.negotiate(std::iter::once(&wanted)))
        .is_some_and(|chosen| chosen == wanted)
}

/// Opens a regular file; `Ok(None)` when there is none at that path.
async fn open(file: &Path) -> io::Result<Option<NamedFile>> {
    match NamedFile::open_async(file).await {
        Ok(named) if named.metadata().is_file() => Ok(Some(
            named
                .disable_content_disposition()
                .use_etag(true)
                .use_last_modified(true),
        )),
        Ok(_) => Ok(None),
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

async fn index(spa: &Spa, req: &HttpRequest) -> HttpResponse {
    match open(&spa.index).await {
        Ok(Some(named)) => with_cache(named.into_response(req), NO_CACHE),
        Ok(None) => not_built(spa),
        Err(e) => failure(spa, &e),
    }
}

async fn not_found(spa: &Spa) -> HttpResponse {
    if !tokio::fs::try_exists(&spa.root).await.unwrap_or(false) {
        return not_built(spa);
    }
    HttpResponse::NotFound()
        .insert_header((header::CACHE_CONTROL, NO_CACHE))
        .content_type("text/plain; charset=utf-8")
        .body("Not Found")
}

static WARNED: AtomicBool = AtomicBool::new(false);

fn not_built(spa: &Spa) -> HttpResponse {
    if !WARNED.swap(true, Ordering::Relaxed) {
        tracing::warn!(
            dir = %spa.root.display(),
            "FRONTEND_DIR has no index.html: build the frontend or set FRONTEND_DIR"
        );
    }
    HttpResponse::ServiceUnavailable()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::RETRY_AFTER, "30"))
        .content_type("text/plain; charset=utf-8")
        .body(
            "The web app is not available: the frontend has not been built \
             (index.html missing in FRONTEND_DIR).\n\
             Trang web tạm thời không khả dụng, vui lòng thử lại sau.\n",
        )
}

fn failure(spa: &Spa, e: &io::Error) -> HttpResponse {
    tracing::error!(dir = %spa.root.display(), error = %e, "cannot read frontend file");
    HttpResponse::build(StatusCode::INTERNAL_SERVER_ERROR)
        .content_type("text/plain; charset=utf-8")
        .body("Internal Server Error")
}

fn with_cache(mut resp: HttpResponse, cache: &'static str) -> HttpResponse {
    resp.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    resp
}

/// What the SPA may load: its own files, the analytics script and beacons (only loaded
/// when the shop configures an id), images from anywhere over https (product images may
/// be external), inline styles (the CSS-in-JS theme). No inline or foreign scripts, no
/// framing: an injected script must not reach the admin token in local storage.
///
/// The one foreign script is gtag.js at its exact URL (a path source matches that path
/// whatever the `?id=`): a host wildcard would let anyone's tag container, served from
/// the same host, run next to the back office. gtag.js sends its hits with fetch or
/// sendBeacon to `/g/collect` on www.google-analytics.com, on region1 of
/// google-analytics.com, or (for EU traffic) on region1 of analytics.google.com, and
/// its diagnostics to www.googletagmanager.com: those hosts exactly, no wildcard.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
    script-src 'self' https://www.googletagmanager.com/gtag/js; \
    style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: blob: https:; \
    font-src 'self' data:; \
    connect-src 'self' https://www.google-analytics.com https://region1.google-analytics.com \
    https://region1.analytics.google.com https://www.googletagmanager.com; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

fn secure(resp: &mut HttpResponse) {
    let h = resp.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_and_fallback_rules() {
        let spa = Spa::new("/srv/app");
        assert!(matches!(spa.lookup("/"), Lookup::Index));
        assert!(matches!(spa.lookup("/index.html"), Lookup::Index));
        assert!(matches!(spa.lookup("/admin/orders/"), Lookup::Index));
        assert!(matches!(spa.lookup("/.env"), Lookup::NotFound));
        assert!(matches!(spa.lookup("/assets/.git/x"), Lookup::NotFound));
        assert!(matches!(spa.lookup("/.git/"), Lookup::NotFound));
        match spa.lookup("/assets/app-1.js") {
            Lookup::File(f) => assert_eq!(f, PathBuf::from("/srv/app/assets/app-1.js")),
            _ => panic!("expected a file"),
        }
        assert!(looks_like_file("/assets/missing"));
        assert!(looks_like_file("/favicon.ico"));
        assert!(!looks_like_file("/admin/orders/123"));
        assert!(!looks_like_file("/order-detail"));
    }
}
