//! The system service's settings, read once at start-up from environment variables.
//!
//! Besides the variables every service reads ([`ServiceConfig`]: `DATABASE_URL`,
//! `LISTEN_ADDR`, `DB_POOL_SIZE`, `IDENTITY_URL`, `INTERNAL_API_KEY`, `TRUSTED_PROXIES`):
//!
//! - `UPLOAD_DIR` [`.data/uploads`]: the directory holding uploaded files (a shared
//!   volume when several replicas run). Created at start-up when missing.
//! - `UPLOAD_MAX_BYTES` [5242880, i.e. 5 MiB]: the largest accepted upload, in bytes.
//!   Larger uploads are refused with code 210 (HTTP 413) while they stream in.

use std::path::PathBuf;

use shop_common::config::{self, ConfigError, ServiceConfig};

use crate::DEFAULT_LISTEN_ADDR;

/// Default for `UPLOAD_DIR`.
pub const DEFAULT_UPLOAD_DIR: &str = ".data/uploads";
/// Default for `UPLOAD_MAX_BYTES`: 5 MiB.
pub const DEFAULT_UPLOAD_MAX_BYTES: u64 = 5 * 1024 * 1024;
/// Upper bound accepted for `UPLOAD_MAX_BYTES` (uploads are held in memory while checked).
pub const UPLOAD_MAX_BYTES_CEILING: u64 = 64 * 1024 * 1024;

/// Upload settings: where files go and how large one may be.
#[derive(Debug, Clone)]
pub struct UploadSettings {
    /// `UPLOAD_DIR`.
    pub dir: PathBuf,
    /// `UPLOAD_MAX_BYTES`.
    pub max_bytes: u64,
}

impl UploadSettings {
    pub fn from_env() -> Result<Self, ConfigError> {
        let max_bytes: u64 = config::parse_or("UPLOAD_MAX_BYTES", DEFAULT_UPLOAD_MAX_BYTES)?;
        if max_bytes == 0 || max_bytes > UPLOAD_MAX_BYTES_CEILING {
            return Err(ConfigError::Invalid {
                name: "UPLOAD_MAX_BYTES",
                reason: format!("expected 1..={UPLOAD_MAX_BYTES_CEILING} bytes"),
            });
        }
        Ok(Self {
            dir: PathBuf::from(config::or("UPLOAD_DIR", DEFAULT_UPLOAD_DIR)),
            max_bytes,
        })
    }
}

/// Everything the binary needs.
#[derive(Debug, Clone)]
pub struct SystemConfig {
    pub service: ServiceConfig,
    pub upload: UploadSettings,
}

impl SystemConfig {
    pub fn from_env() -> Result<Self, ConfigError> {
        Ok(Self {
            service: ServiceConfig::from_env(DEFAULT_LISTEN_ADDR)?,
            upload: UploadSettings::from_env()?,
        })
    }
}
