//! The wiring of the black-box tests: identity on common's `TestService`, signing with
//! the key of the service's `TestTokens`, with a seeded admin.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::ops::Deref;
use std::sync::Arc;
use std::time::Duration;

use ed25519_dalek::SigningKey;
use identity::models::{NewUser, UserRow};
use identity::{AppState, Passwords, Settings, SigningKeys, configure, seed};
use shop_common::auth::Role;
use shop_common::config::Secret;
use shop_common::net::TrustedProxies;
pub use shop_common::testing::shop::Staff;
use shop_common::testing::{TestSchema, TestService, TestTokens, internal_keys};
use uuid::Uuid;

pub const ADMIN_PASSWORD: &str = "admin-pass-123";

/// Token TTL 1 h, a lock after 3 failures for 60 s, 127.0.0.1 a trusted proxy (tests
/// set the client IP with `X-Forwarded-For`).
pub fn test_settings() -> Settings {
    let (access_token_ttl, minute) = (Duration::from_secs(3600), Duration::from_secs(60));
    let trusted_proxies = TrustedProxies::parse("127.0.0.1").unwrap();
    let (login_lock, login_failure_window) = (minute, minute);
    Settings {
        access_token_ttl,
        login_max_failures: 3,
        login_lock,
        login_failure_window,
        password_hash_concurrency: 4,
        trusted_proxies,
    }
}

/// The service (derefs to a `TestService` whose `tokens` sign with identity's key); its
/// client is anonymous (each call passes its own token).
pub struct Api {
    pub service: TestService,
    /// The seeded admin `admin` ([`ADMIN_PASSWORD`]).
    pub admin: Uuid,
    pub settings: Settings,
    passwords: Arc<Passwords>,
}

impl Deref for Api {
    type Target = TestService;

    fn deref(&self) -> &TestService {
        &self.service
    }
}

impl Api {
    pub async fn new() -> Self {
        Self::with(test_settings()).await
    }

    pub async fn with(settings: Settings) -> Self {
        let schema = TestSchema::new();
        schema.migrate(identity::MIGRATIONS).await;
        let pool = schema.pool(5);
        let passwords = Arc::new(
            Passwords::new(settings.password_hash_concurrency)
                .await
                .unwrap(),
        );
        let admin_password = Secret::new(ADMIN_PASSWORD);
        let seeded = seed::ensure_admin(&pool, &passwords, "admin", Some(&admin_password)).await;
        assert!(seeded.unwrap(), "a fresh schema gets the admin");
        let admin = schema
            .lines("SELECT id::text AS line FROM users WHERE user_name = 'admin'")
            .await;
        let signing = SigningKey::from_bytes(&rand::random());
        let keys = Arc::new(SigningKeys::new(signing.clone(), Vec::new()).unwrap());
        let tokens = Arc::new(TestTokens::from_key(keys.kid(), &signing));
        let (internal_keys, shared) = (internal_keys(), passwords.clone());
        let state = AppState::new(pool.clone(), keys, shared, settings.clone(), internal_keys);
        let mut service = TestService::start(schema.into(), tokens, pool, |_, _| configure(state));
        service.http = service.http.anon();
        let admin = admin[0].parse().unwrap();
        Self {
            service,
            admin,
            settings,
            passwords,
        }
    }

    /// The seeded admin's token, through a real login.
    pub async fn admin_token(&self) -> String {
        self.http.token("admin", ADMIN_PASSWORD).await
    }

    /// A valid token, signed without a login, for a user as stored now (role, `ver`).
    pub async fn token_for(&self, id: Uuid) -> String {
        let mut conn = self.pool.get().await.unwrap();
        let user = UserRow::find(&mut conn, id).await.unwrap().unwrap();
        let claims = TestTokens::claims(id, &user.user_name, user.role(), user.token_version);
        self.tokens.sign(&claims)
    }

    /// Creates an active user directly in the database (no password rules).
    pub async fn insert_user(&self, user_name: &str, password: &str, role: Role) -> UserRow {
        let hash = self.passwords.hash(password).await.unwrap();
        let new = NewUser {
            id: Uuid::new_v4(),
            user_name,
            full_name: user_name,
            email: None,
            password_hash: &hash,
            role: role.as_str(),
            is_active: true,
        };
        UserRow::insert(&mut self.pool.get().await.unwrap(), &new)
            .await
            .unwrap()
    }

    /// Live users in the database.
    pub async fn user_count(&self) -> i64 {
        let live = "SELECT count(*) AS n FROM users WHERE deleted_at IS NULL";
        self.schema.scalar(live).await
    }

    /// Bumps the user's session version: every token issued so far stops working.
    pub async fn revoke(&self, id: Uuid) {
        let sql = format!("UPDATE users SET token_version = token_version + 1 WHERE id = '{id}'");
        self.schema.execute(&sql).await;
    }
}
