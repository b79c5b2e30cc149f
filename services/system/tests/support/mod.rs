//! Shared set-up for the black-box tests: a migrated private schema, a private
//! upload directory or a bucket on an in-process S3 server, the service on a free port,
//! and admin/staff tokens signed by a test key that the service trusts.

#![allow(dead_code, unused_imports, clippy::unwrap_used, clippy::expect_used)]

pub mod s3;

use std::ops::Deref;
use std::path::PathBuf;
use std::sync::Arc;

use shop_common::auth::Role;
use shop_common::db;
use shop_common::testing::{TestClient, TestSchema, TestTokens, serve};
pub use shop_common::testing::{expect_error, expect_ok};
use system::config::{DEFAULT_UPLOAD_MAX_BYTES, StoreSettings};
use system::{AppState, configure, storage};

pub use self::s3::S3Server;

/// The service on its own schema and upload store. Derefs to an anonymous
/// [`TestClient`]; tests add [`admin`](Self::admin) or [`staff`](Self::staff) tokens.
pub struct TestApp {
    pub http: TestClient,
    pub tokens: Arc<TestTokens>,
    pub store: StoreSettings,
    pub schema: Arc<TestSchema>,
}

impl Deref for TestApp {
    type Target = TestClient;

    fn deref(&self) -> &TestClient {
        &self.http
    }
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(|schema| schema.pool(4)).await
    }

    /// Like [`spawn`](Self::spawn) with the pool of `make_pool`.
    pub async fn spawn_with(make_pool: impl FnOnce(&TestSchema) -> db::DbPool) -> Self {
        let dir =
            std::env::temp_dir().join(format!("system-test-uploads-{}", uuid::Uuid::new_v4()));
        Self::spawn_on(StoreSettings::Local { dir }, make_pool).await
    }

    /// The service keeping uploads in `store` (a local directory or a bucket).
    pub async fn spawn_on(
        store: StoreSettings,
        make_pool: impl FnOnce(&TestSchema) -> db::DbPool,
    ) -> Self {
        let schema = TestSchema::new();
        schema.migrate(system::MIGRATIONS).await;
        let pool = make_pool(&schema);
        Self::start(Arc::new(schema), pool, Arc::new(TestTokens::new()), store).await
    }

    /// Another instance of the same service: same database, same token key, same
    /// upload store; its own process state and port (a second replica).
    pub async fn replica(&self) -> Self {
        let pool = self.schema.pool(4);
        Self::start(
            self.schema.clone(),
            pool,
            self.tokens.clone(),
            self.store.clone(),
        )
        .await
    }

    async fn start(
        schema: Arc<TestSchema>,
        pool: db::DbPool,
        tokens: Arc<TestTokens>,
        store: StoreSettings,
    ) -> Self {
        let files = storage::open(&store).await.unwrap();
        let state = AppState::new(pool, tokens.verifier(), files, DEFAULT_UPLOAD_MAX_BYTES);
        let base = serve(configure(state));
        Self {
            http: TestClient::new(base, None),
            tokens,
            store,
            schema,
        }
    }

    pub fn admin(&self) -> String {
        self.tokens.token(Role::Admin)
    }

    pub fn staff(&self) -> String {
        self.tokens.token(Role::Staff)
    }

    /// The local upload directory (local store only).
    pub fn upload_dir(&self) -> &PathBuf {
        match &self.store {
            StoreSettings::Local { dir } => dir,
            StoreSettings::S3(_) => panic!("this app keeps uploads in a bucket"),
        }
    }

    /// The names of the stored files: the upload directory's entries, or the keys
    /// under the bucket's prefix (listed through S3 itself), sorted.
    pub async fn stored_files(&self) -> Vec<String> {
        match &self.store {
            StoreSettings::Local { dir } => {
                let mut names: Vec<String> = std::fs::read_dir(dir)
                    .unwrap()
                    .map(|e| e.unwrap().file_name().into_string().unwrap())
                    .collect();
                names.sort();
                names
            }
            StoreSettings::S3(settings) => s3::list(settings).await,
        }
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        // Replicas share the directory; whichever goes last finds it gone.
        if let StoreSettings::Local { dir } = &self.store {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// Small but well-formed images, made by hand.
pub mod images {
    fn crc32(data: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &byte in data {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                let mask = (crc & 1).wrapping_neg();
                crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
            }
        }
        !crc
    }

    fn adler32(data: &[u8]) -> u32 {
        let (mut a, mut b) = (1u32, 0u32);
        for &byte in data {
            a = (a + u32::from(byte)) % 65_521;
            b = (b + a) % 65_521;
        }
        (b << 16) | a
    }

    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend_from_slice(&u32::try_from(data.len()).unwrap().to_be_bytes());
        let start = out.len();
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        let crc = crc32(&out[start..]);
        out.extend_from_slice(&crc.to_be_bytes());
    }

    /// A valid RGB PNG of `width` x `height` pixels of one `shade` (zlib "stored"
    /// blocks, so no compressor is needed).
    pub fn png(width: u32, height: u32, shade: u8) -> Vec<u8> {
        // Each row: filter byte 0 (none), then RGB triples.
        let mut row = vec![0u8];
        row.extend(std::iter::repeat_n(shade, 3 * width as usize));
        let raw = row.repeat(height as usize);
        let mut zlib = vec![0x78, 0x01];
        let blocks: Vec<&[u8]> = raw.chunks(65_535).collect();
        for (i, block) in blocks.iter().enumerate() {
            zlib.push(u8::from(i + 1 == blocks.len()));
            let len = u16::try_from(block.len()).unwrap();
            zlib.extend_from_slice(&len.to_le_bytes());
            zlib.extend_from_slice(&(!len).to_le_bytes());
            zlib.extend_from_slice(block);
        }
        zlib.extend_from_slice(&adler32(&raw).to_be_bytes());

        let mut ihdr = Vec::new();
        ihdr.extend_from_slice(&width.to_be_bytes());
        ihdr.extend_from_slice(&height.to_be_bytes());
        ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit RGB
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        chunk(&mut out, b"IHDR", &ihdr);
        chunk(&mut out, b"IDAT", &zlib);
        chunk(&mut out, b"IEND", &[]);
        out
    }

    /// The classic 1x1 GIF89a.
    pub fn gif_1x1() -> Vec<u8> {
        b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00\
          !\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"
            .to_vec()
    }

    /// A JPEG header (SOI, APP0/JFIF, SOF0 with the size) and EOI.
    pub fn jpeg_header(width: u16, height: u16) -> Vec<u8> {
        let mut out =
            b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00".to_vec();
        out.extend_from_slice(b"\xff\xc0\x00\x11\x08");
        out.extend_from_slice(&height.to_be_bytes());
        out.extend_from_slice(&width.to_be_bytes());
        out.extend_from_slice(b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01\xff\xd9");
        out
    }

    /// A lossless WEBP (VP8L) header of `width` x `height`.
    pub fn webp_header(width: u32, height: u32) -> Vec<u8> {
        let bits = (width - 1) | ((height - 1) << 14);
        let mut payload = vec![0x2f];
        payload.extend_from_slice(&bits.to_le_bytes());
        payload.extend_from_slice(&[0, 0, 0]);
        let mut out = b"RIFF".to_vec();
        out.extend_from_slice(&u32::try_from(12 + payload.len()).unwrap().to_le_bytes());
        out.extend_from_slice(b"WEBPVP8L");
        out.extend_from_slice(&u32::try_from(payload.len()).unwrap().to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }
}
