//! Pages that say what they are before any script runs. The home page and a product
//! page (`/san-pham/<slug>`) get the SPA shell with their own title, description,
//! canonical address, Open Graph and Twitter tags, schema.org JSON-LD and their first
//! data ([`render`]); `/sitemap.xml` lists the home and every active product and
//! `/robots.txt` keeps crawlers out of the back office and the order pages.
//!
//! The data comes from retailstore's and system's public APIs ([`shop`]). A rendered
//! answer is kept for `PAGE_CACHE_SECONDS` per path ([`cache`]), so a page read again
//! costs no upstream round trip. A failing upstream gives the plain shell, never an
//! error page; an unknown product is the shell with 404 and `noindex`; an old slug is a
//! 301 to the product's current address.

pub mod cache;
pub mod escape;
pub mod render;
pub mod shop;

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use bytes::Bytes;

use crate::config::Config;
use cache::TtlCache;
use render::{Raw, Shop};
use shop::{Fetched, ShopApi};

/// How long a page waits for its data before it goes out as the plain shell.
const FETCH_TIMEOUT: Duration = Duration::from_secs(3);

/// The SPA's routes that are no one's to index (frontend/src/config/paths.ts): the back
/// office and its sign-in, the shopper's order page, and the template's demo screens.
const DISALLOWED: &[&str] = &[
    "/admin",
    "/adminauth/",
    "/order-detail",
    "/uikit",
    "/pages/",
    "/documentation",
];

/// A rendered answer, as kept in the cache.
pub enum Page {
    /// 200 or 404, the shell with the page's head.
    Html(StatusCode, Bytes),
    /// 301 to this path (an old slug).
    Moved(String),
    Text(&'static str, Bytes),
    /// No data to say more: the plain shell, as before.
    Plain,
}

pub struct PageMeta {
    api: ShopApi,
    base: String,
    index: std::path::PathBuf,
    pages: TtlCache<Page>,
}

/// A product page's slug when `path` is one (`/san-pham/<slug>`, one segment).
fn product_slug(path: &str) -> Option<&str> {
    path.strip_prefix("/san-pham/")
        .filter(|slug| !slug.is_empty() && !slug.contains('/'))
}

/// What retailstore accepts as a slug: a-z, 0-9 and `-`, at most 200 characters.
fn is_slug(slug: &str) -> bool {
    slug.len() <= 200
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn now_millis() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

impl PageMeta {
    pub fn new(config: &Config) -> Self {
        Self {
            api: ShopApi::new(
                &config.upstreams,
                FETCH_TIMEOUT.min(config.upstream_timeout),
            ),
            base: config.public_base_url.clone(),
            index: config.frontend_dir.join("index.html"),
            pages: TtlCache::new(config.page_cache_ttl),
        }
    }

    /// True for the paths this module answers (the others are the SPA's files or shell).
    pub fn handles(path: &str) -> bool {
        matches!(path, "/" | "/robots.txt" | "/sitemap.xml") || product_slug(path).is_some()
    }

    /// The answer for `path` (one of [`Self::handles`]), `None` for the plain shell.
    /// `query` is kept on a redirect.
    pub async fn answer(&self, path: &str, query: &str) -> Option<HttpResponse> {
        let page = match self.pages.get(path) {
            Some(page) => page,
            None => {
                let page = Arc::new(self.build(path).await);
                // A sitemap that could not be read is not kept: the next crawl retries.
                if !matches!(*page, Page::Plain) || path != "/sitemap.xml" {
                    self.pages.put(path, page.clone());
                }
                page
            }
        };
        respond(&page, path, query)
    }

    async fn build(&self, path: &str) -> Page {
        match path {
            "/robots.txt" => Page::Text("text/plain; charset=utf-8", self.robots().into()),
            "/sitemap.xml" => match self.api.all_slugs().await {
                Some(slugs) => Page::Text(
                    "application/xml; charset=utf-8",
                    self.sitemap(&slugs).into(),
                ),
                None => Page::Plain,
            },
            "/" => self.home().await,
            _ => match product_slug(path) {
                Some(slug) => self.product(slug).await,
                None => Page::Plain,
            },
        }
    }

    async fn shell(&self) -> Option<String> {
        tokio::fs::read_to_string(&self.index).await.ok()
    }

    async fn home(&self) -> Page {
        let (config, first_page) =
            futures_util::join!(self.api.configuration(), self.api.first_page());
        if config.is_none() && first_page.is_none() {
            return Page::Plain;
        }
        let shop = Shop {
            base: &self.base,
            config: config.as_ref().map(|(c, _)| c),
        };
        let raw = Raw {
            configuration: config.as_ref().map(|(_, raw)| raw),
            updated_at: now_millis(),
        };
        self.html(
            StatusCode::OK,
            &render::home_head(&shop, first_page.as_ref(), &raw),
        )
        .await
    }

    async fn product(&self, slug: &str) -> Page {
        if !is_slug(slug) {
            return self.not_found(None).await;
        }
        let (product, config) =
            futures_util::join!(self.api.product(slug), self.api.configuration());
        let shop = Shop {
            base: &self.base,
            config: config.as_ref().map(|(c, _)| c),
        };
        match product {
            Fetched::Found(product, raw_product) => {
                if let Some(canonical) = product.canonical_slug.as_deref()
                    && canonical != slug
                    && is_slug(canonical)
                {
                    return Page::Moved(render::product_path(canonical));
                }
                let raw = Raw {
                    configuration: config.as_ref().map(|(_, raw)| raw),
                    updated_at: now_millis(),
                };
                let head = render::product_head(&shop, &product, &raw_product, &raw);
                self.html(StatusCode::OK, &head).await
            }
            Fetched::NotFound => self.not_found(config.as_ref().map(|(c, _)| c)).await,
            Fetched::Failed => Page::Plain,
        }
    }

    async fn not_found(&self, config: Option<&shop::ShopConfig>) -> Page {
        let shop = Shop {
            base: &self.base,
            config,
        };
        self.html(StatusCode::NOT_FOUND, &render::not_found_head(&shop))
            .await
    }

    async fn html(&self, status: StatusCode, head: &str) -> Page {
        match self
            .shell()
            .await
            .and_then(|shell| render::inject(&shell, head))
        {
            Some(page) => Page::Html(status, page.into()),
            None => Page::Plain,
        }
    }

    fn robots(&self) -> String {
        let mut out = String::from("User-agent: *\n");
        for path in DISALLOWED {
            out.push_str("Disallow: ");
            out.push_str(path);
            out.push('\n');
        }
        out.push_str(&format!("\nSitemap: {}/sitemap.xml\n", self.base));
        out
    }

    fn sitemap(&self, slugs: &[String]) -> String {
        let mut out = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
        );
        let mut url = |loc: &str| {
            out.push_str("  <url><loc>");
            out.push_str(&escape::html(loc));
            out.push_str("</loc></url>\n");
        };
        url(&format!("{}/", self.base));
        for slug in slugs.iter().filter(|s| is_slug(s)) {
            url(&format!("{}{}", self.base, render::product_path(slug)));
        }
        out.push_str("</urlset>\n");
        out
    }
}

fn respond(page: &Page, path: &str, query: &str) -> Option<HttpResponse> {
    let resp = match page {
        Page::Plain if path == "/sitemap.xml" => HttpResponse::ServiceUnavailable()
            .insert_header((header::RETRY_AFTER, "60"))
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .content_type("text/plain; charset=utf-8")
            .body("The catalogue cannot be read right now.\n"),
        Page::Plain => return None,
        Page::Html(status, body) => HttpResponse::build(*status)
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .content_type("text/html; charset=utf-8")
            .body(body.clone()),
        Page::Moved(to) => {
            let location = if query.is_empty() {
                to.clone()
            } else {
                format!("{to}?{query}")
            };
            let mut resp = HttpResponse::MovedPermanently()
                .insert_header((header::CACHE_CONTROL, "no-cache"))
                .finish();
            if let Ok(value) = HeaderValue::from_str(&location) {
                resp.headers_mut().insert(header::LOCATION, value);
            }
            resp
        }
        Page::Text(kind, body) => HttpResponse::Ok()
            .insert_header((header::CACHE_CONTROL, "public, max-age=300"))
            .content_type(*kind)
            .body(body.clone()),
    };
    Some(resp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn product_paths_and_slugs() {
        assert_eq!(product_slug("/san-pham/the-garena"), Some("the-garena"));
        assert_eq!(product_slug("/san-pham/"), None);
        assert_eq!(product_slug("/san-pham/a/b"), None);
        assert_eq!(product_slug("/admin"), None);
        assert!(is_slug("the-garena-100k"));
        assert!(!is_slug("Thẻ"));
        assert!(!is_slug("a<b"));
        assert!(PageMeta::handles("/"));
        assert!(PageMeta::handles("/san-pham/x"));
        assert!(!PageMeta::handles("/assets/app.js"));
        assert!(!PageMeta::handles("/order-detail"));
    }
}
