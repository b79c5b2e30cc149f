//! The wiring of the black-box tests: identity on a fresh schema with a signing key of
//! its own (identity signs, so common's `TestTokens` does not apply) and a seeded admin.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::ops::Deref;
use std::sync::Arc;
use std::time::Duration;

use identity::models::{NewUser, User};
use identity::{AppState, Passwords, Settings, SigningKeys, configure, seed};
use shop_common::auth::{Claims, Role};
use shop_common::config::Secret;
use shop_common::db::DbPool;
use shop_common::net::TrustedProxies;
pub use shop_common::testing::shop::Staff;
use shop_common::testing::{INTERNAL_KEY, TestClient, TestSchema, serve};
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

pub struct Api {
    /// Anonymous: each call passes its own token.
    pub http: TestClient,
    /// The seeded admin `admin` ([`ADMIN_PASSWORD`]).
    pub admin: Uuid,
    pub keys: Arc<SigningKeys>,
    pub pool: DbPool,
    pub settings: Settings,
    passwords: Arc<Passwords>,
    pub schema: TestSchema,
}

impl Deref for Api {
    type Target = TestClient;

    fn deref(&self) -> &TestClient {
        &self.http
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
        let passwords = Passwords::new(settings.password_hash_concurrency).await;
        let passwords = Arc::new(passwords.unwrap());
        let admin_password = Secret::new(ADMIN_PASSWORD);
        let seeded = seed::ensure_admin(&pool, &passwords, "admin", Some(&admin_password)).await;
        assert!(seeded.unwrap(), "a fresh schema gets the admin");
        let admin = schema
            .lines("SELECT id::text AS line FROM users WHERE user_name = 'admin'")
            .await;
        let keys = Arc::new(SigningKeys::generate().unwrap());
        let state = AppState::new(
            pool.clone(),
            keys.clone(),
            passwords.clone(),
            settings.clone(),
            Secret::new(INTERNAL_KEY),
        );
        let http = TestClient::new(serve(configure(state)), None);
        Self {
            http,
            admin: admin[0].parse().unwrap(),
            keys,
            pool,
            settings,
            passwords,
            schema,
        }
    }

    /// The seeded admin's token, through a real login.
    pub async fn admin_token(&self) -> String {
        self.http.token("admin", ADMIN_PASSWORD).await
    }

    /// Signs any claims with identity's key.
    pub fn sign(&self, claims: &Claims) -> String {
        self.keys.sign(claims).unwrap()
    }

    /// A valid token, signed without a login, for a user as stored now (role, `ver`).
    pub async fn token_for(&self, id: Uuid) -> String {
        let user = User::find(&mut self.pool.get().await.unwrap(), id)
            .await
            .unwrap()
            .unwrap();
        let ttl = self.settings.access_token_ttl;
        let claims = SigningKeys::claims(id, &user.user_name, user.role(), user.token_version, ttl);
        self.sign(&claims)
    }

    /// Creates an active user directly in the database (no password rules).
    pub async fn insert_user(&self, user_name: &str, password: &str, role: Role) -> User {
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
        User::insert(&mut self.pool.get().await.unwrap(), &new)
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
