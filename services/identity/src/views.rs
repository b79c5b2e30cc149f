//! Response shapes (wire types), separate from the table structs.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shop_common::auth::Role;
use uuid::Uuid;

use crate::models::User;

/// A user as the admin screens see it (lists, Read, Create, Update, Me).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: Uuid,
    pub user_name: String,
    pub full_name: String,
    pub email: Option<String>,
    pub role: Role,
    pub is_active: bool,
    pub last_login_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<&User> for UserView {
    fn from(u: &User) -> Self {
        Self {
            id: u.id,
            user_name: u.user_name.clone(),
            full_name: u.full_name.clone(),
            email: u.email.clone(),
            role: u.role(),
            is_active: u.is_active,
            last_login_at: u.last_login_at,
            created_at: u.created_at,
        }
    }
}

/// The user part of the login result.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionUser {
    pub id: Uuid,
    pub user_name: String,
    pub full_name: String,
    pub role: Role,
}

impl From<&User> for SessionUser {
    fn from(u: &User) -> Self {
        Self {
            id: u.id,
            user_name: u.user_name.clone(),
            full_name: u.full_name.clone(),
            role: u.role(),
        }
    }
}

/// The login result.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginResult {
    pub access_token: String,
    pub token_type: String,
    pub expires_at: DateTime<Utc>,
    pub user: SessionUser,
}

/// The answer of the internal TokenStatus call.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TokenStatus {
    pub active: bool,
    pub role: Option<Role>,
}
