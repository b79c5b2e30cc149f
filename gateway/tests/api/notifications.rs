//! Notifications across the real services (docs/notifications.md): identity, system,
//! paymentprovider and retailstore run as their binaries on a database of their own,
//! system sends e-mail to a real SMTP server (maildev) and Telegram alerts to a local
//! stand-in for the Bot API. Shoppers order at retailstore's web API and the bank pays
//! with SePay webhooks at paymentprovider; what the shopper and the seller receive is
//! read from the mail catcher and the stub, and what is still to send from system's
//! `notification_deliveries`.
//!
//! Every wait polls observable state with a generous deadline; nothing assumes how fast
//! the machine is.

use crate::support;

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use shop_common::internal::Caller;
use shop_common::testing::mail::{MailCatcher, recipients};
use shop_common::testing::shop::{
    ACCOUNT, PUBLIC_BASE, Staff, WEBHOOK_KEY, codes, order_detail, payment, retail, sepay,
};
use shop_common::testing::{Stub, TestClient, caller_key};
use support::stack::{
    Database, Forward, Running, SYSTEM_KEY, Stack, build_services, jwt_private_key_pem,
};

const ADMIN_USER: &str = "admin";
const ADMIN_PASSWORD: &str = "Quan-Tri-Vien@2026";
const BOT_TOKEN: &str = "7000000001:AAF_test-bot-token-0123456789abcdef";
const CHAT_ID: &str = "-1001234567890";
const READY: &str = "mã đã sẵn sàng";
const PRODUCT_NAME: &str = "Thẻ quà tặng 100K";
const PRICE: i64 = 100_000;
/// 12 codes and a threshold of 10: the first order leaves 11, the concurrent ones
/// 10, 9, 8 and 7 (three below the threshold), the last one 6.
const STOCK: usize = 12;
const THRESHOLD: i64 = 10;
const CONCURRENT: usize = 4;
/// How long any one step may take before the test gives up.
const DEADLINE: Duration = Duration::from_secs(60);
/// How long a step keeps watching for a message that must not come.
const QUIET: Duration = Duration::from_secs(3);

/// An order as CreateOrder answered it.
#[derive(Debug, Clone)]
struct Order {
    code: String,
    total: i64,
    /// The order page's own token (CreateOrder's `accessToken`).
    page_token: String,
    email: String,
}

/// The running shop and what the test planted in it.
struct Shop {
    // Dropped first: the binaries stop before their database goes.
    _running: Vec<Running>,
    _forward: Forward,
    stack: Stack,
    db: Database,
    catcher: MailCatcher,
    telegram: Stub,
    /// retailstore and paymentprovider, as admin.
    retail: TestClient,
    payments: TestClient,
    provider: String,
    product: String,
    /// Every serial code imported.
    codes: Vec<String>,
}

fn send_message_path() -> String {
    format!("/bot{BOT_TOKEN}/sendMessage")
}

impl Shop {
    /// Starts the services (already built), the mail catcher and the Telegram stand-in;
    /// signs in as admin and plants a product with codes and a VietQR provider.
    async fn start() -> Self {
        let catcher = MailCatcher::start().await;
        let telegram = Stub::start();
        telegram.reply("post", &send_message_path(), |_| {
            (200, json!({"ok": true, "result": {}}))
        });
        let db = Database::create("notify").await;
        let mut stack = Stack::new(&db, "notify");
        let upload_dir = stack.logs.join("uploads");
        let pem = jwt_private_key_pem();
        let smtp_url = catcher.smtp_url();
        let mut running = Vec::new();
        // identity first (every service reads its JWKS), then system (the relays post to
        // it). retailstore and paymentprovider call each other: paymentprovider starts
        // with a forwarding port as retailstore's URL, pointed at retailstore once it
        // listens.
        running.push(
            stack
                .start_with(
                    "identity",
                    &[
                        ("ADMIN_USERNAME", ADMIN_USER),
                        ("ADMIN_PASSWORD", ADMIN_PASSWORD),
                        ("JWT_PRIVATE_KEY", &pem),
                    ],
                )
                .await,
        );
        running.push(
            stack
                .start_with(
                    "system",
                    &[
                        ("SYSTEM_SECRET_KEY", SYSTEM_KEY),
                        ("SMTP_URL", &smtp_url),
                        ("MAIL_FROM", "shop@shop.example.vn"),
                        ("TELEGRAM_BOT_TOKEN", BOT_TOKEN),
                        ("TELEGRAM_CHAT_ID", CHAT_ID),
                        ("TELEGRAM_API_BASE", &telegram.base_url),
                        ("NOTIFY_RETRY_BASE_MS", "200"),
                        ("NOTIFY_POLL_INTERVAL_MS", "200"),
                        ("PUBLIC_BASE_URL", PUBLIC_BASE),
                        ("UPLOAD_DIR", upload_dir.to_str().unwrap()),
                    ],
                )
                .await,
        );
        let forward = Forward::start();
        stack.route("retailstore", &forward.url);
        let relay = [
            ("OUTBOX_POLL_INTERVAL_MS", "200"),
            ("PUBLIC_BASE_URL", PUBLIC_BASE),
        ];
        running.push(stack.start_with("paymentprovider", &relay).await);
        let unlimited = [
            // Every shopper here orders from 127.0.0.1, several orders at once.
            ("MAX_UNPAID_ORDERS_PER_EMAIL", "0"),
            ("MAX_UNPAID_ORDERS_PER_IP", "0"),
        ];
        let env: Vec<_> = relay.iter().chain(&unlimited).copied().collect();
        running.push(stack.start_with("retailstore", &env).await);
        forward.point_to(&stack.url("retailstore"));

        let identity = TestClient::new(stack.url("identity"), None);
        let token = identity.token(ADMIN_USER, ADMIN_PASSWORD).await;
        let retail = TestClient::new(stack.url("retailstore"), Some(token.clone()));
        let payments = TestClient::new(stack.url("paymentprovider"), Some(token));

        let product = retail
            .post(
                retail::PRODUCT_CREATE,
                json!({"name": PRODUCT_NAME, "price": PRICE, "status": "active",
                       "lowStockThreshold": THRESHOLD}),
            )
            .await;
        let product = product.ok()["id"].as_str().unwrap().to_owned();
        let prefix = format!("GIFT{}", &uuid::Uuid::new_v4().simple().to_string()[..6]);
        let codes = codes(&prefix, 0..STOCK);
        let imported = retail
            .post(
                retail::BULK_PATH,
                json!({"productId": product, "codes": codes}),
            )
            .await;
        assert_eq!(imported.ok()["inserted"], json!(STOCK), "{imported}");
        let provider = payments
            .post(
                payment::PROVIDER_CREATE,
                json!({"name": "Vietcombank", "type": "vietqr_bank", "bankBin": "970436",
                       "accountNumber": ACCOUNT, "accountName": "CUA HANG QUA TANG",
                       "webhookEnabled": true, "webhookSecret": WEBHOOK_KEY}),
            )
            .await;
        let provider = provider.ok()["id"].as_str().unwrap().to_owned();
        Self {
            _running: running,
            _forward: forward,
            stack,
            db,
            catcher,
            telegram,
            retail,
            payments,
            provider,
            product,
            codes,
        }
    }

    /// A shopper orders one code.
    async fn order(&self, email: &str) -> Order {
        let body = json!({"items": [{"productId": self.product, "quantity": 1}],
                          "email": email, "paymentProviderId": self.provider});
        let answer = self
            .retail
            .anon()
            .post(retail::CREATE_ORDER_PATH, body)
            .await;
        let order = answer.ok();
        Order {
            code: order["code"].as_str().unwrap().to_owned(),
            total: order["total"].as_i64().unwrap(),
            page_token: order["accessToken"].as_str().unwrap().to_owned(),
            email: email.to_owned(),
        }
    }

    /// The bank's SePay notification of transfer `id`: `amount` with memo `content`;
    /// returns the stored transaction (`{id, status}`).
    async fn webhook(&self, id: i64, content: &str, amount: i64) -> Value {
        let bank = self
            .payments
            .anon()
            .with_headers(&[("authorization", &format!("Apikey {WEBHOOK_KEY}"))]);
        let path = format!("{}/{}", payment::SEPAY, self.provider);
        bank.post(&path, sepay(id, content, amount))
            .await
            .ok()
            .clone()
    }

    /// The bank pays `order` in full (transfer `id`, the memo the shopper was given).
    async fn pay(&self, id: i64, order: &Order) -> Value {
        let memo = format!("{} chuyen tien mua the", order.code);
        let paid = self.webhook(id, &memo, order.total).await;
        assert_eq!(paid["status"], "matched", "{paid}");
        paid
    }

    /// Polls `probe` until it answers `Some`, at most [`DEADLINE`].
    async fn until<T>(&self, what: &str, mut probe: impl AsyncFnMut() -> Option<T>) -> T {
        let deadline = Instant::now() + DEADLINE;
        loop {
            if let Some(found) = probe().await {
                return found;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}\n{}",
                self.stack.all_logs()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The "codes ready" e-mails of `code` in the catcher now.
    async fn ready_mails(&self, code: &str) -> Vec<Value> {
        let mails = self.catcher.emails().await;
        mails
            .into_iter()
            .filter(|m| {
                let subject = m["subject"].as_str().unwrap_or_default();
                subject.contains(code) && subject.contains(READY)
            })
            .collect()
    }

    /// Waits for the "codes ready" e-mail of `order`; returns it.
    async fn ready_mail(&self, order: &Order) -> Value {
        let what = format!("the codes-ready e-mail of {}", order.code);
        let mail = self
            .until(&what, async || self.ready_mails(&order.code).await.pop())
            .await;
        assert_eq!(
            recipients(&mail),
            std::slice::from_ref(&order.email),
            "{mail}"
        );
        mail
    }

    /// Watches for [`QUIET`] that `code` keeps exactly one "codes ready" e-mail.
    async fn stays_one_ready_mail(&self, code: &str) {
        let until = Instant::now() + QUIET;
        while Instant::now() < until {
            let mails = self.ready_mails(code).await;
            assert_eq!(mails.len(), 1, "codes-ready e-mails of {code}: {mails:#?}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// The texts the Telegram stand-in received, in order.
    fn telegram_texts(&self) -> Vec<String> {
        self.telegram
            .calls(&send_message_path())
            .iter()
            .map(|body| {
                assert_eq!(body["chat_id"], CHAT_ID, "{body}");
                body["text"].as_str().unwrap().to_owned()
            })
            .collect()
    }

    fn paid_alerts(&self, code: &str) -> usize {
        let texts = self.telegram_texts();
        texts
            .iter()
            .filter(|t| t.contains(&format!("Đơn {code} đã thanh toán")))
            .count()
    }

    /// `status|attempts|last error` of the deliveries of `event` for `code` on `channel`.
    async fn deliveries(&self, event: &str, code: &str, channel: &str) -> Vec<String> {
        self.db
            .lines(&format!(
                "SELECT concat_ws('|', d.status, d.attempts, coalesce(d.last_error, '-')) AS line \
                 FROM system.notification_deliveries d \
                 JOIN system.notification_events e ON e.id = d.event_id \
                 WHERE e.event = '{event}' AND e.order_code = '{code}' AND d.channel = '{channel}'"
            ))
            .await
    }

    /// Waits until both outboxes are relayed and system has sent every delivery.
    async fn settled(&self) {
        self.until("every event relayed and every delivery sent", async || {
            let waiting = self
                .db
                .count(
                    "SELECT (SELECT count(*) FROM retailstore.outbox WHERE relayed_at IS NULL) \
                          + (SELECT count(*) FROM paymentprovider.outbox WHERE relayed_at IS NULL) \
                          + (SELECT count(*) FROM system.notification_deliveries \
                             WHERE status <> 'sent')",
                )
                .await;
            (waiting == 0).then_some(())
        })
        .await;
    }
}

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

/// `http_requests_total` of `route` (answered with any status) on a service's /metrics.
async fn requests_answered(service_url: &str, route: &str) -> i64 {
    let text = shop_common::testing::client()
        .get(format!("{service_url}/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    text.lines()
        .filter(|l| {
            l.starts_with("http_requests_total{") && l.contains(&format!("route=\"{route}\""))
        })
        .filter_map(|l| l.rsplit(' ').next()?.parse::<i64>().ok())
        .sum()
}

/// Twenty concurrent deliveries of one transfer, as a retrying bank sends them, against
/// the real paymentprovider and retailstore: counted where the money is kept (the
/// payments retailstore stored, the ConfirmPayment calls it really answered), not as a
/// stand-in that de-duplicates by itself would report them.
#[tokio::test(flavor = "multi_thread")]
async fn one_transfer_delivered_twenty_times_at_once_is_one_payment() {
    build_services(&["identity", "system", "retailstore", "paymentprovider"]);
    let shop = Arc::new(Shop::start().await);
    let order = shop.order("tra.mot.lan@vidu.vn").await;
    let memo = format!("{} chuyen tien", order.code);
    let confirm = "/retailstore/internal/v1/Order/ConfirmPayment";
    let calls_before = requests_answered(&shop.stack.url("retailstore"), confirm).await;
    let deliveries: Vec<_> = (0..20)
        .map(|_| {
            let (shop, memo, total) = (shop.clone(), memo.clone(), order.total);
            tokio::spawn(async move { shop.webhook(2_000_001, &memo, total).await })
        })
        .collect();
    let mut stored = BTreeSet::new();
    for delivery in deliveries {
        stored.insert(delivery.await.unwrap()["id"].as_str().unwrap().to_owned());
    }
    assert_eq!(stored.len(), 1, "one stored transfer: {stored:?}");

    let payments = format!(
        "SELECT count(*) FROM retailstore.order_payments p \
         JOIN retailstore.orders o ON o.id = p.order_id WHERE o.code = '{}'",
        order.code
    );
    shop.until("the order completed", async || {
        let line = shop
            .db
            .line(&format!(
                "SELECT concat_ws('|', status, paid_amount) AS line FROM retailstore.orders \
                 WHERE code = '{}'",
                order.code
            ))
            .await;
        (line == format!("completed|{}", order.total)).then_some(())
    })
    .await;
    // Whatever was retried on the way, retailstore holds one payment of the amount.
    assert_eq!(shop.db.count(&payments).await, 1);
    let calls = requests_answered(&shop.stack.url("retailstore"), confirm).await - calls_before;
    assert!(
        calls >= 1,
        "retailstore answered {calls} ConfirmPayment calls"
    );
    assert_eq!(
        shop.db
            .count(&format!(
                "SELECT count(*) FROM paymentprovider.payment_transactions \
                 WHERE content = '{memo}'"
            ))
            .await,
        1
    );
    // Later deliveries of the same transfer change nothing either.
    shop.webhook(2_000_001, &memo, order.total).await;
    assert_eq!(shop.db.count(&payments).await, 1);
    shop.stack.finish();
}

/// The real binaries, each given every caller's key as a misconfigured cluster might:
/// a route still admits only its own callers. Money moves on paymentprovider's key
/// alone; the gateway's key opens no internal route but TokenStatus.
#[tokio::test(flavor = "multi_thread")]
async fn each_internal_route_admits_only_its_own_callers() {
    build_services(&["identity", "system", "retailstore", "paymentprovider"]);
    let shop = Shop::start().await;
    let order = shop.order("chi.dung.khoa@vidu.vn").await;
    let as_caller = |service: &str, caller: Caller| {
        TestClient::new(shop.stack.url(service), None)
            .with_headers(&[("x-internal-key", caller_key(caller))])
    };
    let confirm = "/retailstore/internal/v1/Order/ConfirmPayment";
    let body = json!({"orderCode": order.code, "amount": order.total,
                      "providerId": shop.provider, "transactionId": "sepay:keys-1",
                      "paidAt": "2026-11-27T10:00:00Z"});
    // retailstore holds only paymentprovider's key: the others are unknown keys.
    for caller in [Caller::Gateway, Caller::System, Caller::Retailstore] {
        let answer = as_caller("retailstore", caller).post(confirm, &body).await;
        answer.error(401, 5);
    }
    let unpaid = format!(
        "SELECT concat_ws('|', status, paid_amount) AS line FROM retailstore.orders \
         WHERE code = '{}'",
        order.code
    );
    assert_eq!(shop.db.line(&unpaid).await, "pending_payment|0");

    let enqueue = "/system/internal/v1/Notification/Enqueue";
    let event = json!({"eventId": uuid::Uuid::new_v4(), "event": "low_stock", "data": {}});
    for caller in [Caller::Gateway, Caller::System] {
        let answer = as_caller("system", caller).post(enqueue, &event).await;
        answer.error(401, 5);
    }
    let by_order = format!(
        "/system/internal/v1/Notification/ByOrder?orderCode={}",
        order.code
    );
    // paymentprovider's key is system's, but ByOrder is retailstore's route.
    let answer = as_caller("system", Caller::Paymentprovider)
        .get(&by_order)
        .await;
    answer.error(403, 6);
    assert!(
        as_caller("system", Caller::Retailstore)
            .get(&by_order)
            .await
            .ok()["items"]
            .is_array()
    );

    let instruction = "/paymentprovider/internal/v1/PaymentProvider/PaymentInstruction";
    let ask = json!({"providerId": shop.provider, "amount": 1000, "orderCode": order.code});
    for caller in [Caller::Gateway, Caller::System, Caller::Paymentprovider] {
        let answer = as_caller("paymentprovider", caller)
            .post(instruction, &ask)
            .await;
        answer.error(401, 5);
    }

    // TokenStatus answers every service, the gateway included.
    let status = "/identity/internal/v1/TokenStatus?sub=00000000-0000-0000-0000-000000000000&ver=1";
    for caller in Caller::ALL {
        let answer = as_caller("identity", caller).get(status).await;
        assert_eq!(answer.ok()["active"], json!(false), "{caller}");
    }

    // And the rightful caller moves the money.
    let paid = as_caller("retailstore", Caller::Paymentprovider)
        .post(confirm, &body)
        .await;
    assert_eq!(paid.ok()["status"], json!("completed"), "{paid}");
    shop.stack.finish();
}
