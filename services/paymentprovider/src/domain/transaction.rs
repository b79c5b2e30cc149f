//! Received bank transactions: their status, the direction of a transfer, and the retry
//! timing of those waiting for retailstore.
//!
//! ```text
//! arrival --> ignored      (outgoing, or another account)
//!         --> unmatched    (no order code in the memo) --Assign--> pending
//!         --> pending      (order code found) --ConfirmPayment--> matched | duplicate
//!                          \--order not found--> unmatched
//!                          \--retailstore down--> pending (retried with backoff)
//! ```

use std::time::Duration;

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TransactionStatus {
    /// Stored, waiting for retailstore's answer (retried until it comes).
    Pending,
    /// Applied to its order (or had been already: ConfirmPayment is idempotent).
    Matched,
    /// No order for it: staff may assign it to one.
    Unmatched,
    /// The order already had this money as a manual payment; now linked, not counted again.
    Duplicate,
    /// Not money for the shop: an outgoing transfer, or another account.
    Ignored,
}

impl TransactionStatus {
    pub const ALL: [Self; 5] = [
        Self::Pending,
        Self::Matched,
        Self::Unmatched,
        Self::Duplicate,
        Self::Ignored,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Matched => "matched",
            Self::Unmatched => "unmatched",
            Self::Duplicate => "duplicate",
            Self::Ignored => "ignored",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// The admin list's order: what needs staff first, then what is still in flight.
    /// Mirrors the `sort_rank` column of `payment_transactions`.
    pub fn rank(self) -> i16 {
        match self {
            Self::Unmatched => 0,
            Self::Pending => 1,
            Self::Matched | Self::Duplicate | Self::Ignored => 2,
        }
    }
}

pub const MSG_STATUS: &str = "Trạng thái là pending, matched, unmatched, duplicate hoặc ignored";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TransferType {
    In,
    Out,
}

impl TransferType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::In => "in",
            Self::Out => "out",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "in" => Some(Self::In),
            "out" => Some(Self::Out),
            _ => None,
        }
    }
}

/// Why a transfer that names an order was held back for staff instead of applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TransactionFlag {
    /// The order's payment instruction named another provider: money that arrived
    /// through the wrong account (or a forged memo); stored `unmatched`, staff decide.
    ProviderMismatch,
}

impl TransactionFlag {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ProviderMismatch => "provider_mismatch",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        (text == "provider_mismatch").then_some(Self::ProviderMismatch)
    }
}

/// How a transfer reached the service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TransactionSource {
    /// SePay's webhook delivered it.
    Webhook,
    /// The reconciliation job found it in SePay's transaction list.
    Reconciliation,
}

impl TransactionSource {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Webhook => "webhook",
            Self::Reconciliation => "reconciliation",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "webhook" => Some(Self::Webhook),
            "reconciliation" => Some(Self::Reconciliation),
            _ => None,
        }
    }
}

/// The natural id of a bank transfer SePay reports: its SePay id, the same whichever
/// provider's webhook (or the reconciliation) brings it. Sent to retailstore as
/// `transactionId`. SePay ids are at most 94 characters here (see `sepay::MAX_ID`).
pub fn bank_ref(sepay_id: &str) -> String {
    format!("sepay:{sepay_id}")
}

/// The wait after the first failed attempt; it doubles with each further failure.
pub const FIRST_RETRY: Duration = Duration::from_secs(10);
/// The longest wait between two attempts.
pub const MAX_RETRY: Duration = Duration::from_secs(600);
/// How long a claimed transaction is left alone by other workers and replicas while one
/// of them asks retailstore (longer than any call: [`crate::peers::retailstore::CALL_TIMEOUT`]
/// plus the database round trips). A worker that dies mid-call is replaced once it ends.
pub const LEASE: Duration = Duration::from_secs(60);

/// The wait before the next attempt once `failures` attempts have failed (1, 2, ...):
/// 10 s, 20 s, 40 s ... up to 10 min.
pub fn retry_delay(failures: i32) -> Duration {
    let doublings = u32::try_from(failures.saturating_sub(1))
        .unwrap_or(0)
        .min(16);
    FIRST_RETRY.saturating_mul(1 << doublings).min(MAX_RETRY)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_round_trip() {
        for s in TransactionStatus::ALL {
            assert_eq!(TransactionStatus::parse(s.as_str()), Some(s));
            assert_eq!(
                serde_json::to_value(s).unwrap(),
                serde_json::json!(s.as_str())
            );
        }
        assert_eq!(TransactionStatus::parse("Matched"), None);
        assert!(TransactionStatus::Unmatched.rank() < TransactionStatus::Pending.rank());
        assert!(TransactionStatus::Pending.rank() < TransactionStatus::Matched.rank());
        assert_eq!(TransferType::parse("out"), Some(TransferType::Out));
        assert_eq!(TransferType::parse("IN"), None);
    }

    #[test]
    fn backoff_doubles_up_to_ten_minutes() {
        let secs: Vec<u64> = (0..=10).map(|n| retry_delay(n).as_secs()).collect();
        assert_eq!(secs, [10, 10, 20, 40, 80, 160, 320, 600, 600, 600, 600]);
        assert_eq!(retry_delay(i32::MAX), MAX_RETRY);
        assert_eq!(retry_delay(-3), FIRST_RETRY);
        assert!(LEASE > crate::peers::retailstore::CALL_TIMEOUT * 2);
    }
}
