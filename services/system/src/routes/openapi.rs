//! GET `/system/openapi.json`: this service's OpenAPI document (not enveloped),
//! generated from the wire types and handlers.

use std::sync::LazyLock;

use actix_web::HttpResponse;
use shop_common::openapi::ServiceDoc;
use utoipa::OpenApi;

use super::{configuration, upload_file, uploads};

const DOC: ServiceDoc = ServiceDoc {
    title: "system service",
    description: "Shop configuration and file uploads. Every API answer is the envelope \
        `{status, success, result, error}` with the HTTP status equal to `status`; \
        `/uploads/*` and this document are not enveloped. See the project's api.md for \
        the conventions and error codes.",
};

#[derive(OpenApi)]
#[openapi(
    paths(
        configuration::public,
        configuration::read,
        configuration::update,
        upload_file::upload,
        uploads::serve,
        document,
    ),
    modifiers(&DOC)
)]
pub struct ApiDoc;

static JSON: LazyLock<String> = LazyLock::new(|| shop_common::openapi::to_json(&ApiDoc::openapi()));

/// The document as served and printed by `system openapi`.
pub fn json() -> &'static str {
    &JSON
}

/// This document (not enveloped)
#[utoipa::path(get, path = super::OPENAPI, operation_id = "getOpenApi", tag = "Meta",
    responses((status = 200, description = "OpenAPI 3 document", body = Object)))]
pub async fn document() -> HttpResponse {
    shop_common::openapi::serve(json())
}
