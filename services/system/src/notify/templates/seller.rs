//! The seller's alerts, by e-mail and on Telegram: order codes, amounts and
//! back-office links only.

use serde_json::Value;
use uuid::Uuid;

use crate::domain::notification::{NotificationEventKind, mask_recipient};

use super::*;

pub(super) fn admin_link(shop: &Shop, path: &str) -> String {
    format!("{}{path}", shop.base_url)
}

pub(super) fn order_link(shop: &Shop, data: &Value) -> String {
    match text(data, "orderId").and_then(|id| Uuid::parse_str(id).ok()) {
        Some(id) => admin_link(shop, &format!("/admin/orders/{id}")),
        None => admin_link(shop, "/admin/orders"),
    }
}

/// The seller's alert for `event`; `None` for events without one.
pub(super) fn seller_doc(
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
