//! [`S3Store`]: objects in an S3 (or S3-compatible) bucket through `object_store`, so
//! every replica reads what any replica wrote. A PUT is atomic in S3, and keys are
//! content hashes: an object that exists already is never written again.
//!
//! The bucket stays private; the service reads objects itself and serves them under
//! `/uploads/`. Its credentials need `s3:GetObject`, `s3:PutObject` and
//! `s3:ListBucket` (without the last, S3 answers a missing key with 403, not 404).

use std::io;
use std::time::Duration;

use bytes::Bytes;
use futures_util::{StreamExt, TryStreamExt};
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::path::Path;
use object_store::{
    Attribute, Attributes, ClientOptions, ObjectStore, ObjectStoreExt, PutOptions, PutPayload,
    RetryConfig,
};

use super::{BoxFuture, FileStore, StoredObject};
use crate::config::S3Settings;
use crate::domain::image::ObjectName;

/// A request that has not answered by then fails (an upload is at most a few MiB).
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Retries of failed requests stop after this long: a visitor waits for the image.
const RETRY_TIMEOUT: Duration = Duration::from_secs(10);
const MAX_RETRIES: usize = 3;
/// Sorts after every `<sha256>.<ext>` name (hex digits are `0-9a-f`), and needs no
/// escaping in a key: [`S3Store::check`] lists from here.
const LIST_AFTER: &str = "z";

/// Objects in one bucket, under an optional prefix.
#[derive(Debug)]
pub struct S3Store {
    client: AmazonS3,
    prefix: Path,
}

fn io_error(e: object_store::Error) -> io::Error {
    io::Error::other(e)
}

fn is_not_found(e: &object_store::Error) -> bool {
    matches!(e, object_store::Error::NotFound { .. })
}

impl S3Store {
    /// Builds the client; no request is sent yet.
    pub fn new(settings: &S3Settings) -> io::Result<Self> {
        // reqwest is built without a default TLS provider: use the workspace's (ring).
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut builder = match &settings.credentials {
            Some(keys) => AmazonS3Builder::new()
                .with_access_key_id(&keys.access_key_id)
                .with_secret_access_key(keys.secret_access_key.expose()),
            // The standard AWS variables: web identity, container or instance roles.
            None => AmazonS3Builder::from_env(),
        };
        builder = builder
            .with_bucket_name(&settings.bucket)
            .with_region(&settings.region)
            .with_client_options(
                ClientOptions::new()
                    .with_timeout(REQUEST_TIMEOUT)
                    .with_connect_timeout(CONNECT_TIMEOUT),
            )
            .with_retry(RetryConfig {
                max_retries: MAX_RETRIES,
                retry_timeout: RETRY_TIMEOUT,
                ..RetryConfig::default()
            });
        if let Some(endpoint) = &settings.endpoint {
            builder = builder
                .with_endpoint(endpoint)
                .with_allow_http(endpoint.starts_with("http://"));
        }
        let client = builder.build().map_err(io_error)?;
        let prefix = Path::parse(&settings.prefix).map_err(|e| io_error(e.into()))?;
        Ok(Self { client, prefix })
    }

    /// The object's key: `<prefix>/<name>`.
    pub fn key(&self, name: &ObjectName) -> Path {
        self.prefix.clone().join(name.to_string())
    }

    /// One listing that matches no key (it starts after every content name): it
    /// answers only when the bucket exists and the credentials may read it.
    pub async fn check(&self) -> io::Result<()> {
        let after = self.prefix.clone().join(LIST_AFTER);
        let first = self
            .client
            .list_with_offset(Some(&self.prefix), &after)
            .next()
            .await;
        match first {
            None | Some(Ok(_)) => Ok(()),
            Some(Err(e)) => Err(io::Error::other(format!("upload bucket: {e}"))),
        }
    }

    async fn put_new(&self, name: &ObjectName, bytes: Bytes) -> io::Result<()> {
        let key = self.key(name);
        match self.client.head(&key).await {
            Ok(_) => return Ok(()),
            Err(e) if is_not_found(&e) => {}
            Err(e) => return Err(io_error(e)),
        }
        // Stored with its type, for whoever browses the bucket; the service sends its own.
        let mut attributes = Attributes::new();
        attributes.insert(Attribute::ContentType, name.kind().content_type().into());
        let options = PutOptions {
            attributes,
            ..PutOptions::default()
        };
        // Two replicas writing the same key race harmlessly: same key, same bytes.
        self.client
            .put_opts(&key, PutPayload::from(bytes), options)
            .await
            .map_err(io_error)?;
        Ok(())
    }

    async fn open(&self, name: &ObjectName) -> io::Result<Option<StoredObject>> {
        let result = match self.client.get(&self.key(name)).await {
            Ok(result) => result,
            Err(e) if is_not_found(&e) => return Ok(None),
            Err(e) => return Err(io_error(e)),
        };
        Ok(Some(StoredObject {
            len: result.meta.size,
            body: result.into_stream().map_err(io_error).boxed(),
        }))
    }
}

impl FileStore for S3Store {
    fn put<'a>(&'a self, name: &'a ObjectName, bytes: Bytes) -> BoxFuture<'a, io::Result<()>> {
        Box::pin(self.put_new(name, bytes))
    }

    fn get<'a>(&'a self, name: &'a ObjectName) -> BoxFuture<'a, io::Result<Option<StoredObject>>> {
        Box::pin(self.open(name))
    }
}
