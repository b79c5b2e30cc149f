//! The shopper's handlers: CreateOrder, OrderDetail, OrderLookup and ResendAccessLink.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use shop_common::db::DbPool;
use shop_common::net::request_client_ip;
use shop_common::ok;
use shop_common::openapi::{BadRequest, Enveloped, Unavailable};
use utoipa::{IntoParams, ToSchema};

use super::body::OrderCreate;
use super::views::{OrderLookup, WebOrder, WebOrderCreated};
use super::{
    IDEMPOTENCY_HEADER, TOKEN_HEADER, envelope_bytes, header, idempotency_key, json_body, no_store,
};
use crate::OrderSettings;
use crate::crypto::CodeCipher;
use crate::domain::order::{
    Email, MAX_EMAIL, MAX_USER_AGENT, MSG_WEAK_IDEMPOTENCY_KEY, OrderCode, client_key,
};
use crate::error::{Problems, StoreError};
use crate::idempotency::{self, Idempotent};
use crate::models::order::Order;
use crate::notifications::Notifier;
use crate::orders::admission::InFlight;
use crate::orders::checkout::{self, Checkout, ClientInfo, Created};
use crate::orders::{self, OrderBundle};
use crate::peers::payment_provider::PaymentProviderClient;
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

/// The longest order code ResendAccessLink takes (a real one has 10 characters; longer
/// is a malformed request, shorter a well-formed one that matches nothing).
pub const MAX_CODE_INPUT: usize = 64;
/// ResendAccessLink's one answer, whatever happened.
pub const MSG_RESEND: &str = "Nếu mã đơn hàng và email khớp với một đơn hàng, đường dẫn xem đơn \
    sẽ được gửi tới email đó trong ít phút";

/// ResendAccessLink, as sent.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderResendAccessLink {
    /// Mã đơn hàng (không phân biệt hoa thường)
    #[schema(value_type = String, required = true, max_length = 64)]
    pub code: Option<String>,
    /// Email đã dùng khi đặt (không phân biệt hoa thường)
    #[schema(value_type = String, required = true, max_length = 254)]
    pub email: Option<String>,
}

/// ResendAccessLink's answer: the same for every well-formed request.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderResendAccessLinkResult {
    #[schema(
        example = "Nếu mã đơn hàng và email khớp với một đơn hàng, đường dẫn xem đơn sẽ được gửi tới email đó trong ít phút"
    )]
    pub message: &'static str,
}

impl OrderResendAccessLink {
    /// The trimmed code and e-mail; missing, empty or over-long is code 1. Whether they
    /// have the shape of a code or an address is not told apart here.
    fn check(self) -> Result<(String, String), StoreError> {
        let mut p = Problems::default();
        let mut field = |name: &str, value: Option<String>, max: usize, missing: &str| {
            let text = value
                .as_deref()
                .map(str::trim)
                .unwrap_or_default()
                .to_owned();
            if text.is_empty() {
                p.push(name, missing);
            } else if text.chars().count() > max {
                p.push(name, format!("Tối đa {max} ký tự"));
            }
            text
        };
        let code = field(
            "code",
            self.code,
            MAX_CODE_INPUT,
            "Vui lòng nhập mã đơn hàng",
        );
        let email = field("email", self.email, MAX_EMAIL, "Vui lòng nhập email");
        p.finish(|| (code, email))
    }
}

fn client_info(req: &HttpRequest, settings: &OrderSettings) -> ClientInfo {
    let ip = request_client_ip(req, &settings.trusted_proxies);
    ClientInfo {
        ip: ip.map(|ip| ip.to_string()),
        key: ip.map(client_key),
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
    params(("Idempotency-Key" = Option<String>, Header, description = "Ít nhất 128 bit: một UUID, hoặc 22..200 ký tự base64url (A-Z a-z 0-9 - _); khóa yếu hơn: mã 1 và không tạo gì. Cùng khóa và cùng nội dung: trả lại đúng kết quả (kể cả token) trong 24 giờ; nội dung khác: mã 406")),
    request_body = OrderCreate,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<WebOrderCreated>)),
        OrderRefused, CheckoutConflict, TooManyUnpaid, Unavailable))]
// Each argument is one extractor (app data, the request, the body): nothing to group.
#[allow(clippy::too_many_arguments)]
pub(super) async fn create_order(
    req: HttpRequest,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    payments: web::Data<PaymentProviderClient>,
    settings: web::Data<OrderSettings>,
    in_flight: web::Data<InFlight>,
    notifier: web::Data<Notifier>,
    body: web::Json<OrderCreate>,
) -> Result<HttpResponse, StoreError> {
    let form = body.into_inner();
    let key = idempotency_key(&req)?;
    if key.as_ref().is_some_and(|k| !k.is_unguessable()) {
        return Err(StoreError::field(
            IDEMPOTENCY_HEADER,
            MSG_WEAK_IDEMPOTENCY_KEY,
        ));
    }
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
        notifier: &notifier,
    };
    let render = |created: &Created| {
        let bundle = OrderBundle {
            order: created.order.clone(),
            items: created.items.clone(),
            codes: Vec::new(),
            payments: Vec::new(),
            events: Vec::new(),
            redeem_instructions: Default::default(),
        };
        envelope_bytes(&WebOrderCreated {
            order: WebOrder::build(&bundle, &cipher)?,
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
    responses((status = 200, description = "Thành công", body = inline(Enveloped<WebOrder>)),
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
    Ok(no_store(ok(WebOrder::build(&bundle, &cipher)?)))
}

/// Tra cứu đơn bằng mã và email
///
/// Email không phân biệt hoa thường. Không bao giờ trả mã serial hay token.
#[utoipa::path(get, path = "/retailstore/api/web/v1/Order/OrderLookup",
    operation_id = "webOrderLookup", tag = "Order",
    params(LookupQuery),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<OrderLookup>)),
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
    Ok(no_store(ok(OrderLookup::of(&order)?)))
}

/// Gửi lại đường dẫn xem đơn (công khai)
///
/// Luôn trả success với cùng một thông báo, dù mã và email có khớp một đơn hay không (không lộ đơn nào tồn tại). Khi khớp (email không phân biệt hoa thường): một đường dẫn mới, token riêng, gửi tới email của đơn; tối đa 3 lần mỗi đơn mỗi giờ, quá thì vẫn cùng câu trả lời và không gửi. Thiếu trường hoặc quá dài: mã 1.
#[utoipa::path(post, path = "/retailstore/api/web/v1/Order/ResendAccessLink",
    operation_id = "webOrderResendAccessLink", tag = "Order",
    request_body = OrderResendAccessLink,
    responses((status = 200, description = "Thành công (cùng câu trả lời cho mọi yêu cầu hợp lệ)", body = inline(Enveloped<OrderResendAccessLinkResult>)),
        BadRequest, Unavailable))]
pub(super) async fn resend_access_link(
    pool: web::Data<DbPool>,
    notifier: web::Data<Notifier>,
    body: web::Json<OrderResendAccessLink>,
) -> Result<HttpResponse, StoreError> {
    let (code, email) = body.into_inner().check()?;
    if let (Some(code), Some(email)) = (OrderCode::parse(&code), Email::parse(&email)) {
        let sent = orders::resend_access_link(&pool, &notifier, &code, &email).await?;
        // The code only: the log must not pair an order with an address either.
        tracing::info!(order_code = %code, sent, "access link resend asked");
    }
    Ok(no_store(ok(OrderResendAccessLinkResult {
        message: MSG_RESEND,
    })))
}
