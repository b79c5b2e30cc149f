//! The shopper's e-mails: order placed, codes ready, codes replaced, money to be
//! handled by the shop, a new link.

use serde_json::Value;

use crate::domain::notification::NotificationEventKind;

use super::*;

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
