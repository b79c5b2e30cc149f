//! The one call this service makes to retailstore: internal `Order/ConfirmPayment`, which
//! applies a received transfer to its order, idempotently on `transactionId` (the
//! transfer's natural id `sepay:<SePay id>`, the same whichever provider or the
//! reconciliation brought it; this service's row id for rows stored before that), so
//! repeating it after a lost answer is always safe.

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shop_common::config::Secret;
use shop_common::internal::{CallError, InternalClient};
use uuid::Uuid;

use crate::domain::sepay::vietnam;
use crate::domain::transaction::TransactionStatus;

pub const CONFIRM_PAYMENT_PATH: &str = "/retailstore/internal/v1/Order/ConfirmPayment";
/// A call that takes longer is treated as failed (and retried later): the webhook answers
/// SePay within its 30 s, whatever retailstore does.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(5);
/// retailstore's code for an unknown order (HTTP 404).
pub const CODE_ORDER_NOT_FOUND: u32 = 403;
/// The money came through another provider than the order's: not applied.
pub const CODE_PROVIDER_MISMATCH: u32 = 407;

/// The request body.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmPayment {
    pub order_code: String,
    pub amount: i64,
    pub provider_id: Uuid,
    pub transaction_id: String,
    /// When the bank booked it, RFC 3339 in Vietnam time.
    pub paid_at: String,
    /// Staff assigned the transfer to this order (Assign): retailstore then accepts money
    /// that came through another provider than the order's.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub staff_assigned: bool,
    /// The user name of the staff member who assigned it, for retailstore to record as the
    /// payment's actor (absent when the retry job finishes an Assign).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assigned_by: Option<String>,
}

impl ConfirmPayment {
    pub fn new(
        order_code: &str,
        amount: i64,
        provider_id: Uuid,
        transaction_id: String,
        paid_at: DateTime<Utc>,
    ) -> Self {
        Self {
            order_code: order_code.to_owned(),
            amount,
            provider_id,
            transaction_id,
            paid_at: paid_at.with_timezone(&vietnam()).to_rfc3339(),
            staff_assigned: false,
            assigned_by: None,
        }
    }
}

/// How retailstore took the payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConfirmOutcome {
    /// Added to the order now.
    Applied,
    /// This transaction id had been applied before.
    AlreadyApplied,
    /// The order had the same money as a manual payment, now linked to this transfer.
    DuplicateOfManual,
}

/// The part of the answer this service uses.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmResult {
    pub outcome: ConfirmOutcome,
}

/// The answer, as this service acts on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Confirmation {
    /// Final: the transaction's new status (`matched` or `duplicate`).
    Done(TransactionStatus),
    /// No such order (code 403): final, back to staff.
    NoSuchOrder,
    /// The order was to be paid through another provider (code 407): final, held for
    /// staff with the mismatch flag.
    ProviderMismatch,
    /// Anything else (transport, time-out, 5xx, code 8/9, an unexpected answer): retry.
    /// The text is for staff (stored as `lastError`) and holds no internal detail.
    Failed(String),
}

impl From<Result<ConfirmResult, CallError>> for Confirmation {
    fn from(answer: Result<ConfirmResult, CallError>) -> Self {
        match answer {
            Ok(ConfirmResult { outcome }) => Self::Done(match outcome {
                ConfirmOutcome::Applied | ConfirmOutcome::AlreadyApplied => {
                    TransactionStatus::Matched
                }
                ConfirmOutcome::DuplicateOfManual => TransactionStatus::Duplicate,
            }),
            Err(CallError::Application(e)) if e.code == CODE_ORDER_NOT_FOUND => Self::NoSuchOrder,
            Err(CallError::Application(e)) if e.code == CODE_PROVIDER_MISMATCH => {
                Self::ProviderMismatch
            }
            Err(CallError::Application(e)) => {
                Self::Failed(format!("retailstore trả lỗi mã {}", e.code))
            }
            Err(CallError::Transport(e)) if e.is_timeout() => {
                Self::Failed("retailstore không trả lời kịp".to_owned())
            }
            Err(CallError::Transport(e)) if e.is_decode() => {
                Self::Failed("retailstore trả lời không hợp lệ".to_owned())
            }
            Err(CallError::Transport(_)) => {
                Self::Failed("không kết nối được retailstore".to_owned())
            }
            Err(CallError::Malformed) => {
                Self::Failed("retailstore trả lời không hợp lệ".to_owned())
            }
        }
    }
}

/// retailstore's internal API, as this service calls it.
#[derive(Clone)]
pub struct Retailstore {
    client: InternalClient,
}

impl Retailstore {
    pub fn new(http: reqwest::Client, base_url: &str, internal_key: Secret) -> Self {
        Self {
            client: InternalClient::new(http, base_url, internal_key),
        }
    }

    /// Asks retailstore to apply a transfer; never fails, the answer says what to do.
    pub async fn confirm_payment(&self, request: &ConfirmPayment) -> Confirmation {
        let answer = self
            .client
            .post::<ConfirmResult>(CONFIRM_PAYMENT_PATH, request, CALL_TIMEOUT)
            .await;
        match &answer {
            Ok(_) => {}
            Err(CallError::Application(e)) if e.code == CODE_ORDER_NOT_FOUND => tracing::info!(
                transaction_id = %request.transaction_id,
                order_code = %request.order_code,
                "ConfirmPayment: no such order"
            ),
            Err(e) => tracing::warn!(
                transaction_id = %request.transaction_id,
                order_code = %request.order_code,
                error = %e,
                "ConfirmPayment failed; retried later"
            ),
        }
        answer.into()
    }
}

#[cfg(test)]
mod tests {
    use shop_common::error::ErrorBody;

    use super::*;

    fn app_error(code: u32) -> CallError {
        CallError::Application(ErrorBody {
            code,
            message: "x".into(),
            details: None,
        })
    }

    #[test]
    fn answers_become_decisions() {
        let ok = |outcome| Confirmation::from(Ok(ConfirmResult { outcome }));
        assert_eq!(
            ok(ConfirmOutcome::Applied),
            Confirmation::Done(TransactionStatus::Matched)
        );
        assert_eq!(
            ok(ConfirmOutcome::AlreadyApplied),
            Confirmation::Done(TransactionStatus::Matched)
        );
        assert_eq!(
            ok(ConfirmOutcome::DuplicateOfManual),
            Confirmation::Done(TransactionStatus::Duplicate)
        );
        assert_eq!(
            Confirmation::from(Err(app_error(403))),
            Confirmation::NoSuchOrder
        );
        assert_eq!(
            Confirmation::from(Err(app_error(407))),
            Confirmation::ProviderMismatch
        );
        for code in [1, 5, 8, 9] {
            assert!(matches!(
                Confirmation::from(Err(app_error(code))),
                Confirmation::Failed(_)
            ));
        }
        assert!(matches!(
            Confirmation::from(Err(CallError::Malformed)),
            Confirmation::Failed(_)
        ));
        let parsed: ConfirmResult = serde_json::from_value(serde_json::json!({
            "orderId": Uuid::nil(), "orderCode": "DHAB12CD34", "status": "completed",
            "paymentStatus": "paid", "applied": false, "outcome": "already_applied"
        }))
        .unwrap();
        assert_eq!(parsed.outcome, ConfirmOutcome::AlreadyApplied);
    }

    #[test]
    fn request_shape() {
        let at = DateTime::parse_from_rfc3339("2026-03-25T07:02:37Z")
            .unwrap()
            .with_timezone(&Utc);
        let body = serde_json::to_value(ConfirmPayment::new(
            "DHAB12CD34",
            150_000,
            Uuid::nil(),
            "sepay:92704".to_owned(),
            at,
        ))
        .unwrap();
        assert_eq!(
            body,
            serde_json::json!({
                "orderCode": "DHAB12CD34",
                "amount": 150_000,
                "providerId": Uuid::nil(),
                "transactionId": "sepay:92704",
                "paidAt": "2026-03-25T14:02:37+07:00",
            })
        );
    }
}
