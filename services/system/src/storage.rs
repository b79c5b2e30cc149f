//! Where uploaded files live. The service talks to one small trait, [`FileStore`]:
//! [`LocalDirStore`] keeps files in a directory (`make run`, one replica);
//! [`S3Store`] keeps them in an S3 bucket that any number of replicas share.
//!
//! Names are always [`ObjectName`]s (`<sha256>.<ext>`), so no client-chosen name ever
//! reaches the disk or the bucket, and an object never changes once written.

mod local;
mod s3;

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;

use bytes::Bytes;
use futures_util::stream::BoxStream;

pub use self::local::LocalDirStore;
pub use self::s3::S3Store;
use crate::config::StoreSettings;
use crate::domain::image::ObjectName;

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A stored object opened for reading.
pub struct StoredObject {
    /// Length in bytes.
    pub len: u64,
    /// The content, in chunks.
    pub body: BoxStream<'static, io::Result<Bytes>>,
}

/// Content-addressed object storage.
pub trait FileStore: Send + Sync + 'static {
    /// Stores `bytes` under `name`, atomically: readers see the whole object or
    /// nothing. An object already stored under `name` is kept (same name, same bytes).
    fn put<'a>(&'a self, name: &'a ObjectName, bytes: Bytes) -> BoxFuture<'a, io::Result<()>>;

    /// Opens `name`, `None` when there is no such object.
    fn get<'a>(&'a self, name: &'a ObjectName) -> BoxFuture<'a, io::Result<Option<StoredObject>>>;
}

/// Opens the store `settings` name and checks that it answers, so a wrong directory,
/// bucket or key stops the start rather than the first upload.
pub async fn open(settings: &StoreSettings) -> io::Result<Arc<dyn FileStore>> {
    match settings {
        StoreSettings::Local { dir } => {
            let store = LocalDirStore::open(dir).await?;
            tracing::info!(dir = %store.dir().display(), "uploads in a local directory");
            Ok(Arc::new(store))
        }
        StoreSettings::S3(s3) => {
            let store = S3Store::new(s3)?;
            store.check().await?;
            tracing::info!(
                bucket = %s3.bucket,
                prefix = %s3.prefix,
                endpoint = s3.endpoint.as_deref().unwrap_or("aws"),
                "uploads in an S3 bucket"
            );
            Ok(Arc::new(store))
        }
    }
}
