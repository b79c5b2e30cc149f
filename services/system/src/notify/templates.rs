//! The messages, in Vietnamese, as plain Rust: each event becomes a [`Doc`] (a heading,
//! paragraphs, facts, a button), rendered once as HTML and once as plain text for
//! e-mail, or as Telegram's HTML subset. Every value from an event or the configuration
//! passes through [`escape`] in the HTML renderers, and nothing here ever sees a serial
//! code or a token other than the shopper's own link.

use chrono::{DateTime, FixedOffset};
use serde_json::Value;
use uuid::Uuid;

use crate::domain::notification::{NotificationEventKind, mask_recipient};
use crate::models::AppConfiguration;

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
    pub fn new(config: &AppConfiguration, base_url: &str) -> Self {
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
enum Block {
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
struct Doc {
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

fn text<'a>(data: &'a Value, key: &str) -> Option<&'a str> {
    data.get(key)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

fn number(data: &Value, key: &str) -> Option<i64> {
    data.get(key).and_then(Value::as_i64)
}

fn greeting(data: &Value) -> String {
    match text(data, "customerName") {
        Some(name) => format!("Xin chào {name},"),
        None => "Xin chào,".to_owned(),
    }
}

/// `Tên × 2` lines of `items`.
fn items(data: &Value) -> Vec<String> {
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

fn push_fact(facts: &mut Vec<(&'static str, String)>, label: &'static str, value: Option<String>) {
    if let Some(value) = value {
        facts.push((label, value));
    }
}

fn link_blocks(link: Option<&str>, label: &'static str) -> Vec<Block> {
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

/// The shopper's e-mail for `event`; `None` for events without one.
pub fn shopper_mail(
    shop: &Shop,
    event: NotificationEventKind,
    order_code: &str,
    data: &Value,
    link: Option<&str>,
) -> Option<Mail> {
    let mut blocks = vec![Block::Para(greeting(data))];
    let subject = match event {
        NotificationEventKind::OrderPlaced => {
            blocks.push(Block::Para(format!(
                "Cảm ơn bạn đã đặt hàng tại {}. Đơn {order_code} đang chờ thanh toán; vui lòng chuyển khoản đúng số tiền và nội dung dưới đây.",
                shop.name
            )));
            let payment = data.get("payment").cloned().unwrap_or(Value::Null);
            let mut facts = Vec::new();
            push_fact(
                &mut facts,
                "Số tiền",
                number(&payment, "amountDue")
                    .or_else(|| number(data, "total"))
                    .map(money),
            );
            push_fact(
                &mut facts,
                "Ngân hàng",
                text(&payment, "bankName")
                    .or_else(|| text(&payment, "providerName"))
                    .map(str::to_owned),
            );
            push_fact(
                &mut facts,
                "Số tài khoản",
                text(&payment, "accountNumber").map(str::to_owned),
            );
            push_fact(
                &mut facts,
                "Chủ tài khoản",
                text(&payment, "accountName").map(str::to_owned),
            );
            push_fact(
                &mut facts,
                "Nội dung chuyển khoản",
                text(&payment, "transferContent")
                    .unwrap_or(order_code)
                    .to_owned()
                    .into(),
            );
            push_fact(
                &mut facts,
                "Hạn thanh toán",
                text(data, "expiresAt").map(local_time),
            );
            blocks.push(Block::Facts(facts));
            if let Some(instructions) = text(&payment, "instructions") {
                blocks.push(Block::Para(instructions.to_owned()));
            }
            let lines = items(data);
            if !lines.is_empty() {
                blocks.push(Block::List(lines));
            }
            blocks.push(Block::Para(
                "Mã sản phẩm sẽ hiện trên trang đơn hàng ngay khi cửa hàng nhận được tiền."
                    .to_owned(),
            ));
            blocks.extend(link_blocks(link, "Xem đơn hàng và mã QR"));
            format!("Đơn hàng {order_code}: vui lòng thanh toán")
        }
        NotificationEventKind::CodesReady => {
            blocks.push(Block::Para(format!(
                "Cửa hàng đã nhận đủ tiền cho đơn {order_code}. Mã của bạn đã sẵn sàng trên trang đơn hàng."
            )));
            let lines = items(data);
            if !lines.is_empty() {
                blocks.push(Block::List(lines));
            }
            blocks.extend(link_blocks(link, "Xem mã của bạn"));
            format!("Đơn hàng {order_code}: mã đã sẵn sàng")
        }
        NotificationEventKind::CodesReplaced => {
            blocks.push(Block::Para(format!(
                "Cửa hàng đã cấp mã thay thế cho đơn {order_code}. Mã mới đã có trên trang đơn hàng; mã cũ không còn dùng được."
            )));
            let lines = items(data);
            if !lines.is_empty() {
                blocks.push(Block::List(lines));
            }
            blocks.extend(link_blocks(link, "Xem mã mới"));
            format!("Đơn hàng {order_code}: đã cấp mã thay thế")
        }
        NotificationEventKind::NeedsAttention => {
            let paid = number(data, "paidAmount").map(money);
            blocks.push(Block::Para(match paid {
                Some(paid) => format!(
                    "Cửa hàng đã nhận {paid} cho đơn {order_code} nhưng đơn cần được xử lý thêm. Cửa hàng sẽ liên hệ với bạn sớm; bạn không cần chuyển thêm tiền."
                ),
                None => format!(
                    "Cửa hàng đã nhận tiền cho đơn {order_code} nhưng đơn cần được xử lý thêm. Cửa hàng sẽ liên hệ với bạn sớm; bạn không cần chuyển thêm tiền."
                ),
            }));
            blocks.extend(link_blocks(link, "Xem đơn hàng"));
            format!("Đơn hàng {order_code}: cửa hàng đang xử lý")
        }
        NotificationEventKind::LinkResent => {
            blocks.push(Block::Para(format!(
                "Đây là liên kết mới tới đơn {order_code} mà bạn vừa yêu cầu. Nếu bạn không yêu cầu, hãy bỏ qua email này."
            )));
            blocks.extend(link_blocks(link, "Mở đơn hàng"));
            format!("Đơn hàng {order_code}: liên kết mới")
        }
        _ => return None,
    };
    Some(render_mail(
        shop,
        &Doc {
            subject: format!("[{}] {subject}", shop.name),
            blocks,
        },
    ))
}

fn admin_link(shop: &Shop, path: &str) -> String {
    format!("{}{path}", shop.base_url)
}

fn order_link(shop: &Shop, data: &Value) -> String {
    match text(data, "orderId").and_then(|id| Uuid::parse_str(id).ok()) {
        Some(id) => admin_link(shop, &format!("/admin/orders/{id}")),
        None => admin_link(shop, "/admin/orders"),
    }
}

/// The seller's alert for `event`; `None` for events without one.
fn seller_doc(
    shop: &Shop,
    event: NotificationEventKind,
    order_code: Option<&str>,
    data: &Value,
) -> Option<Doc> {
    let code = order_code.unwrap_or("?");
    let mut facts = Vec::new();
    let (subject, link_label, link) = match event {
        NotificationEventKind::CodesReady => {
            push_fact(&mut facts, "Tổng tiền", number(data, "total").map(money));
            push_fact(&mut facts, "Đã nhận", number(data, "paidAmount").map(money));
            let lines = items(data);
            if !lines.is_empty() {
                push_fact(&mut facts, "Sản phẩm", Some(lines.join("; ")));
            }
            (
                format!(
                    "Đơn {code} đã thanh toán{}",
                    number(data, "paidAmount")
                        .map(|p| format!(": {}", money(p)))
                        .unwrap_or_default()
                ),
                "Xem đơn hàng",
                order_link(shop, data),
            )
        }
        NotificationEventKind::NeedsAttention => {
            push_fact(&mut facts, "Tổng tiền", number(data, "total").map(money));
            push_fact(&mut facts, "Đã nhận", number(data, "paidAmount").map(money));
            push_fact(&mut facts, "Lý do", text(data, "reason").map(str::to_owned));
            (
                format!("Đơn {code} cần xử lý"),
                "Xem đơn hàng",
                order_link(shop, data),
            )
        }
        NotificationEventKind::TransferUnmatched => {
            push_fact(
                &mut facts,
                "Nguồn",
                text(data, "providerName").map(str::to_owned),
            );
            push_fact(
                &mut facts,
                "Nội dung",
                text(data, "content").map(str::to_owned),
            );
            push_fact(
                &mut facts,
                "Mã tham chiếu",
                text(data, "bankReference").map(str::to_owned),
            );
            push_fact(
                &mut facts,
                "Thời điểm",
                text(data, "receivedAt").map(local_time),
            );
            (
                format!(
                    "Chuyển khoản chưa khớp đơn nào{}",
                    number(data, "amount")
                        .map(|a| format!(": {}", money(a)))
                        .unwrap_or_default()
                ),
                "Xem giao dịch chưa khớp",
                admin_link(shop, "/admin/providers/transactions?status=unmatched"),
            )
        }
        NotificationEventKind::LowStock => {
            push_fact(
                &mut facts,
                "Còn lại",
                number(data, "available").map(|n| n.to_string()),
            );
            push_fact(
                &mut facts,
                "Ngưỡng",
                number(data, "threshold").map(|n| n.to_string()),
            );
            (
                format!(
                    "Sắp hết hàng: {}",
                    text(data, "productName").unwrap_or("sản phẩm")
                ),
                "Xem sản phẩm",
                admin_link(shop, "/admin/products"),
            )
        }
        NotificationEventKind::DeliveryFailed => {
            push_fact(&mut facts, "Đơn hàng", order_code.map(str::to_owned));
            push_fact(
                &mut facts,
                "Sự kiện",
                text(data, "event").map(str::to_owned),
            );
            push_fact(
                &mut facts,
                "Người nhận",
                text(data, "recipient").map(mask_recipient),
            );
            push_fact(
                &mut facts,
                "Lỗi",
                text(data, "lastError").map(str::to_owned),
            );
            (
                "Một email cho người mua không gửi được".to_owned(),
                "Xem thông báo lỗi",
                admin_link(shop, "/admin/system/notifications?status=failed"),
            )
        }
        NotificationEventKind::WebhookRefused => {
            let minutes = number(data, "windowSeconds").map(|s| (s + 59) / 60);
            (
                format!(
                    "Webhook thanh toán bị từ chối {} lần{}",
                    number(data, "count").unwrap_or(0),
                    minutes
                        .map(|m| format!(" trong {m} phút"))
                        .unwrap_or_default()
                ),
                "Xem phương thức thanh toán",
                admin_link(shop, "/admin/providers"),
            )
        }
        _ => return None,
    };
    let mut blocks = Vec::new();
    if !facts.is_empty() {
        blocks.push(Block::Facts(facts));
    }
    blocks.push(Block::Button(link_label, link));
    Some(Doc { subject, blocks })
}

/// The seller's alert as an e-mail.
pub fn seller_mail(
    shop: &Shop,
    event: NotificationEventKind,
    order_code: Option<&str>,
    data: &Value,
) -> Option<Mail> {
    let mut doc = seller_doc(shop, event, order_code, data)?;
    doc.subject = format!("[{}] {}", shop.name, doc.subject);
    Some(render_mail(shop, &doc))
}

/// The seller's alert as a Telegram message (HTML mode).
pub fn seller_telegram(
    shop: &Shop,
    event: NotificationEventKind,
    order_code: Option<&str>,
    data: &Value,
) -> Option<String> {
    seller_doc(shop, event, order_code, data).map(|doc| render_telegram(shop, &doc))
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

fn contact_line(shop: &Shop) -> Option<String> {
    let parts: Vec<&str> = [shop.contact_email.as_deref(), shop.contact_phone.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    (!parts.is_empty()).then(|| format!("Liên hệ: {}", parts.join(" · ")))
}

fn render_mail(shop: &Shop, doc: &Doc) -> Mail {
    Mail {
        subject: doc.subject.clone(),
        text: render_text(shop, doc),
        html: render_html(shop, doc),
    }
}

fn render_text(shop: &Shop, doc: &Doc) -> String {
    let mut out = String::new();
    for block in &doc.blocks {
        match block {
            Block::Para(p) | Block::Note(p) => out.push_str(p),
            Block::Facts(facts) => {
                let lines: Vec<String> = facts.iter().map(|(k, v)| format!("{k}: {v}")).collect();
                out.push_str(&lines.join("\n"));
            }
            Block::List(items) => {
                let lines: Vec<String> = items.iter().map(|i| format!("- {i}")).collect();
                out.push_str(&lines.join("\n"));
            }
            Block::Button(label, url) => out.push_str(&format!("{label}: {url}")),
        }
        out.push_str("\n\n");
    }
    out.push_str("-- \n");
    out.push_str(&shop.name);
    if let Some(contact) = contact_line(shop) {
        out.push('\n');
        out.push_str(&contact);
    }
    out.push('\n');
    out
}

fn render_html(shop: &Shop, doc: &Doc) -> String {
    let mut body = String::new();
    for block in &doc.blocks {
        match block {
            Block::Para(p) => body.push_str(&format!(
                "<p style=\"margin:0 0 16px\">{}</p>",
                escape(p)
            )),
            Block::Note(p) => body.push_str(&format!(
                "<p style=\"margin:0 0 16px;color:#6b7280;font-size:13px\">{}</p>",
                escape(p)
            )),
            Block::Facts(facts) => {
                body.push_str("<table role=\"presentation\" style=\"border-collapse:collapse;margin:0 0 16px\">");
                for (label, value) in facts {
                    body.push_str(&format!(
                        "<tr><td style=\"padding:4px 16px 4px 0;color:#6b7280\">{}</td><td style=\"padding:4px 0;font-weight:600\">{}</td></tr>",
                        escape(label),
                        escape(value)
                    ));
                }
                body.push_str("</table>");
            }
            Block::List(items) => {
                body.push_str("<ul style=\"margin:0 0 16px;padding-left:20px\">");
                for item in items {
                    body.push_str(&format!("<li>{}</li>", escape(item)));
                }
                body.push_str("</ul>");
            }
            Block::Button(label, url) => body.push_str(&format!(
                "<p style=\"margin:0 0 16px\"><a href=\"{}\" style=\"display:inline-block;background:#2563eb;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none\">{}</a></p>",
                escape(url),
                escape(label)
            )),
        }
    }
    let logo = shop
        .logo_url
        .as_deref()
        .map(|url| {
            format!(
                "<img src=\"{}\" alt=\"{}\" style=\"max-height:48px;display:block;margin:0 0 16px\">",
                escape(url),
                escape(&shop.name)
            )
        })
        .unwrap_or_default();
    let contact = contact_line(shop)
        .map(|c| format!("<br>{}", escape(&c)))
        .unwrap_or_default();
    format!(
        "<!DOCTYPE html><html lang=\"vi\"><head><meta charset=\"utf-8\"><title>{title}</title></head>\
         <body style=\"margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827\">\
         <div style=\"max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px\">\
         {logo}<h1 style=\"font-size:20px;margin:0 0 16px\">{heading}</h1>{body}\
         <p style=\"margin:24px 0 0;color:#6b7280;font-size:12px\">{shop}{contact}</p></div></body></html>",
        title = escape(&doc.subject),
        heading = escape(&shop.name),
        shop = escape(&shop.name),
    )
}

fn render_telegram(shop: &Shop, doc: &Doc) -> String {
    let mut out = format!("<b>{}</b>\n{}", escape(&doc.subject), escape(&shop.name));
    for block in &doc.blocks {
        out.push('\n');
        match block {
            Block::Para(p) | Block::Note(p) => out.push_str(&escape(p)),
            Block::Facts(facts) => {
                let lines: Vec<String> = facts
                    .iter()
                    .map(|(k, v)| format!("{}: <b>{}</b>", escape(k), escape(v)))
                    .collect();
                out.push_str(&lines.join("\n"));
            }
            Block::List(items) => {
                let lines: Vec<String> = items.iter().map(|i| format!("• {}", escape(i))).collect();
                out.push_str(&lines.join("\n"));
            }
            Block::Button(label, url) => {
                out.push_str(&format!(
                    "<a href=\"{}\">{}</a>",
                    escape(url),
                    escape(label)
                ));
            }
        }
    }
    // Telegram's limit is 4096 characters; facts are short, but a reason may not be.
    out.chars().take(4000).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
