//! GET /paymentprovider/openapi.json: this service's OpenAPI 3.1 document, generated from
//! the wire types and the handlers' annotations (not enveloped), and the answers and
//! schemas only this service documents.

use std::sync::LazyLock;

use actix_web::HttpResponse;
use shop_common::error::{
    MSG_FORBIDDEN, MSG_NOT_FOUND, MSG_TOO_MANY, MSG_UNAUTHORIZED, MSG_UNAVAILABLE, MSG_VALIDATION,
};
use shop_common::openapi::ServiceDoc;
use shop_common::route_table::RouteTable;
use utoipa::openapi::OpenApi as Document;
use utoipa::openapi::schema::{Object, ObjectBuilder, SchemaType, Type};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::{audit_log, instruction, provider, transaction, webhook};
use crate::error::{
    MSG_NOT_UNMATCHED, MSG_ORDER_NOT_FOUND, MSG_PROVIDER_UNAVAILABLE, MSG_WEBHOOK_UNAUTHORIZED,
};

pub const PATH: &str = "/paymentprovider/openapi.json";

#[derive(OpenApi)]
#[openapi(
    paths(
        provider::list_public,
        provider::pagination,
        provider::read,
        provider::create,
        provider::update,
        provider::delete,
        provider::test_webhook,
        provider::banks,
        instruction::payment_instruction,
        webhook::sepay,
        transaction::pagination,
        transaction::unmatched_summary,
        transaction::assign,
        audit_log::pagination,
        document,
    ),
    modifiers(&DOC, &KeySchemes)
)]
pub struct ApiDoc;

const DOC: ServiceDoc = ServiceDoc {
    title: "paymentprovider service",
    description: "Payment providers (bank accounts paid by VietQR transfer, manual \
        instructions), the payment instructions retailstore asks for, and the bank transfers \
        SePay reports by webhook (stored once, applied to orders through retailstore's internal \
        ConfirmPayment, retried while retailstore is down). Every API answer is the envelope \
        `{status, success, result, error}` with the HTTP status equal to `status`; this \
        document is not enveloped. Reads under /api/admin/ are open to admin and staff, and so \
        are PaymentTransaction/Assign and PaymentProvider/TestWebhook (\"Gửi thử\"); provider \
        Create, Update and Delete and the audit log are admin only (code 6). Assign and every \
        provider write are audited in the same transaction, and each TestWebhook after its \
        delivery. See docs/api-conventions.md in the repository for the conventions and error codes.",
};

/// The callers that prove themselves with a header value rather than a bearer token:
/// other services (`x-internal-key`) and SePay (`Authorization: Apikey ...`).
struct KeySchemes;

impl Modify for KeySchemes {
    fn modify(&self, openapi: &mut Document) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "internalKey",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("x-internal-key"))),
        );
        components.add_security_scheme(
            "sepayApiKey",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Authorization",
                "`Apikey <webhook secret>` (SePay's API-key mode, webhookAuth apikey)",
            ))),
        );
        components.add_security_scheme(
            "sepayHmac",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-SePay-Signature",
                "`sha256=<hex>`: HMAC-SHA256 of `{X-SePay-Timestamp}.{raw body}` keyed with \
                 the webhook secret (SePay's signature mode, webhookAuth hmac)",
            ))),
        );
        components.add_security_scheme(
            "sepayTimestamp",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-SePay-Timestamp",
                "Unix seconds of the signature; refused more than 5 minutes from the \
                 server's clock",
            ))),
        );
    }
}

shop_common::error_answers! {
    /// PaymentInstruction's refusals.
    pub InstructionRefused = 400, "Bad input (code 1), or provider unknown, deleted or inactive (code 500)", [(1, MSG_VALIDATION), (500, MSG_PROVIDER_UNAVAILABLE)];
    /// No or a wrong `x-internal-key`.
    pub NoInternalKey = 401, "Missing or wrong internal key (code 5)", [(5, MSG_UNAUTHORIZED)];
    /// Another service's valid key on a route that is not its own.
    pub NotYourCaller = 403, "A known service that is not this route's caller (code 6)", [(6, MSG_FORBIDDEN)];
    /// Any failed webhook authentication.
    pub WebhookRefused = 401, "Webhook authentication failed (code 501)", [(501, MSG_WEBHOOK_UNAUTHORIZED)];
    /// A client refused too often (before any database work).
    pub TooManyRefusals = 429, "Too many refused webhook calls from this client (code 4)", [(4, MSG_TOO_MANY)];
    /// A webhook path the router cannot match.
    pub BadPathSegment = 404, "A providerId the router cannot take as one path segment (encoded slash, dot or control character) (code 2)", [(2, MSG_NOT_FOUND)];
    /// Assign: no transaction, or retailstore has no such order.
    pub AssignNotFound = 404, "No such transaction (code 2) or no such order (code 403)", [(2, MSG_NOT_FOUND), (403, MSG_ORDER_NOT_FOUND)];
    /// Assign on a transaction that is not `unmatched`.
    pub NotUnmatched = 409, "The transaction is not unmatched (code 404)", [(404, MSG_NOT_UNMATCHED)];
    /// Assign while retailstore or the database is down.
    pub AssignUnavailable = 503, "retailstore or the database unavailable (code 8); an accepted Assign is finished by the retry job", [(8, MSG_UNAVAILABLE)];
}

/// `true` or `false`, as query text.
pub fn true_or_false() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(["true", "false"]))
        .build()
}

/// SePay sends its ids as numbers or as text.
pub fn integer_or_string() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Integer, Type::String]))
        .build()
}

/// The document as JSON text, built once.
pub fn document_json() -> &'static str {
    static DOCUMENT: LazyLock<String> =
        LazyLock::new(|| shop_common::openapi::to_json(&ApiDoc::openapi()));
    &DOCUMENT
}

/// This document (not enveloped)
#[utoipa::path(get, path = "/paymentprovider/openapi.json", operation_id = "openapi", tag = "Docs",
    responses((status = 200, description = "OpenAPI 3.1 JSON", content_type = "application/json")))]
async fn document() -> HttpResponse {
    shop_common::openapi::serve(document_json())
}

pub fn routes(table: RouteTable) -> RouteTable {
    table.get(PATH, document)
}
