//! CreateOrder's body as sent, and its checking into the domain's [`OrderRequest`].

use serde::{Deserialize, Serialize};
use shop_common::FieldError;
use shop_common::input::{Invalid, Problems};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::domain::optional_text;
use crate::domain::order::{Email, Line, MAX_LINES, MAX_NAME, MAX_NOTE, OrderRequest, Phone};

/// One line of CreateOrder, as sent.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    #[schema(value_type = Uuid, required = true)]
    pub product_id: Option<Uuid>,
    #[schema(value_type = i64, required = true, minimum = 1)]
    pub quantity: Option<i64>,
}

/// The body of CreateOrder, as sent. `Serialize` gives the canonical form that
/// idempotent replays compare.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCreate {
    /// Cùng sản phẩm nhiều lần được gộp
    #[schema(value_type = Vec<OrderLine>, required = true, min_items = 1, max_items = 20)]
    pub items: Option<Vec<OrderLine>>,
    #[schema(value_type = String, required = true, format = Email)]
    pub email: Option<String>,
    /// Số Việt Nam: 0xxxxxxxxx (di động 03/05/07/08/09, cố định 02 + 9 số); chấp nhận +84, khoảng trắng, dấu chấm, gạch
    pub phone: Option<String>,
    #[schema(max_length = 100)]
    pub customer_name: Option<String>,
    #[schema(max_length = 500)]
    pub note: Option<String>,
    #[schema(value_type = Uuid, required = true)]
    pub payment_provider_id: Option<Uuid>,
}

impl OrderCreate {
    /// Checks every field (code 1 with every problem) and merges repeated products.
    pub fn check(self) -> Result<OrderRequest, Invalid> {
        let mut p = Problems::default();
        let mut lines: Vec<Line> = Vec::new();
        match &self.items {
            None => p.push("items", "Vui lòng chọn sản phẩm"),
            Some(items) if items.is_empty() => p.push("items", "Vui lòng chọn sản phẩm"),
            Some(items) if items.len() > MAX_LINES => {
                p.push("items", format!("Mỗi đơn tối đa {MAX_LINES} dòng sản phẩm"));
            }
            Some(items) => {
                for (index, item) in items.iter().enumerate() {
                    let Some(product_id) = item.product_id else {
                        p.push(
                            &format!("items[{index}].productId"),
                            "Vui lòng chọn sản phẩm",
                        );
                        continue;
                    };
                    let quantity = match item.quantity {
                        Some(q) if (1..=i64::from(i32::MAX)).contains(&q) => q,
                        _ => {
                            p.push(
                                &format!("items[{index}].quantity"),
                                "Số lượng phải là số nguyên lớn hơn 0",
                            );
                            continue;
                        }
                    };
                    match lines.iter_mut().find(|l| l.product_id == product_id) {
                        Some(line) => line.quantity = line.quantity.saturating_add(quantity),
                        None => lines.push(Line {
                            product_id,
                            quantity,
                            index,
                        }),
                    }
                }
            }
        }
        let email = match self.email.as_deref().map(str::trim) {
            None | Some("") => {
                p.push("email", "Vui lòng nhập email");
                None
            }
            Some(text) => Email::parse(text).or_else(|| {
                p.push("email", "Email không hợp lệ");
                None
            }),
        };
        let phone = match self.phone.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) => Phone::parse(text).or_else(|| {
                p.push("phone", "Số điện thoại Việt Nam không hợp lệ");
                None
            }),
        };
        let customer_name =
            optional_text(&mut p, "customerName", self.customer_name, MAX_NAME, false);
        let note = optional_text(&mut p, "note", self.note, MAX_NOTE, true);
        if self.payment_provider_id.is_none() {
            p.push("paymentProviderId", "Vui lòng chọn phương thức thanh toán");
        }
        let provider_id = self.payment_provider_id.unwrap_or_default();
        p.finish::<_, Invalid>(|| ())?;
        let email =
            email.ok_or_else(|| Invalid(vec![FieldError::new("email", "Email không hợp lệ")]))?;
        Ok(OrderRequest {
            lines,
            email,
            phone,
            customer_name,
            note,
            provider_id,
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn fields(Invalid(details): Invalid) -> Vec<String> {
        details.into_iter().map(|f| f.field).collect()
    }

    #[test]
    fn order_form_checks_and_merges() {
        let a = Uuid::new_v4();
        let b = Uuid::new_v4();
        let form: OrderCreate = serde_json::from_value(serde_json::json!({
            "items": [{"productId": a, "quantity": 1}, {"productId": b, "quantity": 2},
                      {"productId": a, "quantity": 3}],
            "email": " khach@vidu.vn ", "paymentProviderId": Uuid::new_v4(),
            "customerName": "  ", "phone": "0912345678"
        }))
        .unwrap();
        let request = form.check().unwrap();
        assert_eq!(
            request.lines,
            [
                Line {
                    product_id: a,
                    quantity: 4,
                    index: 0
                },
                Line {
                    product_id: b,
                    quantity: 2,
                    index: 1
                }
            ]
        );
        assert_eq!(request.email.as_str(), "khach@vidu.vn");
        assert_eq!(request.customer_name, None);

        let bad: OrderCreate = serde_json::from_value(serde_json::json!({
            "items": [{"productId": a, "quantity": 0}, {"quantity": 1}],
            "email": "x", "phone": "123", "note": "n".repeat(501)
        }))
        .unwrap();
        assert_eq!(
            fields(bad.check().unwrap_err()),
            [
                "items[0].quantity",
                "items[1].productId",
                "email",
                "phone",
                "note",
                "paymentProviderId"
            ]
        );
        let too_many = OrderCreate {
            items: Some(vec![
                OrderLine {
                    product_id: Some(a),
                    quantity: Some(1)
                };
                MAX_LINES + 1
            ]),
            ..Default::default()
        };
        assert_eq!(
            fields(too_many.check().unwrap_err()),
            ["items", "email", "paymentProviderId"]
        );
    }
}
