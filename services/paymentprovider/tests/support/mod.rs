//! The wiring of the black-box tests (common's `TestService` with this service's state
//! and a retailstore stub) and the payment fixtures.
#![allow(dead_code, unused_imports, clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashSet;
use std::ops::Deref;
use std::sync::{LazyLock, Mutex};

use paymentprovider::AppState;
use paymentprovider::config::{PAYMENT_SECRET_KEY, parse_key};
use paymentprovider::crypto::SecretCipher;
use paymentprovider::retailstore::{CONFIRM_PAYMENT_PATH, Retailstore};
pub use paymentprovider::routes::{ADMIN, INTERNAL, WEB, WEBHOOK_SEPAY_PREFIX};
use serde_json::{Value, json};
use shop_common::auth::TokenVerifier;
use shop_common::config::Secret;
use shop_common::db::DbPool;
use shop_common::internal::InternalKey;
pub use shop_common::testing::{Answer, with};
use shop_common::testing::{INTERNAL_KEY, Stub, TestService, envelope_error, envelope_ok};

/// Routes of the provider admin API that several test files call.
pub static CREATE: LazyLock<String> = LazyLock::new(|| format!("{ADMIN}/PaymentProvider/Create"));
pub static UPDATE: LazyLock<String> = LazyLock::new(|| format!("{ADMIN}/PaymentProvider/Update"));

pub fn test_cipher() -> SecretCipher {
    let key = "5a1d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff0a7";
    SecretCipher::new(&parse_key(PAYMENT_SECRET_KEY, key).unwrap())
}

/// A retailstore client for `base_url` (a [`Stub`]).
pub fn retailstore(base_url: &str) -> Retailstore {
    let key = Secret::new(INTERNAL_KEY);
    Retailstore::new(shop_common::testing::client(), base_url, key)
}

/// The service's state on `pool`, trusting `verifier`, calling retailstore at `retail`.
pub fn state(pool: DbPool, verifier: TokenVerifier, public_base: &str, retail: &str) -> AppState {
    let (cipher, key) = (test_cipher(), InternalKey(Secret::new(INTERNAL_KEY)));
    let retail = retailstore(retail);
    AppState::new(pool, verifier, cipher, key, public_base.into(), retail)
}

/// The service (derefs to a [`TestService`] acting as admin) with a [`Stub`] for
/// retailstore (ConfirmPayment: 404 code 2 until a test gives it [`TestApp::orders`]).
pub struct TestApp {
    pub service: TestService,
    pub retail: Stub,
}

impl Deref for TestApp {
    type Target = TestService;
    fn deref(&self) -> &TestService {
        &self.service
    }
}

impl TestApp {
    pub async fn spawn() -> Self {
        let retail = Stub::start();
        let (public_base, retail_url) = (format!("{PUBLIC_BASE}/"), retail.base_url.clone());
        let service = TestService::spawn(paymentprovider::MIGRATIONS, 4, |pool, verifier| {
            paymentprovider::configure(state(pool, verifier, &public_base, &retail_url))
        })
        .await;
        Self { service, retail }
    }

    /// A Vietcombank provider named `name` (account [`ACCOUNT`]) with `extra` fields;
    /// returns its id.
    async fn provider(&self, name: &str, account_name: &str, extra: Value) -> String {
        let body = json!({"name": name, "type": "vietqr_bank", "bankBin": "970436",
                          "accountNumber": ACCOUNT, "accountName": account_name});
        let created = self.post(&CREATE, with(body, extra)).await;
        created.ok()["id"].as_str().unwrap().to_owned()
    }

    /// A Vietcombank provider with this sort order; returns its id.
    pub async fn bank_provider(&self, name: &str, sort_order: i32) -> String {
        self.provider(name, "Nguyễn Văn A", json!({"sortOrder": sort_order}))
            .await
    }

    /// A Vietcombank provider whose SePay webhook is enabled with [`WEBHOOK_KEY`];
    /// returns its id.
    pub async fn webhook_provider(&self, name: &str) -> String {
        let webhook = json!({"webhookEnabled": true, "webhookSecret": WEBHOOK_KEY});
        self.provider(name, "Nguyen Van A", webhook).await
    }

    /// Posts a SePay delivery for `provider_id` with `Authorization: Apikey <key>`.
    pub async fn deliver(&self, provider_id: &str, key: Option<&str>, body: &Value) -> Answer {
        let mut bank = self.anon();
        if let Some(key) = key {
            bank = bank.with_headers(&[("authorization", &format!("Apikey {key}"))]);
        }
        bank.post(&format!("{WEBHOOK_SEPAY_PREFIX}/{provider_id}"), body)
            .await
    }

    /// [`deliver`](Self::deliver) with the right key, expecting success: `{id, status}`.
    pub async fn deliver_ok(&self, provider_id: &str, body: &Value) -> Value {
        let answer = self.deliver(provider_id, Some(WEBHOOK_KEY), body).await;
        answer.ok().clone()
    }

    /// retailstore's ConfirmPayment as the stub answers it: `orders` exist, idempotent on
    /// `transactionId`; `manual` ones hold a manual payment (`duplicate_of_manual` once).
    pub fn orders(&self, orders: &[&str], manual: &[&str]) {
        let owned = |codes: &[&str]| codes.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let (orders, manual) = (owned(orders), owned(manual));
        let seen = Mutex::new(HashSet::new());
        self.retail.reply("POST", CONFIRM_PAYMENT_PATH, move |body| {
            let code = body["orderCode"].as_str().unwrap_or_default().to_uppercase();
            let tx = body["transactionId"].as_str().unwrap_or_default().to_owned();
            if !orders.contains(&code) {
                return (404, envelope_error(404, 403, "Không tìm thấy đơn hàng"));
            }
            let outcome = match (seen.lock().unwrap().insert(tx), manual.contains(&code)) {
                (false, _) => "already_applied",
                (true, true) => "duplicate_of_manual",
                (true, false) => "applied",
            };
            let order = json!({"orderId": uuid::Uuid::new_v4(), "orderCode": code, "status": "completed",
                               "paymentStatus": "paid", "applied": outcome == "applied", "outcome": outcome});
            (200, envelope_ok(order))
        });
    }

    /// The ConfirmPayment bodies the stub received (down or not), in order.
    pub fn confirm_calls(&self) -> Vec<Value> {
        self.retail.calls(CONFIRM_PAYMENT_PATH)
    }

    /// How many ConfirmPayment calls the stub answered `applied` (a payment counted).
    pub fn applied_count(&self) -> usize {
        let calls = self.retail.requests(CONFIRM_PAYMENT_PATH);
        let applied = calls
            .iter()
            .filter(|c| c.answer["result"]["outcome"] == "applied");
        applied.count()
    }

    /// How many ConfirmPayment calls for `transaction_id` found their order (while up).
    pub fn confirms_for(&self, transaction_id: &str) -> usize {
        let calls = self.retail.requests(CONFIRM_PAYMENT_PATH);
        let found = calls
            .iter()
            .filter(|c| c.status == 200 && c.body["transactionId"] == transaction_id);
        found.count()
    }

    /// A client for the stub, for calling the retry pass directly.
    pub fn retailstore(&self) -> Retailstore {
        retailstore(&self.retail.base_url)
    }

    /// Makes every pending transaction due now (as if its wait had passed).
    pub async fn make_due(&self) {
        let sql = "UPDATE payment_transactions SET next_attempt_at = now() - interval '1 second' \
                   WHERE status = 'pending'";
        self.execute(sql).await;
    }

    /// `external_id|status|order_code|attempts` of every stored transaction, oldest first.
    pub async fn transactions(&self) -> Vec<String> {
        let sql = "SELECT concat_ws('|', external_id, status, coalesce(order_code, '-'), attempts) \
                   AS line FROM payment_transactions ORDER BY created_at, external_id";
        self.lines(sql).await
    }
}

/// A SePay body: an incoming transfer of `amount` into [`ACCOUNT`] with memo `content`.
pub fn sepay(id: i64, content: &str, amount: i64) -> Value {
    json!({
        "id": id, "gateway": "Vietcombank", "transactionDate": "2026-03-25 14:02:37",
        "accountNumber": ACCOUNT, "subAccount": null, "code": null, "content": content,
        "transferType": "in", "transferAmount": amount, "accumulated": 19_077_000,
        "referenceCode": "MBVCB.3278907687", "description": format!("BankAPINotify {content}"),
    })
}

pub const PUBLIC_BASE: &str = "https://shop.example.vn";
/// Where nothing listens: retailstore unreachable.
pub const NO_RETAILSTORE: &str = "http://127.0.0.1:1";
/// The provider account the SePay bodies pay into.
pub const ACCOUNT: &str = "0011001234567";
/// The webhook secret of [`TestApp::webhook_provider`].
pub const WEBHOOK_KEY: &str = "sepay-Webhook-Key-0123456789";
