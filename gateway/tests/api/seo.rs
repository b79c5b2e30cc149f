//! What a crawler or a link preview reads without running a script: the home page and
//! product pages carry their own title, description, canonical, Open Graph tags,
//! JSON-LD and first data; sitemap.xml and robots.txt; and the plain shell whenever the
//! shop's data cannot be read.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::support::{client, setup};

const BASE: &str = "https://shop.example.vn";
const XSS: &str = "</script><script>alert(1)</script>";

/// The built shell, as Vite writes it (a title and a description of its own).
const SHELL: &str = "<!doctype html>\n<html lang=\"vi\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    \
<meta name=\"description\" content=\"Mua mã thẻ\" />\n    <title>Cửa hàng mã số</title>\n    \
<script type=\"module\" crossorigin src=\"/assets/index-abc.js\"></script>\n  </head>\n  \
<body><div id=\"root\"></div></body>\n</html>\n";

struct Dist(PathBuf);

impl Dist {
    fn new() -> Self {
        let dir = std::env::temp_dir().join(format!("gateway-seo-{}", Uuid::new_v4().simple()));
        std::fs::create_dir_all(dir.join("assets")).unwrap();
        std::fs::write(dir.join("index.html"), SHELL).unwrap();
        std::fs::write(dir.join("assets/index-abc.js"), "console.log(1)").unwrap();
        Self(dir)
    }
}

impl Drop for Dist {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// retailstore's and system's public routes, with the products given and a count of
/// the calls each path received.
#[derive(Default)]
struct Shop {
    products: Mutex<HashMap<String, Value>>,
    calls: Mutex<HashMap<String, usize>>,
    total: AtomicUsize,
}

impl Shop {
    fn calls(&self, path: &str) -> usize {
        self.calls.lock().unwrap().get(path).copied().unwrap_or(0)
    }
}

fn product(name: &str, slug: &str, price: i64, in_stock: bool) -> Value {
    json!({
        "id": Uuid::new_v4(), "name": name, "slug": slug,
        "summary": format!("Tóm tắt của {name}"), "description": null,
        "imageUrl": "/uploads/abc.png", "price": price, "originalPrice": null,
        "redeemInstructions": null, "inStock": in_stock,
        "stockLevel": if in_stock { "in_stock" } else { "out_of_stock" },
        "minPerOrder": 1, "maxPerOrder": 5, "status": "active", "canonicalSlug": slug,
    })
}

fn ok(result: Value) -> HttpResponse {
    HttpResponse::Ok()
        .json(json!({"status": 200, "success": true, "error": null, "result": result}))
}

async fn fake(req: HttpRequest, shop: web::Data<Shop>) -> HttpResponse {
    let path = req.path().to_owned();
    *shop.calls.lock().unwrap().entry(path.clone()).or_default() += 1;
    shop.total.fetch_add(1, Ordering::SeqCst);
    let query: HashMap<String, String> =
        web::Query::<HashMap<String, String>>::from_query(req.query_string())
            .map(|q| q.into_inner())
            .unwrap_or_default();
    match path.as_str() {
        "/system/api/web/v1/Configuration/AppConfiguration" => ok(json!({
            "shopName": "Shop \"A&B\"", "shopTagline": "Mã thẻ <nhanh>",
            "logoUrl": "/uploads/logo.png", "socialUrl": null, "footerNote": "",
            "contactEmail": null, "contactPhone": null, "analyticsId": null,
        })),
        "/retailstore/api/web/v1/Product/BySlug" => {
            let slug = query.get("slug").cloned().unwrap_or_default();
            if slug == "ten-cu" {
                let mut moved = product("Thẻ mới", "ten-moi", 10_000, true);
                moved["canonicalSlug"] = json!("ten-moi");
                return ok(moved);
            }
            match shop.products.lock().unwrap().get(&slug) {
                Some(p) => ok(p.clone()),
                None => HttpResponse::NotFound().json(json!({
                    "status": 404, "success": false, "result": null,
                    "error": {"code": 2, "message": "Không tìm thấy"}
                })),
            }
        }
        "/retailstore/api/web/v1/Product/Pagination" => {
            let index: usize = query
                .get("pageIndex")
                .and_then(|v| v.parse().ok())
                .unwrap_or(1);
            let size: usize = query
                .get("pageSize")
                .and_then(|v| v.parse().ok())
                .unwrap_or(20);
            let mut all: Vec<Value> = shop.products.lock().unwrap().values().cloned().collect();
            all.sort_by(|a, b| a["slug"].as_str().cmp(&b["slug"].as_str()));
            let items: Vec<Value> = all
                .iter()
                .skip((index - 1) * size)
                .take(size)
                .cloned()
                .collect();
            ok(
                json!({"items": items, "totalCount": all.len(), "pageIndex": index, "pageSize": size}),
            )
        }
        _ => HttpResponse::NotFound().finish(),
    }
}

/// A gateway whose retailstore and system are [`fake`], with the products given.
async fn start(products: Vec<Value>, dist: &Dist) -> (Arc<Shop>, String) {
    let shop = Arc::new(Shop::default());
    for p in products {
        let slug = p["slug"].as_str().unwrap().to_owned();
        shop.products.lock().unwrap().insert(slug, p);
    }
    let data = web::Data::from(shop.clone());
    let (listener, url) = shop_common::testing::listener();
    let server = HttpServer::new(move || {
        App::new()
            .app_data(data.clone())
            .default_service(web::to(fake))
    })
    .workers(1)
    .disable_signals()
    .listen(listener)
    .unwrap()
    .run();
    tokio::spawn(server);
    let dir = dist.0.clone();
    let (_mock, gw) = setup(move |c| {
        c.frontend_dir = dir;
        c.upstreams.retailstore = url.clone();
        c.upstreams.system = url;
        c.public_base_url = BASE.into();
    })
    .await;
    (shop, gw)
}

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

async fn page(gw: &str, path: &str) -> (u16, String) {
    let resp = no_redirects()
        .get(format!("{gw}{path}"))
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    (status, resp.text().await.unwrap())
}

/// The JSON of the `<script>` element that starts with `open` (its text, parsed).
fn script_json(html: &str, open: &str) -> Value {
    let start = html
        .find(open)
        .unwrap_or_else(|| panic!("no {open} in {html}"))
        + open.len();
    let len = html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..start + len]).unwrap()
}

fn meta(html: &str, key: &str) -> String {
    let marker = format!("=\"{key}\" content=\"");
    let start = html
        .find(&marker)
        .unwrap_or_else(|| panic!("no {key} in {html}"))
        + marker.len();
    let len = html[start..].find('"').unwrap();
    html[start..start + len].to_owned()
}

#[tokio::test]
async fn a_product_page_says_what_it_sells() {
    let dist = Dist::new();
    let (shop, gw) = start(
        vec![
            product("Thẻ Garena 100.000đ", "the-garena", 95_000, true),
            product("Hết hàng", "het-hang", 50_000, false),
        ],
        &dist,
    )
    .await;

    let (status, html) = page(&gw, "/san-pham/the-garena").await;
    assert_eq!(status, 200);
    assert_eq!(html.matches("<title>").count(), 1, "{html}");
    assert!(
        html.contains("<title>Thẻ Garena 100.000đ</title>"),
        "{html}"
    );
    assert_eq!(
        meta(&html, "description"),
        "Tóm tắt của Thẻ Garena 100.000đ"
    );
    assert!(
        !html.contains("Mua mã thẻ"),
        "the shell's description stays: {html}"
    );
    assert!(html.contains(
        r#"<link rel="canonical" href="https://shop.example.vn/san-pham/the-garena" />"#
    ));
    assert_eq!(meta(&html, "og:type"), "product");
    assert_eq!(meta(&html, "og:title"), "Thẻ Garena 100.000đ");
    assert_eq!(
        meta(&html, "og:url"),
        "https://shop.example.vn/san-pham/the-garena"
    );
    assert_eq!(
        meta(&html, "og:image"),
        "https://shop.example.vn/uploads/abc.png"
    );
    assert_eq!(meta(&html, "og:site_name"), "Shop &quot;A&amp;B&quot;");
    assert_eq!(meta(&html, "product:price:amount"), "95000");
    assert_eq!(meta(&html, "product:price:currency"), "VND");
    assert_eq!(meta(&html, "twitter:card"), "summary_large_image");
    assert_eq!(meta(&html, "twitter:data1"), "95.000 ₫");
    // The app's own script still loads.
    assert!(html.contains("/assets/index-abc.js"));

    let ld = script_json(&html, r#"<script type="application/ld+json">"#);
    assert_eq!(ld["@type"], "Product");
    assert_eq!(ld["name"], "Thẻ Garena 100.000đ");
    assert_eq!(ld["offers"]["@type"], "Offer");
    assert_eq!(ld["offers"]["price"], 95_000);
    assert_eq!(ld["offers"]["priceCurrency"], "VND");
    assert_eq!(ld["offers"]["availability"], "https://schema.org/InStock");

    let data = script_json(
        &html,
        r#"<script type="application/json" id="shop-initial-data">"#,
    );
    assert_eq!(data["path"], "/san-pham/the-garena");
    assert_eq!(data["product"]["slug"], "the-garena");
    assert_eq!(data["product"]["price"], 95_000);
    assert_eq!(data["configuration"]["shopName"], "Shop \"A&B\"");
    assert!(data["updatedAt"].as_i64().unwrap() > 1_700_000_000_000);

    let (_, html) = page(&gw, "/san-pham/het-hang").await;
    let ld = script_json(&html, r#"<script type="application/ld+json">"#);
    assert_eq!(
        ld["offers"]["availability"],
        "https://schema.org/OutOfStock"
    );

    // Read again within the TTL: no upstream round trip.
    let before = shop.total.load(Ordering::SeqCst);
    let (status, again) = page(&gw, "/san-pham/the-garena").await;
    assert_eq!(status, 200);
    assert!(again.contains("<title>Thẻ Garena 100.000đ</title>"));
    assert_eq!(shop.total.load(Ordering::SeqCst), before);
    assert_eq!(shop.calls("/retailstore/api/web/v1/Product/BySlug"), 2);
}

#[tokio::test]
async fn names_with_markup_or_quotes_cannot_break_out() {
    let dist = Dist::new();
    let (_shop, gw) = start(
        vec![
            product(XSS, "xss", 1_000, true),
            product(r#"Tom & "Jerry" <3 'x'"#, "quotes", 2_000, true),
        ],
        &dist,
    )
    .await;

    let (status, html) = page(&gw, "/san-pham/xss").await;
    assert_eq!(status, 200);
    // The only script elements are the app's, the JSON-LD and the first data.
    assert_eq!(html.matches("<script").count(), 3, "{html}");
    assert_eq!(html.matches("</script>").count(), 3, "{html}");
    assert!(!html.contains("alert(1)</script>"), "{html}");
    assert!(html.contains("<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>"));
    let ld = script_json(&html, r#"<script type="application/ld+json">"#);
    assert_eq!(ld["name"], XSS);
    let data = script_json(
        &html,
        r#"<script type="application/json" id="shop-initial-data">"#,
    );
    assert_eq!(data["product"]["name"], XSS);

    let (_, html) = page(&gw, "/san-pham/quotes").await;
    assert_eq!(
        meta(&html, "og:title"),
        "Tom &amp; &quot;Jerry&quot; &lt;3 &#39;x&#39;"
    );
    assert!(html.contains("<title>Tom &amp; &quot;Jerry&quot; &lt;3 &#39;x&#39;</title>"));
    let ld = script_json(&html, r#"<script type="application/ld+json">"#);
    assert_eq!(ld["name"], r#"Tom & "Jerry" <3 'x'"#);
    let start = html.find(r#"<script type="application/ld+json">"#).unwrap();
    assert!(
        html[start..].contains(r#"Tom \u0026 \"Jerry\" \u003c3 'x'"#),
        "{html}"
    );
}

#[tokio::test]
async fn unknown_slugs_are_404_noindex_and_old_slugs_move() {
    let dist = Dist::new();
    let (shop, gw) = start(vec![product("Thẻ mới", "ten-moi", 10_000, true)], &dist).await;

    for path in ["/san-pham/khong-co", "/san-pham/Không-Hợp-Lệ"] {
        let (status, html) = page(&gw, path).await;
        assert_eq!(status, 404, "{path}");
        assert!(
            html.contains(r#"<meta name="robots" content="noindex" />"#),
            "{path}: {html}"
        );
        assert!(
            html.contains("<title>Không tìm thấy sản phẩm"),
            "{path}: {html}"
        );
        // Still the app: it shows its own not-found screen.
        assert!(html.contains("<div id=\"root\">"), "{path}");
    }

    let resp = no_redirects()
        .get(format!("{gw}/san-pham/ten-cu?utm_source=zalo"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 301);
    assert_eq!(
        resp.headers()["location"].to_str().unwrap(),
        "/san-pham/ten-moi?utm_source=zalo"
    );
    assert!(shop.calls("/retailstore/api/web/v1/Product/BySlug") >= 2);
}

#[tokio::test]
async fn the_home_page_names_the_shop_and_carries_the_first_products() {
    let dist = Dist::new();
    let (_shop, gw) = start(
        vec![
            product("Thẻ A", "the-a", 10_000, true),
            product("Thẻ B", "the-b", 20_000, true),
        ],
        &dist,
    )
    .await;
    let (status, html) = page(&gw, "/").await;
    assert_eq!(status, 200);
    assert!(
        html.contains("<title>Shop &quot;A&amp;B&quot; – Mã thẻ &lt;nhanh&gt;</title>"),
        "{html}"
    );
    assert_eq!(meta(&html, "description"), "Mã thẻ &lt;nhanh&gt;");
    assert_eq!(
        meta(&html, "og:image"),
        "https://shop.example.vn/uploads/logo.png"
    );
    assert!(html.contains(r#"<link rel="canonical" href="https://shop.example.vn/" />"#));
    let ld = script_json(&html, r#"<script type="application/ld+json">"#);
    assert_eq!(
        ld["@graph"][1]["logo"],
        "https://shop.example.vn/uploads/logo.png"
    );
    let data = script_json(
        &html,
        r#"<script type="application/json" id="shop-initial-data">"#,
    );
    assert_eq!(data["path"], "/");
    assert_eq!(data["catalogue"]["items"].as_array().unwrap().len(), 2);
    assert_eq!(data["catalogue"]["pageSize"], 12);
    assert_eq!(data["configuration"]["shopTagline"], "Mã thẻ <nhanh>");

    // Files and other client routes are served as before.
    let (status, js) = page(&gw, "/assets/index-abc.js").await;
    assert_eq!((status, js.as_str()), (200, "console.log(1)"));
    let (status, html) = page(&gw, "/admin/orders").await;
    assert_eq!((status, html.as_str()), (200, SHELL));
}

#[tokio::test]
async fn a_failing_upstream_gives_the_plain_shell() {
    let dist = Dist::new();
    let dir = dist.0.clone();
    // Nothing listens on the upstreams' port.
    let (listener, dead) = shop_common::testing::listener();
    drop(listener);
    let (_mock, gw) = setup(move |c| {
        c.frontend_dir = dir;
        c.upstreams.retailstore = dead.clone();
        c.upstreams.system = dead;
    })
    .await;
    for path in ["/", "/san-pham/the-garena"] {
        let (status, html) = page(&gw, path).await;
        assert_eq!((status, html.as_str()), (200, SHELL), "{path}");
    }
    let (status, _) = page(&gw, "/sitemap.xml").await;
    assert_eq!(status, 503);
    let (status, robots) = page(&gw, "/robots.txt").await;
    assert_eq!(status, 200);
    assert!(robots.contains("Disallow: /admin\n"), "{robots}");
}

#[tokio::test]
async fn sitemap_and_robots() {
    let dist = Dist::new();
    let products = (0..130)
        .map(|i| product(&format!("Thẻ {i}"), &format!("the-{i:03}"), 10_000, true))
        .collect();
    let (_shop, gw) = start(products, &dist).await;

    let resp = client()
        .get(format!("{gw}/sitemap.xml"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    assert!(
        resp.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/xml")
    );
    let xml = resp.text().await.unwrap();
    assert!(xml.starts_with("<?xml"), "{xml}");
    assert!(xml.contains("<loc>https://shop.example.vn/</loc>"), "{xml}");
    // Every product, over more than one page of the list.
    assert_eq!(
        xml.matches("<loc>https://shop.example.vn/san-pham/")
            .count(),
        130
    );
    assert!(xml.contains("<loc>https://shop.example.vn/san-pham/the-000</loc>"));
    assert!(xml.contains("<loc>https://shop.example.vn/san-pham/the-129</loc>"));

    let resp = client()
        .get(format!("{gw}/robots.txt"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    assert!(
        resp.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    let robots = resp.text().await.unwrap();
    assert!(robots.starts_with("User-agent: *\n"), "{robots}");
    for line in [
        "Disallow: /admin\n",
        "Disallow: /order-detail\n",
        "Sitemap: https://shop.example.vn/sitemap.xml\n",
    ] {
        assert!(robots.contains(line), "{line} in {robots}");
    }
    assert!(!robots.contains("Disallow: /san-pham"), "{robots}");
    assert!(!robots.contains("Disallow: /\n"), "{robots}");
}
