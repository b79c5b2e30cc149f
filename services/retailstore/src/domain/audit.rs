//! The audit log's actions: what an owner reads back to learn who took a code out in
//! clear, deleted stock or moved an order by hand.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = StoreAuditAction)]
pub enum AuditAction {
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

impl AuditAction {
    pub const ALL: [AuditAction; 13] = [
        AuditAction::SerialCodeReveal,
        AuditAction::OrderCodesReveal,
        AuditAction::ProductDelete,
        AuditAction::SerialCodeDelete,
        AuditAction::OrderConfirmPayment,
        AuditAction::OrderCancel,
        AuditAction::OrderReplaceCodes,
        AuditAction::OrderRegenerateLink,
        AuditAction::OrderDeliver,
        AuditAction::OrderRecordRefund,
        AuditAction::ProductPriceChange,
        AuditAction::ProductStatusChange,
        AuditAction::SerialCodeOverwrite,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AuditAction::SerialCodeReveal => "serial_code_reveal",
            AuditAction::OrderCodesReveal => "order_codes_reveal",
            AuditAction::ProductDelete => "product_delete",
            AuditAction::SerialCodeDelete => "serial_code_delete",
            AuditAction::OrderConfirmPayment => "order_confirm_payment",
            AuditAction::OrderCancel => "order_cancel",
            AuditAction::OrderReplaceCodes => "order_replace_codes",
            AuditAction::OrderRegenerateLink => "order_regenerate_link",
            AuditAction::OrderDeliver => "order_deliver",
            AuditAction::OrderRecordRefund => "order_record_refund",
            AuditAction::ProductPriceChange => "product_price_change",
            AuditAction::ProductStatusChange => "product_status_change",
            AuditAction::SerialCodeOverwrite => "serial_code_overwrite",
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
        for action in AuditAction::ALL {
            assert_eq!(AuditAction::parse(action.as_str()), Some(action));
            assert_eq!(
                serde_json::to_value(action).ok(),
                Some(serde_json::Value::from(action.as_str()))
            );
        }
        assert_eq!(AuditAction::parse("Product_Delete"), None);
        assert_eq!(AuditAction::parse(""), None);
    }
}
