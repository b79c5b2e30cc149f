//! The system service's settings, read once at start-up from environment variables.
//!
//! Besides the variables every service reads ([`ServiceConfig`]: `DATABASE_URL`,
//! `LISTEN_ADDR`, `DB_POOL_SIZE`, `IDENTITY_URL`, `INTERNAL_API_KEY`, `TRUSTED_PROXIES`):
//!
//! - `UPLOAD_MAX_BYTES` [5242880, i.e. 5 MiB]: the largest accepted upload, in bytes.
//!   Larger uploads are refused with code 210 (HTTP 413) while they stream in.
//! - `UPLOAD_STORE` [`local`]: where uploads are kept, `local` or `s3`.
//! - `UPLOAD_DIR` [`.data/uploads`], with `local`: the directory holding uploaded files.
//!   Created at start-up when missing. One replica only (or a shared volume).
//! - With `s3`, any number of replicas share one bucket:
//!   - `S3_BUCKET` (required): the bucket's name.
//!   - `S3_REGION` [`us-east-1`]: its region.
//!   - `S3_ENDPOINT` [AWS]: an S3-compatible server's address (`http://` allowed).
//!   - `S3_PREFIX` [none]: a folder inside the bucket, such as `shop/uploads`.
//!   - `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY`: both or neither. Without them the
//!     standard AWS variables and chain apply (`AWS_ACCESS_KEY_ID`, web identity from
//!     `AWS_WEB_IDENTITY_TOKEN_FILE` and `AWS_ROLE_ARN`, container or instance credentials).

use std::path::PathBuf;

use shop_common::config::{self, ConfigError, Secret};

use crate::DEFAULT_LISTEN_ADDR;
use shop_common::config::ServiceConfig;

/// Default for `UPLOAD_DIR`.
pub const DEFAULT_UPLOAD_DIR: &str = ".data/uploads";
/// Default for `UPLOAD_MAX_BYTES`: the largest file the gateway lets through.
pub const DEFAULT_UPLOAD_MAX_BYTES: u64 = shop_common::limits::UPLOAD_FILE_BYTES as u64;
/// Upper bound accepted for `UPLOAD_MAX_BYTES` (uploads are held in memory while checked).
pub const UPLOAD_MAX_BYTES_CEILING: u64 = 64 * 1024 * 1024;
/// Default for `S3_REGION`.
pub const DEFAULT_S3_REGION: &str = "us-east-1";

/// Where uploaded files are kept (`UPLOAD_STORE`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreSettings {
    /// `local`: files in one directory (`UPLOAD_DIR`).
    Local { dir: PathBuf },
    /// `s3`: objects in an S3 bucket, shared by every replica.
    S3(S3Settings),
}

/// The bucket, from the `S3_*` variables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct S3Settings {
    pub bucket: String,
    pub region: String,
    /// `http(s)://host[:port]`, without a trailing slash; `None` for AWS itself.
    pub endpoint: Option<String>,
    /// Keys are stored under `<prefix>/<name>`; empty for the bucket's root.
    pub prefix: String,
    /// `None`: the standard AWS credential chain.
    pub credentials: Option<S3Credentials>,
}

/// A static access key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct S3Credentials {
    pub access_key_id: String,
    pub secret_access_key: Secret,
}

/// Upload settings: where files go and how large one may be.
#[derive(Debug, Clone)]
pub struct UploadSettings {
    pub store: StoreSettings,
    /// `UPLOAD_MAX_BYTES`.
    pub max_bytes: u64,
}

fn invalid(name: &'static str, reason: impl Into<String>) -> ConfigError {
    ConfigError::Invalid {
        name,
        reason: reason.into(),
    }
}

/// S3's bucket naming rule: 3 to 63 lower-case letters, digits, dots and hyphens,
/// starting and ending with a letter or digit.
fn bucket_name(text: &str) -> Result<String, ConfigError> {
    let ok_char = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-';
    let edge_ok = |c: Option<char>| c.is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if (3..=63).contains(&text.len())
        && text.chars().all(ok_char)
        && edge_ok(text.chars().next())
        && edge_ok(text.chars().last())
    {
        Ok(text.to_owned())
    } else {
        Err(invalid(
            "S3_BUCKET",
            "expected 3 to 63 lower-case letters, digits, dots or hyphens",
        ))
    }
}

/// Folders of letters, digits, `-`, `_` and `.` (never `.` or `..` alone), joined by
/// `/`; outer slashes are dropped.
fn key_prefix(text: &str) -> Result<String, ConfigError> {
    let trimmed = text.trim().trim_matches('/');
    let segment_ok = |s: &str| {
        !s.is_empty()
            && s != "."
            && s != ".."
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    };
    if trimmed.is_empty() || trimmed.split('/').all(segment_ok) {
        Ok(trimmed.to_owned())
    } else {
        Err(invalid(
            "S3_PREFIX",
            "expected folders of letters, digits, '-', '_' or '.' separated by '/'",
        ))
    }
}

impl S3Settings {
    fn from_lookup(get: &impl Fn(&'static str) -> Option<String>) -> Result<Self, ConfigError> {
        let bucket = bucket_name(
            get("S3_BUCKET")
                .ok_or(ConfigError::Missing("S3_BUCKET"))?
                .trim(),
        )?;
        let region =
            get("S3_REGION").map_or_else(|| DEFAULT_S3_REGION.to_owned(), |r| r.trim().to_owned());
        let endpoint = get("S3_ENDPOINT")
            .map(|e| config::http_url("S3_ENDPOINT", &e))
            .transpose()?;
        let prefix = get("S3_PREFIX")
            .map(|p| key_prefix(&p))
            .transpose()?
            .unwrap_or_default();
        let credentials = match (get("S3_ACCESS_KEY_ID"), get("S3_SECRET_ACCESS_KEY")) {
            (Some(id), Some(secret)) => Some(S3Credentials {
                access_key_id: id.trim().to_owned(),
                secret_access_key: Secret::new(secret.trim()),
            }),
            (None, None) => None,
            (Some(_), None) => return Err(ConfigError::Missing("S3_SECRET_ACCESS_KEY")),
            (None, Some(_)) => return Err(ConfigError::Missing("S3_ACCESS_KEY_ID")),
        };
        Ok(Self {
            bucket,
            region,
            endpoint,
            prefix,
            credentials,
        })
    }
}

impl UploadSettings {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(&|name| config::var(name))
    }

    /// The settings from `get` (the environment, or a table in tests); unset and blank
    /// values are `None`.
    pub fn from_lookup(get: &impl Fn(&'static str) -> Option<String>) -> Result<Self, ConfigError> {
        let max_bytes = match get("UPLOAD_MAX_BYTES") {
            None => DEFAULT_UPLOAD_MAX_BYTES,
            Some(text) => text
                .trim()
                .parse()
                .map_err(|e: std::num::ParseIntError| invalid("UPLOAD_MAX_BYTES", e.to_string()))?,
        };
        if max_bytes == 0 || max_bytes > UPLOAD_MAX_BYTES_CEILING {
            return Err(invalid(
                "UPLOAD_MAX_BYTES",
                format!("expected 1..={UPLOAD_MAX_BYTES_CEILING} bytes"),
            ));
        }
        let kind = get("UPLOAD_STORE").map(|k| k.trim().to_ascii_lowercase());
        let store = match kind.as_deref() {
            None | Some("local") => StoreSettings::Local {
                dir: PathBuf::from(
                    get("UPLOAD_DIR").unwrap_or_else(|| DEFAULT_UPLOAD_DIR.to_owned()),
                ),
            },
            Some("s3") => StoreSettings::S3(S3Settings::from_lookup(get)?),
            Some(_) => return Err(invalid("UPLOAD_STORE", "expected 'local' or 's3'")),
        };
        Ok(Self { store, max_bytes })
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use std::collections::HashMap;

    use super::*;

    fn settings(vars: &[(&'static str, &str)]) -> Result<UploadSettings, ConfigError> {
        let table: HashMap<&'static str, String> =
            vars.iter().map(|(k, v)| (*k, (*v).to_owned())).collect();
        UploadSettings::from_lookup(&|name| table.get(name).cloned())
    }

    fn rejected(vars: &[(&'static str, &str)]) -> String {
        settings(vars).unwrap_err().to_string()
    }

    #[test]
    fn local_by_default() {
        let s = settings(&[]).unwrap();
        assert_eq!(s.max_bytes, DEFAULT_UPLOAD_MAX_BYTES);
        assert_eq!(
            s.store,
            StoreSettings::Local {
                dir: PathBuf::from(DEFAULT_UPLOAD_DIR)
            }
        );
        let s = settings(&[("UPLOAD_STORE", "local"), ("UPLOAD_DIR", "/data/up")]).unwrap();
        assert_eq!(
            s.store,
            StoreSettings::Local {
                dir: PathBuf::from("/data/up")
            }
        );
    }

    #[test]
    fn s3_with_every_setting() {
        let s = settings(&[
            ("UPLOAD_STORE", "S3"),
            ("S3_BUCKET", "shop-uploads"),
            ("S3_REGION", "ap-southeast-1"),
            ("S3_ENDPOINT", "http://minio.storage:9000/"),
            ("S3_PREFIX", "/prod/uploads/"),
            ("S3_ACCESS_KEY_ID", "AKIDEXAMPLE"),
            ("S3_SECRET_ACCESS_KEY", "very-secret"),
        ])
        .unwrap();
        let StoreSettings::S3(s3) = s.store else {
            panic!("expected s3");
        };
        assert_eq!(s3.bucket, "shop-uploads");
        assert_eq!(s3.region, "ap-southeast-1");
        assert_eq!(s3.endpoint.as_deref(), Some("http://minio.storage:9000"));
        assert_eq!(s3.prefix, "prod/uploads");
        let credentials = s3.credentials.unwrap();
        assert_eq!(credentials.access_key_id, "AKIDEXAMPLE");
        assert_eq!(credentials.secret_access_key.expose(), "very-secret");
        assert!(!format!("{credentials:?}").contains("very-secret"));
    }

    #[test]
    fn s3_defaults_to_aws_and_its_credential_chain() {
        let s = settings(&[("UPLOAD_STORE", "s3"), ("S3_BUCKET", "shop.uploads-1")]).unwrap();
        assert_eq!(
            s.store,
            StoreSettings::S3(S3Settings {
                bucket: "shop.uploads-1".to_owned(),
                region: DEFAULT_S3_REGION.to_owned(),
                endpoint: None,
                prefix: String::new(),
                credentials: None,
            })
        );
    }

    #[test]
    fn bad_settings_are_named() {
        let s3 = ("UPLOAD_STORE", "s3");
        let bucket = ("S3_BUCKET", "shop-uploads");
        assert!(rejected(&[("UPLOAD_STORE", "nfs")]).contains("UPLOAD_STORE"));
        assert!(rejected(&[s3]).contains("S3_BUCKET is required"));
        for bad in ["Shop", "ab", "-shop", "shop/uploads", "shop uploads"] {
            assert!(
                rejected(&[s3, ("S3_BUCKET", bad)]).contains("S3_BUCKET"),
                "{bad}"
            );
        }
        for bad in ["a//b", "../x", "a/./b", "a b", "a?b"] {
            assert!(
                rejected(&[s3, bucket, ("S3_PREFIX", bad)]).contains("S3_PREFIX"),
                "{bad}"
            );
        }
        assert!(rejected(&[s3, bucket, ("S3_ENDPOINT", "minio:9000")]).contains("S3_ENDPOINT"));
        assert!(
            rejected(&[s3, bucket, ("S3_ACCESS_KEY_ID", "id")]).contains("S3_SECRET_ACCESS_KEY")
        );
        assert!(
            rejected(&[s3, bucket, ("S3_SECRET_ACCESS_KEY", "k")]).contains("S3_ACCESS_KEY_ID")
        );
        assert!(rejected(&[("UPLOAD_MAX_BYTES", "0")]).contains("UPLOAD_MAX_BYTES"));
        assert!(rejected(&[("UPLOAD_MAX_BYTES", "lots")]).contains("UPLOAD_MAX_BYTES"));
    }
}
