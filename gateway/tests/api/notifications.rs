//! Notifications across the real services (docs/notifications.md), on the real shop of
//! [`support::shop`](crate::support::shop). Shoppers order at retailstore's web API and the bank pays
//! with SePay webhooks at paymentprovider; what the shopper and the seller receive is
//! read from the mail catcher and the stub, and what is still to send from system's
//! `notification_deliveries`.
//!
//! Every wait polls observable state with a generous deadline; nothing assumes how fast
//! the machine is.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Instant;

use serde_json::Value;
use shop_common::testing::shop::{PUBLIC_BASE, order_detail};

use crate::support::shop::{CONCURRENT, Order, PRODUCT_NAME, READY, STOCK, Shop, THRESHOLD};
use crate::support::stack::build_services;

/// The order links in an e-mail's text: `(link, token)`.
fn links(text: &str) -> Vec<(String, String)> {
    text.split_whitespace()
        .filter(|word| word.contains("/order-detail?code="))
        .map(|link| {
            let token = link.split_once("#token=").map(|(_, t)| t).unwrap_or("");
            (link.to_owned(), token.to_owned())
        })
        .collect()
}

/// Every `#token=` value in `text` (text or HTML).
fn tokens_in(text: &str) -> BTreeSet<String> {
    text.split("#token=")
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn paid_orders_reach_the_shopper_by_mail_and_the_seller_by_telegram_once() {
    build_services(&["identity", "system", "retailstore", "paymentprovider"]);
    let started = Instant::now();
    let mut shop = Shop::start().await;
    let mut orders: Vec<Order> = Vec::new();
    // Every e-mail the catcher held before it was stopped (a restart empties it).
    let mut mails_before_restart: Vec<Value> = Vec::new();

    // 1. An order paid by webhook: one "codes ready" e-mail without a code, whose link
    //    opens the codes; a repeated delivery of the same transfer sends nothing more.
    let first = shop.order("an.nguyen@vidu.vn").await;
    orders.push(first.clone());
    let paid = shop.pay(1_000_001, &first).await;
    let mail = shop.ready_mail(&first).await;
    let subject = mail["subject"].as_str().unwrap();
    assert!(
        subject.contains(&first.code) && subject.contains(READY),
        "{subject}"
    );
    let text = mail["text"].as_str().unwrap();
    let html = mail["html"].as_str().unwrap();
    for code in &shop.codes {
        assert!(
            !text.contains(code) && !html.contains(code),
            "{code} in {mail}"
        );
    }
    let found = links(text);
    assert_eq!(found.len(), 1, "{text}");
    let (link, token) = &found[0];
    let prefix = format!("{PUBLIC_BASE}/order-detail?code={}#token=", first.code);
    assert!(link.starts_with(&prefix) && !token.is_empty(), "{link}");
    assert_ne!(token, &first.page_token);
    let shopper = shop.retail.anon().with_headers(&[("x-order-token", token)]);
    let detail = shopper.get(&order_detail(&first.code)).await;
    let detail = detail.ok();
    assert_eq!(detail["code"], first.code.as_str());
    assert_eq!(detail["status"], "completed", "{detail}");
    let delivered = detail["items"][0]["codes"].as_array().unwrap();
    assert_eq!(delivered.len(), 1, "{detail}");
    let delivered = delivered[0]["code"].as_str().unwrap();
    assert!(shop.codes.iter().any(|c| c == delivered), "{delivered}");
    assert!(!text.contains(delivered) && !html.contains(delivered));
    shop.stays_one_ready_mail(&first.code).await;
    // The bank delivers the same transfer again: the same transaction, no new event.
    let again = shop
        .webhook(
            1_000_001,
            &format!("{} chuyen tien mua the", first.code),
            first.total,
        )
        .await;
    assert_eq!(again, paid);
    let ready_rows = format!(
        "SELECT count(*) FROM retailstore.outbox WHERE event = 'codes_ready' \
         AND order_code = '{}'",
        first.code
    );
    assert_eq!(shop.db.count(&ready_rows).await, 1);
    shop.stays_one_ready_mail(&first.code).await;

    // 2. (Telegram) a transfer whose memo names no order: one alert.
    let memo = "CHUYEN KHOAN TIEN AN TRUA THANG 11";
    let unmatched = shop.webhook(2_000_001, memo, 50_000).await;
    assert_eq!(unmatched["status"], "unmatched", "{unmatched}");

    // 3. Concurrent orders cross the low-stock threshold (and are paid at once): each gets
    //    its e-mail, the seller one "paid" alert per order and a single low-stock alert.
    let shop_arc = Arc::new(shop);
    let placing: Vec<_> = (0..CONCURRENT)
        .map(|i| {
            let shop = shop_arc.clone();
            tokio::spawn(async move { shop.order(&format!("cung.luc{i}@vidu.vn")).await })
        })
        .collect();
    let mut together = Vec::new();
    for call in placing {
        together.push(call.await.unwrap());
    }
    let paying: Vec<_> = together
        .iter()
        .enumerate()
        .map(|(i, order)| {
            let (shop, order) = (shop_arc.clone(), order.clone());
            let id = 3_000_001 + i64::try_from(i).unwrap();
            tokio::spawn(async move { shop.pay(id, &order).await })
        })
        .collect();
    for call in paying {
        call.await.unwrap();
    }
    shop = Arc::into_inner(shop_arc).unwrap();
    for order in &together {
        shop.ready_mail(order).await;
    }
    orders.extend(together);
    shop.settled().await;
    mails_before_restart.extend(shop.catcher.emails().await);

    // 4. The mail server goes away while another order is paid. The scenario is
    //    a server "started 30 s later"; what matters is that the e-mail waits through
    //    failed attempts, so this waits for two failed attempts (with system's retry base
    //    at 200 ms) rather than for a length of time that depends on the machine.
    shop.catcher.stop();
    let late = shop.order("binh.tran@vidu.vn").await;
    orders.push(late.clone());
    shop.pay(4_000_001, &late).await;
    let what = format!("the codes-ready e-mail of {} failing twice", late.code);
    let failing = shop
        .until(&what, async || {
            let rows = shop.deliveries("codes_ready", &late.code, "email").await;
            let row = rows.first()?.clone();
            let mut fields = row.splitn(3, '|');
            let (status, attempts, error) = (
                fields.next()?,
                fields.next()?.parse::<i32>().ok()?,
                fields.next()?,
            );
            (status == "pending" && attempts >= 2 && error != "-").then_some(row)
        })
        .await;
    assert_eq!(
        shop.deliveries("codes_ready", &late.code, "email")
            .await
            .len(),
        1,
        "{failing}"
    );
    // Telegram does not wait for the mail server.
    shop.until(
        "the paid alert of the order paid without SMTP",
        async || (shop.paid_alerts(&late.code) == 1).then_some(()),
    )
    .await;
    shop.catcher.restart().await;
    shop.ready_mail(&late).await;
    shop.settled().await;
    shop.stays_one_ready_mail(&late.code).await;
    let mails_after_restart = shop.catcher.emails().await;

    // 5. Telegram: one "paid" alert per paid order, one for the unmatched transfer, one
    //    low-stock alert for all the orders that left the product below its threshold.
    let texts = shop.telegram_texts();
    for order in &orders {
        assert_eq!(
            shop.paid_alerts(&order.code),
            1,
            "{}: {texts:#?}",
            order.code
        );
    }
    let unmatched_alerts: Vec<_> = texts
        .iter()
        .filter(|t| t.contains("Chuyển khoản chưa khớp đơn nào"))
        .collect();
    assert_eq!(unmatched_alerts.len(), 1, "{texts:#?}");
    assert!(
        unmatched_alerts[0].contains(memo),
        "{}",
        unmatched_alerts[0]
    );
    let low_stock: Vec<_> = texts
        .iter()
        .filter(|t| t.contains("Sắp hết hàng"))
        .collect();
    assert_eq!(low_stock.len(), 1, "{texts:#?}");
    assert!(low_stock[0].contains(PRODUCT_NAME), "{}", low_stock[0]);
    assert_eq!(
        texts.len(),
        orders.len() + 2,
        "nothing else reaches the seller: {texts:#?}"
    );
    let available = shop
        .db
        .count(&format!(
            "SELECT available FROM retailstore.product_stock WHERE product_id = '{}'",
            shop.product
        ))
        .await;
    assert_eq!(available, i64::try_from(STOCK - orders.len()).unwrap());
    assert!(
        available < THRESHOLD - 2,
        "several orders crossed the threshold"
    );
    // Every shopper got exactly one "codes ready" e-mail (the later ones after the
    // restart, the others before it).
    let all_mails: Vec<Value> = mails_before_restart
        .iter()
        .chain(&mails_after_restart)
        .cloned()
        .collect();
    for order in &orders {
        let ready = all_mails
            .iter()
            .filter(|m| {
                let subject = m["subject"].as_str().unwrap_or_default();
                subject.contains(&order.code) && subject.contains(READY)
            })
            .count();
        assert_eq!(ready, 1, "codes-ready e-mails of {}", order.code);
    }

    // 6. Nothing sent holds a serial code or a token it should not: Telegram no token at
    //    all, each e-mail only the token of its own link (never the order page's).
    let page_tokens: Vec<&str> = orders.iter().map(|o| o.page_token.as_str()).collect();
    let mail_tokens: Vec<BTreeSet<String>> = all_mails
        .iter()
        .map(|m| {
            let mut tokens = tokens_in(m["text"].as_str().unwrap_or_default());
            tokens.extend(tokens_in(m["html"].as_str().unwrap_or_default()));
            tokens
        })
        .collect();
    let every_token: Vec<&str> = page_tokens
        .iter()
        .copied()
        .chain(mail_tokens.iter().flatten().map(String::as_str))
        .collect();
    for text in &texts {
        for code in &shop.codes {
            assert!(
                !text.contains(code),
                "a serial code in a Telegram alert: {text}"
            );
        }
        assert!(!text.contains("token="), "{text}");
        for token in &every_token {
            assert!(!text.contains(token), "a token in a Telegram alert: {text}");
        }
    }
    for (i, mail) in all_mails.iter().enumerate() {
        let whole = mail.to_string();
        for code in &shop.codes {
            assert!(!whole.contains(code), "a serial code in an e-mail: {mail}");
        }
        for token in &page_tokens {
            assert!(
                !whole.contains(token),
                "the page token in an e-mail: {mail}"
            );
        }
        assert_eq!(mail_tokens[i].len(), 1, "one link token per e-mail: {mail}");
        for (j, others) in mail_tokens.iter().enumerate() {
            if i != j {
                for token in others {
                    assert!(
                        !whole.contains(token.as_str()),
                        "another e-mail's token: {mail}"
                    );
                }
            }
        }
    }
    // Nor are the links kept once their e-mails are sent.
    let kept = "SELECT (SELECT count(*) FROM system.notification_events \
                        WHERE link_sealed IS NOT NULL) \
                     + (SELECT count(*) FROM retailstore.outbox WHERE link_sealed IS NOT NULL)";
    assert_eq!(shop.db.count(kept).await, 0);

    eprintln!(
        "notifications across the services: {:?} (after the build)",
        started.elapsed()
    );
    shop.stack.finish();
}
