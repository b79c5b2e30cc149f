//! What the pages say, read from the services' public APIs: the same URLs the browser
//! calls through the gateway, sent straight to the upstream.

use std::time::Duration;

use serde::Deserialize;
use serde_json::Value;

use crate::config::UpstreamUrls;

pub const PRODUCT_BY_SLUG: &str = "/retailstore/api/web/v1/Product/BySlug";
pub const PRODUCT_LIST: &str = "/retailstore/api/web/v1/Product/Pagination";
pub const CONFIGURATION: &str = "/system/api/web/v1/Configuration/AppConfiguration";

/// The home page's first page, as the storefront asks for it (`CATALOGUE_PAGE_SIZE`).
pub const HOME_PAGE_SIZE: u32 = 12;
/// The largest page the list serves; the sitemap reads the catalogue in these.
const LIST_PAGE_SIZE: u32 = 100;
/// A sitemap file holds at most 50,000 addresses.
pub const SITEMAP_MAX_PRODUCTS: usize = 49_999;

/// The product fields a page's metadata uses (the answer is passed on whole as well).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub name: String,
    pub slug: String,
    #[serde(default)]
    pub summary: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub image_url: Option<String>,
    pub price: i64,
    #[serde(default)]
    pub in_stock: bool,
    #[serde(default)]
    pub canonical_slug: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShopConfig {
    #[serde(default)]
    pub shop_name: String,
    #[serde(default)]
    pub shop_tagline: String,
    #[serde(default)]
    pub logo_url: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListPage {
    #[serde(default)]
    items: Vec<ListItem>,
    #[serde(default)]
    total_count: i64,
}

#[derive(Debug, Deserialize)]
struct ListItem {
    slug: String,
}

/// An upstream's answer: its `result`, a definite "no such thing", or no answer.
pub enum Fetched<T> {
    Found(T, Value),
    NotFound,
    Failed,
}

pub struct ShopApi {
    client: reqwest::Client,
    retailstore: String,
    system: String,
    timeout: Duration,
}

impl ShopApi {
    pub fn new(upstreams: &UpstreamUrls, timeout: Duration) -> Self {
        Self {
            client: shop_common::internal::http_client(),
            retailstore: upstreams.retailstore.clone(),
            system: upstreams.system.clone(),
            timeout,
        }
    }

    /// The envelope's `result` from `url`; a 404 or a code-1 refusal (a malformed slug)
    /// is [`Fetched::NotFound`].
    async fn get<T: serde::de::DeserializeOwned>(
        &self,
        url: String,
        query: &[(&str, &str)],
    ) -> Fetched<T> {
        let answer = self
            .client
            .get(&url)
            .query(query)
            .header(reqwest::header::ACCEPT, "application/json")
            .timeout(self.timeout)
            .send()
            .await;
        let response = match answer {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(%url, error = %e, "page metadata: upstream unreachable");
                return Fetched::Failed;
            }
        };
        let status = response.status();
        if status == reqwest::StatusCode::NOT_FOUND || status == reqwest::StatusCode::BAD_REQUEST {
            return Fetched::NotFound;
        }
        if !status.is_success() {
            tracing::warn!(%url, %status, "page metadata: upstream refused");
            return Fetched::Failed;
        }
        let envelope: Value = match response.json().await {
            Ok(v) => v,
            Err(e) => {
                tracing::warn!(%url, error = %e, "page metadata: not JSON");
                return Fetched::Failed;
            }
        };
        let result = envelope.get("result").cloned().unwrap_or(Value::Null);
        match serde_json::from_value::<T>(result.clone()) {
            Ok(typed) => Fetched::Found(typed, result),
            Err(e) => {
                tracing::warn!(%url, error = %e, "page metadata: unexpected answer");
                Fetched::Failed
            }
        }
    }

    pub async fn product(&self, slug: &str) -> Fetched<Product> {
        let url = format!("{}{PRODUCT_BY_SLUG}", self.retailstore);
        self.get(url, &[("slug", slug)]).await
    }

    pub async fn configuration(&self) -> Option<(ShopConfig, Value)> {
        let url = format!("{}{CONFIGURATION}", self.system);
        match self.get(url, &[]).await {
            Fetched::Found(config, raw) => Some((config, raw)),
            _ => None,
        }
    }

    /// The storefront's first page (its answer's `result`, as the browser would get it).
    pub async fn first_page(&self) -> Option<Value> {
        let url = format!("{}{PRODUCT_LIST}", self.retailstore);
        let size = HOME_PAGE_SIZE.to_string();
        match self
            .get::<ListPage>(url, &[("pageIndex", "1"), ("pageSize", &size)])
            .await
        {
            Fetched::Found(_, raw) => Some(raw),
            _ => None,
        }
    }

    /// Every active product's slug (the storefront list, page by page), or `None` when a
    /// page could not be read.
    pub async fn all_slugs(&self) -> Option<Vec<String>> {
        let url = format!("{}{PRODUCT_LIST}", self.retailstore);
        let size = LIST_PAGE_SIZE.to_string();
        let mut slugs = Vec::new();
        for index in 1u32.. {
            let index = index.to_string();
            let page = match self
                .get::<ListPage>(url.clone(), &[("pageIndex", &index), ("pageSize", &size)])
                .await
            {
                Fetched::Found(page, _) => page,
                _ => return None,
            };
            let empty = page.items.is_empty();
            slugs.extend(page.items.into_iter().map(|item| item.slug));
            let total = usize::try_from(page.total_count).unwrap_or(0);
            if empty || slugs.len() >= total.min(SITEMAP_MAX_PRODUCTS) {
                break;
            }
        }
        slugs.truncate(SITEMAP_MAX_PRODUCTS);
        Some(slugs)
    }
}
