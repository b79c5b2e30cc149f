//! An order's statuses, its payments' sources, its timeline's event kinds, and the pure
//! rules of the state machine (what a payment or a sweep does to an order).

use chrono::{DateTime, TimeDelta, Utc};
use serde::Serialize;

use super::vnd;

/// How long after its expiry a paid order may still take its codes from stock by itself.
pub const LATE_WINDOW: TimeDelta = TimeDelta::hours(24);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    PendingPayment,
    Completed,
    Expired,
    Cancelled,
    NeedsAttention,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 5] = [
        Self::PendingPayment,
        Self::Completed,
        Self::Expired,
        Self::Cancelled,
        Self::NeedsAttention,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::PendingPayment => "pending_payment",
            Self::Completed => "completed",
            Self::Expired => "expired",
            Self::Cancelled => "cancelled",
            Self::NeedsAttention => "needs_attention",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Staff may confirm a payment by hand (docs/buying-flow.md).
    pub fn allows_manual_payment(self) -> bool {
        matches!(
            self,
            Self::PendingPayment | Self::Expired | Self::NeedsAttention
        )
    }

    /// Cancel: an unpaid order, one waiting for staff, or an expired one (so that money
    /// arriving later never completes it by itself).
    pub fn allows_cancel(self) -> bool {
        matches!(
            self,
            Self::PendingPayment | Self::NeedsAttention | Self::Expired
        )
    }

    /// Deliver: staff's decision to hand out the codes of money that waits for them.
    pub fn allows_deliver(self) -> bool {
        self == Self::NeedsAttention
    }

    /// RecordRefund: money waiting for a decision, or paid on top of a completed order.
    pub fn allows_refund(self) -> bool {
        matches!(self, Self::NeedsAttention | Self::Completed)
    }

    /// ReplaceCodes, RevealCodes and RegenerateAccessLink.
    pub fn is_delivered(self) -> bool {
        self == Self::Completed
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PaymentStatus {
    Unpaid,
    PartiallyPaid,
    Paid,
    Overpaid,
}

impl PaymentStatus {
    pub const ALL: [PaymentStatus; 4] = [
        Self::Unpaid,
        Self::PartiallyPaid,
        Self::Paid,
        Self::Overpaid,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Unpaid => "unpaid",
            Self::PartiallyPaid => "partially_paid",
            Self::Paid => "paid",
            Self::Overpaid => "overpaid",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// The payment status of `paid` against `total`.
    pub fn of(paid: i64, total: i64) -> Self {
        if paid <= 0 {
            Self::Unpaid
        } else if paid < total {
            Self::PartiallyPaid
        } else if paid == total {
            Self::Paid
        } else {
            Self::Overpaid
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PaymentSource {
    Webhook,
    Manual,
}

impl PaymentSource {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Webhook => "webhook",
            Self::Manual => "manual",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "webhook" => Some(Self::Webhook),
            "manual" => Some(Self::Manual),
            _ => None,
        }
    }
}

/// The kinds of timeline events (`events[].type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[schema(rename_all = "snake_case")]
pub enum EventKind {
    Created,
    PaymentReceived,
    PaymentDuplicate,
    CodesReserved,
    Completed,
    NeedsAttention,
    Expired,
    Cancelled,
    CodesReplaced,
    CodesRevealed,
    AccessLinkRegenerated,
    RefundRecorded,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Created => "created",
            Self::PaymentReceived => "payment_received",
            Self::PaymentDuplicate => "payment_duplicate",
            Self::CodesReserved => "codes_reserved",
            Self::Completed => "completed",
            Self::NeedsAttention => "needs_attention",
            Self::Expired => "expired",
            Self::Cancelled => "cancelled",
            Self::CodesReplaced => "codes_replaced",
            Self::CodesRevealed => "codes_revealed",
            Self::AccessLinkRegenerated => "access_link_regenerated",
            Self::RefundRecorded => "refund_recorded",
        }
    }
}

/// Where an order goes after a payment was added, given whether its codes can be
/// (re)reserved when they are needed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settlement {
    /// Nothing changes but the amounts (not covered yet while pending, or money on top
    /// of a completed order).
    Stay,
    /// Covered: sell the reserved codes and complete.
    Complete,
    /// Covered, but the codes were released: reserve them again, then complete; if the
    /// stock cannot cover them, `needs_attention`.
    Reserve,
    /// Money that cannot be fulfilled automatically.
    NeedsAttention,
}

/// The rule (docs/buying-flow.md) for money arriving on an order in `status`, once
/// the payments sum to `paid` of `total`.
pub fn settle(status: OrderStatus, paid: i64, total: i64) -> Settlement {
    let covered = paid >= total;
    match status {
        OrderStatus::PendingPayment if covered => Settlement::Complete,
        OrderStatus::PendingPayment | OrderStatus::Completed => Settlement::Stay,
        OrderStatus::Expired | OrderStatus::NeedsAttention if covered => Settlement::Reserve,
        OrderStatus::Expired => Settlement::NeedsAttention,
        OrderStatus::NeedsAttention => Settlement::Stay,
        OrderStatus::Cancelled => Settlement::NeedsAttention,
    }
}

/// Why money covering an order whose codes were released (expired, or waiting for
/// staff) may not take codes from stock by itself: staff cancelled it, the money came
/// more than [`LATE_WINDOW`] after its expiry, or a line's product is no longer active
/// at the line's unit price (`changed` names those lines). `None`: it may.
pub fn late_refusal(
    cancelled: bool,
    expires_at: DateTime<Utc>,
    paid_at: DateTime<Utc>,
    changed: &[String],
) -> Option<String> {
    if cancelled {
        return Some(
            "Nhận đủ tiền cho đơn hàng đã hủy: chờ nhân viên giao mã hoặc hoàn tiền".to_owned(),
        );
    }
    if paid_at > expires_at + LATE_WINDOW {
        return Some(
            "Nhận đủ tiền hơn 24 giờ sau khi đơn hết hạn: chờ nhân viên giao mã hoặc hoàn tiền"
                .to_owned(),
        );
    }
    if !changed.is_empty() {
        return Some(format!(
            "Nhận đủ tiền sau khi đơn hết hạn nhưng sản phẩm đã ngừng bán hoặc đổi giá ({}): \
             chờ nhân viên giao mã hoặc hoàn tiền",
            changed.join(", ")
        ));
    }
    None
}

/// How long after its creation staff may replace an order's codes (an admin always may).
pub const STAFF_REPLACE_WINDOW: TimeDelta = TimeDelta::days(30);

/// Whether staff (not an admin) may replace `quantity` more codes of a line of
/// `line_quantity` that already had `replaced` replaced, on an order created at
/// `created_at`: at most the line's quantity in all over the order's life, and only
/// within [`STAFF_REPLACE_WINDOW`].
pub fn replacement_allowed_to_staff(
    replaced: i64,
    quantity: i64,
    line_quantity: i64,
    created_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> bool {
    replaced + quantity <= line_quantity && now - created_at <= STAFF_REPLACE_WINDOW
}

/// What staff may still refund: the payments, less what was refunded, less the total
/// when the order was delivered (only money on top of it goes back then).
pub fn refundable(status: OrderStatus, paid: i64, refunded: i64, total: i64) -> i64 {
    let kept = if status == OrderStatus::Completed {
        total
    } else {
        0
    };
    (paid - refunded - kept).max(0)
}

/// The timeline's words for a refund.
pub fn refund_message(amount: i64, refunded: i64, paid: i64, note: &str) -> String {
    format!(
        "Ghi nhận hoàn tiền {} (đã hoàn {} / đã nhận {}). Ghi chú: {note}",
        vnd(amount),
        vnd(refunded),
        vnd(paid)
    )
}

/// The status an unpaid order takes at its expiry: money already received (a short
/// payment) makes it a case for staff.
pub fn expired_status(paid: i64) -> OrderStatus {
    if paid > 0 {
        OrderStatus::NeedsAttention
    } else {
        OrderStatus::Expired
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn state_machine() {
        use OrderStatus::*;
        assert_eq!(settle(PendingPayment, 50, 100), Settlement::Stay);
        assert_eq!(settle(PendingPayment, 100, 100), Settlement::Complete);
        assert_eq!(settle(PendingPayment, 150, 100), Settlement::Complete);
        assert_eq!(settle(Expired, 100, 100), Settlement::Reserve);
        assert_eq!(settle(Expired, 50, 100), Settlement::NeedsAttention);
        assert_eq!(settle(Cancelled, 100, 100), Settlement::NeedsAttention);
        assert_eq!(settle(NeedsAttention, 100, 100), Settlement::Reserve);
        assert_eq!(settle(NeedsAttention, 50, 100), Settlement::Stay);
        assert_eq!(settle(Completed, 200, 100), Settlement::Stay);
        assert_eq!(expired_status(0), Expired);
        assert_eq!(expired_status(1), NeedsAttention);
        assert_eq!(PaymentStatus::of(0, 100), PaymentStatus::Unpaid);
        assert_eq!(PaymentStatus::of(99, 100), PaymentStatus::PartiallyPaid);
        assert_eq!(PaymentStatus::of(100, 100), PaymentStatus::Paid);
        assert_eq!(PaymentStatus::of(101, 100), PaymentStatus::Overpaid);
        assert_eq!(vnd(1_234_000), "1.234.000đ");
    }

    #[test]
    fn late_money_is_bounded() {
        let expired = Utc::now() - TimeDelta::hours(2);
        let soon = expired + TimeDelta::hours(23);
        let late = expired + TimeDelta::hours(25);
        assert_eq!(late_refusal(false, expired, soon, &[]), None);
        assert!(late_refusal(true, expired, soon, &[]).is_some());
        assert!(late_refusal(false, expired, late, &[]).is_some());
        let changed = late_refusal(false, expired, soon, &["Thẻ A".to_owned()]).unwrap();
        assert!(changed.contains("Thẻ A"), "{changed}");
        assert_eq!(refundable(OrderStatus::NeedsAttention, 100, 30, 100), 70);
        assert_eq!(refundable(OrderStatus::Completed, 150, 0, 100), 50);
        assert_eq!(refundable(OrderStatus::Completed, 100, 0, 100), 0);
        assert!(OrderStatus::Expired.allows_cancel());
        let now = Utc::now();
        assert!(replacement_allowed_to_staff(0, 2, 2, now, now));
        assert!(replacement_allowed_to_staff(1, 1, 2, now, now));
        assert!(!replacement_allowed_to_staff(1, 2, 2, now, now));
        assert!(!replacement_allowed_to_staff(
            0,
            1,
            2,
            now - TimeDelta::days(31),
            now
        ));
        assert!(!OrderStatus::Completed.allows_cancel());
    }
}
