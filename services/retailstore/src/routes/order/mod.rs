//! Order: the shopper's CreateOrder, OrderDetail and OrderLookup (`web`, CreateOrder's
//! body in `body`); the back office's list, detail and actions, admin and staff alike
//! (`admin`); paymentprovider's internal ConfirmPayment (`internal`). The answers are in
//! `views`; smaller bodies sit beside their handler. The shopper's answers are never
//! cached (`Cache-Control: no-store`). Orders and payments leave the storefront cache
//! alone (stock levels follow once its two-second answers are refreshed); staff actions
//! that return codes to stock drop it.

mod admin;
mod body;
mod internal;
mod views;
mod web;

use actix_web::http::header::{CACHE_CONTROL, ContentType, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;
use shop_common::Envelope;
use shop_common::limits::{CREATE_ORDER_PATH, RESEND_ACCESS_LINK_PATH};
use shop_common::route_table::RouteTable;
use uuid::Uuid;

pub use admin::{
    FilterQuery, ManualPayment, OrderCancel, OrderDeliver, OrderRecordRefund,
    OrderRegenerateAccessLink, OrderReplaceCodes,
};
pub use body::{OrderCreate, OrderLine};
pub use internal::BankPayment;
pub use views::*;
pub use web::{
    DetailQuery, LookupQuery, MSG_RESEND, OrderResendAccessLink, OrderResendAccessLinkResult,
};

use super::{ADMIN, INTERNAL, WEB};
use crate::domain::order::{IdempotencyKey, MSG_IDEMPOTENCY_KEY};
use crate::error::{Problems, StoreError};

pub const SORTABLE: &[&str] = &["createdAt", "total", "paidAt"];
pub const IDEMPOTENCY_HEADER: &str = "Idempotency-Key";
pub const TOKEN_HEADER: &str = "X-Order-Token";
/// The largest amount a payment may carry (as paymentprovider's QR amounts).
pub const MAX_AMOUNT: i64 = 9_999_999_999_999;
/// The longest transaction id paymentprovider sends.
pub const MAX_TRANSACTION_ID: usize = 100;
pub use shop_common::input::instant;

fn required_id(p: &mut Problems, id: Option<Uuid>) -> Uuid {
    if id.is_none() {
        p.push("id", "Thiếu mã đơn hàng");
    }
    id.unwrap_or_default()
}

fn amount(p: &mut Problems, value: Option<i64>, min: i64) -> i64 {
    match value {
        Some(a) if (min..=MAX_AMOUNT).contains(&a) => a,
        None => {
            p.push("amount", "Vui lòng nhập số tiền");
            0
        }
        Some(_) => {
            p.push("amount", "Số tiền không hợp lệ");
            0
        }
    }
}
// ---- Helpers --------------------------------------------------------------------------

fn no_store(mut response: HttpResponse) -> HttpResponse {
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A stored or fresh answer (a whole envelope, as bytes).
fn json_body(body: Vec<u8>) -> HttpResponse {
    no_store(
        HttpResponse::Ok()
            .content_type(ContentType::json())
            .body(body),
    )
}

fn envelope_bytes<T: Serialize>(result: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(&Envelope::success(result))
        .map_err(|_| StoreError::Inconsistent("answer not serialisable"))
}

fn header<'a>(req: &'a HttpRequest, name: &str) -> Option<&'a str> {
    req.headers().get(name).and_then(|v| v.to_str().ok())
}

/// The `Idempotency-Key` header: absent is `None`; malformed is code 1.
fn idempotency_key(req: &HttpRequest) -> Result<Option<IdempotencyKey>, StoreError> {
    match req.headers().get(IDEMPOTENCY_HEADER) {
        None => Ok(None),
        Some(value) => value
            .to_str()
            .ok()
            .and_then(IdempotencyKey::parse)
            .map(Some)
            .ok_or_else(|| StoreError::field(IDEMPOTENCY_HEADER, MSG_IDEMPOTENCY_KEY)),
    }
}

/// The order routes' part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    web::create_order,
    web::order_detail,
    web::order_lookup,
    web::resend_access_link,
    admin::pagination,
    admin::detail,
    admin::confirm_payment,
    admin::cancel,
    admin::deliver,
    admin::record_refund,
    admin::replace_codes,
    admin::reveal_codes,
    admin::regenerate_access_link,
    internal::confirm_payment,
))]
pub struct OrderApi;

pub fn routes(table: RouteTable) -> RouteTable {
    let web_action = |name: &str| format!("{WEB}/Order/{name}");
    let admin = |name: &str| format!("{ADMIN}/Order/{name}");
    table
        .post(CREATE_ORDER_PATH, web::create_order)
        .get(&web_action("OrderDetail"), web::order_detail)
        .get(&web_action("OrderLookup"), web::order_lookup)
        .post(RESEND_ACCESS_LINK_PATH, web::resend_access_link)
        .get(&admin("Pagination"), admin::pagination)
        .get(&admin("Detail"), admin::detail)
        .post(&admin("ConfirmPayment"), admin::confirm_payment)
        .post(&admin("Cancel"), admin::cancel)
        .post(&admin("Deliver"), admin::deliver)
        .post(&admin("RecordRefund"), admin::record_refund)
        .post(&admin("ReplaceCodes"), admin::replace_codes)
        .post(&admin("RevealCodes"), admin::reveal_codes)
        .post(
            &admin("RegenerateAccessLink"),
            admin::regenerate_access_link,
        )
        .post(
            &format!("{INTERNAL}/Order/ConfirmPayment"),
            internal::confirm_payment,
        )
}
