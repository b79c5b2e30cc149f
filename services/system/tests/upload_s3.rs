#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Uploads kept in an S3 bucket (`UPLOAD_STORE=s3`), against a real S3-protocol server
//! in the test process: what one replica stores, another serves, once per content.

mod support;

use reqwest::multipart::{Form, Part};
use sha2::{Digest, Sha256};
use support::{Answer, S3Server, TestApp, images};
use system::config::StoreSettings;

const UPLOAD: &str = "/system/api/admin/v1/UploadFile/Upload";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

fn file_form(bytes: Vec<u8>, file_name: &str, content_type: &str) -> Form {
    let part = Part::bytes(bytes)
        .file_name(file_name.to_owned())
        .mime_str(content_type)
        .unwrap();
    Form::new().part("file", part)
}

async fn upload(app: &TestApp, token: &str, form: Form) -> reqwest::Response {
    app.client
        .post(app.url(UPLOAD))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap()
}

/// Two replicas of the service on one new bucket.
async fn replicas(server: &S3Server, bucket: &str) -> (TestApp, TestApp) {
    let settings = server.bucket(bucket);
    let first = TestApp::spawn_on(StoreSettings::S3(settings), None).await;
    let second = first.replica().await;
    (first, second)
}

fn key(hash: &str, ext: &str) -> String {
    format!("{}/{hash}.{ext}", support::s3::PREFIX)
}

/// GETs `path` from `app` and checks what a browser relies on: status 200, the image
/// type, a year of immutable caching, no sniffing, the hash as ETag, and the bytes.
async fn assert_served(app: &TestApp, path: &str, bytes: &[u8], content_type: &str) {
    let served = app.client.get(app.url(path)).send().await.unwrap();
    assert_eq!(served.status(), 200, "{path}");
    let headers = served.headers().clone();
    let hash = hex::encode(Sha256::digest(bytes));
    assert_eq!(headers["content-type"], content_type);
    assert_eq!(headers["cache-control"], IMMUTABLE);
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["etag"], format!("\"{hash}\""));
    assert_eq!(headers["content-length"], bytes.len().to_string());
    assert_eq!(served.bytes().await.unwrap().to_vec(), bytes);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_upload_lands_in_the_bucket_and_every_replica_serves_it() {
    let server = S3Server::start().await;
    let (first, second) = replicas(&server, "shop-uploads").await;
    let png = images::png(3, 2, 0x20);
    let result = Answer::of(
        upload(
            &first,
            &first.admin,
            file_form(png.clone(), "photo.txt", "text/plain"),
        )
        .await,
    )
    .await
    .ok()
    .clone();
    let hash = hex::encode(Sha256::digest(&png));
    let url = format!("/uploads/{hash}.png");
    assert_eq!(result["url"], url);
    assert_eq!(result["contentType"], "image/png");
    assert_eq!(result["size"], png.len());
    assert_eq!(
        (result["width"].clone(), result["height"].clone()),
        (3.into(), 2.into())
    );
    assert_eq!(first.stored_files().await, [key(&hash, "png")]);

    assert_served(&first, &url, &png, "image/png").await;
    assert_served(&second, &url, &png, "image/png").await;

    // Revalidation and HEAD work on the replica that did not store it.
    let cached = second
        .client
        .get(second.url(&url))
        .header("if-none-match", format!("\"{hash}\""))
        .send()
        .await
        .unwrap();
    assert_eq!(cached.status(), 304);
    assert!(cached.bytes().await.unwrap().is_empty());
    let head = second.client.head(second.url(&url)).send().await.unwrap();
    assert_eq!(head.status(), 200);
    assert_eq!(head.headers()["content-length"], png.len().to_string());
    assert!(head.bytes().await.unwrap().is_empty());

    // The other formats keep their type through the bucket.
    let gif = images::gif_1x1();
    let result = Answer::of(
        upload(
            &second,
            &second.staff,
            file_form(gif.clone(), "a.bin", "image/png"),
        )
        .await,
    )
    .await
    .ok()
    .clone();
    assert_served(&first, result["url"].as_str().unwrap(), &gif, "image/gif").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_bucket_holds_one_object_per_content() {
    let server = S3Server::start().await;
    let (first, second) = replicas(&server, "shop-uploads").await;
    let png = images::png(5, 5, 9);
    let a = Answer::of(
        upload(
            &first,
            &first.admin,
            file_form(png.clone(), "a.png", "image/png"),
        )
        .await,
    )
    .await
    .ok()
    .clone();
    let b = Answer::of(
        upload(
            &second,
            &second.staff,
            file_form(png.clone(), "other-name.jpg", "image/jpeg"),
        )
        .await,
    )
    .await
    .ok()
    .clone();
    assert_eq!(a["url"], b["url"]);
    let hash = hex::encode(Sha256::digest(&png));
    assert_eq!(second.stored_files().await, [key(&hash, "png")]);

    let other = images::png(5, 5, 10);
    let c = Answer::of(
        upload(
            &second,
            &second.admin,
            file_form(other.clone(), "a.png", "image/png"),
        )
        .await,
    )
    .await
    .ok()
    .clone();
    assert_ne!(c["url"], a["url"]);
    let mut want = vec![
        key(&hash, "png"),
        key(&hex::encode(Sha256::digest(&other)), "png"),
    ];
    want.sort();
    assert_eq!(first.stored_files().await, want);
    assert_served(&first, c["url"].as_str().unwrap(), &other, "image/png").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn refused_uploads_store_nothing_and_missing_objects_are_a_bare_404() {
    let server = S3Server::start().await;
    let (first, second) = replicas(&server, "shop-uploads").await;
    let not_images = [
        (
            b"<html><script>alert(1)</script></html>".to_vec(),
            "evil.png",
            "image/png",
        ),
        (
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec(),
            "a.svg",
            "image/svg+xml",
        ),
        (b"\x89PNG\r\n\x1a\n".to_vec(), "short.png", "image/png"),
    ];
    for (bytes, name, content_type) in not_images {
        let resp = upload(&first, &first.admin, file_form(bytes, name, content_type)).await;
        Answer::of(resp).await.error(400, 211);
    }
    let mut too_large = images::png(4, 3, 0x80);
    too_large.resize(5 * 1024 * 1024 + 1, 0);
    let resp = upload(
        &second,
        &second.admin,
        file_form(too_large, "big.png", "image/png"),
    )
    .await;
    Answer::of(resp).await.error(413, 210);
    let empty = upload(&first, &first.admin, file_form(Vec::new(), "", "image/png")).await;
    Answer::of(empty).await.error(400, 212);
    assert!(first.stored_files().await.is_empty());

    // A well-formed name with nothing behind it, and a key in the bucket that is not a
    // content name: both a bare 404, on either replica.
    let client = support::s3::client(match &first.store {
        StoreSettings::S3(settings) => settings,
        StoreSettings::Local { .. } => unreachable!(),
    });
    let secret_key = object_store::path::Path::from(format!("{}/secret.txt", support::s3::PREFIX));
    object_store::ObjectStoreExt::put(&client, &secret_key, b"secret".to_vec().into())
        .await
        .unwrap();
    let missing = format!("/uploads/{}.png", "0".repeat(64));
    for app in [&first, &second] {
        for path in [missing.as_str(), "/uploads/secret.txt"] {
            let resp = app.client.get(app.url(path)).send().await.unwrap();
            assert_eq!(resp.status(), 404, "{path}");
            assert!(resp.bytes().await.unwrap().is_empty(), "{path}");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_bucket_or_key_stops_the_start() {
    let server = S3Server::start().await;
    server.bucket("shop-uploads");
    let wrong_key = server.settings("shop-uploads", "not-the-secret");
    let no_bucket = server.settings("no-such-bucket", support::s3::SECRET_ACCESS_KEY);
    for settings in [wrong_key, no_bucket] {
        let bucket = settings.bucket.clone();
        let opened = system::storage::open(&StoreSettings::S3(settings)).await;
        let error = opened.err().expect("the start must fail").to_string();
        assert!(error.contains("upload bucket"), "{bucket}: {error}");
    }
}
