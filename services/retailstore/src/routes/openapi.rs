//! GET /retailstore/openapi.json: this service's OpenAPI 3.1 document, generated from the
//! wire types and the handlers' annotations (not enveloped), and the answers and schemas
//! only this service documents.

use std::sync::LazyLock;

use actix_web::HttpResponse;
use shop_common::error::{MSG_FORBIDDEN, MSG_UNAUTHORIZED, MSG_VALIDATION};
use shop_common::openapi::ServiceDoc;
use shop_common::route_table::RouteTable;
use utoipa::openapi::OpenApi as Document;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::{audit_log, dashboard, order, product, serial_code};
use crate::error::{
    MSG_CODE_EXISTS, MSG_CODE_LOCKED, MSG_IDEMPOTENCY_REUSED, MSG_NOT_ON_SALE, MSG_ORDER_NOT_FOUND,
    MSG_ORDER_STATE, MSG_OUT_OF_STOCK, MSG_PAYMENT_ALREADY_APPLIED, MSG_PRODUCT_IN_USE,
    MSG_PROVIDER_MISMATCH, MSG_PROVIDER_UNAVAILABLE, MSG_QUANTITY, MSG_SLUG_TAKEN,
    MSG_TOO_MANY_UNPAID,
};

pub const PATH: &str = "/retailstore/openapi.json";

#[derive(OpenApi)]
#[openapi(
    tags(
        (name = "Product"),
        (name = "ProductSerialCode"),
        (name = "Order"),
        (name = "Dashboard"),
        (name = "AuditLog"),
        (
            name = "Internal",
            description = "Chỉ giữa các dịch vụ (header x-internal-key); gateway không định tuyến"
        ),
    ),
    paths(
        product::web_pagination,
        product::web_by_slug,
        product::admin_pagination,
        product::read,
        product::create,
        product::update,
        product::delete,
        serial_code::pagination,
        serial_code::search,
        serial_code::bulk::create_bulk,
        serial_code::edit::update,
        serial_code::edit::delete,
        serial_code::edit::reveal,
        dashboard::summary,
        audit_log::pagination,
        document,
    ),
    modifiers(&InternalKey)
)]
pub struct ApiDoc;

const DOC: ServiceDoc = ServiceDoc {
    title: "retailstore",
    description: "Sản phẩm, mã serial, đơn hàng và bảng điều khiển của cửa hàng. Mọi phản hồi \
        API (trừ tài liệu này) nằm trong envelope {status, success, result, error}; mã HTTP \
        bằng status. Quy ước: docs/api-conventions.md trong kho mã.",
};

/// Other services prove themselves with `x-internal-key`.
struct InternalKey;

impl Modify for InternalKey {
    fn modify(&self, openapi: &mut Document) {
        openapi
            .components
            .get_or_insert_with(Default::default)
            .add_security_scheme(
                "internalKey",
                SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("x-internal-key"))),
            );
    }
}

shop_common::error_answers! {
    pub BatchRefused = 400, "Lỗi trong envelope; mã: 1, 313 lô quá lớn", [(1, MSG_VALIDATION), (313, "Mỗi lần nhập tối đa 50.000 mã")];
    pub OrderRefused = 400, "Lỗi trong envelope; mã: 1 (chi tiết theo trường), 401 số lượng ngoài min/max, 402 sản phẩm không bán, 500 phương thức thanh toán không khả dụng", [(1, MSG_VALIDATION), (401, MSG_QUANTITY), (402, MSG_NOT_ON_SALE), (500, MSG_PROVIDER_UNAVAILABLE)];
    pub NoInternalKey = 401, "Lỗi trong envelope; mã: 5 sai khóa nội bộ", [(5, MSG_UNAUTHORIZED)];
    pub NotYourCaller = 403, "Lỗi trong envelope; mã: 6 khóa của một dịch vụ không được gọi đường này", [(6, MSG_FORBIDDEN)];
    pub OrderNotFound = 404, "Lỗi trong envelope; mã: 403 không tìm thấy đơn hàng", [(403, MSG_ORDER_NOT_FOUND)];
    pub SlugTaken = 409, "Lỗi trong envelope; mã: 301 slug đã dùng", [(301, MSG_SLUG_TAKEN)];
    pub ProductInUse = 409, "Lỗi trong envelope; mã: 302 sản phẩm đã có đơn", [(302, MSG_PRODUCT_IN_USE)];
    pub CodeConflict = 409, "Lỗi trong envelope; mã: 311 mã đã tồn tại, 312 mã đã giữ hoặc đã bán", [(311, MSG_CODE_EXISTS), (312, MSG_CODE_LOCKED)];
    pub CodeLocked = 409, "Lỗi trong envelope; mã: 312 mã đã giữ hoặc đã bán", [(312, MSG_CODE_LOCKED)];
    pub NoStockOrWrongState = 409, "Lỗi trong envelope; mã: 400 không đủ hàng, 404 trạng thái đơn không cho phép", [(400, MSG_OUT_OF_STOCK), (404, MSG_ORDER_STATE)];
    pub CheckoutConflict = 409, "Lỗi trong envelope; mã: 400 không đủ hàng (details chỉ ra dòng), 406 Idempotency-Key đã dùng cho nội dung khác", [(400, MSG_OUT_OF_STOCK), (406, MSG_IDEMPOTENCY_REUSED)];
    pub WrongOrderState = 409, "Lỗi trong envelope; mã: 404 trạng thái đơn không cho phép", [(404, MSG_ORDER_STATE)];
    pub ProviderMismatch = 409, "Lỗi trong envelope; mã: 407 tiền đến qua phương thức thanh toán khác với của đơn (không ghi nhận; Assign của nhân viên gửi staffAssigned)", [(407, MSG_PROVIDER_MISMATCH)];
    pub PaymentConflict = 409, "Lỗi trong envelope; mã: 3 khoản thanh toán (đơn + Idempotency-Key) đã được ghi nhận trước đó, không cộng thêm, 404 trạng thái đơn không cho phép, 406 Idempotency-Key đã dùng cho nội dung khác", [(3, MSG_PAYMENT_ALREADY_APPLIED), (404, MSG_ORDER_STATE), (406, MSG_IDEMPOTENCY_REUSED)];
    pub TooManyUnpaid = 429, "Lỗi trong envelope; mã: 405 quá nhiều đơn chưa thanh toán cho email hoặc địa chỉ IP", [(405, MSG_TOO_MANY_UNPAID)];
}

/// A string that is one of `values`.
pub fn one_of(values: &[&str]) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(values.iter().copied()))
        .build()
}

/// The whole document: this module's routes and the order routes, then what
/// [`ServiceDoc`] says of them all.
pub fn openapi() -> Document {
    let mut document = ApiDoc::openapi().merge_from(order::OrderApi::openapi());
    DOC.modify(&mut document);
    document
}

/// The document as JSON text, built once.
pub fn document_json() -> &'static str {
    static DOCUMENT: LazyLock<String> = LazyLock::new(|| shop_common::openapi::to_json(&openapi()));
    &DOCUMENT
}

/// Tài liệu này (không nằm trong envelope)
#[utoipa::path(get, path = "/retailstore/openapi.json", operation_id = "openapi", tag = "Docs",
    responses((status = 200, description = "OpenAPI 3.1 JSON", content_type = "application/json")))]
async fn document() -> HttpResponse {
    shop_common::openapi::serve(document_json())
}

pub fn routes(table: RouteTable) -> RouteTable {
    table.get(PATH, document)
}
