//! [`LocalDirStore`]: files in one local directory, for `make run` and one replica.
//! Writes go to a temporary file renamed into place, so readers never see half a file.

use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use bytes::{Bytes, BytesMut};
use futures_util::stream::{self, BoxStream, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::{BoxFuture, FileStore, StoredObject};
use crate::domain::image::ObjectName;

/// Read size when streaming a file out.
const READ_CHUNK: usize = 64 * 1024;
/// Prefix of files being written; never a valid object name.
const TEMP_PREFIX: &str = ".tmp-";
/// Temporary files older than this are left-overs of a crash and removed at start.
const STALE_TEMP_AGE: Duration = Duration::from_secs(3600);

/// Files in one local directory.
#[derive(Debug, Clone)]
pub struct LocalDirStore {
    dir: PathBuf,
}

impl LocalDirStore {
    /// Uses `dir`, creating it when missing, and removes stale temporary files.
    pub async fn open(dir: impl Into<PathBuf>) -> io::Result<Self> {
        let dir = dir.into();
        tokio::fs::create_dir_all(&dir).await.map_err(|e| {
            io::Error::new(e.kind(), format!("upload directory {}: {e}", dir.display()))
        })?;
        let store = Self { dir };
        store.remove_stale_temp_files().await;
        Ok(store)
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, name: &ObjectName) -> PathBuf {
        self.dir.join(name.to_string())
    }

    async fn remove_stale_temp_files(&self) {
        let Ok(mut entries) = tokio::fs::read_dir(&self.dir).await else {
            return;
        };
        while let Ok(Some(entry)) = entries.next_entry().await {
            if !entry.file_name().to_string_lossy().starts_with(TEMP_PREFIX) {
                continue;
            }
            let stale = entry
                .metadata()
                .await
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| SystemTime::now().duration_since(t).ok())
                .is_some_and(|age| age > STALE_TEMP_AGE);
            if stale && let Err(e) = tokio::fs::remove_file(entry.path()).await {
                tracing::warn!(error = %e, path = %entry.path().display(), "cannot remove stale temporary upload");
            }
        }
    }

    async fn write_new(&self, name: &ObjectName, bytes: &[u8]) -> io::Result<()> {
        let target = self.path(name);
        if tokio::fs::try_exists(&target).await? {
            return Ok(());
        }
        let temp = self
            .dir
            .join(format!("{TEMP_PREFIX}{}", uuid::Uuid::new_v4().simple()));
        let written = async {
            let mut file = tokio::fs::File::create_new(&temp).await?;
            file.write_all(bytes).await?;
            file.sync_all().await?;
            drop(file);
            // Renaming over an identical object written meanwhile is harmless.
            tokio::fs::rename(&temp, &target).await
        }
        .await;
        if written.is_err() {
            let _ = tokio::fs::remove_file(&temp).await;
        }
        written
    }
}

fn file_stream(file: tokio::fs::File) -> BoxStream<'static, io::Result<Bytes>> {
    stream::try_unfold(file, |mut file| async move {
        let mut buf = BytesMut::with_capacity(READ_CHUNK);
        let n = file.read_buf(&mut buf).await?;
        Ok((n > 0).then(|| (buf.freeze(), file)))
    })
    .boxed()
}

impl FileStore for LocalDirStore {
    fn put<'a>(&'a self, name: &'a ObjectName, bytes: Bytes) -> BoxFuture<'a, io::Result<()>> {
        Box::pin(async move { self.write_new(name, &bytes).await })
    }

    fn get<'a>(&'a self, name: &'a ObjectName) -> BoxFuture<'a, io::Result<Option<StoredObject>>> {
        Box::pin(async move {
            let file = match tokio::fs::File::open(self.path(name)).await {
                Ok(file) => file,
                Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
                Err(e) => return Err(e),
            };
            let meta = file.metadata().await?;
            if !meta.is_file() {
                return Ok(None);
            }
            Ok(Some(StoredObject {
                len: meta.len(),
                body: file_stream(file),
            }))
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::domain::image::ImageKind;

    #[tokio::test]
    async fn put_then_get() {
        let dir = std::env::temp_dir().join(format!("system-store-{}", uuid::Uuid::new_v4()));
        let store = LocalDirStore::open(&dir).await.unwrap();
        let data = Bytes::from(vec![7u8; 200_000]);
        let name = ObjectName::for_content(&data, ImageKind::Png);
        assert!(store.get(&name).await.unwrap().is_none());
        store.put(&name, data.clone()).await.unwrap();
        store.put(&name, data.clone()).await.unwrap();
        let object = store.get(&name).await.unwrap().unwrap();
        assert_eq!(object.len, 200_000);
        let chunks: Vec<Bytes> = object.body.map(|c| c.unwrap()).collect().await;
        assert_eq!(chunks.concat(), data.to_vec());
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names, [name.to_string()]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
