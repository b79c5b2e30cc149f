//! The wiring of the black-box tests: paymentprovider on common's `TestService` with a
//! fake retailstore. Paths and payment fixtures come from `shop_common::testing::shop`.
#![allow(dead_code, unused_imports, clippy::unwrap_used, clippy::expect_used)]

use paymentprovider::AppState;
use paymentprovider::config::{PAYMENT_SECRET_KEY, parse_key};
use paymentprovider::crypto::SecretCipher;
pub use paymentprovider::peers::retailstore::{CONFIRM_PAYMENT_PATH, Retailstore};
pub use paymentprovider::routes::webhook::WebhookGuard;
pub use paymentprovider::routes::{ADMIN, INTERNAL, WEB, WEBHOOK_SEPAY_PREFIX};
use shop_common::auth::TokenVerifier;
use shop_common::config::Secret;
use shop_common::db::DbPool;
use shop_common::internal::Caller;
pub use shop_common::outbox::Wake;
pub use shop_common::testing::peers::FakeRetailstore;
pub use shop_common::testing::shop::payment::{
    PROVIDER_CREATE as CREATE, PROVIDER_UPDATE as UPDATE,
};
pub use shop_common::testing::shop::{NOWHERE as NO_RETAILSTORE, *};
pub use shop_common::testing::{Answer, TestService, caller_key, with};

pub fn test_cipher() -> SecretCipher {
    let key = "5a1d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff0a7";
    SecretCipher::new(&parse_key(PAYMENT_SECRET_KEY, key).unwrap())
}

/// A retailstore client for `base_url` (a fake, or nowhere).
pub fn retailstore(base_url: &str) -> Retailstore {
    let key = Secret::new(caller_key(Caller::Paymentprovider));
    Retailstore::new(shop_common::testing::client(), base_url, key)
}

/// The service's state on `pool`, trusting `verifier`, calling retailstore at `retail`.
pub fn state(pool: DbPool, verifier: TokenVerifier, public_base: &str, retail: &str) -> AppState {
    let (cipher, callers) = (test_cipher(), shop_common::testing::internal_keys());
    let retail = retailstore(retail);
    AppState::new(pool, verifier, cipher, callers, public_base.into(), retail)
}

/// The service acting as admin, and its fake retailstore.
pub struct TestApp {
    pub service: TestService,
    pub retail: FakeRetailstore,
}

impl std::ops::Deref for TestApp {
    type Target = TestService;
    fn deref(&self) -> &TestService {
        &self.service
    }
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(WebhookGuard::default()).await
    }

    /// The app with its webhook guard (clock, trusted proxies, limiter) set by the test.
    pub async fn spawn_with(guard: WebhookGuard) -> Self {
        let retail = FakeRetailstore::start();
        let (public_base, retail_url) = (format!("{PUBLIC_BASE}/"), retail.base_url.clone());
        let service = TestService::spawn(paymentprovider::MIGRATIONS, 4, |pool, verifier| {
            let state = state(pool, verifier, &public_base, &retail_url);
            paymentprovider::configure(state.with_webhook_guard(guard))
        })
        .await;
        Self { service, retail }
    }

    /// Posts `body` as these exact bytes to the SePay webhook of `provider_id`, with
    /// `headers`.
    pub async fn deliver_raw(
        &self,
        provider_id: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Answer {
        let url = self.url(&format!("{WEBHOOK_SEPAY_PREFIX}/{provider_id}"));
        let mut request = shop_common::testing::client()
            .post(url)
            .header("content-type", "application/json")
            .body(body.to_vec());
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        Answer::of(request.send().await.unwrap()).await
    }

    /// A client of the fake retailstore, for calling the retry pass directly.
    pub fn retailstore(&self) -> Retailstore {
        retailstore(&self.retail.base_url)
    }
}
