//! GET `/identity/openapi.json`: this service's OpenAPI document (not enveloped),
//! generated from the wire types and handlers, and the answers only this service
//! documents.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use actix_web::HttpResponse;
use serde_json::{Value, json};
use shop_common::error::{MSG_INTERNAL, MSG_NOT_FOUND, MSG_UNAUTHORIZED};
use shop_common::openapi::{BEARER, Forbidden, ServiceDoc, Unauthorized, Unavailable};
use utoipa::openapi::example::ExampleBuilder;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{ContentBuilder, OpenApi as Document, Ref, RefOr, Response, ResponseBuilder};
use utoipa::{Modify, OpenApi};

use super::user::MSG_NO_ID;
use super::{audit_log, identity_auth, internal, jwks, user};
use crate::domain::{MSG_PASSWORD_LENGTH, MSG_USER_NAME};
use crate::error::{
    MSG_ACCOUNT_DISABLED, MSG_BAD_CREDENTIALS, MSG_COMMON_PASSWORD, MSG_LAST_ADMIN,
    MSG_OLD_PASSWORD_WRONG, MSG_PASSWORD_MISMATCH, MSG_PASSWORD_UNCHANGED, MSG_SELF_ACTION,
    MSG_USER_NAME_TAKEN,
};

const DOC: ServiceDoc = ServiceDoc {
    title: "identity service",
    description: "Users, passwords, login, token signing and the JWKS. Every API answer is \
        the envelope `{status, success, result, error}` with the HTTP status equal to \
        `status`; the JWKS and this document are not enveloped. An unknown route or method \
        answers code 2 (HTTP 404) in the envelope. Admin routes take `Authorization: Bearer \
        <accessToken>` from Login; `User/*` is for admins only. See docs/api-conventions.md in the repository for \
        the conventions and error codes.",
};

#[derive(OpenApi)]
#[openapi(
    tags(
        (name = "IdentityAuth", description = "Login and the signed-in user"),
        (name = "User", description = "Account management (admin only)"),
        (name = "AuditLog", description = "Who changed which account, and lockouts (admin only)"),
        (name = "Keys", description = "Token verification keys"),
        (name = "Internal", description = "Service-to-service (`x-internal-key`)"),
        (name = "Meta"),
    ),
    paths(
        identity_auth::login,
        identity_auth::self_change_password,
        identity_auth::me,
        user::pagination,
        user::read,
        user::create,
        user::update,
        user::reset_password,
        user::delete,
        audit_log::pagination,
        jwks::jwks,
        internal::token_status,
        document,
    ),
    modifiers(&DOC, &KeySchemes)
)]
pub struct ApiDoc;

/// How callers prove themselves: the bearer token from Login (described), and other
/// services' `x-internal-key`.
struct KeySchemes;

impl Modify for KeySchemes {
    fn modify(&self, openapi: &mut Document) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            BEARER,
            SecurityScheme::Http(
                Http::builder()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some("The `accessToken` from Login (EdDSA JWT)."))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "internalKey",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "x-internal-key",
                "The calling service's own key (its `INTERNAL_API_KEY`); identity accepts every service's.",
            ))),
        );
    }
}

/// One documented error: its code, message and the fields `details` names (each with
/// its own message; none for an answer without `details`).
type ErrorExample = (u32, &'static str, &'static [(&'static str, &'static str)]);

/// An error answer whose examples may carry `details` (common's `error_response` has
/// none).
fn error_answer(status: u16, description: &str, examples: &[ErrorExample]) -> RefOr<Response> {
    let examples = examples.iter().map(|(code, message, details)| {
        let mut error = json!({ "code": code, "message": message });
        if !details.is_empty() {
            error["details"] = details
                .iter()
                .map(|(field, message)| json!({ "field": field, "message": message }))
                .collect::<Value>();
        }
        (
            format!("code{code}"),
            ExampleBuilder::new()
                .value(Some(json!({
                    "status": status,
                    "success": false,
                    "result": null,
                    "error": error,
                })))
                .build(),
        )
    });
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorEnvelope")))
                .examples_from_iter(examples)
                .build(),
        )
        .build()
        .into()
}

/// Declares unit types usable in `responses(...)`, each one error answer with examples:
/// `answers!(pub Refused = 400, "...", [(100, MSG, &[]), (1, MSG, &[("field", MSG)])]);`
macro_rules! answers {
    ($($(#[$meta:meta])* $vis:vis $name:ident = $status:literal, $description:expr, [$($example:expr),+ $(,)?]);+ $(;)?) => {$(
        $(#[$meta])*
        $vis struct $name;

        impl ::utoipa::IntoResponses for $name {
            fn responses() -> BTreeMap<String, RefOr<Response>> {
                BTreeMap::from([(
                    stringify!($status).to_owned(),
                    error_answer($status, $description, &[$($example),+]),
                )])
            }
        }
    )+};
}

const MSG_LOCKED: &str = "Đăng nhập sai quá nhiều lần, vui lòng thử lại sau 15 phút";
const MSG_BAD_JSON: &str = "JSON không hợp lệ";
const MSG_NO_USER_NAME: &str = "Vui lòng nhập tên đăng nhập";
const MSG_NO_PASSWORD: &str = "Vui lòng nhập mật khẩu";
const MSG_BAD_SORT: &str = "Không thể sắp xếp theo trường này";
const MSG_BAD_ACTION: &str = "Thao tác không hợp lệ";

answers! {
    pub LoginRefused = 400, "Missing user name or password (code 1, details per field), unreadable JSON (code 1), wrong credentials (100), locked (101) or disabled account (102)", [
        (1, MSG_NO_USER_NAME, &[("userName", MSG_NO_USER_NAME), ("password", MSG_NO_PASSWORD)]),
        (100, MSG_BAD_CREDENTIALS, &[]),
        (101, MSG_LOCKED, &[]),
        (102, MSG_ACCOUNT_DISABLED, &[]),
    ];
    pub ChangePasswordRefused = 400, "Unreadable JSON (code 1), a password rule broken (120..124, with one `details` entry naming the field), or too many failures (101)", [
        (1, MSG_BAD_JSON, &[]),
        (120, MSG_OLD_PASSWORD_WRONG, &[("oldPassword", MSG_OLD_PASSWORD_WRONG)]),
        (121, MSG_PASSWORD_MISMATCH, &[("confirmPassword", MSG_PASSWORD_MISMATCH)]),
        (122, MSG_PASSWORD_LENGTH, &[("newPassword", MSG_PASSWORD_LENGTH)]),
        (123, MSG_PASSWORD_UNCHANGED, &[("newPassword", MSG_PASSWORD_UNCHANGED)]),
        (124, MSG_COMMON_PASSWORD, &[("newPassword", MSG_COMMON_PASSWORD)]),
        (101, MSG_LOCKED, &[]),
    ];
    pub UserListRefused = 400, "Invalid paging, sorting or filter parameters (code 1, details per field)", [
        (1, MSG_BAD_SORT, &[("sortBy", MSG_BAD_SORT)]),
    ];
    pub BadId = 400, "`id` missing or not a UUID (code 1)", [
        (1, "Tham số truy vấn không hợp lệ: Query deserialize error: missing field `id`", &[]),
    ];
    pub CreateRefused = 400, "Validation failed (code 1, details per field), a common password (code 124) or unreadable JSON", [
        (1, MSG_USER_NAME, &[("userName", MSG_USER_NAME), ("password", MSG_PASSWORD_LENGTH)]),
        (124, MSG_COMMON_PASSWORD, &[("password", MSG_COMMON_PASSWORD)]),
    ];
    pub UpdateRefused = 400, "Validation failed (code 1, details per field), unreadable JSON, disabling oneself (132) or removing the last active admin (133)", [
        (1, MSG_NO_ID, &[("id", MSG_NO_ID)]),
        (132, MSG_SELF_ACTION, &[]),
        (133, MSG_LAST_ADMIN, &[]),
    ];
    pub ResetRefused = 400, "Validation failed (code 1, details per field) or unreadable JSON, or a common password (code 124)", [
        (1, MSG_PASSWORD_LENGTH, &[("newPassword", MSG_PASSWORD_LENGTH)]),
        (124, MSG_COMMON_PASSWORD, &[("newPassword", MSG_COMMON_PASSWORD)]),
    ];
    pub DeleteRefused = 400, "`id` missing or not a UUID (code 1), or deleting oneself (132)", [
        (1, "Tham số truy vấn không hợp lệ: Query deserialize error: missing field `id`", &[]),
        (132, MSG_SELF_ACTION, &[]),
    ];
    pub AuditListRefused = 400, "Invalid paging or filter parameters (code 1, details per field)", [
        (1, MSG_BAD_ACTION, &[("action", MSG_BAD_ACTION)]),
    ];
    pub BadTokenQuery = 400, "`sub` or `ver` missing or malformed (code 1)", [
        (1, "Tham số truy vấn không hợp lệ: Query deserialize error: missing field `ver`", &[]),
    ];
    pub NoInternalKey = 401, "Missing or wrong `x-internal-key` (a bearer token is not accepted)", [
        (5, MSG_UNAUTHORIZED, &[]),
    ];
    pub NoSuchUser = 404, "No such (live) user", [(2, MSG_NOT_FOUND, &[])];
    pub UserNameTaken = 409, "User name taken", [(130, MSG_USER_NAME_TAKEN, &[])];
    pub InternalError = 500, "Internal error (never carries detail)", [(9, MSG_INTERNAL, &[])];
}

shop_common::answer_set! {
    /// What every admin-only operation may answer besides its own refusals: 401, 403, 500,
    /// 503.
    pub AdminOnly = Unauthorized, Forbidden, InternalError, Unavailable;
}

/// A string that can only be `value`.
pub(crate) fn constant(value: &'static str) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some([value]))
        .build()
}

/// The result of SelfChangePassword, ResetPassword and Delete: always `true`.
pub type Done = shop_common::openapi::Deleted;

static JSON: LazyLock<String> = LazyLock::new(|| shop_common::openapi::to_json(&ApiDoc::openapi()));

/// The document as served and printed by `identity openapi`.
pub fn json() -> &'static str {
    &JSON
}

/// This document (not enveloped)
#[utoipa::path(get, path = super::OPENAPI, operation_id = "getOpenApi", tag = "Meta",
    responses((status = 200, description = "OpenAPI 3 document", body = Object)))]
pub async fn document() -> HttpResponse {
    shop_common::openapi::serve(json())
}
