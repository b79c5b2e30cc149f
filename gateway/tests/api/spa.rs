use crate::support;

use std::path::PathBuf;

use support::{Answer, client, setup};
use uuid::Uuid;

const INDEX: &str = "<!doctype html><html><body><div id=\"root\"></div></body></html>";

/// A built frontend in a private temporary folder, removed on drop.
struct Dist(PathBuf);

impl Dist {
    fn new() -> Self {
        let dir = std::env::temp_dir().join(format!("gateway-spa-{}", Uuid::new_v4().simple()));
        std::fs::create_dir_all(dir.join("assets")).unwrap();
        std::fs::write(dir.join("index.html"), INDEX).unwrap();
        std::fs::write(
            dir.join("assets/x.js"),
            "console.log('hello');\n".repeat(200),
        )
        .unwrap();
        std::fs::write(dir.join("assets/app.css"), "body{margin:0}").unwrap();
        // An asset the build precompressed (the siblings' bytes mark which one is sent).
        std::fs::write(
            dir.join("assets/app.js"),
            "console.log('app');\n".repeat(200),
        )
        .unwrap();
        std::fs::write(dir.join("assets/app.js.br"), "brotli bytes").unwrap();
        std::fs::write(dir.join("assets/app.js.gz"), "gzip bytes").unwrap();
        std::fs::write(dir.join("robots.txt"), "User-agent: *\n").unwrap();
        std::fs::write(dir.join(".env"), "SECRET=1").unwrap();
        Self(dir)
    }
}

impl Drop for Dist {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn header(resp: &reqwest::Response, name: &str) -> String {
    resp.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

fn assert_secure(resp: &reqwest::Response) {
    assert_eq!(header(resp, "referrer-policy"), "no-referrer");
    assert_eq!(header(resp, "x-content-type-options"), "nosniff");
    let csp = header(resp, "content-security-policy");
    let directive = |name: &str| -> Vec<String> {
        csp.split(';')
            .map(str::trim)
            .find_map(|d| d.strip_prefix(name).filter(|rest| rest.starts_with(' ')))
            .unwrap_or_else(|| panic!("no {name} in {csp}"))
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    };
    // Scripts only from the shop itself and the one analytics script; no framing.
    assert_eq!(
        directive("script-src"),
        ["'self'", "https://www.googletagmanager.com/gtag/js"],
        "{csp}"
    );
    // gtag's hits go to these hosts exactly: no host wildcard anywhere.
    assert_eq!(
        directive("connect-src"),
        [
            "'self'",
            "https://www.google-analytics.com",
            "https://region1.google-analytics.com",
            "https://region1.analytics.google.com",
            "https://www.googletagmanager.com",
        ],
        "{csp}"
    );
    assert!(!csp.contains('*'), "{csp}");
    assert!(!csp.contains("unsafe-eval"), "{csp}");
    assert_eq!(directive("frame-ancestors"), ["'none'"], "{csp}");
    assert_eq!(directive("object-src"), ["'none'"], "{csp}");
}

#[tokio::test]
async fn serves_the_spa() {
    let dist = Dist::new();
    let dir = dist.0.clone();
    let (_mock, gw) = setup(move |c| c.frontend_dir = dir).await;

    for path in [
        "/",
        "/admin/orders/123",
        "/order-detail?code=DH12345678",
        "/index.html",
    ] {
        let resp = client().get(format!("{gw}{path}")).send().await.unwrap();
        assert_eq!(resp.status(), 200, "{path}");
        assert!(
            header(&resp, "content-type").starts_with("text/html"),
            "{path}"
        );
        assert_eq!(header(&resp, "cache-control"), "no-cache", "{path}");
        assert_secure(&resp);
        assert_eq!(resp.text().await.unwrap(), INDEX, "{path}");
    }

    let resp = client()
        .get(format!("{gw}/assets/x.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    assert!(header(&resp, "content-type").contains("javascript"));
    assert_eq!(
        header(&resp, "cache-control"),
        "public, max-age=31536000, immutable"
    );
    assert_secure(&resp);
    assert!(resp.text().await.unwrap().starts_with("console.log"));

    let resp = client()
        .get(format!("{gw}/robots.txt"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    assert!(header(&resp, "content-type").starts_with("text/plain"));

    for missing in [
        "/assets/missing.js",
        "/assets/nope",
        "/favicon.ico",
        "/.env",
    ] {
        let resp = client().get(format!("{gw}{missing}")).send().await.unwrap();
        assert_eq!(resp.status(), 404, "{missing}");
        assert_secure(&resp);
    }
}

#[tokio::test]
async fn compresses_spa_files_for_gzip_clients() {
    let dist = Dist::new();
    let dir = dist.0.clone();
    let (_mock, gw) = setup(move |c| c.frontend_dir = dir).await;
    let resp = client()
        .get(format!("{gw}/assets/x.js"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    assert_eq!(header(&resp, "content-encoding"), "gzip");
    // Proxied answers are passed through as they are.
    let resp = client()
        .get(format!("{gw}/retailstore/api/web/v1/Product/Pagination"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    assert_eq!(header(&resp, "content-encoding"), "");
}

#[tokio::test]
async fn precompressed_assets_go_out_in_the_best_accepted_encoding() {
    let dist = Dist::new();
    let dir = dist.0.clone();
    let (_mock, gw) = setup(move |c| c.frontend_dir = dir).await;
    let get = |accept: Option<&'static str>| {
        let mut req = client().get(format!("{gw}/assets/app.js"));
        if let Some(accept) = accept {
            req = req.header("accept-encoding", accept);
        }
        async move { req.send().await.unwrap() }
    };
    for (accept, encoding, body) in [
        (Some("gzip, deflate, br, zstd"), "br", "brotli bytes"),
        (Some("gzip"), "gzip", "gzip bytes"),
        (Some("br;q=0, gzip;q=0.8"), "gzip", "gzip bytes"),
    ] {
        let resp = get(accept).await;
        assert_eq!(resp.status(), 200, "{accept:?}");
        assert_eq!(header(&resp, "content-encoding"), encoding, "{accept:?}");
        assert!(
            header(&resp, "content-type").contains("javascript"),
            "{accept:?}"
        );
        assert!(
            header(&resp, "vary")
                .to_lowercase()
                .contains("accept-encoding")
        );
        assert_eq!(
            header(&resp, "cache-control"),
            "public, max-age=31536000, immutable"
        );
        assert_secure(&resp);
        assert_eq!(resp.text().await.unwrap(), body, "{accept:?}");
    }
    // A client that accepts no encoding gets the file itself.
    let resp = get(None).await;
    assert_eq!(header(&resp, "content-encoding"), "");
    assert_eq!(
        resp.text().await.unwrap(),
        "console.log('app');\n".repeat(200)
    );
    // The siblings are assets too, but never chosen for a client that refuses both.
    let resp = get(Some("identity")).await;
    assert_eq!(header(&resp, "content-encoding"), "");
}

#[tokio::test]
async fn other_methods_on_spa_paths_are_404_envelope() {
    let dist = Dist::new();
    let dir = dist.0.clone();
    let (_mock, gw) = setup(move |c| c.frontend_dir = dir).await;
    let resp = client()
        .post(format!("{gw}/admin/orders"))
        .send()
        .await
        .unwrap();
    Answer::of(resp).await.error(404, 2);
}

#[tokio::test]
async fn missing_frontend_is_a_clear_503() {
    let (_mock, gw) = setup(|_| {}).await;
    for path in ["/", "/admin/orders/1", "/assets/x.js"] {
        let resp = client().get(format!("{gw}{path}")).send().await.unwrap();
        assert_eq!(resp.status(), 503, "{path}");
        assert!(resp.text().await.unwrap().contains("frontend"));
    }
    // The API still works.
    let resp = client()
        .get(format!("{gw}/retailstore/api/web/v1/Product/Pagination"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
}
