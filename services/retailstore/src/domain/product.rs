//! Products: status, stock level, and the checked set of fields behind Create and Update.

use serde::Serialize;
use utoipa::ToSchema;

pub const MAX_NAME: usize = 200;
pub const MAX_SUMMARY: usize = 500;
pub const MAX_DESCRIPTION: usize = 20_000;
/// The redemption steps are read on a phone under the codes: a few screens at most.
pub const MAX_REDEEM_INSTRUCTIONS: usize = 5_000;
pub const MAX_IMAGE_URL: usize = 2_048;
pub const MAX_PRICE: i64 = 1_000_000_000_000;
pub const MAX_PER_ORDER_LIMIT: i32 = 100;
pub const MAX_SORT_ORDER: i32 = 1_000_000;
pub const MAX_LOW_STOCK_THRESHOLD: i32 = 1_000_000;
pub const DEFAULT_MIN_PER_ORDER: i32 = 1;
pub const DEFAULT_MAX_PER_ORDER: i32 = 10;
pub const DEFAULT_LOW_STOCK_THRESHOLD: i32 = 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(default = "draft")]
pub enum ProductStatus {
    Draft,
    Active,
    Hidden,
}

impl ProductStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Draft => "draft",
            Self::Active => "active",
            Self::Hidden => "hidden",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "draft" => Some(Self::Draft),
            "active" => Some(Self::Active),
            "hidden" => Some(Self::Hidden),
            _ => None,
        }
    }
}

/// What the storefront shows instead of raw counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(description = "low khi 0 < còn hàng <= lowStockThreshold")]
pub enum StockLevel {
    InStock,
    Low,
    OutOfStock,
}

impl StockLevel {
    /// `low` when `0 < available <= threshold`.
    pub fn of(available: i64, low_stock_threshold: i32) -> Self {
        if available <= 0 {
            Self::OutOfStock
        } else if available <= i64::from(low_stock_threshold) {
            Self::Low
        } else {
            Self::InStock
        }
    }
}

/// What shoppers see of a product besides its stock: names, texts, image and price.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductListing {
    pub name: String,
    pub slug: String,
    #[schema(required = true)]
    pub summary: Option<String>,
    #[schema(required = true)]
    pub description: Option<String>,
    #[schema(required = true)]
    pub image_url: Option<String>,
    pub price: i64,
    #[schema(required = true)]
    pub original_price: Option<i64>,
    /// Hướng dẫn sử dụng mã (Markdown; hiển thị không kèm HTML)
    #[schema(required = true)]
    pub redeem_instructions: Option<String>,
}

/// Checked product fields, ready to store; the admin view shows them as they are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductFields {
    #[serde(flatten)]
    pub listing: ProductListing,
    pub status: ProductStatus,
    pub sort_order: i32,
    pub min_per_order: i32,
    pub max_per_order: i32,
    pub low_stock_threshold: i32,
}

/// The money-relevant changes of a product Update, as audit rows (action, detail): its
/// price and its status, old -> new.
pub fn audited_changes(
    before: (i64, ProductStatus),
    after: (i64, ProductStatus),
) -> Vec<(crate::domain::audit::StoreAuditAction, String)> {
    use crate::domain::audit::StoreAuditAction;
    let mut out = Vec::new();
    if before.0 != after.0 {
        let detail = format!("Giá: {} -> {}", before.0, after.0);
        out.push((StoreAuditAction::ProductPriceChange, detail));
    }
    if before.1 != after.1 {
        let detail = format!("Trạng thái: {} -> {}", before.1.as_str(), after.1.as_str());
        out.push((StoreAuditAction::ProductStatusChange, detail));
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn stock_levels() {
        assert_eq!(StockLevel::of(0, 10), StockLevel::OutOfStock);
        assert_eq!(StockLevel::of(1, 10), StockLevel::Low);
        assert_eq!(StockLevel::of(10, 10), StockLevel::Low);
        assert_eq!(StockLevel::of(11, 10), StockLevel::InStock);
        assert_eq!(StockLevel::of(1, 0), StockLevel::InStock);
    }
}
