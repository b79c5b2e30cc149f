//! Response shapes (wire types), separate from the table structs.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};
use uuid::Uuid;

use crate::models::UserRow;

// `shop_common::auth::Role` as the document names it (a type of the shared crate, so the
// schema is declared here).
#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum Role {
    Admin,
    Staff,
}

/// A string that can only be `value`.
pub(crate) fn constant(value: &'static str) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some([value]))
        .build()
}

/// A user as the admin screens see it (lists, Read, Create, Update, Me).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: Uuid,
    #[schema(example = "nhanvien1")]
    pub user_name: String,
    #[schema(example = "Nguyễn Văn A")]
    pub full_name: String,
    #[schema(required = true, format = Email)]
    pub email: Option<String>,
    #[schema(value_type = Role)]
    pub role: shop_common::auth::Role,
    pub is_active: bool,
    /// Null until the first login
    #[schema(required = true)]
    pub last_login_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<&UserRow> for User {
    fn from(u: &UserRow) -> Self {
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
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionUser {
    pub id: Uuid,
    pub user_name: String,
    pub full_name: String,
    #[schema(value_type = Role)]
    pub role: shop_common::auth::Role,
}

impl From<&UserRow> for SessionUser {
    fn from(u: &UserRow) -> Self {
        Self {
            id: u.id,
            user_name: u.user_name.clone(),
            full_name: u.full_name.clone(),
            role: u.role(),
        }
    }
}

/// The login result.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginResult {
    /// EdDSA JWT; claims `sub, name, role, ver, iat, exp, iss, aud`
    pub access_token: String,
    #[schema(schema_with = bearer)]
    pub token_type: String,
    pub expires_at: DateTime<Utc>,
    pub user: SessionUser,
}

fn bearer() -> Object {
    constant("Bearer")
}

/// The answer of the internal TokenStatus call.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenStatus {
    pub active: bool,
    #[schema(value_type = Option<Role>, required = true)]
    pub role: Option<shop_common::auth::Role>,
}
