//! Helpers shared by the black-box tests: a spawned server and a small JSON client.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use identity::Settings;
use identity::testing::{TestIdentity, test_settings};
use reqwest::Method;
use serde_json::{Value, json};
pub use shop_common::testing::Answer;
use shop_common::testing::TestClient;

pub const AUTH: &str = "/identity/api/admin/v1/IdentityAuth";
pub const USER: &str = "/identity/api/admin/v1/User";

pub struct Api {
    pub idp: TestIdentity,
    /// Anonymous: each call passes its own token.
    pub http: TestClient,
}

impl Api {
    pub async fn new() -> Self {
        Self::with(test_settings()).await
    }

    pub async fn with(settings: Settings) -> Self {
        let idp = TestIdentity::spawn_with(settings).await;
        Self {
            http: TestClient::new(idp.base_url.clone(), None),
            idp,
        }
    }

    pub async fn send(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
        headers: &[(&str, &str)],
    ) -> Answer {
        self.http
            .send(method, path, token, headers, body.as_ref())
            .await
            .into()
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        self.send(Method::GET, path, token, None, &[]).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Answer {
        self.send(Method::POST, path, token, Some(body), &[]).await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> Answer {
        self.send(Method::PUT, path, token, Some(body), &[]).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Answer {
        self.send(Method::DELETE, path, token, None, &[]).await
    }

    /// Login from the default client address (127.0.0.1).
    pub async fn login(&self, user_name: &str, password: &str) -> Answer {
        let body = json!({ "userName": user_name, "password": password });
        self.post(&format!("{AUTH}/Login"), None, body).await
    }

    /// Login through the "gateway" (127.0.0.1 is a trusted proxy) for client `ip`.
    pub async fn login_from(&self, user_name: &str, password: &str, ip: &str) -> Answer {
        let body = json!({ "userName": user_name, "password": password });
        self.send(
            Method::POST,
            &format!("{AUTH}/Login"),
            None,
            Some(body),
            &[("x-forwarded-for", ip)],
        )
        .await
    }

    /// Logs in and returns the access token.
    pub async fn token(&self, user_name: &str, password: &str) -> String {
        let answer = self.login(user_name, password).await;
        answer.ok()["accessToken"].as_str().unwrap().to_owned()
    }

    /// The seeded admin's token, through a real login.
    pub async fn admin_token(&self) -> String {
        let (user, pass) = (
            self.idp.admin.user_name.clone(),
            self.idp.admin.password.clone(),
        );
        self.token(&user, &pass).await
    }

    /// Creates a user through the API and returns the result.
    pub async fn create_user(
        &self,
        admin: &str,
        user_name: &str,
        password: &str,
        role: &str,
    ) -> Value {
        let body = json!({
            "userName": user_name,
            "fullName": format!("Người dùng {user_name}"),
            "email": format!("{user_name}@shop.vn"),
            "password": password,
            "role": role,
        });
        self.post(&format!("{USER}/Create"), Some(admin), body)
            .await
            .ok()
            .clone()
    }

    /// Live users in the database.
    pub async fn user_count(&self) -> i64 {
        use diesel::dsl::count_star;
        use diesel::prelude::*;
        use diesel_async::RunQueryDsl;
        use identity::schema::users;
        let mut conn = self.idp.pool.get().await.unwrap();
        users::table
            .filter(users::deleted_at.is_null())
            .select(count_star())
            .get_result(&mut conn)
            .await
            .unwrap()
    }
}
