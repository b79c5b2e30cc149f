//! What became of the last webhook call of a provider (shown to staff on the providers
//! screen), and the test delivery staff send with "Gửi thử".
//!
//! Every call naming a live provider records one [`WebhookOutcome`]: the stored
//! transaction's status when the delivery was accepted, [`WebhookOutcome::Test`] for a test
//! delivery, or why it was refused. The caller itself is only ever told code 501 for a
//! refusal; the reason is for staff setting the provider up. An authenticated delivery
//! whose body is bad input (code 1 or 7) changes nothing, its last-call line included.

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Value, json};
use uuid::Uuid;

use super::sepay::vietnam;
use super::transaction::TransactionStatus;

/// The body field that makes an authenticated delivery a test (its value: the test's id).
/// SePay never sends it; a delivery carrying it is stored as a test delivery, never as a
/// transaction, and never applied to an order whatever its content says.
pub const TEST_MARKER: &str = "shopTestDelivery";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WebhookOutcome {
    /// Accepted and applied to its order.
    Matched,
    /// Accepted; the order had this money already (paid by hand).
    Duplicate,
    /// Accepted; no order for it: it waits for staff.
    Unmatched,
    /// Accepted; waiting for retailstore (retried).
    Pending,
    /// Accepted; not money for the shop (outgoing, or another account).
    Ignored,
    /// A test delivery ("Gửi thử"), accepted and stored as a test.
    Test,
    /// Refused: the `Authorization: Apikey` key was missing or wrong.
    WrongKey,
    /// Refused: the HMAC signature was missing or wrong.
    WrongSignature,
    /// Refused: the signature's timestamp was missing or more than 5 minutes off.
    StaleTimestamp,
    /// Refused: the provider's webhook is turned off.
    WebhookDisabled,
    /// Refused: the provider has no webhook secret.
    NoSecret,
}

impl WebhookOutcome {
    pub const ALL: [Self; 11] = [
        Self::Matched,
        Self::Duplicate,
        Self::Unmatched,
        Self::Pending,
        Self::Ignored,
        Self::Test,
        Self::WrongKey,
        Self::WrongSignature,
        Self::StaleTimestamp,
        Self::WebhookDisabled,
        Self::NoSecret,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Matched => "matched",
            Self::Duplicate => "duplicate",
            Self::Unmatched => "unmatched",
            Self::Pending => "pending",
            Self::Ignored => "ignored",
            Self::Test => "test",
            Self::WrongKey => "wrong_key",
            Self::WrongSignature => "wrong_signature",
            Self::StaleTimestamp => "stale_timestamp",
            Self::WebhookDisabled => "webhook_disabled",
            Self::NoSecret => "no_secret",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|o| o.as_str() == text)
    }

    /// Whether SePay's delivery was taken (answered `success: true`).
    pub fn accepted(self) -> bool {
        matches!(
            self,
            Self::Matched
                | Self::Duplicate
                | Self::Unmatched
                | Self::Pending
                | Self::Ignored
                | Self::Test
        )
    }
}

impl From<TransactionStatus> for WebhookOutcome {
    fn from(status: TransactionStatus) -> Self {
        match status {
            TransactionStatus::Matched => Self::Matched,
            TransactionStatus::Duplicate => Self::Duplicate,
            TransactionStatus::Unmatched => Self::Unmatched,
            TransactionStatus::Pending => Self::Pending,
            TransactionStatus::Ignored => Self::Ignored,
        }
    }
}

/// The test id a delivery's body carries, if it is a test delivery: the marker's value,
/// a uuid. A marker that is present but not a uuid still makes the body a test (it is
/// never money), under a fresh id.
pub fn test_marker(raw: &Value) -> Option<Uuid> {
    let marker = raw.get(TEST_MARKER)?;
    Some(
        marker
            .as_str()
            .and_then(|s| Uuid::parse_str(s).ok())
            .unwrap_or_else(Uuid::new_v4),
    )
}

/// The body of a test delivery for a provider: a SePay-shaped incoming transfer of 1 đ to
/// the provider's account (`0000` when it has none) that names no order, with the marker.
pub fn test_body(test_id: Uuid, account_number: Option<&str>, now: DateTime<Utc>) -> Value {
    let local = now.with_timezone(&vietnam());
    json!({
        "id": format!("test-{test_id}"),
        "gateway": "Gửi thử",
        "transactionDate": local.format("%Y-%m-%d %H:%M:%S").to_string(),
        "accountNumber": account_number.unwrap_or("0000"),
        "subAccount": null,
        "code": null,
        "content": "Gửi thử webhook từ trang quản trị",
        "transferType": "in",
        "transferAmount": 1,
        "accumulated": null,
        "referenceCode": null,
        "description": "Gửi thử webhook từ trang quản trị",
        TEST_MARKER: test_id.to_string(),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::domain::sepay::Delivery;

    #[test]
    fn outcomes_round_trip() {
        for o in WebhookOutcome::ALL {
            assert_eq!(WebhookOutcome::parse(o.as_str()), Some(o));
            assert_eq!(serde_json::to_value(o).unwrap(), json!(o.as_str()));
            assert!(o.as_str().len() <= 40, "the column holds 40 characters");
        }
        assert!(WebhookOutcome::Test.accepted());
        assert!(!WebhookOutcome::WrongSignature.accepted());
    }

    #[test]
    fn the_test_body_is_a_sepay_delivery_carrying_the_marker() {
        let id = Uuid::new_v4();
        let now = DateTime::parse_from_rfc3339("2026-11-27T14:05:00Z").unwrap();
        let body = test_body(id, Some("0123456789"), now.with_timezone(&Utc));
        let delivery = Delivery::parse(&body).unwrap();
        assert_eq!(delivery.account_number, "0123456789");
        assert_eq!(delivery.transaction_date, now);
        assert_eq!(test_marker(&body), Some(id));
        assert_eq!(test_marker(&json!({"id": 1})), None);
        // A marker that is not a uuid still marks a test.
        assert!(test_marker(&json!({ TEST_MARKER: 5 })).is_some());
    }
}
