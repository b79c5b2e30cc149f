//! The wiring of the black-box tests: retailstore on common's `TestService` with a fake
//! paymentprovider. Paths and shop fixtures come from `shop_common::testing::shop`.
#![allow(dead_code, unused_imports, clippy::unwrap_used, clippy::expect_used)]

use retailstore::config::{CodeKeys, OrderConfig};
use retailstore::crypto::CodeCipher;
use retailstore::notifications::Notifier;
pub use retailstore::routes::{ADMIN, INTERNAL, WEB};
use retailstore::{AppState, OrderSettings};
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

    /// How many outbox rows of `event` there are.
    pub async fn outbox_count(&self, event: &str) -> i64 {
        self.scalar(&format!(
            "SELECT count(*) AS n FROM outbox WHERE event = '{event}'"
        ))
        .await
    }
}
