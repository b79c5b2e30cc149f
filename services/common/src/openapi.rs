//! What every service's OpenAPI document shares, written once: the envelope around a
//! result ([`Enveloped`]), a page of results ([`PageOf`]) and the page query
//! ([`PageParams`]), the error envelope and the standard error answers ([`Unauthorized`]
//! and the others, or [`error_answers!`](crate::error_answers) for a service's own), the
//! bearer scheme, servers and info ([`ServiceDoc`]); Delete's answer ([`Deleted`]) and the
//! document's own answer ([`serve`]).
//!
//! A service documents its wire types and handlers and lists them once:
//!
//! ```ignore
//! use shop_common::openapi::{Enveloped, ServiceDoc, Unauthorized, Unavailable};
//!
//! #[derive(Serialize, ToSchema)]
//! #[serde(rename_all = "camelCase")]
//! pub struct Thing { #[schema(max_length = 100)] pub name: String }
//!
//! // An `/api/admin/` operation: `ServiceDoc` adds the bearer security.
//! #[utoipa::path(get, path = "/svc/api/admin/v1/Thing/Read", tag = "Thing", params(IdQuery),
//!     responses((status = 200, description = "The thing", body = inline(Enveloped<Thing>)),
//!         Unauthorized, NotFound, Unavailable))]
//! pub async fn read(..) -> Result<HttpResponse, SvcError> { .. }
//!
//! #[derive(utoipa::OpenApi)]
//! #[openapi(paths(read), modifiers(&ServiceDoc { title: "svc service", description: ".." }))]
//! pub struct ApiDoc;
//! ```
//!
//! The service registers the same handlers through a [`RouteTable`](crate::route_table),
//! serves `ApiDoc::openapi()` at `/<svc>/openapi.json` (and prints it for
//! `<svc> openapi`), and its tests call `testing::openapi::check_document` with the
//! table's operations: every route documented, every documented operation routed, every
//! example valid against its schema.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::marker::PhantomData;

use actix_web::dev::Payload;
use actix_web::http::header::ContentType;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use serde_json::{Value, json};
use utoipa::__dev::ComposeSchema;
use utoipa::openapi::example::ExampleBuilder;
use utoipa::openapi::path::{Operation, Parameter, ParameterBuilder, ParameterIn, PathItem};
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{
    ContentBuilder, InfoBuilder, OpenApi, Ref, RefOr, Required, ResponseBuilder, Server,
};
use utoipa::{IntoParams, Modify, PartialSchema, ToSchema};

use crate::error::{
    MSG_FORBIDDEN, MSG_NOT_FOUND, MSG_TOO_LARGE, MSG_TOO_MANY, MSG_UNAUTHORIZED, MSG_UNAVAILABLE,
    MSG_VALIDATION,
};
use crate::pagination::{DEFAULT_PAGE_SIZE, MAX_PAGE_INDEX, MAX_PAGE_SIZE, PageQuery, PageRequest};

/// The security scheme name operations refer to: `security(("bearerAuth" = []))`, which
/// [`ServiceDoc`] adds by itself to the `/api/admin/` operations.
pub const BEARER: &str = "bearerAuth";
const ERROR_ENVELOPE: &str = "ErrorEnvelope";
const FIELD_ERROR: &str = "FieldError";

fn schema_ref(name: &str) -> RefOr<Schema> {
    RefOr::Ref(Ref::from_schema_name(name))
}

/// A named object (or composition) is referred to by name; anything else is inlined.
fn refer_or_inline<T: ToSchema>() -> RefOr<Schema> {
    match T::schema() {
        RefOr::T(Schema::Object(o)) if o.schema_type == SchemaType::new(Type::Object) => {
            schema_ref(&T::name())
        }
        RefOr::T(Schema::AllOf(_) | Schema::OneOf(_) | Schema::AnyOf(_)) => schema_ref(&T::name()),
        other => other,
    }
}

fn collect<T: ToSchema>(schemas: &mut Vec<(String, RefOr<Schema>)>) {
    if matches!(refer_or_inline::<T>(), RefOr::Ref(_)) {
        schemas.push((T::name().into_owned(), T::schema()));
    }
    T::schemas(schemas);
}

/// `ToSchema` for a schema built around `T` (`Enveloped`, `PageOf`, `ListOf`): named
/// `<T><suffix>`, and it brings `T`'s own schemas into the document.
macro_rules! named_after_item {
    ($wrapper:ident, $suffix:literal) => {
        impl<T: ToSchema> ToSchema for $wrapper<T> {
            fn name() -> Cow<'static, str> {
                Cow::Owned(format!("{}{}", T::name(), $suffix))
            }

            fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
                collect::<T>(schemas);
            }
        }
    };
}

/// A 200 answer: `{status: 200, success: true, result: T, error: null}`. Use it inline:
/// `body = inline(Enveloped<T>)`.
pub struct Enveloped<T>(PhantomData<T>);

// utoipa asks generic types for `ComposeSchema` (its hook for generic arguments, which
// gives `PartialSchema`); these schemas already know their argument.
impl<T: ToSchema> ComposeSchema for Enveloped<T> {
    fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .property(
                "status",
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .enum_values(Some([200])),
            )
            .property(
                "success",
                ObjectBuilder::new()
                    .schema_type(Type::Boolean)
                    .enum_values(Some([true])),
            )
            .property("result", refer_or_inline::<T>())
            .property("error", ObjectBuilder::new().schema_type(Type::Null))
            .required("status")
            .required("success")
            .required("result")
            .required("error")
            .into()
    }
}

named_after_item!(Enveloped, "Envelope");

/// One page of `T` (`common::pagination::Page`), named `<T>Page`.
pub struct PageOf<T>(PhantomData<T>);

impl<T: ToSchema> ComposeSchema for PageOf<T> {
    fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
        let count = |min: i64| {
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(min))
        };
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .property("items", ArrayBuilder::new().items(refer_or_inline::<T>()))
            .property("totalCount", count(0))
            .property("pageIndex", count(1).maximum(Some(MAX_PAGE_INDEX)))
            .property("pageSize", count(1).maximum(Some(MAX_PAGE_SIZE)))
            .required("items")
            .required("totalCount")
            .required("pageIndex")
            .required("pageSize")
            .into()
    }
}

named_after_item!(PageOf, "Page");

/// A list of `T` (`Enveloped<ListOf<T>>`): an array whose items refer to `T` by name,
/// where `Vec<T>` would repeat `T` inline in every answer that lists it.
pub struct ListOf<T>(PhantomData<T>);

impl<T: ToSchema> ComposeSchema for ListOf<T> {
    fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
        ArrayBuilder::new().items(refer_or_inline::<T>()).into()
    }
}

named_after_item!(ListOf, "List");

/// What a paged list sorts by and how its keyword matches (`PageParams<Self>`).
pub trait PageSpec {
    /// The `sortBy` values the endpoint accepts.
    const SORTABLE: &'static [&'static str];
    /// What `keyword` matches.
    const KEYWORD: &'static str;
    /// The order without `sortBy`.
    const DEFAULT_ORDER: &'static str = "`createdAt desc`";
}

/// The page query of `common::pagination::PageQuery`, documented and checked by one spec:
/// `params(PageParams<Spec>, Filters)` in the handler's annotation, and `page:
/// PageParams<Spec>` among its arguments, which reads the query and checks it against
/// `Spec::SORTABLE` (code 1 otherwise); it derefs to the checked [`PageRequest`].
pub struct PageParams<S> {
    request: PageRequest,
    spec: PhantomData<S>,
}

impl<S> std::ops::Deref for PageParams<S> {
    type Target = PageRequest;

    fn deref(&self) -> &PageRequest {
        &self.request
    }
}

impl<S: PageSpec> FromRequest for PageParams<S> {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let checked = web::Query::<PageQuery>::from_request(req, payload)
            .into_inner()
            .and_then(|query| Ok(query.check(S::SORTABLE)?));
        std::future::ready(checked.map(|request| Self {
            request,
            spec: PhantomData,
        }))
    }
}

fn query_param(name: &str, schema: impl Into<RefOr<Schema>>) -> ParameterBuilder {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .schema(Some(schema))
}

impl<S: PageSpec> IntoParams for PageParams<S> {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let int = || {
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(1))
        };
        let strings = |values: &[&str]| {
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some(values.iter().map(|v| (*v).to_owned())))
        };
        vec![
            query_param(
                "pageIndex",
                int().maximum(Some(MAX_PAGE_INDEX)).default(Some(json!(1))),
            )
            .build(),
            query_param(
                "pageSize",
                int()
                    .maximum(Some(MAX_PAGE_SIZE))
                    .default(Some(json!(DEFAULT_PAGE_SIZE))),
            )
            .build(),
            query_param(
                "keyword",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .max_length(Some(200)),
            )
            .description(Some(format!("Trimmed; blank means none. {}", S::KEYWORD)))
            .build(),
            query_param("sortBy", strings(S::SORTABLE))
                .description(Some(format!(
                    "Without it the order is {}.",
                    S::DEFAULT_ORDER
                )))
                .build(),
            query_param("sortDir", strings(&["asc", "desc"]))
                .description(Some("Used with `sortBy` (default `asc` there)."))
                .build(),
        ]
    }
}

/// One error answer: its status, what it means, and the codes it carries with their
/// messages (each becomes a named example of the error envelope).
pub fn error_response(
    status: u16,
    description: &str,
    codes: &[(u32, &str)],
) -> RefOr<utoipa::openapi::Response> {
    let examples = codes.iter().map(|(code, message)| {
        (
            format!("code{code}"),
            ExampleBuilder::new()
                .value(Some(json!({
                    "status": status,
                    "success": false,
                    "result": null,
                    "error": { "code": code, "message": message },
                })))
                .build(),
        )
    });
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(schema_ref(ERROR_ENVELOPE)))
                .examples_from_iter(examples)
                .build(),
        )
        .build()
        .into()
}

/// Declares unit types usable in `responses(...)`, each one error answer:
/// `error_answers!(pub NotAnImage = 400, "Not an image", [(211, MSG)]);`
#[macro_export]
macro_rules! error_answers {
    ($($(#[$meta:meta])* $vis:vis $name:ident = $status:literal, $description:expr, [$(($code:expr, $message:expr)),+ $(,)?]);+ $(;)?) => {$(
        $(#[$meta])*
        $vis struct $name;

        impl ::utoipa::IntoResponses for $name {
            fn responses() -> ::std::collections::BTreeMap<
                String,
                ::utoipa::openapi::RefOr<::utoipa::openapi::Response>,
            > {
                ::std::collections::BTreeMap::from([(
                    stringify!($status).to_owned(),
                    $crate::openapi::error_response($status, $description, &[$(($code, $message)),+]),
                )])
            }
        }
    )+};
}

/// Declares a unit type usable in `responses(...)` for answers that go together, so that
/// the operations sharing them list one name:
/// `answer_set!(pub AdminOnly = Unauthorized, Forbidden, Unavailable);`
/// The parts should answer distinct statuses (a later part's answer replaces an earlier
/// one's, as in `responses(...)` itself).
#[macro_export]
macro_rules! answer_set {
    ($($(#[$meta:meta])* $vis:vis $name:ident = $($part:ty),+);+ $(;)?) => {$(
        $(#[$meta])*
        $vis struct $name;

        impl ::utoipa::IntoResponses for $name {
            fn responses() -> ::std::collections::BTreeMap<
                String,
                ::utoipa::openapi::RefOr<::utoipa::openapi::Response>,
            > {
                let mut answers = ::std::collections::BTreeMap::new();
                $(answers.extend(<$part as ::utoipa::IntoResponses>::responses());)+
                answers
            }
        }
    )+};
}

error_answers! {
    /// 400 code 1: a field, the query string or the JSON body is not acceptable.
    pub BadRequest = 400, "Validation failed (`details` per field) or unreadable input", [(1, MSG_VALIDATION)];
    /// 401 code 5.
    pub Unauthorized = 401, "Missing, invalid, expired or revoked token", [(5, MSG_UNAUTHORIZED)];
    /// 403 code 6.
    pub Forbidden = 403, "Authenticated but not allowed (role)", [(6, MSG_FORBIDDEN)];
    /// 404 code 2.
    pub NotFound = 404, "No such record", [(2, MSG_NOT_FOUND)];
    /// 413 code 7.
    pub PayloadTooLarge = 413, "Body over the limit", [(7, MSG_TOO_LARGE)];
    /// 429 code 4.
    pub TooManyRequests = 429, "Too many requests", [(4, MSG_TOO_MANY)];
    /// 503 code 8.
    pub Unavailable = 503, "Database or another service unavailable", [(8, MSG_UNAVAILABLE)];
}

/// An error body with `details` (`common::error::FieldError`).
fn field_error_schema() -> Schema {
    let text = || ObjectBuilder::new().schema_type(Type::String);
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .property("field", text())
        .property("message", text())
        .required("field")
        .required("message")
        .into()
}

/// `{status, success: false, result: null, error: {code, message, details?}}`.
fn error_envelope_schema() -> Schema {
    let error = ObjectBuilder::new()
        .schema_type(Type::Object)
        .property("code", ObjectBuilder::new().schema_type(Type::Integer))
        .property("message", ObjectBuilder::new().schema_type(Type::String))
        .property(
            "details",
            ArrayBuilder::new().items(schema_ref(FIELD_ERROR)),
        )
        .required("code")
        .required("message");
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .property(
            "status",
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(400))
                .maximum(Some(599)),
        )
        .property(
            "success",
            ObjectBuilder::new()
                .schema_type(Type::Boolean)
                .enum_values(Some([false])),
        )
        .property("result", ObjectBuilder::new().schema_type(Type::Null))
        .property("error", error)
        .required("status")
        .required("success")
        .required("result")
        .required("error")
        .into()
}

/// What a document says about its service: applied last, as the `OpenApi` modifier. It
/// also declares, once for all, that every back-office operation (a path with
/// [`ADMIN_SEGMENT`]) takes the bearer token, unless the operation declares its own
/// security.
pub struct ServiceDoc {
    pub title: &'static str,
    pub description: &'static str,
}

impl Modify for ServiceDoc {
    fn modify(&self, openapi: &mut OpenApi) {
        openapi.openapi = utoipa::openapi::OpenApiVersion::Version31;
        openapi.info = InfoBuilder::new()
            .title(self.title)
            .version("1.0.0")
            .description(Some(self.description))
            .build();
        openapi.servers = Some(vec![Server::new("/")]);
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            BEARER,
            SecurityScheme::Http(
                Http::builder()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
        components
            .schemas
            .insert(FIELD_ERROR.to_owned(), field_error_schema().into());
        components
            .schemas
            .insert(ERROR_ENVELOPE.to_owned(), error_envelope_schema().into());
        for (path, item) in openapi.paths.paths.iter_mut() {
            if path.contains(ADMIN_SEGMENT) {
                for operation in operations_mut(item) {
                    if operation.security.is_none() {
                        operation.security =
                            Some(vec![SecurityRequirement::new(BEARER, NO_SCOPES)]);
                    }
                }
            }
        }
    }
}

/// Where the back office's operations live: `/<service>/api/admin/...`.
pub const ADMIN_SEGMENT: &str = "/api/admin/";
const NO_SCOPES: [&str; 0] = [];

fn operations_mut(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        &mut item.get,
        &mut item.put,
        &mut item.post,
        &mut item.delete,
        &mut item.options,
        &mut item.head,
        &mut item.patch,
        &mut item.trace,
    ]
    .into_iter()
    .flatten()
}

/// Delete's result: always `true` (`body = inline(Enveloped<Deleted>)`).
pub struct Deleted;

impl PartialSchema for Deleted {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Boolean)
            .enum_values(Some([true]))
            .into()
    }
}

impl ToSchema for Deleted {}

/// The answer to `GET /<svc>/openapi.json`: the document's JSON text, not enveloped.
pub fn serve(json: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(json)
}

/// The document as served and printed.
pub fn to_json(doc: &OpenApi) -> String {
    doc.to_pretty_json().unwrap_or_else(|e| {
        // Serialising plain data cannot fail; answer an empty object rather than panic.
        tracing::error!(error = %e, "cannot serialise the OpenAPI document");
        "{}".to_owned()
    })
}

/// Helpers for `Value` checks on the document in tests and tools.
pub fn operations(doc: &Value) -> BTreeMap<(String, String), Value> {
    let mut out = BTreeMap::new();
    if let Some(paths) = doc["paths"].as_object() {
        for (path, item) in paths {
            if let Some(item) = item.as_object() {
                for (method, op) in item {
                    if method != "parameters" {
                        out.insert((method.to_uppercase(), path.clone()), op.clone());
                    }
                }
            }
        }
    }
    out
}
