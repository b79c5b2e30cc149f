//! The messages, in Vietnamese, as plain Rust: each event becomes a [`Doc`] (a heading,
//! paragraphs, facts, a button), rendered once as HTML and once as plain text for
//! e-mail, or as Telegram's HTML subset. Every value from an event or the configuration
//! passes through [`escape`] in the HTML renderers, and nothing here ever sees a serial
//! code or a token other than the shopper's own link. The shopper's e-mails are in
//! [`shopper`], the seller's alerts in [`seller`], the renderers in [`render`].

use chrono::{DateTime, FixedOffset};
use serde_json::Value;

use crate::models::AppConfigurationRow;

mod render;
mod seller;
mod shopper;

use render::*;
pub use seller::*;
pub use shopper::*;

/// What every message shows about the shop.
#[derive(Debug, Clone)]
pub struct Shop {
    pub name: String,
    /// Absolute.
    pub logo_url: Option<String>,
    pub contact_email: Option<String>,
    pub contact_phone: Option<String>,
    /// `PUBLIC_BASE_URL`, for back-office links.
    pub base_url: String,
}

impl Shop {
    pub fn new(config: &AppConfigurationRow, base_url: &str) -> Self {
        let logo_url = config.logo_url.as_deref().map(|logo| {
            if logo.starts_with('/') {
                format!("{base_url}{logo}")
            } else {
                logo.to_owned()
            }
        });
        Self {
            name: config.shop_name.clone(),
            logo_url,
            contact_email: config.contact_email.clone(),
            contact_phone: config.contact_phone.clone(),
            base_url: base_url.to_owned(),
        }
    }
}

/// A rendered e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// One piece of a message's body.
#[derive(Debug, Clone)]
pub(super) enum Block {
    Para(String),
    /// Label and value rows.
    Facts(Vec<(&'static str, String)>),
    /// A bulleted list.
    List(Vec<String>),
    /// A link shown as a button: label and URL.
    Button(&'static str, String),
    /// Small print.
    Note(String),
}

/// A message before rendering.
#[derive(Debug, Clone)]
pub(super) struct Doc {
    subject: String,
    blocks: Vec<Block>,
}

/// `&`, `<`, `>`, `"` and `'` as entities: safe in text and in quoted attributes (and
/// the whole of what Telegram's HTML mode needs).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `150.000 ₫`.
pub fn money(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push('.');
        }
        grouped.push(c);
    }
    let sign = if amount < 0 { "-" } else { "" };
    format!("{sign}{grouped} ₫")
}

/// An RFC 3339 instant as `dd/mm/yyyy HH:MM` in Asia/Ho_Chi_Minh (UTC+7 all year); the
/// text as it is when it is not one.
pub fn local_time(text: &str) -> String {
    const VIETNAM: i32 = 7 * 3600;
    match (
        DateTime::parse_from_rfc3339(text),
        FixedOffset::east_opt(VIETNAM),
    ) {
        (Ok(t), Some(offset)) => t
            .with_timezone(&offset)
            .format("%d/%m/%Y %H:%M")
            .to_string(),
        _ => text.to_owned(),
    }
}

pub(super) fn text<'a>(data: &'a Value, key: &str) -> Option<&'a str> {
    data.get(key)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

pub(super) fn number(data: &Value, key: &str) -> Option<i64> {
    data.get(key).and_then(Value::as_i64)
}

pub(super) fn greeting(data: &Value) -> String {
    match text(data, "customerName") {
        Some(name) => format!("Xin chào {name},"),
        None => "Xin chào,".to_owned(),
    }
}

/// `Tên × 2` lines of `items`.
pub(super) fn items(data: &Value) -> Vec<String> {
    data.get("items")
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|item| {
                    let name = text(item, "name")?;
                    let quantity = number(item, "quantity").unwrap_or(1);
                    Some(match number(item, "lineTotal") {
                        Some(total) => format!("{name} × {quantity} — {}", money(total)),
                        None => format!("{name} × {quantity}"),
                    })
                })
                .take(50)
                .collect()
        })
        .unwrap_or_default()
}

pub(super) fn push_fact(
    facts: &mut Vec<(&'static str, String)>,
    label: &'static str,
    value: Option<String>,
) {
    if let Some(value) = value {
        facts.push((label, value));
    }
}

pub(super) fn link_blocks(link: Option<&str>, label: &'static str) -> Vec<Block> {
    match link {
        Some(link) => vec![
            Block::Button(label, link.to_owned()),
            Block::Note(
                "Liên kết này là chìa khóa tới đơn hàng của bạn: đừng chuyển tiếp email này cho người khác."
                    .to_owned(),
            ),
        ],
        None => vec![Block::Note(
            "Bạn có thể tra cứu đơn hàng trên trang của cửa hàng bằng mã đơn và email đã dùng khi đặt hàng."
                .to_owned(),
        )],
    }
}

/// The admin's test e-mail.
pub fn test_mail(shop: &Shop) -> Mail {
    render_mail(
        shop,
        &Doc {
            subject: format!("[{}] Email thử", shop.name),
            blocks: vec![Block::Para(
                "Đây là email thử từ trang quản trị. Cấu hình gửi email đang hoạt động.".to_owned(),
            )],
        },
    )
}

/// The admin's test Telegram message.
pub fn test_telegram(shop: &Shop) -> String {
    render_telegram(
        shop,
        &Doc {
            subject: "Tin nhắn thử".to_owned(),
            blocks: vec![Block::Para(
                "Cấu hình Telegram của cửa hàng đang hoạt động.".to_owned(),
            )],
        },
    )
}

pub(super) fn contact_line(shop: &Shop) -> Option<String> {
    let parts: Vec<&str> = [shop.contact_email.as_deref(), shop.contact_phone.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    (!parts.is_empty()).then(|| format!("Liên hệ: {}", parts.join(" · ")))
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::notification::NotificationEventKind;
    use serde_json::json;
    use uuid::Uuid;

    fn shop() -> Shop {
        Shop {
            name: "Shop <b>".to_owned(),
            logo_url: Some("http://localhost:8080/uploads/a.png".to_owned()),
            contact_email: Some("lienhe@shop.vn".to_owned()),
            contact_phone: None,
            base_url: "http://localhost:8080".to_owned(),
        }
    }

    #[test]
    fn formats() {
        assert_eq!(money(150_000), "150.000 ₫");
        assert_eq!(money(1_234_567), "1.234.567 ₫");
        assert_eq!(money(0), "0 ₫");
        assert_eq!(money(999), "999 ₫");
        assert_eq!(local_time("2026-12-01T17:30:00Z"), "02/12/2026 00:30");
        assert_eq!(
            escape("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn order_placed_carries_the_payment_and_escapes() {
        let data = json!({
            "orderId": Uuid::nil(), "customerName": "<script>alert(1)</script>", "total": 150000,
            "expiresAt": "2026-12-01T03:15:00Z",
            "items": [{"name": "Thẻ <Garena>", "quantity": 2, "lineTotal": 150000}],
            "payment": {"providerName": "VietQR", "bankName": "Vietcombank", "accountNumber": "0123456789",
                        "accountName": "NGUYEN VAN A", "transferContent": "DHAB12CD34", "amountDue": 150000}
        });
        let mail = shopper_mail(
            &shop(),
            NotificationEventKind::OrderPlaced,
            "DHAB12CD34",
            &data,
            Some("https://shop.vn/order-detail?code=DHAB12CD34#token=t&x=\"1\""),
        )
        .unwrap_or_else(|| panic!("no mail"));
        assert!(mail.subject.contains("DHAB12CD34"));
        assert!(!mail.html.contains("<script>"));
        assert!(mail.html.contains("&lt;script&gt;"));
        assert!(mail.html.contains("Thẻ &lt;Garena&gt;"));
        assert!(mail.html.contains("Shop &lt;b&gt;"));
        assert!(mail.html.contains("token=t&amp;x=&quot;1&quot;"));
        for fact in [
            "150.000 ₫",
            "Vietcombank",
            "0123456789",
            "NGUYEN VAN A",
            "01/12/2026 10:15",
        ] {
            assert!(mail.text.contains(fact), "{fact}: {}", mail.text);
            assert!(mail.html.contains(fact), "{fact}");
        }
        assert!(
            mail.text.contains("<script>alert(1)</script>"),
            "plain text stays plain"
        );
    }

    #[test]
    fn seller_alerts_link_to_the_back_office() {
        let id = Uuid::new_v4();
        let text = seller_telegram(
            &shop(),
            NotificationEventKind::CodesReady,
            Some("DHAB12CD34"),
            &json!({"orderId": id, "total": 150000, "paidAmount": 150000}),
        )
        .unwrap_or_default();
        assert!(text.contains("150.000 ₫"));
        assert!(text.contains(&format!("http://localhost:8080/admin/orders/{id}")));
        let unmatched = seller_telegram(
            &shop(),
            NotificationEventKind::TransferUnmatched,
            None,
            &json!({"amount": 20000, "content": "<i>chuyen tien</i>", "providerName": "SePay"}),
        )
        .unwrap_or_default();
        assert!(unmatched.contains("/admin/providers/transactions?status=unmatched"));
        assert!(unmatched.contains("&lt;i&gt;chuyen tien&lt;/i&gt;"));
        assert!(
            seller_telegram(
                &shop(),
                NotificationEventKind::OrderPlaced,
                None,
                &json!({})
            )
            .is_none()
        );
        assert!(
            shopper_mail(
                &shop(),
                NotificationEventKind::LowStock,
                "X",
                &json!({}),
                None
            )
            .is_none()
        );
    }
}
