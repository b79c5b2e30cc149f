//! Attacks on system reached directly, without the gateway: forged, `alg: none`,
//! expired, wrong-audience and revoked tokens, client `x-user-*` headers, and upload
//! polyglots (images carrying HTML or script), which must never be served as HTML.

use crate::support;

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::json;
use shop_common::auth::Role;
use shop_common::testing::attacks::{
    assert_tokens_refused, assert_user_headers_ignored, forged_tokens,
};
use support::{Answer, TestApp, images};
use system::routes::ADMIN_APP_CONFIGURATION as CONFIGURATION;
use system::routes::ADMIN_UPLOAD as UPLOAD;
use uuid::Uuid;

const SCRIPT: &[u8] = b"<html><body><script>alert(document.cookie)</script></body></html>";

#[tokio::test(flavor = "multi_thread")]
async fn forged_and_revoked_tokens_are_refused() {
    let app = TestApp::spawn().await;
    let tokens = &app.tokens;
    let forged = forged_tokens(&tokens.kid, |c| tokens.sign(c));
    assert_tokens_refused(&app.http, Method::GET, CONFIGURATION, None, &forged).await;

    let user = Uuid::new_v4();
    let token = tokens.token_for(user, Role::Admin);
    let body = app
        .call(Method::GET, CONFIGURATION, Some(&token), None)
        .await;
    body.ok();
    tokens.revoke(user, 1);
    let body = app
        .call(Method::GET, CONFIGURATION, Some(&token), None)
        .await;
    body.error(401, 5);
    let form = Form::new().part("file", Part::bytes(images::gif_1x1()).file_name("a.gif"));
    let resp = app
        .client
        .post(app.url(UPLOAD))
        .bearer_auth(&token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    Answer::of(resp).await.error(401, 5);
    assert!(app.stored_files().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn client_user_headers_are_not_identity() {
    let app = TestApp::spawn().await;
    let admin = app.admin.clone();
    let before = app
        .call(Method::GET, CONFIGURATION, Some(&admin), None)
        .await;
    let body = json!({ "name": "Bị chiếm" });
    assert_user_headers_ignored(
        &app.http,
        Method::PUT,
        CONFIGURATION,
        Some(&body),
        &app.staff,
    )
    .await;
    let after = app
        .call(Method::GET, CONFIGURATION, Some(&admin), None)
        .await;
    assert_eq!(after, before);
}

async fn upload(
    app: &TestApp,
    bytes: Vec<u8>,
    name: &str,
    content_type: &str,
) -> reqwest::Response {
    let part = Part::bytes(bytes)
        .file_name(name.to_owned())
        .mime_str(content_type)
        .unwrap();
    app.client
        .post(app.url(UPLOAD))
        .bearer_auth(app.admin.clone())
        .multipart(Form::new().part("file", part))
        .send()
        .await
        .unwrap()
}

/// Uploads `bytes`; when the service keeps them, asserts they are served back as the
/// image type they were sniffed as, with `nosniff`, never as HTML. Returns whether
/// they were kept (the refusal is code 211).
async fn assert_never_html(app: &TestApp, bytes: &[u8], name: &str, claimed: &str) -> bool {
    let resp = upload(app, bytes.to_vec(), name, claimed).await;
    if resp.status() != 200 {
        Answer::of(resp).await.error(400, 211);
        return false;
    }
    let result = Answer::of(resp).await.ok().clone();
    let url = result["url"].as_str().unwrap().to_owned();
    let content_type = result["contentType"].as_str().unwrap().to_owned();
    assert!(
        ["image/png", "image/jpeg", "image/gif", "image/webp"].contains(&content_type.as_str()),
        "{name}: {result}"
    );
    // The name comes from the content's hash and sniffed type, never the client's.
    let extension = content_type
        .trim_start_matches("image/")
        .replace("jpeg", "jpg");
    assert!(url.starts_with("/uploads/"), "{url}");
    assert!(url.ends_with(&format!(".{extension}")), "{name}: {url}");
    let served = app.client.get(app.url(&url)).send().await.unwrap();
    assert_eq!(served.status(), 200);
    let headers = served.headers().clone();
    assert_eq!(headers["content-type"], content_type.as_str(), "{name}");
    assert_eq!(headers["x-content-type-options"], "nosniff", "{name}");
    assert_eq!(served.bytes().await.unwrap().to_vec(), bytes);
    true
}

#[tokio::test(flavor = "multi_thread")]
async fn polyglot_images_are_never_served_as_html() {
    let app = TestApp::spawn().await;
    // Real images with a page appended: kept, and served only as images.
    let mut png_with_html = images::png(2, 2, 0x10);
    png_with_html.extend_from_slice(SCRIPT);
    let mut gif_with_html = images::gif_1x1();
    gif_with_html.extend_from_slice(SCRIPT);
    assert!(assert_never_html(&app, &png_with_html, "page.html", "text/html").await);
    assert!(assert_never_html(&app, &gif_with_html, "x.svg", "image/svg+xml").await);
    // The classic GIF/JavaScript polyglot: a GIF header that is also a script (and
    // declares a 12605 x 24891 canvas): refused.
    let gif_script = b"GIF89a=1;alert(document.cookie);//".to_vec();
    assert!(!assert_never_html(&app, &gif_script, "a.js", "application/javascript").await);

    // Pages and SVG that only claim to be images are refused, whatever their name.
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>".to_vec();
    for (bytes, name, claimed) in [
        (svg.clone(), "a.png", "image/png"),
        (svg, "a.svg", "image/svg+xml"),
        (SCRIPT.to_vec(), "a.jpg", "image/jpeg"),
    ] {
        assert!(
            !assert_never_html(&app, &bytes, name, claimed).await,
            "{name}"
        );
    }

    // Names the store never produced are a bare 404, not a page.
    for path in [
        "/uploads/index.html",
        "/uploads/..%2F..%2Fetc%2Fpasswd",
        "/uploads/x.svg",
    ] {
        let resp = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(resp.status(), 404, "{path}");
        let content_type = resp.headers().get("content-type").cloned();
        assert!(
            content_type
                .as_ref()
                .is_none_or(|v| !v.to_str().unwrap().contains("html")),
            "{path}: {content_type:?}"
        );
    }
}
