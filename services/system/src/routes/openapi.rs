//! GET `/system/openapi.json`: this service's OpenAPI document (not enveloped),
//! generated from the wire types and handlers.

use std::sync::LazyLock;

use actix_web::HttpResponse;
use shop_common::error::{MSG_FORBIDDEN, MSG_UNAUTHORIZED, MSG_VALIDATION};
use shop_common::openapi::ServiceDoc;
use utoipa::openapi::OpenApi as Document;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::{configuration, notification, upload_file, uploads};
use crate::error::MSG_NOT_FAILED;

const DOC: ServiceDoc = ServiceDoc {
    title: "system service",
    description: "Shop configuration, file uploads and notifications (e-mail to shoppers, \
        alerts to the seller by Telegram and e-mail; events arrive on the internal Enqueue). \
        Notification settings and deliveries are admin only. Every API answer is the envelope \
        `{status, success, result, error}` with the HTTP status equal to `status`; \
        `/uploads/*` and this document are not enveloped. See docs/api-conventions.md in the repository for \
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
        notification::read_settings,
        notification::update_settings,
        notification::test,
        notification::pagination,
        notification::resend,
        notification::enqueue,
        notification::by_order,
        document,
    ),
    modifiers(&DOC, &KeySchemes)
)]
pub struct ApiDoc;

/// Other services prove themselves with `x-internal-key`, not a bearer token.
struct KeySchemes;

impl Modify for KeySchemes {
    fn modify(&self, openapi: &mut Document) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "internalKey",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("x-internal-key"))),
        );
    }
}

shop_common::error_answers! {
    /// No or a wrong `x-internal-key`.
    pub NoInternalKey = 401, "Missing or wrong internal key (code 5)", [(5, MSG_UNAUTHORIZED)];
    /// Another service's valid key on a route that is not its own.
    pub NotYourCaller = 403, "A known service that is not this route's caller (code 6)", [(6, MSG_FORBIDDEN)];
    /// Resend of a delivery that is not `failed`.
    pub NotFailed = 409, "The delivery is not failed (code 404)", [(404, MSG_NOT_FAILED)];
    /// Test: bad input, or the server refused (its own message).
    pub TestRefused = 400, "Bad input (code 1 with details), or the SMTP or Telegram server refused: code 1, `message` is the server's own error", [(1, MSG_VALIDATION)];
}

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
