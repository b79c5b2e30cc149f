//! The shopper's handlers: CreateOrder, OrderDetail and OrderLookup.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use shop_common::db::DbPool;
use shop_common::net::request_client_ip;
use shop_common::ok;
use shop_common::openapi::{BadRequest, Enveloped, Unavailable};
use utoipa::IntoParams;

use super::views::{OrderLookupView, WebOrderCreated, WebOrderDetail};
use super::{TOKEN_HEADER, envelope_bytes, header, idempotency_key, json_body, no_store};
use crate::OrderSettings;
use crate::admission::InFlight;
use crate::checkout::{self, Checkout, ClientInfo, Created};
use crate::crypto::CodeCipher;
use crate::domain::order::{Email, MAX_USER_AGENT, OrderCode, OrderForm};
use crate::error::{Problems, StoreError};
use crate::idempotency::{self, Idempotent};
use crate::models::order::Order;
use crate::orders::{self, OrderBundle};
use crate::payment_provider::PaymentProviderClient;
use crate::routes::openapi::{CheckoutConflict, OrderNotFound, OrderRefused, TooManyUnpaid};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DetailQuery {
    /// Mã đơn hàng (không phân biệt hoa thường)
    #[param(value_type = String, required = true)]
    pub code: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LookupQuery {
    /// Mã đơn hàng
    #[param(value_type = String, required = true)]
    pub code: Option<String>,
    /// Email đã dùng khi đặt
    #[param(value_type = String, required = true)]
    pub email: Option<String>,
}

fn client_info(req: &HttpRequest, settings: &OrderSettings) -> ClientInfo {
    ClientInfo {
        ip: request_client_ip(req, &settings.trusted_proxies).map(|ip| ip.to_string()),
        user_agent: header(req, "user-agent")
            .map(|ua| {
                ua.chars()
                    .filter(|c| !c.is_control())
                    .take(MAX_USER_AGENT)
                    .collect::<String>()
            })
            .filter(|ua| !ua.trim().is_empty()),
    }
}

/// Tạo đơn hàng (công khai)
///
/// Lấy hướng dẫn thanh toán từ paymentprovider trước, rồi trong một giao dịch giữ đúng số mã cần (FOR UPDATE SKIP LOCKED, hạn dùng sớm nhất trước, bỏ mã hết hạn trong 1 ngày) và lưu đơn pending_payment. Thiếu hàng: mã 400 và không giữ mã nào. Phản hồi có Cache-Control: no-store.
#[utoipa::path(post, path = shop_common::limits::CREATE_ORDER_PATH, operation_id = "webOrderCreate",
    tag = "Order",
    params(("Idempotency-Key" = Option<String>, Header, description = "1..200 ký tự ASCII nhìn thấy được. Cùng khóa và cùng nội dung: trả lại đúng kết quả (kể cả token) trong 24 giờ; nội dung khác: mã 406")),
    request_body = OrderForm,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<WebOrderCreated>)),
        OrderRefused, CheckoutConflict, TooManyUnpaid, Unavailable))]
pub(super) async fn create_order(
    req: HttpRequest,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    payments: web::Data<PaymentProviderClient>,
    settings: web::Data<OrderSettings>,
    in_flight: web::Data<InFlight>,
    body: web::Json<OrderForm>,
) -> Result<HttpResponse, StoreError> {
    let form = body.into_inner();
    let key = idempotency_key(&req)?;
    let canonical = serde_json::to_vec(&form)
        .map_err(|_| StoreError::Inconsistent("request not serialisable"))?;
    let request = form.check()?;
    let idempotent = key
        .as_ref()
        .map(|key| Idempotent::new(idempotency::CREATE_ORDER, key, &canonical));
    let deps = Checkout {
        pool: &pool,
        cipher: &cipher,
        payments: &payments,
        config: &settings.config,
        in_flight: &in_flight,
    };
    let render = |created: &Created| {
        let bundle = OrderBundle {
            order: created.order.clone(),
            items: created.items.clone(),
            codes: Vec::new(),
            payments: Vec::new(),
            events: Vec::new(),
        };
        envelope_bytes(&WebOrderCreated {
            order: WebOrderDetail::build(&bundle, &cipher)?,
            access_token: created.token.as_str().to_owned(),
        })
    };
    let answer = checkout::create_order(
        deps,
        &request,
        &client_info(&req, &settings),
        idempotent.as_ref(),
        render,
    )
    .await?;
    Ok(json_body(answer))
}

/// Chi tiết đơn hàng cho khách
///
/// Mở bằng token của đơn (header X-Order-Token). Mã chỉ hiện khi đơn đã hoàn tất. Mã sai hoặc token sai: cùng mã 403.
#[utoipa::path(get, path = "/retailstore/api/web/v1/Order/OrderDetail",
    operation_id = "webOrderDetail", tag = "Order",
    params(DetailQuery, ("X-Order-Token" = String, Header, description = "Token nhận khi tạo đơn")),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<WebOrderDetail>)),
        BadRequest, OrderNotFound))]
pub(super) async fn order_detail(
    req: HttpRequest,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    query: web::Query<DetailQuery>,
) -> Result<HttpResponse, StoreError> {
    let raw = query.code.as_deref().map(str::trim).unwrap_or_default();
    if raw.is_empty() {
        return Err(StoreError::field("code", "Vui lòng nhập mã đơn hàng"));
    }
    let code = OrderCode::parse(raw).ok_or(StoreError::OrderNotFound)?;
    let token = header(&req, TOKEN_HEADER).ok_or(StoreError::OrderNotFound)?;
    let mut conn = pool.get().await?;
    let bundle = orders::find_for_shopper(&mut conn, &code, token).await?;
    drop(conn);
    Ok(no_store(ok(WebOrderDetail::build(&bundle, &cipher)?)))
}

/// Tra cứu đơn bằng mã và email
///
/// Email không phân biệt hoa thường. Không bao giờ trả mã serial hay token.
#[utoipa::path(get, path = "/retailstore/api/web/v1/Order/OrderLookup",
    operation_id = "webOrderLookup", tag = "Order",
    params(LookupQuery),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<OrderLookupView>)),
        BadRequest, OrderNotFound))]
pub(super) async fn order_lookup(
    pool: web::Data<DbPool>,
    query: web::Query<LookupQuery>,
) -> Result<HttpResponse, StoreError> {
    let mut p = Problems::default();
    let code = query.code.as_deref().map(str::trim).unwrap_or_default();
    if code.is_empty() {
        p.push("code", "Vui lòng nhập mã đơn hàng");
    }
    let email = query.email.as_deref().map(str::trim).unwrap_or_default();
    if email.is_empty() {
        p.push("email", "Vui lòng nhập email");
    }
    p.finish::<_, StoreError>(|| ())?;
    let code = OrderCode::parse(code).ok_or(StoreError::OrderNotFound)?;
    let email = Email::parse(email).ok_or(StoreError::OrderNotFound)?;
    let mut conn = pool.get().await?;
    let order = Order::find_by_code(&mut conn, code.as_str())
        .await?
        .filter(|o| o.email.to_lowercase() == email.key())
        .ok_or(StoreError::OrderNotFound)?;
    Ok(no_store(ok(OrderLookupView::of(&order)?)))
}
