//! The wiring of the black-box tests: identity on a fresh schema with a signing key of
//! its own (identity signs, so common's `TestTokens` does not apply) and a seeded admin.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::ops::Deref;
use std::sync::Arc;
use std::time::Duration;

use identity::models::{NewUser, User};
use identity::routes::{LOGIN, USER_CREATE};
use identity::{AppState, Passwords, Settings, SigningKeys, configure, seed};
use serde_json::{Value, json};
use shop_common::auth::{Claims, Role};
use shop_common::config::Secret;
use shop_common::db::DbPool;
use shop_common::net::TrustedProxies;
use shop_common::testing::{Answer, INTERNAL_KEY, TestClient, TestSchema, serve};
use uuid::Uuid;

pub const ADMIN_PASSWORD: &str = "admin-pass-123";

/// Token TTL 1 h, a lock after 3 failures for 60 s, 127.0.0.1 a trusted proxy (tests
/// set the client IP with `X-Forwarded-For`).
pub fn test_settings() -> Settings {
    let (hour, minute) = (Duration::from_secs(3600), Duration::from_secs(60));
    let trusted_proxies = TrustedProxies::parse("127.0.0.1").unwrap();
    Settings {
        access_token_ttl: hour,
        login_max_failures: 3,
        login_lock: minute,
        login_failure_window: minute,
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

    /// Login through the "gateway" (127.0.0.1, a trusted proxy) for client `ip`.
    pub async fn login_from(&self, user_name: &str, password: &str, ip: &str) -> Answer {
        let body = json!({ "userName": user_name, "password": password });
        let client = self.anon().with_headers(&[("x-forwarded-for", ip)]);
        client.post(LOGIN, body).await
    }

    pub async fn login(&self, user_name: &str, password: &str) -> Answer {
        let body = json!({ "userName": user_name, "password": password });
        self.anon().post(LOGIN, body).await
    }

    /// Logs in and returns the access token.
    pub async fn token(&self, user_name: &str, password: &str) -> String {
        self.login(user_name, password).await.ok()["accessToken"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    /// The seeded admin's token, through a real login.
    pub async fn admin_token(&self) -> String {
        self.token("admin", ADMIN_PASSWORD).await
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

    /// Creates a user through the API as `admin` and returns the result.
    pub async fn create_user(
        &self,
        admin: &str,
        user_name: &str,
        password: &str,
        role: &str,
    ) -> Value {
        let body = json!({ "userName": user_name, "fullName": format!("Người dùng {user_name}"), "email": format!("{user_name}@shop.vn"), "password": password, "role": role });
        self.with_token(Some(admin))
            .post(USER_CREATE, body)
            .await
            .ok()
            .clone()
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
        self.schema
            .scalar("SELECT count(*) AS n FROM users WHERE deleted_at IS NULL")
            .await
    }

    /// Bumps the user's session version: every token issued so far stops working.
    pub async fn revoke(&self, id: Uuid) {
        let sql = format!("UPDATE users SET token_version = token_version + 1 WHERE id = '{id}'");
        self.schema.execute(&sql).await;
    }
}
