//! The real shop for the cross-service tests: identity, system, paymentprovider and
//! retailstore run as their binaries on a database of their own; system sends e-mail to
//! a real SMTP server (maildev) and Telegram alerts to a local stand-in for the Bot API.
//! [`Shop`] plants an admin, a VietQR provider with a webhook key and a product with
//! codes, then orders and pays the way shoppers and the bank do.
//!
//! Every wait polls observable state with a generous deadline; nothing assumes how fast
//! the machine is.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::stack::{
    Database, Forward, Running, SYSTEM_KEY, Stack, build_services, jwt_private_key_pem,
};
use serde_json::{Value, json};
use shop_common::internal::Caller;
use shop_common::testing::mail::{MailCatcher, recipients};
use shop_common::testing::shop::{
    ACCOUNT, PUBLIC_BASE, Staff, WEBHOOK_KEY, codes, order_detail, payment, retail, sepay,
};
use shop_common::testing::{Stub, TestClient, caller_key};

pub const ADMIN_USER: &str = "admin";
pub const ADMIN_PASSWORD: &str = "Quan-Tri-Vien@2026";
pub const BOT_TOKEN: &str = "7000000001:AAF_test-bot-token-0123456789abcdef";
pub const CHAT_ID: &str = "-1001234567890";
pub const READY: &str = "mã đã sẵn sàng";
pub const PRODUCT_NAME: &str = "Thẻ quà tặng 100K";
pub const PRICE: i64 = 100_000;
/// 12 codes and a threshold of 10: the first order leaves 11, the concurrent ones
/// 10, 9, 8 and 7 (three below the threshold), the last one 6.
pub const STOCK: usize = 12;
pub const THRESHOLD: i64 = 10;
pub const CONCURRENT: usize = 4;
/// How long any one step may take before the test gives up.
pub const DEADLINE: Duration = Duration::from_secs(60);
/// How long a step keeps watching for a message that must not come.
pub const QUIET: Duration = Duration::from_secs(3);

/// An order as CreateOrder answered it.
#[derive(Debug, Clone)]
pub struct Order {
    pub code: String,
    pub total: i64,
    /// The order page's own token (CreateOrder's `accessToken`).
    pub page_token: String,
    pub email: String,
}

/// The running shop and what the test planted in it.
pub struct Shop {
    // Dropped first: the binaries stop before their database goes.
    _running: Vec<Running>,
    _forward: Forward,
    pub stack: Stack,
    pub db: Database,
    pub catcher: MailCatcher,
    pub telegram: Stub,
    /// retailstore and paymentprovider, as admin.
    pub retail: TestClient,
    pub payments: TestClient,
    pub provider: String,
    pub product: String,
    /// Every serial code imported.
    pub codes: Vec<String>,
}

pub fn send_message_path() -> String {
    format!("/bot{BOT_TOKEN}/sendMessage")
}

impl Shop {
    /// Starts the services (already built), the mail catcher and the Telegram stand-in;
    /// signs in as admin and plants a product with codes and a VietQR provider.
    pub async fn start() -> Self {
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
    pub async fn order(&self, email: &str) -> Order {
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
    /// returns the stored transaction (`{id, status}`). Like SePay, it sends again
    /// what was answered 503 (a moment of overload, such as twenty copies of one
    /// transfer queueing for the pool on a busy machine); any other failure fails.
    pub async fn webhook(&self, id: i64, content: &str, amount: i64) -> Value {
        let bank = self
            .payments
            .anon()
            .with_headers(&[("authorization", &format!("Apikey {WEBHOOK_KEY}"))]);
        let path = format!("{}/{}", payment::SEPAY, self.provider);
        let mut tries = 0;
        loop {
            let answer = bank.post(&path, sepay(id, content, amount)).await;
            tries += 1;
            if answer.status != 503 || tries == 10 {
                return answer.ok().clone();
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// The bank pays `order` in full (transfer `id`, the memo the shopper was given).
    pub async fn pay(&self, id: i64, order: &Order) -> Value {
        let memo = format!("{} chuyen tien mua the", order.code);
        let paid = self.webhook(id, &memo, order.total).await;
        assert_eq!(paid["status"], "matched", "{paid}");
        paid
    }

    /// Polls `probe` until it answers `Some`, at most [`DEADLINE`].
    pub async fn until<T>(&self, what: &str, mut probe: impl AsyncFnMut() -> Option<T>) -> T {
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
    pub async fn ready_mails(&self, code: &str) -> Vec<Value> {
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
    pub async fn ready_mail(&self, order: &Order) -> Value {
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
    pub async fn stays_one_ready_mail(&self, code: &str) {
        let until = Instant::now() + QUIET;
        while Instant::now() < until {
            let mails = self.ready_mails(code).await;
            assert_eq!(mails.len(), 1, "codes-ready e-mails of {code}: {mails:#?}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// The texts the Telegram stand-in received, in order.
    pub fn telegram_texts(&self) -> Vec<String> {
        self.telegram
            .calls(&send_message_path())
            .iter()
            .map(|body| {
                assert_eq!(body["chat_id"], CHAT_ID, "{body}");
                body["text"].as_str().unwrap().to_owned()
            })
            .collect()
    }

    pub fn paid_alerts(&self, code: &str) -> usize {
        let texts = self.telegram_texts();
        texts
            .iter()
            .filter(|t| t.contains(&format!("Đơn {code} đã thanh toán")))
            .count()
    }

    /// `status|attempts|last error` of the deliveries of `event` for `code` on `channel`.
    pub async fn deliveries(&self, event: &str, code: &str, channel: &str) -> Vec<String> {
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
    pub async fn settled(&self) {
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
