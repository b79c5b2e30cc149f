//! paymentprovider's internal ConfirmPayment.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use shop_common::db::DbPool;
use shop_common::internal::{Caller, InternalCaller};
use shop_common::ok;
use shop_common::openapi::{BadRequest, Enveloped};
use utoipa::ToSchema;
use uuid::Uuid;

use super::views::BankPaymentResult;
use super::{MAX_TRANSACTION_ID, amount};
use crate::domain::order::OrderCode;
use crate::error::{Problems, StoreError};
use crate::notifications::Notifier;
use crate::orders::{self, MatchedTransfer, Outcome};
use crate::routes::openapi::{NoInternalKey, NotYourCaller, OrderNotFound, ProviderMismatch};

/// The longest staff user name Assign passes on (identity allows fewer).
const MAX_ACTOR: usize = 100;

/// The internal ConfirmPayment's body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankPayment {
    /// DH + 8 ký tự Crockford, không phân biệt hoa thường
    #[schema(value_type = String, required = true)]
    pub order_code: Option<String>,
    #[schema(value_type = i64, required = true, minimum = 1)]
    pub amount: Option<i64>,
    #[schema(value_type = Uuid, required = true)]
    pub provider_id: Option<Uuid>,
    #[schema(value_type = String, required = true, min_length = 1, max_length = 100)]
    pub transaction_id: Option<String>,
    #[schema(value_type = DateTime<Utc>, required = true)]
    pub paid_at: Option<DateTime<Utc>>,
    /// true khi nhân viên đã chủ động gán giao dịch cho đơn (Assign): cho phép tiền đến
    /// qua phương thức thanh toán khác với của đơn
    #[serde(default)]
    pub staff_assigned: bool,
    /// Tên đăng nhập của nhân viên đã gán (Assign), ghi là người ghi nhận khoản tiền; chỉ
    /// dùng khi staffAssigned là true. Bên gọi cũ không gửi: khoản tiền không có người ghi nhận
    #[schema(value_type = Option<String>, min_length = 1, max_length = 100)]
    pub assigned_by: Option<String>,
}

impl BankPayment {
    fn check(self) -> Result<MatchedTransfer, StoreError> {
        let mut p = Problems::default();
        let order_code = match self.order_code.as_deref().map(OrderCode::parse) {
            Some(Some(code)) => Some(code),
            _ => {
                p.push("orderCode", "Mã đơn hàng có dạng DH và 8 ký tự");
                None
            }
        };
        let amount = amount(&mut p, self.amount, 1);
        if self.provider_id.is_none() {
            p.push("providerId", "Thiếu mã nhà cung cấp thanh toán");
        }
        let transaction_id = self
            .transaction_id
            .map(|t| t.trim().to_owned())
            .filter(|t| {
                (1..=MAX_TRANSACTION_ID).contains(&t.chars().count())
                    && !t.chars().any(char::is_control)
            });
        if transaction_id.is_none() {
            p.push("transactionId", "Mã giao dịch gồm 1 đến 100 ký tự");
        }
        let assigned_by = match self.assigned_by.as_deref().map(str::trim) {
            None => None,
            Some(name)
                if (1..=MAX_ACTOR).contains(&name.chars().count())
                    && !name.chars().any(char::is_control) =>
            {
                Some(name.to_owned())
            }
            Some(_) => {
                p.push("assignedBy", "Tên nhân viên gồm 1 đến 100 ký tự");
                None
            }
        };
        if self.paid_at.is_none() {
            p.push("paidAt", "Thiếu thời điểm thanh toán");
        }
        let paid_at = self.paid_at.unwrap_or_else(Utc::now);
        p.finish::<_, StoreError>(|| ())?;
        match (order_code, transaction_id, self.provider_id) {
            (Some(order_code), Some(transaction_id), Some(provider_id)) => Ok(MatchedTransfer {
                order_code,
                amount,
                provider_id,
                transaction_id,
                paid_at,
                staff_assigned: self.staff_assigned,
                // Who chose the order is known only when staff did.
                assigned_by: assigned_by.filter(|_| self.staff_assigned),
            }),
            _ => Err(StoreError::field("orderCode", "Dữ liệu không hợp lệ")),
        }
    }
}

/// Ghi nhận chuyển khoản (paymentprovider)
///
/// Khóa dòng đơn (FOR UPDATE), cộng khoản tiền một lần theo transactionId; đủ tiền: mã đã giữ thành sold và đơn completed. Đơn hết hạn: giữ lại mã nếu còn hàng, không thì needs_attention; tiền cho đơn đã hủy hoặc thiếu sau khi hết hạn: needs_attention. Lỗi khác 403/1/5 đều có thể thử lại.
#[utoipa::path(post, path = "/retailstore/internal/v1/Order/ConfirmPayment",
    operation_id = "internalOrderConfirmPayment", tag = "Internal",
    security(("internalKey" = [])), request_body = BankPayment,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<BankPaymentResult>)),
        BadRequest, NoInternalKey, NotYourCaller, OrderNotFound, ProviderMismatch))]
pub(super) async fn confirm_payment(
    caller: InternalCaller,
    pool: web::Data<DbPool>,
    notifier: web::Data<Notifier>,
    body: web::Json<BankPayment>,
) -> Result<HttpResponse, StoreError> {
    // Money moves only on paymentprovider's word: no other service's key is enough.
    caller.allow(&[Caller::Paymentprovider])?;
    let payment = body.into_inner().check()?;
    let (order, outcome) = orders::confirm_bank_payment(&pool, &notifier, &payment).await?;
    tracing::info!(
        order_code = %order.code,
        transaction_id = %payment.transaction_id,
        ?outcome,
        status = order.status.as_str(),
        "bank payment"
    );
    Ok(ok(BankPaymentResult {
        order_id: order.id,
        order_code: order.code,
        status: order.status,
        payment_status: order.payment_status,
        applied: outcome == Outcome::Applied,
        outcome,
    }))
}
