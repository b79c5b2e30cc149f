//! The wiring of the black-box tests: retailstore on common's `TestService` with a fake
//! paymentprovider. Paths and shop fixtures come from `shop_common::testing::shop`.
#![allow(dead_code, unused_imports, clippy::unwrap_used, clippy::expect_used)]

use retailstore::config::{CodeKeys, OrderConfig};
use retailstore::crypto::CodeCipher;
use retailstore::notifications::Notifier;
use retailstore::orders::expiry::Swept;
pub use retailstore::routes::{ADMIN, INTERNAL, WEB};
use retailstore::{AppState, OrderSettings};
use serde_json::{Value, json};
use shop_common::auth::TokenVerifier;
use shop_common::config::Secret;
use shop_common::db::DbPool;
use shop_common::internal::{Caller, InternalClient, http_client};
use shop_common::net::TrustedProxies;
pub use shop_common::outbox::{BY_ORDER_PATH, ENQUEUE_PATH};
use shop_common::outbox::{Relay, RelayConfig, SealedLink};
pub use shop_common::testing::peers::{FakePayments, instruction as answer_instruction};
pub use shop_common::testing::shop::{payment::INSTRUCTION_PATH, retail::*, *};
pub use shop_common::testing::{Answer, Stub, TestService, caller_key, envelope_ok};
use uuid::Uuid;

pub const ENCRYPTION_KEY: &str = "6b1d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff001";

pub fn test_cipher() -> CodeCipher {
    let hash = "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0";
    let (current, hash) = (Secret::new(ENCRYPTION_KEY), Secret::new(hash));
    let current_id = Some("1".into());
    let keys = CodeKeys {
        current_id,
        current,
        old: None,
        hash,
    };
    keys.cipher().unwrap()
}

/// The service's state on `pool`: trusting `verifier`, 127.0.0.1 a trusted proxy.
pub fn state(pool: DbPool, verifier: TokenVerifier, config: OrderConfig) -> AppState {
    let trusted_proxies = TrustedProxies::parse("127.0.0.1").unwrap();
    let settings = OrderSettings {
        config,
        trusted_proxies,
    };
    let own_key = Secret::new(caller_key(Caller::Retailstore));
    let callers = shop_common::testing::internal_keys();
    AppState::new(pool, verifier, test_cipher(), settings, own_key, callers)
}

/// The service acting as admin, its fake paymentprovider and its fake system (Enqueue
/// accepts every event; ByOrder lists nothing until a test says otherwise).
pub struct TestApp {
    pub service: TestService,
    pub payments: FakePayments,
    pub system: Stub,
    /// The service's own notifier (its cipher, base URL and wake handle).
    pub notifier: Notifier,
}

impl std::ops::Deref for TestApp {
    type Target = TestService;
    fn deref(&self) -> &TestService {
        &self.service
    }
}

impl TestApp {
    /// At most 3 unpaid orders per e-mail, no per-IP limit (every client is 127.0.0.1, a
    /// trusted proxy, so tests pick their IP with `X-Forwarded-For`).
    pub async fn spawn() -> Self {
        Self::spawn_with(|_| {}).await
    }

    pub async fn spawn_with(adjust: impl FnOnce(&mut OrderConfig)) -> Self {
        let payments = FakePayments::start();
        let system = Stub::start();
        system.reply("POST", ENQUEUE_PATH, |_| {
            (200, envelope_ok(serde_json::json!({ "accepted": true })))
        });
        system.reply("GET", BY_ORDER_PATH, |_| {
            (200, envelope_ok(serde_json::json!({ "items": [] })))
        });
        let (paymentprovider_url, public_base_url) = (payments.base_url.clone(), PUBLIC_BASE);
        let mut config = OrderConfig {
            paymentprovider_url,
            public_base_url: public_base_url.into(),
            system_url: system.base_url.clone(),
            max_unpaid_per_email: 3,
            max_unpaid_per_ip: 0,
            ..OrderConfig::default()
        };
        adjust(&mut config);
        let mut notifier = None;
        let service = TestService::spawn(retailstore::MIGRATIONS, 8, |pool, verifier| {
            let state = state(pool, verifier, config);
            notifier = Some((**state.notifier).clone());
            retailstore::configure(state)
        })
        .await;
        Self {
            service,
            payments,
            system,
            notifier: notifier.unwrap(),
        }
    }

    /// A relay of this service's outbox to its fake system, as the binary runs it (with
    /// a 50 ms backoff base so that retries come soon).
    pub fn relay(&self) -> Relay {
        let notifier = self.notifier.clone();
        let system = InternalClient::new(
            http_client(),
            &self.system.base_url,
            Secret::new(caller_key(Caller::Retailstore)),
        );
        Relay::new(
            self.pool.clone(),
            system,
            move |id, link: &SealedLink| notifier.open(id, link),
            RelayConfig {
                backoff_base: std::time::Duration::from_millis(50),
                ..RelayConfig::default()
            },
            self.notifier.wake_handle(),
        )
    }

    /// The outbox rows of `event` as `order_code|recipient|data` lines, oldest first.
    pub async fn outbox(&self, event: &str) -> Vec<String> {
        self.lines(&format!(
            "SELECT concat_ws('|', coalesce(order_code, '-'), coalesce(recipient_email, '-'), \
                    data::text) AS line \
               FROM outbox WHERE event = '{event}' ORDER BY created_at, id"
        ))
        .await
    }

    /// The back office's OrderDetail of the order `id`, as admin.
    pub async fn admin_detail(&self, id: &str) -> Value {
        let answer = self.get(&format!("{ORDER_ADMIN_DETAIL}?id={id}")).await;
        answer.ok().clone()
    }

    /// The id of the first line of the order `id`.
    pub async fn first_item(&self, id: &str) -> String {
        let detail = self.admin_detail(id).await;
        detail["items"][0]["id"].as_str().unwrap().to_owned()
    }

    /// An order of `quantity` codes of the product `product_id` by the shopper `email`:
    /// (order result, order id).
    pub async fn order_of(&self, product_id: &str, quantity: i64, email: &str) -> (Value, String) {
        let body = order_body(product_id, quantity, email);
        let order = self.anon().post(CREATE_ORDER_PATH, body).await.ok().clone();
        let id = self.order_id(order["code"].as_str().unwrap()).await;
        (order, id)
    }

    /// Pays the whole total of `order` (a CreateOrder result) by bank transfer.
    pub async fn pay_in_full(&self, order: &Value) -> Value {
        let code = order["code"].as_str().unwrap();
        let total = order["total"].as_i64().unwrap();
        self.pay(code, total, &format!("tx-{code}")).await
    }

    /// [`order_of`](Self::order_of), then paid in full.
    pub async fn paid_order_of(
        &self,
        product_id: &str,
        quantity: i64,
        email: &str,
    ) -> (Value, String) {
        let (order, id) = self.order_of(product_id, quantity, email).await;
        self.pay_in_full(&order).await;
        (order, id)
    }

    /// A completed order of `quantity` codes of a fresh product holding `stock` codes:
    /// (product id, order result, order id).
    pub async fn completed(&self, stock: usize, quantity: i64) -> (String, Value, String) {
        let email = format!("{}@vidu.vn", &Uuid::new_v4().simple().to_string()[..8]);
        let (product, order, id) = self.ordered(stock, quantity, &email).await;
        self.pay_in_full(&order).await;
        (product, order, id)
    }

    /// Makes the unpaid order `id` due and runs the expiry job once.
    pub async fn expire(&self, id: &str) -> Swept {
        self.make_due(id).await;
        retailstore::orders::expiry::sweep(&self.pool, &self.notifier)
            .await
            .unwrap()
    }

    /// The id of the code `code` of the product `product_id`, found by Search.
    pub async fn code_id(&self, product_id: &str, code: &str) -> String {
        let body = json!({"code": code, "productId": Some(product_id)});
        let found = self.post(CODE_SEARCH, body).await.items();
        assert_eq!(found.len(), 1, "{code}: {found:?}");
        found[0]["id"].as_str().unwrap().to_owned()
    }

    /// How many outbox rows of `event` there are.
    pub async fn outbox_count(&self, event: &str) -> i64 {
        self.scalar(&format!(
            "SELECT count(*) AS n FROM outbox WHERE event = '{event}'"
        ))
        .await
    }
}

/// The field names of a JSON object, sorted.
pub fn keys(value: &Value) -> Vec<String> {
    let mut keys: Vec<_> = value.as_object().unwrap().keys().cloned().collect();
    keys.sort_unstable();
    keys
}

/// The clear codes of an OrderDetail's first line (the shopper's view).
pub fn codes_of(detail: &Value) -> Vec<String> {
    detail["items"][0]["codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["code"].as_str().unwrap().to_owned())
        .collect()
}
