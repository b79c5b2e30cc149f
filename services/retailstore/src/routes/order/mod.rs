//! Order: the shopper's CreateOrder, OrderDetail and OrderLookup; the back office's list,
//! detail and actions (admin and staff alike); paymentprovider's internal
//! ConfirmPayment. The shopper's answers are never cached (`Cache-Control: no-store`).
//! Orders and payments leave the storefront cache alone (stock levels follow within its
//! two-second lifetime); staff actions that return codes to stock drop it.

mod admin;
mod internal;
mod views;
mod web;

use actix_web::http::header::{CACHE_CONTROL, ContentType, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;
use shop_common::Envelope;
use uuid::Uuid;

pub use admin::{CancelBody, FilterQuery, ManualPaymentBody, ReplaceBody};
pub use internal::BankPaymentBody;
pub use views::*;
pub use web::{DetailQuery, LookupQuery};

use super::{ADMIN, INTERNAL, WEB, endpoint};
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

pub fn configure(cfg: &mut actix_web::web::ServiceConfig) {
    use actix_web::web::{get, post};
    let web_action = |name: &str| endpoint(format!("{WEB}/Order/{name}"));
    let admin = |name: &str| endpoint(format!("{ADMIN}/Order/{name}"));
    cfg.service(web_action("CreateOrder").route(post().to(web::create_order)))
        .service(web_action("OrderDetail").route(get().to(web::order_detail)))
        .service(web_action("OrderLookup").route(get().to(web::order_lookup)))
        .service(admin("Pagination").route(get().to(admin::pagination)))
        .service(admin("Detail").route(get().to(admin::detail)))
        .service(admin("ConfirmPayment").route(post().to(admin::confirm_payment)))
        .service(admin("Cancel").route(post().to(admin::cancel)))
        .service(admin("ReplaceCodes").route(post().to(admin::replace_codes)))
        .service(admin("RevealCodes").route(post().to(admin::reveal_codes)))
        .service(admin("RegenerateAccessLink").route(post().to(admin::regenerate_access_link)))
        .service(
            endpoint(format!("{INTERNAL}/Order/ConfirmPayment"))
                .route(post().to(internal::confirm_payment)),
        );
}
