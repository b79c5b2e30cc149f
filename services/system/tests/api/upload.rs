//! UploadFile/Upload and the `/uploads/{name}` files it produces.

use crate::support;

use reqwest::multipart::{Form, Part};
use sha2::{Digest, Sha256};
use support::{Answer, TestApp, images};
use system::config::StoreSettings;
use system::routes::ADMIN_UPLOAD as UPLOAD;

const LIMIT: usize = 5 * 1024 * 1024;

fn file_form(bytes: Vec<u8>, file_name: &str, content_type: &str) -> Form {
    let part = Part::bytes(bytes)
        .file_name(file_name.to_owned())
        .mime_str(content_type)
        .unwrap();
    Form::new().part("file", part)
}

async fn upload(app: &TestApp, token: Option<&str>, form: Form) -> reqwest::Response {
    let mut req = app.client.post(app.url(UPLOAD)).multipart(form);
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    req.send().await.unwrap()
}

/// A valid PNG header padded with zeros to `len` bytes.
fn padded_png(len: usize) -> Vec<u8> {
    let mut bytes = images::png(4, 3, 0x80);
    bytes.resize(len, 0);
    bytes
}

#[tokio::test(flavor = "multi_thread")]
async fn a_png_is_judged_by_its_content_and_served_back() {
    let app = TestApp::spawn().await;
    let png = images::png(3, 2, 0x20);
    let resp = upload(
        &app,
        Some(&app.admin),
        file_form(png.clone(), "photo.txt", "text/plain"),
    )
    .await;
    let result = Answer::of(resp).await.ok().clone();
    let hash = hex::encode(Sha256::digest(&png));
    assert_eq!(result["url"], format!("/uploads/{hash}.png"));
    assert_eq!(result["contentType"], "image/png");
    assert_eq!(result["size"], png.len());
    assert_eq!(result["width"], 3);
    assert_eq!(result["height"], 2);
    assert_eq!(app.stored_files(), [format!("{hash}.png")]);

    let url = app.url(result["url"].as_str().unwrap());
    let served = app.client.get(&url).send().await.unwrap();
    assert_eq!(served.status(), 200);
    let headers = served.headers().clone();
    assert_eq!(headers["content-type"], "image/png");
    assert_eq!(
        headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["etag"], format!("\"{hash}\""));
    assert_eq!(headers["content-length"], png.len().to_string());
    assert_eq!(served.bytes().await.unwrap().to_vec(), png);

    // Revalidation by hash.
    let cached = app
        .client
        .get(&url)
        .header("if-none-match", format!("\"{hash}\""))
        .send()
        .await
        .unwrap();
    assert_eq!(cached.status(), 304);
    assert_eq!(cached.headers()["etag"], format!("\"{hash}\""));
    assert!(cached.bytes().await.unwrap().is_empty());
    let other_tag = app
        .client
        .get(&url)
        .header("if-none-match", "\"something-else\"")
        .send()
        .await
        .unwrap();
    assert_eq!(other_tag.status(), 200);

    // HEAD: the headers without the body.
    let head = app.client.head(&url).send().await.unwrap();
    assert_eq!(head.status(), 200);
    assert_eq!(head.headers()["content-length"], png.len().to_string());
    assert!(head.bytes().await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn other_accepted_formats() {
    let app = TestApp::spawn().await;
    let cases = [
        (images::gif_1x1(), "gif", "image/gif", 1, 1),
        (images::jpeg_header(640, 480), "jpg", "image/jpeg", 640, 480),
        (
            images::webp_header(300, 200),
            "webp",
            "image/webp",
            300,
            200,
        ),
    ];
    for (bytes, ext, content_type, width, height) in cases {
        let resp = upload(
            &app,
            Some(&app.staff),
            file_form(bytes.clone(), "x.bin", "application/octet-stream"),
        )
        .await;
        let result = Answer::of(resp).await.ok().clone();
        assert!(
            result["url"]
                .as_str()
                .unwrap()
                .ends_with(&format!(".{ext}"))
        );
        assert_eq!(result["contentType"], content_type);
        assert_eq!(
            (result["width"].clone(), result["height"].clone()),
            (width.into(), height.into())
        );
        let served = app
            .client
            .get(app.url(result["url"].as_str().unwrap()))
            .send()
            .await
            .unwrap();
        assert_eq!(served.headers()["content-type"], content_type);
        assert_eq!(served.bytes().await.unwrap().to_vec(), bytes);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn text_named_like_an_image_is_refused() {
    let app = TestApp::spawn().await;
    let cases = [
        (
            b"<html><script>alert(1)</script></html>".to_vec(),
            "evil.png",
            "image/png",
        ),
        (b"\x89PNG\r\n\x1a\n".to_vec(), "short.png", "image/png"),
        (
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec(),
            "a.svg",
            "image/svg+xml",
        ),
        (b"GIF89a".to_vec(), "a.gif", "image/gif"),
    ];
    for (bytes, name, content_type) in cases {
        let resp = upload(&app, Some(&app.admin), file_form(bytes, name, content_type)).await;
        Answer::of(resp).await.error(400, 211);
    }
    assert!(app.stored_files().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn size_limit_is_enforced() {
    let app = TestApp::spawn().await;
    let over = upload(
        &app,
        Some(&app.admin),
        file_form(padded_png(LIMIT + 1), "big.png", "image/png"),
    )
    .await;
    let body = Answer::of(over).await;
    body.error(413, 210);
    assert!(body["error"]["message"].as_str().unwrap().contains("5 MB"));
    assert!(app.stored_files().is_empty());

    // Far over the limit: refused from the declared length, before reading.
    let far_over = upload(
        &app,
        Some(&app.admin),
        file_form(padded_png(LIMIT * 2), "huge.png", "image/png"),
    )
    .await;
    Answer::of(far_over).await.error(413, 210);

    // Without a declared length (chunked), the stream is cut at the bound.
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = (0..7)
        .map(|i| {
            Ok(if i == 0 {
                padded_png(1 << 20)
            } else {
                vec![0; 1 << 20]
            })
        })
        .collect();
    let streamed = Part::stream(reqwest::Body::wrap_stream(futures_util::stream::iter(
        chunks,
    )))
    .file_name("stream.png")
    .mime_str("image/png")
    .unwrap();
    let chunked = upload(&app, Some(&app.admin), Form::new().part("file", streamed)).await;
    Answer::of(chunked).await.error(413, 210);

    // Exactly at the limit is fine.
    let at_limit = padded_png(LIMIT);
    let resp = upload(
        &app,
        Some(&app.admin),
        file_form(at_limit.clone(), "limit.png", "image/png"),
    )
    .await;
    let result = Answer::of(resp).await.ok().clone();
    assert_eq!(result["size"], LIMIT);
    assert_eq!(
        (result["width"].clone(), result["height"].clone()),
        (4.into(), 3.into())
    );
    let served = app
        .client
        .get(app.url(result["url"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(served.bytes().await.unwrap().to_vec(), at_limit);
    assert_eq!(app.stored_files().len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_missing_file_is_code_212_and_a_non_multipart_body_code_1() {
    let app = TestApp::spawn().await;
    let other_field = Form::new().text("name", "logo");
    Answer::of(upload(&app, Some(&app.admin), other_field).await)
        .await
        .error(400, 212);
    let wrong_name = Form::new().part(
        "image",
        Part::bytes(images::png(1, 1, 0)).file_name("a.png"),
    );
    Answer::of(upload(&app, Some(&app.admin), wrong_name).await)
        .await
        .error(400, 212);
    // What a browser sends when no file was chosen.
    let empty = file_form(Vec::new(), "", "application/octet-stream");
    Answer::of(upload(&app, Some(&app.admin), empty).await)
        .await
        .error(400, 212);

    let json = app
        .client
        .post(app.url(UPLOAD))
        .bearer_auth(app.admin.clone())
        .json(&serde_json::json!({ "file": "iVBORw0KGgo=" }))
        .send()
        .await
        .unwrap();
    Answer::of(json).await.error(400, 1);
    let broken = app
        .client
        .post(app.url(UPLOAD))
        .bearer_auth(app.admin.clone())
        .header("content-type", "multipart/form-data; boundary=xyz")
        .body("--xyz\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nunterminated")
        .send()
        .await
        .unwrap();
    Answer::of(broken).await.error(400, 1);
    assert!(app.stored_files().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn staff_may_upload_anonymous_may_not() {
    let app = TestApp::spawn().await;
    let png = images::png(2, 2, 1);
    let anonymous = upload(&app, None, file_form(png.clone(), "a.png", "image/png")).await;
    Answer::of(anonymous).await.error(401, 5);
    assert!(app.stored_files().is_empty());
    let staff = upload(&app, Some(&app.staff), file_form(png, "a.png", "image/png")).await;
    Answer::of(staff).await.ok();
    assert_eq!(app.stored_files().len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_same_bytes_give_the_same_url() {
    let app = TestApp::spawn().await;
    let png = images::png(5, 5, 9);
    let first = Answer::of(
        upload(
            &app,
            Some(&app.admin),
            file_form(png.clone(), "a.png", "image/png"),
        )
        .await,
    )
    .await
    .ok()
    .clone();
    let second = Answer::of(
        upload(
            &app,
            Some(&app.staff),
            file_form(png, "other-name.jpg", "image/jpeg"),
        )
        .await,
    )
    .await
    .ok()
    .clone();
    assert_eq!(first["url"], second["url"]);
    assert_eq!(app.stored_files().len(), 1);
    let different = Answer::of(
        upload(
            &app,
            Some(&app.admin),
            file_form(images::png(5, 5, 10), "a.png", "image/png"),
        )
        .await,
    )
    .await
    .ok()
    .clone();
    assert_ne!(different["url"], first["url"]);
    assert_eq!(app.stored_files().len(), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn only_content_names_are_served() {
    let app = TestApp::spawn().await;
    let result = Answer::of(
        upload(
            &app,
            Some(&app.admin),
            file_form(images::png(1, 1, 0), "a.png", "image/png"),
        )
        .await,
    )
    .await
    .ok()
    .clone();
    let url = result["url"].as_str().unwrap().to_owned();
    let hash = url
        .trim_start_matches("/uploads/")
        .trim_end_matches(".png")
        .to_owned();
    // A secret beside the uploads must stay out of reach.
    let StoreSettings::Local { dir } = &app.store else {
        panic!("uploads in a bucket")
    };
    std::fs::write(dir.join("secret.txt"), "secret").unwrap();

    for path in [
        "/uploads/../etc/passwd".to_owned(),
        "/uploads/..%2Fetc%2Fpasswd".to_owned(),
        "/uploads/%2e%2e/%2e%2e/etc/passwd".to_owned(),
        "/uploads/abc.png".to_owned(),
        "/uploads/secret.txt".to_owned(),
        "/uploads/".to_owned(),
        format!("/uploads/{}.png", hash.to_uppercase()),
        format!("/uploads/{hash}.jpg"),
        format!("/uploads/{hash}.PNG"),
        format!("/uploads/{hash}.png/"),
        format!("/uploads/{hash}.png.txt"),
        format!("/uploads/x/{hash}.png"),
        format!("/uploads/{}.png", "0".repeat(64)),
    ] {
        let resp = app.client.get(app.url(&path)).send().await.unwrap();
        assert_eq!(resp.status(), 404, "{path}");
        // The path may be normalised by the client before it leaves; either way no
        // file is served. Under /uploads/ the 404 is bare.
        let served_path = resp.url().path().to_owned();
        let body = resp.bytes().await.unwrap();
        if served_path.starts_with("/uploads/") {
            assert!(body.is_empty(), "{path}: {body:?}");
        }
    }
    let post = app.client.post(app.url(&url)).send().await.unwrap();
    assert_eq!(post.status(), 405);
    assert_eq!(
        app.client.get(app.url(&url)).send().await.unwrap().status(),
        200
    );
}
