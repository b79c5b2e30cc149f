//! GET/HEAD `/uploads/{name}`: stored files, outside the envelope. Only
//! `<sha256>.<png|jpg|webp|gif>` names are looked up; anything else is a bare 404.
//! Objects never change, so they are cached for a year and revalidated by their hash.

use actix_web::body::SizedStream;
use actix_web::http::header::{
    self, ALLOW, CACHE_CONTROL, ETag, EntityTag, Header, IfNoneMatch, X_CONTENT_TYPE_OPTIONS,
};
use actix_web::{HttpRequest, HttpResponse, web};

use crate::domain::image::ObjectName;
use crate::storage::FileStore;

pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

fn not_modified(req: &HttpRequest, etag: &EntityTag) -> bool {
    match IfNoneMatch::parse(req) {
        Ok(IfNoneMatch::Any) => true,
        Ok(IfNoneMatch::Items(tags)) => tags.iter().any(|t| t.weak_eq(etag)),
        Err(_) => false,
    }
}

/// `{name}` of `/uploads/{name}`, for the document.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct UploadName {
    #[param(pattern = r"^[0-9a-f]{64}\.(png|jpg|webp|gif)$")]
    name: String,
}

/// Request headers the document names.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
#[allow(dead_code)]
pub struct ConditionalHeaders {
    #[param(rename = "If-None-Match", value_type = String, required = false)]
    if_none_match: Option<String>,
}

// A stored file's bytes, for the document.
#[derive(utoipa::ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct FileBytes(pub Vec<u8>);

// The only `X-Content-Type-Options` value sent.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub enum NoSniff {
    #[serde(rename = "nosniff")]
    NoSniff,
}

/// A stored file (public, not enveloped)
///
/// Sent with `Cache-Control: public, max-age=31536000, immutable`, `X-Content-Type-Options: nosniff` and `ETag: "<sha256>"`. Any other name, or a missing file: a bare 404. HEAD is supported.
#[utoipa::path(get, path = "/uploads/{name}", operation_id = "getUpload", tag = "Uploads",
    params(UploadName, ConditionalHeaders),
    responses((status = 200, description = "The file", headers(("ETag" = String), ("Cache-Control" = String), ("X-Content-Type-Options" = inline(NoSniff)),), content((inline(FileBytes) = "image/png"), (inline(FileBytes) = "image/jpeg"), (inline(FileBytes) = "image/webp"), (inline(FileBytes) = "image/gif"),)),
        (status = 304, description = "Not modified (If-None-Match matched)"),
        (status = 404, description = "No such file (empty body)")))]
pub async fn serve(req: HttpRequest, store: web::Data<dyn FileStore>) -> HttpResponse {
    let Some(name) = ObjectName::parse(req.match_info().query("name")) else {
        return HttpResponse::NotFound().finish();
    };
    let object = match store.get(&name).await {
        Ok(Some(object)) => object,
        Ok(None) => return HttpResponse::NotFound().finish(),
        Err(e) => {
            tracing::error!(error = %e, name = %name, "cannot read stored file");
            return HttpResponse::InternalServerError().finish();
        }
    };
    let etag = EntityTag::new_strong(name.hash().to_owned());
    let unchanged = not_modified(&req, &etag);
    let mut response = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header(ETag(etag))
        .insert_header((CACHE_CONTROL, IMMUTABLE))
        .insert_header((X_CONTENT_TYPE_OPTIONS, "nosniff"));
    if unchanged {
        return response.finish();
    }
    response
        .insert_header((header::CONTENT_TYPE, name.kind().content_type()))
        .body(SizedStream::new(object.len, object.body))
}

/// Any other method on `/uploads/...`.
pub async fn method_not_allowed() -> HttpResponse {
    HttpResponse::MethodNotAllowed()
        .insert_header((ALLOW, "GET, HEAD"))
        .finish()
}
