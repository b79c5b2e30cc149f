//! The `<head>` of a page: title, description, canonical address, Open Graph and
//! Twitter card tags, schema.org JSON-LD and the page's first data, written into the
//! SPA shell in place of its generic title and description.

use std::fmt::Write;

use serde_json::{Value, json};

use super::escape::{html, json_for_script};
use super::shop::{Product, ShopConfig};

/// The element the frontend reads its first data from (frontend/src/lib/initial-data.ts).
pub const INITIAL_DATA_ID: &str = "shop-initial-data";

/// The frontend's defaults, for a shop whose configuration could not be read.
pub const DEFAULT_SHOP_NAME: &str = "Cửa hàng mã số";
pub const DEFAULT_DESCRIPTION: &str = "Mua mã thẻ, thẻ quà tặng và mã bản quyền, thanh toán qua \
    chuyển khoản VietQR, nhận mã ngay sau khi thanh toán.";
const DEFAULT_IMAGE: &str = "/images/logo.svg";
const NOT_FOUND_TITLE: &str = "Không tìm thấy sản phẩm";
/// Search engines show about this many characters of a description.
const DESCRIPTION_CHARS: usize = 160;

/// The shop's name, tagline and logo as a page shows them.
pub struct Shop<'a> {
    pub base: &'a str,
    pub config: Option<&'a ShopConfig>,
}

impl Shop<'_> {
    fn name(&self) -> &str {
        self.config
            .map(|c| c.shop_name.trim())
            .filter(|n| !n.is_empty())
            .unwrap_or(DEFAULT_SHOP_NAME)
    }

    fn tagline(&self) -> Option<&str> {
        self.config
            .map(|c| c.shop_tagline.trim())
            .filter(|t| !t.is_empty())
    }

    fn logo(&self) -> String {
        self.config
            .and_then(|c| c.logo_url.as_deref())
            .and_then(|url| absolute(self.base, url))
            .unwrap_or_else(|| format!("{}{DEFAULT_IMAGE}", self.base))
    }
}

/// `url` as an absolute address: an `http(s)://` URL as it is, a path on the shop's own
/// address; anything else is not an address to publish.
pub fn absolute(base: &str, url: &str) -> Option<String> {
    let url = url.trim();
    if url.starts_with("https://") || url.starts_with("http://") {
        Some(url.to_owned())
    } else if url.starts_with('/') && !url.starts_with("//") {
        Some(format!("{base}{url}"))
    } else {
        None
    }
}

/// A product page's path: `/san-pham/<slug>` (the slug is a-z, 0-9 and `-`).
pub fn product_path(slug: &str) -> String {
    format!("/san-pham/{slug}")
}

/// `1234567` as the shop writes it: `1.234.567 ₫`.
pub fn vnd(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let mut out = String::new();
    if amount < 0 {
        out.push('-');
    }
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('.');
        }
        out.push(c);
    }
    out.push_str(" ₫");
    out
}

/// Plain text of at most [`DESCRIPTION_CHARS`] characters from a summary or a Markdown
/// description: whitespace collapsed, Markdown's marks dropped.
pub fn excerpt(text: &str) -> String {
    // Headings and quotes lose their leading marks, emphasis and code their marks.
    let plain: String = text
        .lines()
        .map(|line| line.trim_start().trim_start_matches(['#', '>']))
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .filter(|c| !matches!(c, '*' | '`'))
        .collect();
    let words: Vec<&str> = plain.split_whitespace().collect();
    let joined = words.join(" ");
    if joined.chars().count() <= DESCRIPTION_CHARS {
        return joined;
    }
    let cut: String = joined.chars().take(DESCRIPTION_CHARS - 1).collect();
    // End on a word when one ends reasonably late.
    let cut = match cut.rfind(' ') {
        Some(at) if at > cut.len() / 2 => cut[..at].to_owned(),
        _ => cut,
    };
    format!("{}…", cut.trim_end())
}

fn meta(out: &mut String, attr: &str, key: &str, content: &str) {
    let _ = writeln!(
        out,
        r#"<meta {attr}="{key}" content="{}" />"#,
        html(content)
    );
}

/// Title, description, canonical, Open Graph and Twitter tags shared by every page.
struct Common<'a> {
    title: &'a str,
    description: &'a str,
    url: &'a str,
    image: &'a str,
    og_type: &'a str,
}

fn common(out: &mut String, shop: &Shop, c: &Common) {
    let _ = writeln!(out, "<title>{}</title>", html(c.title));
    meta(out, "name", "description", c.description);
    let _ = writeln!(out, r#"<link rel="canonical" href="{}" />"#, html(c.url));
    meta(out, "property", "og:type", c.og_type);
    meta(out, "property", "og:site_name", shop.name());
    meta(out, "property", "og:locale", "vi_VN");
    meta(out, "property", "og:title", c.title);
    meta(out, "property", "og:description", c.description);
    meta(out, "property", "og:url", c.url);
    meta(out, "property", "og:image", c.image);
    meta(out, "name", "twitter:card", "summary_large_image");
    meta(out, "name", "twitter:title", c.title);
    meta(out, "name", "twitter:description", c.description);
    meta(out, "name", "twitter:image", c.image);
}

fn script(out: &mut String, kind: &str, id: Option<&str>, value: &Value) {
    let id = id
        .map(|id| format!(r#" id="{}""#, html(id)))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        r#"<script type="{kind}"{id}>{}</script>"#,
        json_for_script(value)
    );
}

/// The frontend's first data: what it would have asked the API for, and when it was read.
fn initial_data(out: &mut String, path: &str, updated_at: i64, data: Value) {
    let mut value = json!({ "path": path, "updatedAt": updated_at });
    if let (Some(target), Value::Object(data)) = (value.as_object_mut(), data) {
        target.extend(data);
    }
    script(out, "application/json", Some(INITIAL_DATA_ID), &value);
}

/// What the page's data came with, passed on to the frontend.
pub struct Raw<'a> {
    pub configuration: Option<&'a Value>,
    pub updated_at: i64,
}

/// A product page's head: the product's name, description, image, price and stock, and
/// a schema.org `Product` with its `Offer`.
pub fn product_head(shop: &Shop, product: &Product, raw_product: &Value, raw: &Raw) -> String {
    let mut out = String::with_capacity(4096);
    let url = format!("{}{}", shop.base, product_path(&product.slug));
    let text = [&product.summary, &product.description]
        .into_iter()
        .flatten()
        .map(|t| excerpt(t))
        .find(|t| !t.is_empty())
        .unwrap_or_else(|| format!("{} – {}", product.name, vnd(product.price)));
    let image = product
        .image_url
        .as_deref()
        .and_then(|u| absolute(shop.base, u))
        .unwrap_or_else(|| shop.logo());
    common(
        &mut out,
        shop,
        &Common {
            title: &product.name,
            description: &text,
            url: &url,
            image: &image,
            og_type: "product",
        },
    );
    let price = product.price.to_string();
    meta(&mut out, "property", "product:price:amount", &price);
    meta(&mut out, "property", "product:price:currency", "VND");
    let availability = if product.in_stock {
        ("instock", "https://schema.org/InStock", "Còn hàng")
    } else {
        ("oos", "https://schema.org/OutOfStock", "Hết hàng")
    };
    meta(&mut out, "property", "product:availability", availability.0);
    // Slack and others show these two pairs under the card.
    meta(&mut out, "name", "twitter:label1", "Giá");
    meta(&mut out, "name", "twitter:data1", &vnd(product.price));
    meta(&mut out, "name", "twitter:label2", "Tình trạng");
    meta(&mut out, "name", "twitter:data2", availability.2);
    let ld = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": product.name,
        "description": text,
        "image": [image],
        "url": url,
        "brand": { "@type": "Brand", "name": shop.name() },
        "offers": {
            "@type": "Offer",
            "url": url,
            "price": product.price,
            "priceCurrency": "VND",
            "availability": availability.1,
            "itemCondition": "https://schema.org/NewCondition",
        },
    });
    script(&mut out, "application/ld+json", None, &ld);
    let mut data = json!({ "product": raw_product });
    if let (Some(config), Some(map)) = (raw.configuration, data.as_object_mut()) {
        map.insert("configuration".into(), config.clone());
    }
    initial_data(&mut out, &product_path(&product.slug), raw.updated_at, data);
    out
}

/// The home page's head: the shop's name, tagline and logo, and the first page of the
/// catalogue for the frontend.
pub fn home_head(shop: &Shop, first_page: Option<&Value>, raw: &Raw) -> String {
    let mut out = String::with_capacity(4096);
    let url = format!("{}/", shop.base);
    let name = shop.name();
    let description = shop
        .tagline()
        .map(excerpt)
        .unwrap_or_else(|| DEFAULT_DESCRIPTION.into());
    let title = match shop.tagline() {
        Some(tagline) => format!("{name} – {tagline}"),
        None => name.to_owned(),
    };
    let logo = shop.logo();
    common(
        &mut out,
        shop,
        &Common {
            title: &title,
            description: &description,
            url: &url,
            image: &logo,
            og_type: "website",
        },
    );
    let ld = json!({
        "@context": "https://schema.org",
        "@graph": [
            { "@type": "WebSite", "name": name, "url": url, "description": description },
            { "@type": "Organization", "name": name, "url": url, "logo": logo },
        ],
    });
    script(&mut out, "application/ld+json", None, &ld);
    let mut data = serde_json::Map::new();
    if let Some(page) = first_page {
        data.insert("catalogue".into(), page.clone());
    }
    if let Some(config) = raw.configuration {
        data.insert("configuration".into(), config.clone());
    }
    initial_data(&mut out, "/", raw.updated_at, Value::Object(data));
    out
}

/// An unknown product: a title that says so, and no indexing.
pub fn not_found_head(shop: &Shop) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<title>{} – {}</title>",
        html(NOT_FOUND_TITLE),
        html(shop.name())
    );
    meta(&mut out, "name", "robots", "noindex");
    out
}

/// `shell` (the built index.html) with its own `<title>` and description meta replaced
/// by `head`, written just before `</head>`; `None` for a shell without `</head>`.
pub fn inject(shell: &str, head: &str) -> Option<String> {
    let mut page = shell.to_owned();
    if let Some(start) = page.find("<title>")
        && let Some(len) = page[start..].find("</title>")
    {
        page.replace_range(start..start + len + "</title>".len(), "");
    }
    if let Some(start) = page.find("<meta name=\"description\"")
        && let Some(len) = page[start..].find('>')
    {
        page.replace_range(start..=start + len, "");
    }
    let at = page.find("</head>")?;
    page.insert_str(at, head);
    Some(page)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_and_excerpts_read_as_the_shop_writes_them() {
        assert_eq!(vnd(0), "0 ₫");
        assert_eq!(vnd(30_000), "30.000 ₫");
        assert_eq!(vnd(1_234_567), "1.234.567 ₫");
        assert_eq!(
            excerpt("## Cách dùng\n\n- Mở **ứng dụng**"),
            "Cách dùng - Mở ứng dụng"
        );
        assert_eq!(excerpt("> Trích\nMã <nhanh>"), "Trích Mã <nhanh>");
        let long = "từ ".repeat(100);
        let cut = excerpt(&long);
        assert!(cut.chars().count() <= 160, "{cut}");
        assert!(cut.ends_with('…'));
    }

    #[test]
    fn addresses_are_absolute_or_left_out() {
        let base = "https://shop.vn";
        assert_eq!(
            absolute(base, "/uploads/a.png").as_deref(),
            Some("https://shop.vn/uploads/a.png")
        );
        assert_eq!(
            absolute(base, "https://cdn.vn/a.png").as_deref(),
            Some("https://cdn.vn/a.png")
        );
        assert_eq!(absolute(base, "//evil.example/a.png"), None);
        assert_eq!(absolute(base, "javascript:alert(1)"), None);
    }

    #[test]
    fn the_shells_title_and_description_are_replaced() {
        let shell = "<html><head><meta charset=\"UTF-8\" />\n<meta name=\"description\" content=\"x\" />\n<title>Cửa hàng</title></head><body></body></html>";
        let page = inject(shell, "<title>Mới</title>").unwrap();
        assert_eq!(page.matches("<title>").count(), 1);
        assert!(page.contains("<title>Mới</title></head>"));
        assert!(!page.contains("name=\"description\""));
        assert!(page.contains("<meta charset=\"UTF-8\" />"));
        assert_eq!(inject("<html><body></body></html>", "x"), None);
    }
}
