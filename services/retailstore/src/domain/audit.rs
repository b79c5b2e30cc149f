//! The audit log's actions: what an owner reads back to learn who took a code out in
//! clear, deleted stock or moved an order by hand.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StoreAuditAction {
    /// ProductSerialCode/Reveal: an unsold code in clear.
    SerialCodeReveal,
    /// Order/RevealCodes: a completed order's codes in clear.
    OrderCodesReveal,
    ProductDelete,
    SerialCodeDelete,
    OrderConfirmPayment,
    OrderCancel,
    OrderReplaceCodes,
    OrderRegenerateLink,
    /// Order/Deliver: staff delivered the codes of an order its money could not complete.
    OrderDeliver,
    /// Order/RecordRefund: staff recorded money given back.
    OrderRecordRefund,
    /// Product/Create or Update set a price (old -> new).
    ProductPriceChange,
    /// Product/Create or Update set a status (old -> new).
    ProductStatusChange,
    /// ProductSerialCode/Update wrote a new value over a code (never the code itself).
    SerialCodeOverwrite,
}

impl StoreAuditAction {
    pub const ALL: [StoreAuditAction; 13] = [
        StoreAuditAction::SerialCodeReveal,
        StoreAuditAction::OrderCodesReveal,
        StoreAuditAction::ProductDelete,
        StoreAuditAction::SerialCodeDelete,
        StoreAuditAction::OrderConfirmPayment,
        StoreAuditAction::OrderCancel,
        StoreAuditAction::OrderReplaceCodes,
        StoreAuditAction::OrderRegenerateLink,
        StoreAuditAction::OrderDeliver,
        StoreAuditAction::OrderRecordRefund,
        StoreAuditAction::ProductPriceChange,
        StoreAuditAction::ProductStatusChange,
        StoreAuditAction::SerialCodeOverwrite,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            StoreAuditAction::SerialCodeReveal => "serial_code_reveal",
            StoreAuditAction::OrderCodesReveal => "order_codes_reveal",
            StoreAuditAction::ProductDelete => "product_delete",
            StoreAuditAction::SerialCodeDelete => "serial_code_delete",
            StoreAuditAction::OrderConfirmPayment => "order_confirm_payment",
            StoreAuditAction::OrderCancel => "order_cancel",
            StoreAuditAction::OrderReplaceCodes => "order_replace_codes",
            StoreAuditAction::OrderRegenerateLink => "order_regenerate_link",
            StoreAuditAction::OrderDeliver => "order_deliver",
            StoreAuditAction::OrderRecordRefund => "order_record_refund",
            StoreAuditAction::ProductPriceChange => "product_price_change",
            StoreAuditAction::ProductStatusChange => "product_status_change",
            StoreAuditAction::SerialCodeOverwrite => "serial_code_overwrite",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.as_str() == text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_match_serde() {
        for action in StoreAuditAction::ALL {
            assert_eq!(StoreAuditAction::parse(action.as_str()), Some(action));
            assert_eq!(
                serde_json::to_value(action).ok(),
                Some(serde_json::Value::from(action.as_str()))
            );
        }
        assert_eq!(StoreAuditAction::parse("Product_Delete"), None);
        assert_eq!(StoreAuditAction::parse(""), None);
    }
}
