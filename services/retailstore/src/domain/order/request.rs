//! The shopper's checked order request (CreateOrder's body, merged per product) and its
//! pricing against the products as they are now.

use std::collections::HashMap;

use shop_common::FieldError;
use uuid::Uuid;

use super::{Email, Phone};
use crate::domain::product::ProductStatus;

/// Lines per order (after merging repeated products).
pub const MAX_LINES: usize = 20;
pub const MAX_NAME: usize = 100;
pub const MAX_NOTE: usize = 500;

/// One merged line: a product, its total quantity, and the index of its first line in
/// the request (for error details).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub product_id: Uuid,
    pub quantity: i64,
    pub index: usize,
}

/// A checked order request.
#[derive(Debug, Clone)]
pub struct OrderRequest {
    pub lines: Vec<Line>,
    pub email: Email,
    pub phone: Option<Phone>,
    pub customer_name: Option<String>,
    pub note: Option<String>,
    pub provider_id: Uuid,
}

/// What an order line needs to know about its product.
#[derive(Debug, Clone)]
pub struct ProductOffer {
    pub id: Uuid,
    pub name: String,
    pub image_url: Option<String>,
    pub status: ProductStatus,
    pub price: i64,
    pub min_per_order: i32,
    pub max_per_order: i32,
}

/// A priced line, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedLine {
    pub position: i32,
    pub product_id: Uuid,
    pub product_name: String,
    pub image_url: Option<String>,
    pub unit_price: i64,
    pub quantity: i32,
    pub line_total: i64,
    /// The index of the product's first line in the request.
    pub index: usize,
}

/// The priced lines and their total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Priced {
    pub lines: Vec<PricedLine>,
    pub total: i64,
}

impl Priced {
    /// The sum of the quantities.
    pub fn item_count(&self) -> i32 {
        self.lines.iter().map(|l| l.quantity).sum()
    }
}

/// Why an order cannot be priced, with one detail per line at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unpriceable {
    /// Code 402: a product missing or not active.
    NotOnSale(Vec<FieldError>),
    /// Code 401: a quantity outside the product's min/max.
    QuantityOutOfRange(Vec<FieldError>),
}

/// Prices the lines against the products as they are now: code 402 for a product that is
/// missing or not active, then code 401 for a quantity outside the product's min/max.
pub fn price(lines: &[Line], offers: &HashMap<Uuid, ProductOffer>) -> Result<Priced, Unpriceable> {
    let mut not_on_sale = Vec::new();
    let mut out_of_range = Vec::new();
    let mut priced = Vec::with_capacity(lines.len());
    for (position, line) in lines.iter().enumerate() {
        let field = format!("items[{}].productId", line.index);
        let Some(offer) = offers
            .get(&line.product_id)
            .filter(|o| o.status == ProductStatus::Active)
        else {
            not_on_sale.push(FieldError::new(field, "Sản phẩm không còn được bán"));
            continue;
        };
        let (min, max) = (
            i64::from(offer.min_per_order),
            i64::from(offer.max_per_order),
        );
        if !(min..=max).contains(&line.quantity) {
            out_of_range.push(FieldError::new(
                format!("items[{}].quantity", line.index),
                format!("{}: mỗi đơn mua từ {min} đến {max} mã", offer.name),
            ));
            continue;
        }
        // Within 1..=100 by the product's own rule.
        let quantity = i32::try_from(line.quantity).unwrap_or(i32::MAX);
        priced.push(PricedLine {
            position: i32::try_from(position).unwrap_or(i32::MAX),
            product_id: offer.id,
            product_name: offer.name.clone(),
            image_url: offer.image_url.clone(),
            unit_price: offer.price,
            quantity,
            line_total: offer.price.saturating_mul(line.quantity),
            index: line.index,
        });
    }
    if !not_on_sale.is_empty() {
        return Err(Unpriceable::NotOnSale(not_on_sale));
    }
    if !out_of_range.is_empty() {
        return Err(Unpriceable::QuantityOutOfRange(out_of_range));
    }
    let total = priced
        .iter()
        .fold(0i64, |sum, l| sum.saturating_add(l.line_total));
    Ok(Priced {
        lines: priced,
        total,
    })
}

/// The detail of a line the stock cannot cover (code 400).
pub fn shortage(index: usize, product_name: &str, available: usize) -> FieldError {
    FieldError::new(
        format!("items[{index}].quantity"),
        format!("{product_name}: chỉ còn {available} mã"),
    )
}

/// The lines of a priced order that `available` (codes per product, an upper bound of
/// what the reservation can find) cannot cover, as (line, codes available).
pub fn uncovered<'a>(
    priced: &'a Priced,
    available: &HashMap<Uuid, i64>,
) -> Vec<(&'a PricedLine, i64)> {
    priced
        .lines
        .iter()
        .filter_map(|line| {
            let have = available.get(&line.product_id).copied().unwrap_or(0).max(0);
            (have < i64::from(line.quantity)).then_some((line, have))
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn priced_fields(error: Unpriceable) -> Vec<String> {
        match error {
            Unpriceable::NotOnSale(d) | Unpriceable::QuantityOutOfRange(d) => {
                d.into_iter().map(|f| f.field).collect()
            }
        }
    }

    #[test]
    fn pricing() {
        let offer = |status, min, max| ProductOffer {
            id: Uuid::new_v4(),
            name: "Thẻ".into(),
            image_url: None,
            status,
            price: 10_000,
            min_per_order: min,
            max_per_order: max,
        };
        let active = offer(ProductStatus::Active, 1, 5);
        let hidden = offer(ProductStatus::Hidden, 1, 5);
        let offers: HashMap<_, _> = [active.clone(), hidden.clone()]
            .into_iter()
            .map(|o| (o.id, o))
            .collect();
        let line = |id, quantity, index| Line {
            product_id: id,
            quantity,
            index,
        };
        let priced = price(&[line(active.id, 3, 0)], &offers).unwrap();
        assert_eq!((priced.total, priced.item_count()), (30_000, 3));
        let missing = price(
            &[line(Uuid::new_v4(), 1, 0), line(active.id, 9, 1)],
            &offers,
        );
        assert_eq!(priced_fields(missing.unwrap_err()), ["items[0].productId"]);
        let hidden_line = price(&[line(hidden.id, 1, 2)], &offers);
        assert!(matches!(hidden_line, Err(Unpriceable::NotOnSale(_))));
        let over = price(&[line(active.id, 6, 0)], &offers).unwrap_err();
        assert_eq!(priced_fields(over), ["items[0].quantity"]);
    }

    #[test]
    fn uncovered_lines() {
        let offer = |price| ProductOffer {
            id: Uuid::new_v4(),
            name: "Thẻ".into(),
            image_url: None,
            status: ProductStatus::Active,
            price,
            min_per_order: 1,
            max_per_order: 10,
        };
        let (a, b) = (offer(10_000), offer(20_000));
        let offers: HashMap<_, _> = [a.clone(), b.clone()]
            .into_iter()
            .map(|o| (o.id, o))
            .collect();
        let lines = [
            Line {
                product_id: a.id,
                quantity: 3,
                index: 0,
            },
            Line {
                product_id: b.id,
                quantity: 2,
                index: 1,
            },
        ];
        let priced = price(&lines, &offers).unwrap();
        let short = |available: &[(Uuid, i64)]| {
            let available = available.iter().copied().collect();
            uncovered(&priced, &available)
                .into_iter()
                .map(|(line, have)| (line.index, have))
                .collect::<Vec<_>>()
        };
        assert!(short(&[(a.id, 3), (b.id, 9)]).is_empty());
        assert_eq!(short(&[(a.id, 2), (b.id, 2)]), [(0, 2)]);
        // A product without a counter has nothing; a negative counter counts as none.
        assert_eq!(short(&[(a.id, -1)]), [(0, 0), (1, 0)]);
    }
}
