//! A whole identity server for tests (feature `testing`): a real HTTP server on a free
//! port, its own fresh schema, a generated Ed25519 signing key (the one its JWKS
//! publishes) and a seeded admin. For tests that need identity itself to sign; other
//! crates mint tokens with `shop_common::testing::TestTokens`.
//!
//! ```ignore
//! let idp = TestIdentity::spawn().await; // needs the multi-threaded runtime
//! let token = idp.admin_token().await; // signed with the server's real key
//! let staff = idp.create_user("staff1", "staff-pass", Role::Staff).await;
//! let mut claims = idp.claims_for(staff.id, "staff1", Role::Staff, 1);
//! claims.exp = claims.iat - 10; // anything else: change the claims and sign them
//! let expired = idp.sign(&claims);
//! idp.revoke(staff.id).await; // what a password reset, disable or delete does
//! ```
//!
//! [`TestIdentity::spawn_with`] takes custom [`Settings`] (start from [`test_settings`]).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::Duration;

use jsonwebtoken::EncodingKey;
use shop_common::auth::{Claims, Role};
use shop_common::config::Secret;
use shop_common::db::DbPool;
use shop_common::net::TrustedProxies;
use shop_common::testing::{INTERNAL_KEY, TestSchema, serve};
use uuid::Uuid;

use crate::models::{NewUser, User};
use crate::{AppState, MIGRATIONS, Passwords, Settings, SigningKeys, configure, seed};

/// The seeded admin's credentials.
#[derive(Debug, Clone)]
pub struct TestAdmin {
    pub id: Uuid,
    pub user_name: String,
    pub password: String,
}

/// A running identity server; see the module documentation.
pub struct TestIdentity {
    /// `http://127.0.0.1:<port>`.
    pub base_url: String,
    /// The seeded admin (role admin, active).
    pub admin: TestAdmin,
    /// The server's signing key (the one its JWKS publishes).
    pub keys: Arc<SigningKeys>,
    /// The server's database pool (search_path = the test schema).
    pub pool: DbPool,
    pub settings: Settings,
    /// The key the internal routes expect in `x-internal-key`.
    pub internal_key: String,
    /// The private schema; dropped (with all data) when this value is dropped.
    pub schema: TestSchema,
    passwords: Arc<Passwords>,
}

/// Settings for tests: token TTL 1 h, lock after 3 failures for 60 s, `127.0.0.1` a
/// trusted proxy (so tests can set the client IP with `X-Forwarded-For`).
pub fn test_settings() -> Settings {
    Settings {
        access_token_ttl: Duration::from_secs(3600),
        login_max_failures: 3,
        login_lock: Duration::from_secs(60),
        login_failure_window: Duration::from_secs(60),
        password_hash_concurrency: 4,
        trusted_proxies: TrustedProxies::parse("127.0.0.1").unwrap(),
    }
}

impl TestIdentity {
    /// Spawns a server with [`test_settings`].
    pub async fn spawn() -> Self {
        Self::spawn_with(test_settings()).await
    }

    /// Spawns a server with the given settings. Needs a multi-threaded tokio runtime.
    pub async fn spawn_with(settings: Settings) -> Self {
        let schema = TestSchema::new();
        schema.migrate(MIGRATIONS).await;
        let pool = schema.pool(5);
        let passwords = Arc::new(
            Passwords::new(settings.password_hash_concurrency)
                .await
                .expect("password hasher"),
        );
        let admin_password = "admin-pass-123".to_owned();
        seed::ensure_admin(
            &pool,
            &passwords,
            "admin",
            Some(&Secret::new(admin_password.clone())),
        )
        .await
        .expect("seed admin");
        let admin_id = {
            let mut conn = pool.get().await.expect("connection");
            User::find_by_key(&mut conn, "admin")
                .await
                .expect("query admin")
                .expect("seeded admin")
                .id
        };
        let keys = Arc::new(SigningKeys::generate().expect("signing key"));
        let state = AppState::new(
            pool.clone(),
            Arc::clone(&keys),
            Arc::clone(&passwords),
            settings.clone(),
            Secret::new(INTERNAL_KEY),
        );
        let base_url = serve(configure(state));
        Self {
            base_url,
            admin: TestAdmin {
                id: admin_id,
                user_name: "admin".to_owned(),
                password: admin_password,
            },
            keys,
            pool,
            settings,
            internal_key: INTERNAL_KEY.to_owned(),
            schema,
            passwords,
        }
    }

    /// `base_url` + `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }

    pub fn jwks_url(&self) -> String {
        self.url(shop_common::auth::JWKS_PATH)
    }

    /// The `kid` of the signing key.
    pub fn kid(&self) -> &str {
        self.keys.kid()
    }

    /// The signing key, for signing tokens by hand (`Algorithm::EdDSA`, `kid` above).
    pub fn encoding_key(&self) -> &EncodingKey {
        self.keys.encoding_key()
    }

    /// Signs any claims with the real key (`alg` EdDSA, `kid` set).
    pub fn sign(&self, claims: &Claims) -> String {
        self.keys.sign(claims).expect("sign")
    }

    /// Valid claims (iss, aud, iat now, exp after the configured TTL).
    pub fn claims_for(&self, id: Uuid, user_name: &str, role: Role, ver: i64) -> Claims {
        SigningKeys::claims(id, user_name, role, ver, self.settings.access_token_ttl)
    }

    /// A valid token for a user as stored now (current role and `ver`).
    pub async fn token_for(&self, id: Uuid) -> String {
        let mut conn = self.pool.get().await.expect("connection");
        let user = User::find(&mut conn, id)
            .await
            .expect("query user")
            .expect("user exists");
        self.sign(&self.claims_for(user.id, &user.user_name, user.role(), user.token_version))
    }

    /// A valid token for the seeded admin.
    pub async fn admin_token(&self) -> String {
        self.token_for(self.admin.id).await
    }

    /// Creates an active user directly in the database.
    pub async fn create_user(&self, user_name: &str, password: &str, role: Role) -> User {
        let hash = self.passwords.hash(password).await.expect("hash");
        let mut conn = self.pool.get().await.expect("connection");
        User::insert(
            &mut conn,
            &NewUser {
                id: Uuid::new_v4(),
                user_name,
                full_name: user_name,
                email: None,
                password_hash: &hash,
                role: role.as_str(),
                is_active: true,
            },
        )
        .await
        .expect("insert user")
    }

    /// Bumps the user's session version: every token issued so far stops working.
    pub async fn revoke(&self, id: Uuid) {
        self.schema
            .execute(&format!(
                "UPDATE users SET token_version = token_version + 1 WHERE id = '{id}'"
            ))
            .await;
    }
}
