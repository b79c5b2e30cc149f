//! The retailstore service: products, serial codes, orders and the dashboard. The app
//! factory here is shared by the binary and the tests.
//!
//! Map: requests arrive in [`routes`], one module per resource with its handlers and wire
//! types, each named as its schema in the OpenAPI document: the bodies as sent and their
//! checking (`routes::order::body`, `routes::product::body`, or beside a handler when
//! small) and the answers (`routes::order::views`). Checking turns a body into the types
//! of [`domain`]: checked values and the rules that need no database (limits, pricing,
//! the order state machine), never a body as sent. Handlers call the use cases, which
//! take domain types and run the transactions with their audit rows: [`orders`] (creating
//! an order, payments, staff actions, expiry), [`serial_codes`] (bulk import, Update,
//! Delete and Reveal of one code, re-sealing) and [`products`] (Update); simpler actions
//! call [`models`] directly. [`models`] holds the tables' queries over [`schema`], one
//! module per table (product lists and search in `models::product::list`; the buying
//! flow's code writes in `models::serial_code::sale`; its hot paths are SQL functions,
//! `models::order_checkout`); a row struct is named `...Row` where a wire type has the
//! table's name. Other services are reached through [`peers`]; e-mails and alerts leave
//! through [`notifications`] (the outbox). Codes are sealed by [`crypto`]; repeated
//! requests answered by [`idempotency`]. Start-up: [`config`] and [`seed`] (the demo
//! catalogue); errors: [`error`], mapped to the envelope once; counters: [`metrics`].

pub mod config;
pub mod crypto;
pub mod domain;
pub mod error;
pub mod idempotency;
pub mod metrics;
pub mod models;
pub mod notifications;
pub mod orders;
pub mod peers;
pub mod products;
pub mod routes;
pub mod schema;
pub mod seed;
pub mod serial_codes;

use actix_web::web;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use shop_common::auth::TokenVerifier;
use shop_common::cache::BodyCache;
use shop_common::config::Secret;
use shop_common::db::DbPool;
use shop_common::health;
use shop_common::internal::InternalKeys;
use shop_common::net::TrustedProxies;

use crate::config::OrderConfig;
use crate::crypto::CodeCipher;
use crate::notifications::Notifier;
use crate::peers::payment_provider::PaymentProviderClient;
use crate::peers::system::SystemClient;

pub const SCHEMA: &str = "retailstore";
pub const DEFAULT_LISTEN_ADDR: &str = "0.0.0.0:8083";
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// Shared state, built once at start-up and handed to every worker.
#[derive(Clone)]
pub struct AppState {
    pub pool: DbPool,
    pub verifier: web::Data<TokenVerifier>,
    pub cipher: web::Data<CodeCipher>,
    pub storefront: web::Data<StorefrontCache>,
    pub orders: web::Data<OrderSettings>,
    pub payments: web::Data<PaymentProviderClient>,
    pub internal_keys: web::Data<InternalKeys>,
    pub in_flight: web::Data<orders::admission::InFlight>,
    /// Writes outbox rows and wakes the relay (the binary's relay takes its wake handle).
    pub notifier: web::Data<Notifier>,
    pub system: web::Data<SystemClient>,
}

/// The order settings and whom to believe about a client's address.
#[derive(Debug, Clone)]
pub struct OrderSettings {
    pub config: OrderConfig,
    /// `X-Forwarded-For` is read only from these peers (`TRUSTED_PROXIES`).
    pub trusted_proxies: TrustedProxies,
}

/// Ready-made storefront list answers, dropped on every catalogue write here and
/// otherwise served for [`STOREFRONT_CACHE_TTL`]; then one request refreshes an answer
/// while the others still get it (other replicas catch up within two TTLs at most).
pub struct StorefrontCache(pub BodyCache);

impl StorefrontCache {
    pub fn invalidate(&self) {
        self.0.invalidate();
    }
}

pub const STOREFRONT_CACHE_TTL: std::time::Duration = std::time::Duration::from_secs(2);

impl AppState {
    /// `own_key` signs our calls to paymentprovider and system; `callers` checks the
    /// calls made to us (paymentprovider's ConfirmPayment).
    pub fn new(
        pool: DbPool,
        verifier: TokenVerifier,
        cipher: CodeCipher,
        orders: OrderSettings,
        own_key: Secret,
        callers: InternalKeys,
    ) -> Self {
        let payments =
            PaymentProviderClient::new(&orders.config.paymentprovider_url, own_key.clone());
        let system = SystemClient::new(&orders.config.system_url, own_key);
        let cipher = web::Data::new(cipher);
        let notifier = Notifier::new(
            cipher.clone(),
            &orders.config.public_base_url,
            shop_common::outbox::Wake::default(),
        );
        Self {
            pool,
            verifier: web::Data::new(verifier),
            cipher,
            storefront: web::Data::new(StorefrontCache(BodyCache::new(STOREFRONT_CACHE_TTL, 1024))),
            orders: web::Data::new(orders),
            payments: web::Data::new(payments),
            internal_keys: web::Data::new(callers),
            in_flight: web::Data::new(orders::admission::InFlight::default()),
            notifier: web::Data::new(notifier),
            system: web::Data::new(system),
        }
    }
}

/// Registers the service's routes and shared state.
pub fn configure(state: AppState) -> impl Fn(&mut web::ServiceConfig) + Clone + Send + 'static {
    move |cfg| {
        cfg.app_data(web::Data::new(state.pool.clone()))
            .app_data(state.verifier.clone())
            .app_data(state.cipher.clone())
            .app_data(state.storefront.clone())
            .app_data(state.orders.clone())
            .app_data(state.payments.clone())
            .app_data(state.internal_keys.clone())
            .app_data(state.in_flight.clone())
            .app_data(state.notifier.clone())
            .app_data(state.system.clone())
            .app_data(web::Data::new(metrics::scrape_hook(state.pool.clone())))
            .configure(health::configure)
            .configure(routes::configure);
    }
}
