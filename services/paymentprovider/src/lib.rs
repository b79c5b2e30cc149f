//! The paymentprovider service: payment providers (bank accounts paid by VietQR transfer,
//! manual instructions), the payment instructions other services ask for, and the bank
//! transfers SePay reports, applied to orders through retailstore ([`settlement`]). The
//! app factory here is shared by the binary and the tests; the binary also runs
//! [`settlement::retry_job`].
//!
//! Map: requests arrive in [`routes`] (providers, transactions, the payment instruction,
//! the SePay webhook, the audit log). Each route module holds its wire types, the request
//! bodies and views, each named as the OpenAPI document names it (the provider's in
//! [`routes::provider::wire`]), and reads them into the checked types and rules of
//! [`domain`], which hold no request or response struct and need no database (a
//! provider's fields and their check, a SePay delivery, an order code in a memo, the
//! webhook's authentication). The routes then call the use cases, which take domain types:
//! [`providers`] (a provider's create, update and delete, each with its secrets and its
//! audit record in one transaction), [`settlement`] (a transfer stored once and applied to
//! its order, the retry job, staff's Assign), [`reconcile`] (transfers SePay gave up on,
//! read back through its API), [`webhook_test`] ("Gửi thử") and [`vietqr`] (the QR
//! payload of an instruction, for the banks of [`banks`]). retailstore is reached through
//! [`peers`]; events leave through [`notifications`] (the outbox). Tables and their
//! queries: [`models`] over [`schema`] (the provider row, `StoredProvider`, is also the
//! admin view's base). Webhook secrets at rest: [`crypto`]; refused webhook callers:
//! [`limiter`]; the injectable time: [`clock`]. Settings: [`config`]; errors: [`error`],
//! mapped to the envelope once; counters: [`metrics`].

pub mod banks;
pub mod clock;
pub mod config;
pub mod crypto;
pub mod domain;
pub mod error;
pub mod limiter;
pub mod metrics;
pub mod models;
pub mod notifications;
pub mod peers;
pub mod providers;
pub mod reconcile;
pub mod routes;
pub mod schema;
pub mod settlement;
pub mod vietqr;
pub mod webhook_test;

use actix_web::web;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use shop_common::auth::TokenVerifier;
use shop_common::db::DbPool;
use shop_common::health;
use shop_common::internal::InternalKeys;
use shop_common::outbox::Wake;

use crate::crypto::SecretCipher;
use crate::notifications::RefusedWebhooks;
use crate::peers::retailstore::Retailstore;
use crate::routes::webhook::WebhookGuard;
use crate::webhook_test::WebhookProbe;

pub const SCHEMA: &str = "paymentprovider";
pub const DEFAULT_LISTEN_ADDR: &str = "0.0.0.0:8084";
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// The shop's public address (`PUBLIC_BASE_URL`), to show webhook URLs.
#[derive(Debug, Clone)]
pub struct PublicBaseUrl(pub String);

impl PublicBaseUrl {
    /// The SePay webhook URL of a provider.
    pub fn webhook_url(&self, provider_id: uuid::Uuid) -> String {
        format!("{}{}/{provider_id}", self.0, routes::WEBHOOK_SEPAY_PREFIX)
    }
}

/// Shared state, built once at start-up and handed to every worker.
#[derive(Clone)]
pub struct AppState {
    pub pool: web::Data<DbPool>,
    pub verifier: web::Data<TokenVerifier>,
    pub cipher: web::Data<SecretCipher>,
    pub internal_keys: web::Data<InternalKeys>,
    pub public_base_url: web::Data<PublicBaseUrl>,
    /// retailstore's internal API (ConfirmPayment).
    pub retailstore: web::Data<Retailstore>,
    /// Wakes the outbox relay after a commit that wrote a row (the binary's relay holds
    /// the other end).
    pub wake: web::Data<Wake>,
    pub refused: web::Data<RefusedWebhooks>,
    /// The webhook's clock, client resolution and per-client refusal limiter.
    pub webhook_guard: web::Data<WebhookGuard>,
    /// The client "Gửi thử" posts its test deliveries with.
    pub webhook_probe: web::Data<WebhookProbe>,
}

impl AppState {
    pub fn new(
        pool: DbPool,
        verifier: TokenVerifier,
        cipher: SecretCipher,
        internal_keys: InternalKeys,
        public_base_url: String,
        retailstore: Retailstore,
    ) -> Self {
        Self {
            pool: web::Data::new(pool),
            verifier: web::Data::new(verifier),
            cipher: web::Data::new(cipher),
            internal_keys: web::Data::new(internal_keys),
            public_base_url: web::Data::new(PublicBaseUrl(
                public_base_url.trim_end_matches('/').to_owned(),
            )),
            retailstore: web::Data::new(retailstore),
            wake: web::Data::new(Wake::default()),
            refused: web::Data::new(RefusedWebhooks::default()),
            webhook_guard: web::Data::new(WebhookGuard::default()),
            webhook_probe: web::Data::new(WebhookProbe::new(shop_common::internal::http_client())),
        }
    }

    /// The webhook's guard: `TRUSTED_PROXIES`, the clock, the limiter (tests set their
    /// own). Call before [`configure`].
    pub fn with_webhook_guard(mut self, guard: WebhookGuard) -> Self {
        self.webhook_guard = web::Data::new(guard);
        self
    }
}

/// Registers the service's routes and shared state.
pub fn configure(state: AppState) -> impl Fn(&mut web::ServiceConfig) + Clone + Send + 'static {
    move |cfg| {
        metrics::register();
        cfg.app_data(state.pool.clone())
            .app_data(web::Data::new(metrics::scrape_hook(
                state.pool.get_ref().clone(),
            )))
            .app_data(state.verifier.clone())
            .app_data(state.cipher.clone())
            .app_data(state.internal_keys.clone())
            .app_data(state.public_base_url.clone())
            .app_data(state.retailstore.clone())
            .app_data(state.wake.clone())
            .app_data(state.refused.clone())
            .app_data(state.webhook_guard.clone())
            .app_data(state.webhook_probe.clone())
            .configure(health::configure)
            .configure(routes::configure);
    }
}
