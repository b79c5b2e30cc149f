//! A real S3-protocol server for the tests: `s3s-fs` (an S3 service over a folder) on
//! a free loopback port in the test's own runtime, with SigV4 checked against one key.

use std::path::PathBuf;

use futures_util::TryStreamExt;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto::Builder as ConnBuilder;
use object_store::ObjectStore;
use object_store::aws::AmazonS3Builder;
use object_store::path::Path;
use s3s::auth::SimpleAuth;
use s3s::service::S3ServiceBuilder;
use shop_common::config::Secret;
use system::config::{S3Credentials, S3Settings};

pub const ACCESS_KEY_ID: &str = "shop-test-key";
pub const SECRET_ACCESS_KEY: &str = "shop-test-secret";
pub const PREFIX: &str = "shop/uploads";

/// The server; it stops and its folder goes when dropped.
pub struct S3Server {
    /// `http://127.0.0.1:<port>`
    pub endpoint: String,
    root: PathBuf,
    task: tokio::task::JoinHandle<()>,
}

impl S3Server {
    pub async fn start() -> Self {
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
    pub fn bucket(&self, name: &str) -> S3Settings {
        std::fs::create_dir(self.root.join(name)).unwrap();
        self.settings(name, SECRET_ACCESS_KEY)
    }

    /// Settings for bucket `name` signed with `secret` (which may be wrong).
    pub fn settings(&self, name: &str, secret: &str) -> S3Settings {
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
pub fn client(settings: &S3Settings) -> object_store::aws::AmazonS3 {
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
pub async fn list(settings: &S3Settings) -> Vec<String> {
    let mut keys: Vec<String> = client(settings)
        .list(None)
        .map_ok(|meta| meta.location.to_string())
        .try_collect()
        .await
        .unwrap();
    keys.sort();
    keys
}
