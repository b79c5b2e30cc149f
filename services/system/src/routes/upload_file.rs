//! POST `/system/api/admin/v1/UploadFile/Upload` (admin or staff): one image in the
//! multipart field `file`, judged by its bytes, stored under its sha256.
//!
//! Size is enforced while the body streams in: the file field may hold at most
//! `UPLOAD_MAX_BYTES`, the whole body that plus [`MULTIPART_OVERHEAD`] for framing and
//! small extra fields. Past either bound reading stops and the answer is code 210. A
//! declared `Content-Length` beyond the body bound is refused before reading anything.

use actix_multipart::{Multipart, MultipartError};
use actix_web::error::PayloadError;
use actix_web::http::header::CONTENT_LENGTH;
use actix_web::{HttpRequest, HttpResponse, web};
use bytes::{Bytes, BytesMut};
use futures_util::StreamExt;
use serde::Serialize;
use shop_common::auth::AuthUser;
use shop_common::ok;
use shop_common::openapi::{Enveloped, Unauthorized, Unavailable};
use utoipa::ToSchema;

use crate::UploadLimit;
use crate::domain::image::{ImageInfo, analyse};
use crate::error::SystemError;
use crate::storage::FileStore;

/// The multipart field that carries the file.
pub const FILE_FIELD: &str = "file";
/// Body bytes allowed on top of the file limit (boundaries, part headers, other fields).
pub const MULTIPART_OVERHEAD: u64 = 64 * 1024;

const MSG_NOT_MULTIPART: &str = "Yêu cầu phải là multipart/form-data với trường 'file'";
const MSG_MALFORMED: &str = "Dữ liệu tải lên không hợp lệ";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadResult {
    /// `/uploads/<sha256>.<ext>`
    #[schema(
        example = "/uploads/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png"
    )]
    pub url: String,
    #[schema(inline, value_type = ImageContentType)]
    pub content_type: &'static str,
    /// Bytes
    pub size: u64,
    #[schema(minimum = 1)]
    pub width: u32,
    #[schema(minimum = 1)]
    pub height: u32,
}

/// The content types an upload can have (`ImageKind::content_type`).
#[derive(Serialize, ToSchema)]
pub enum ImageContentType {
    #[serde(rename = "image/png")]
    Png,
    #[serde(rename = "image/jpeg")]
    Jpeg,
    #[serde(rename = "image/webp")]
    Webp,
    #[serde(rename = "image/gif")]
    Gif,
}

/// The multipart body (documentation only: the handler streams the payload).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

shop_common::error_answers! {
    /// 400: not an accepted image (211), no file (212), not a readable multipart body (1).
    pub UploadRejected = 400,
        "Not an accepted image (211), no file (212), or not a readable multipart body (1)",
        [
            (211, "Tệp tải lên không phải ảnh hợp lệ (PNG, JPEG, WEBP, GIF)"),
            (212, "Chưa có tệp nào được tải lên (trường 'file')"),
            (1, MSG_NOT_MULTIPART),
        ];
    /// 413 code 210.
    pub UploadTooLarge = 413, "File over the limit", [(210, "Tệp tải lên vượt quá 5 MB")];
}

fn declared_length(req: &HttpRequest) -> Option<u64> {
    req.headers()
        .get(CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .trim()
        .parse()
        .ok()
}

fn multipart_error(e: MultipartError, max_bytes: u64) -> SystemError {
    match e {
        MultipartError::Payload(PayloadError::Overflow) => {
            SystemError::UploadTooLarge { limit: max_bytes }
        }
        MultipartError::ContentTypeMissing
        | MultipartError::ContentTypeParse
        | MultipartError::ContentTypeIncompatible => SystemError::BadRequest(MSG_NOT_MULTIPART),
        other => {
            tracing::debug!(error = %other, "malformed multipart upload");
            SystemError::BadRequest(MSG_MALFORMED)
        }
    }
}

/// Reads the body up to `max_bytes` of file content and returns the first non-empty
/// `file` field. Other fields are read and dropped (they count towards the body bound).
async fn read_file_field(
    req: &HttpRequest,
    payload: web::Payload,
    max_bytes: u64,
) -> Result<Bytes, SystemError> {
    let body_cap = max_bytes.saturating_add(MULTIPART_OVERHEAD);
    let declared = declared_length(req);
    if declared.is_some_and(|len| len > body_cap) {
        return Err(SystemError::UploadTooLarge { limit: max_bytes });
    }
    // Room for the whole file at once when the length is known (never over the limit).
    let capacity = usize::try_from(declared.unwrap_or(0).min(max_bytes)).unwrap_or(0);
    let mut received: u64 = 0;
    let bounded = payload.map(move |chunk| {
        let chunk = chunk?;
        received = received.saturating_add(chunk.len() as u64);
        if received > body_cap {
            Err(PayloadError::Overflow)
        } else {
            Ok(chunk)
        }
    });
    let mut multipart = Multipart::new(req.headers(), bounded);
    let mut file: Option<Bytes> = None;
    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(|e| multipart_error(e, max_bytes))?;
        let wanted = file.is_none() && field.name() == Some(FILE_FIELD);
        let mut buf = if wanted {
            BytesMut::with_capacity(capacity)
        } else {
            BytesMut::new()
        };
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| multipart_error(e, max_bytes))?;
            if !wanted {
                continue;
            }
            if (buf.len() + chunk.len()) as u64 > max_bytes {
                return Err(SystemError::UploadTooLarge { limit: max_bytes });
            }
            buf.extend_from_slice(&chunk);
        }
        if wanted && !buf.is_empty() {
            file = Some(buf.freeze());
        }
    }
    file.ok_or(SystemError::NoFile)
}

/// Upload an image (admin or staff)
///
/// One PNG, JPEG, WEBP or GIF in the multipart field `file`, judged by its content (never by file name or Content-Type). Stored under the sha256 of its bytes: the same bytes always give the same URL. Limit `UPLOAD_MAX_BYTES` (default 5 MiB), enforced while the body streams in.
#[utoipa::path(post, path = super::ADMIN_UPLOAD, operation_id = "uploadFile", tag = "UploadFile",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, description = "The stored file", body = inline(Enveloped<UploadResult>)),
        UploadRejected, Unauthorized, UploadTooLarge, Unavailable))]
pub async fn upload(
    user: AuthUser,
    req: HttpRequest,
    payload: web::Payload,
    store: web::Data<dyn FileStore>,
    limit: web::Data<UploadLimit>,
) -> Result<HttpResponse, SystemError> {
    let bytes = read_file_field(&req, payload, limit.max_bytes).await?;
    // Hashing a few MiB is CPU work: keep it off the async workers.
    let (info, bytes): (Option<ImageInfo>, Bytes) = web::block(move || (analyse(&bytes), bytes))
        .await
        .map_err(|e| SystemError::Internal(e.to_string()))?;
    let info = info.ok_or(SystemError::NotAnImage)?;
    let size = bytes.len() as u64;
    store.put(&info.name, bytes).await?;
    tracing::info!(
        user = %user.user_name,
        name = %info.name,
        size,
        "file uploaded"
    );
    Ok(ok(UploadResult {
        url: info.name.url(),
        content_type: info.kind.content_type(),
        size,
        width: info.width,
        height: info.height,
    }))
}
