//! Uploads kept in an S3 bucket (`UPLOAD_STORE=s3`), against a real S3-protocol server
//! in the test process: what one replica stores, another serves, once per content.

use crate::support;

use std::path::PathBuf;

use futures_util::TryStreamExt;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto::Builder as ConnBuilder;
use object_store::ObjectStore;
use object_store::aws::AmazonS3Builder;
use reqwest::multipart::{Form, Part};
use s3s::auth::SimpleAuth;
use s3s::service::S3ServiceBuilder;
use sha2::{Digest, Sha256};
use shop_common::config::Secret;
use support::{Answer, TestApp, images};
use system::config::{S3Credentials, S3Settings, StoreSettings};
use system::routes::ADMIN_UPLOAD as UPLOAD;

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

const ACCESS_KEY_ID: &str = "shop-test-key";
const SECRET_ACCESS_KEY: &str = "shop-test-secret";
const PREFIX: &str = "shop/uploads";

/// A real S3-protocol server: `s3s-fs` (an S3 service over a folder) on a free loopback
/// port in the test's own runtime, with SigV4 checked against one key. It stops and its
/// folder goes when dropped.
struct S3Server {
    /// `http://127.0.0.1:<port>`
    endpoint: String,
    root: PathBuf,
    task: tokio::task::JoinHandle<()>,
}

impl S3Server {
    async fn start() -> Self {
        let root = std::env::temp_dir().join(format!("system-test-s3-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&root).unwrap();
        let mut builder = S3ServiceBuilder::new(s3s_fs::FileSystem::new(&root).unwrap());
        builder.set_auth(SimpleAuth::from_single(ACCESS_KEY_ID, SECRET_ACCESS_KEY));
        let service = builder.build();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let endpoint = format!("http://{}", listener.local_addr().unwrap());
        let task = tokio::spawn(async move {
            let http = ConnBuilder::new(TokioExecutor::new());
            while let Ok((socket, _)) = listener.accept().await {
                let connection = http
                    .serve_connection(TokioIo::new(socket), service.clone())
                    .into_owned();
                tokio::spawn(async move {
                    let _ = connection.await;
                });
            }
        });
        Self {
            endpoint,
            root,
            task,
        }
    }

    /// A new empty bucket (a folder to s3s-fs), as the service's settings with the
    /// server's key and [`PREFIX`].
    fn bucket(&self, name: &str) -> S3Settings {
        std::fs::create_dir(self.root.join(name)).unwrap();
        self.settings(name, SECRET_ACCESS_KEY)
    }

    /// Settings for bucket `name` signed with `secret` (which may be wrong).
    fn settings(&self, name: &str, secret: &str) -> S3Settings {
        S3Settings {
            bucket: name.to_owned(),
            region: "us-east-1".to_owned(),
            endpoint: Some(self.endpoint.clone()),
            prefix: PREFIX.to_owned(),
            credentials: Some(S3Credentials {
                access_key_id: ACCESS_KEY_ID.to_owned(),
                secret_access_key: Secret::new(secret),
            }),
        }
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        self.task.abort();
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// A plain S3 client on the bucket of `settings`, apart from the service's own.
fn client(settings: &S3Settings) -> object_store::aws::AmazonS3 {
    let credentials = settings.credentials.as_ref().unwrap();
    AmazonS3Builder::new()
        .with_bucket_name(&settings.bucket)
        .with_region(&settings.region)
        .with_endpoint(settings.endpoint.as_deref().unwrap())
        .with_allow_http(true)
        .with_access_key_id(&credentials.access_key_id)
        .with_secret_access_key(credentials.secret_access_key.expose())
        .build()
        .unwrap()
}

/// Every key in the bucket (not only under the prefix), sorted.
async fn list(settings: &S3Settings) -> Vec<String> {
    let mut keys: Vec<String> = client(settings)
        .list(None)
        .map_ok(|meta| meta.location.to_string())
        .try_collect()
        .await
        .unwrap();
    keys.sort();
    keys
}

/// Every key in the bucket of `app` (not only under the prefix), sorted.
async fn stored(app: &TestApp) -> Vec<String> {
    let StoreSettings::S3(settings) = &app.store else {
        panic!("uploads not in a bucket")
    };
    list(settings).await
}

/// Two replicas of the service on one new bucket.
async fn replicas(server: &S3Server, bucket: &str) -> (TestApp, TestApp) {
    let settings = server.bucket(bucket);
    let first = TestApp::spawn_on(StoreSettings::S3(settings), None).await;
    let second = first.replica().await;
    (first, second)
}

fn key(hash: &str, ext: &str) -> String {
    format!("{}/{hash}.{ext}", PREFIX)
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
    assert_eq!(stored(&first).await, [key(&hash, "png")]);

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
    assert_eq!(stored(&second).await, [key(&hash, "png")]);

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
    assert_eq!(stored(&first).await, want);
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
    assert!(stored(&first).await.is_empty());

    // A well-formed name with nothing behind it, and a key in the bucket that is not a
    // content name: both a bare 404, on either replica.
    let client = client(match &first.store {
        StoreSettings::S3(settings) => settings,
        StoreSettings::Local { .. } => unreachable!(),
    });
    let secret_key = object_store::path::Path::from(format!("{}/secret.txt", PREFIX));
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
    let no_bucket = server.settings("no-such-bucket", SECRET_ACCESS_KEY);
    for settings in [wrong_key, no_bucket] {
        let bucket = settings.bucket.clone();
        let opened = system::storage::open(&StoreSettings::S3(settings)).await;
        let error = opened.err().expect("the start must fail").to_string();
        assert!(error.contains("upload bucket"), "{bucket}: {error}");
    }
}
