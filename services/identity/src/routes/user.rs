//! `User/*`: account management, admins only (code 6 for staff).

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shop_common::input::{Problems, nullable, patch_required};
use shop_common::ok;
use shop_common::openapi::{Enveloped, PageOf, PageParams, PageSpec, PayloadTooLarge};
use shop_common::pagination::{Page, PageQuery};
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::IdQuery;
use super::openapi::{
    AdminOnly, BadId, CreateRefused, DeleteRefused, Done, NoSuchUser, ResetRefused, UpdateRefused,
    UserListRefused, UserNameTaken,
};
use crate::AppState;
use crate::accounts::{self, AccountUpdate, NewAccount};
use crate::auth::CurrentAdmin;
use crate::domain::{Email, FullName, Password, UserName, parse_role};
use crate::error::IdentityError;
use crate::models::{UserFilter, UserRow, user::SORTABLE};

pub use shop_common::auth::Role;

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
    pub role: Role,
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

/// An Update or ResetPassword body without `id` (code 1 naming `id`).
pub(crate) const MSG_NO_ID: &str = "Thiếu mã người dùng";

/// The list's own filters; the page parameters are read by [`PageQuery`] from the same
/// query string.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserFilterQuery {
    #[param(value_type = Option<Role>)]
    pub role: Option<String>,
    #[param(schema_with = true_or_false)]
    pub is_active: Option<String>,
}

/// `true` or `false`, as query text.
fn true_or_false() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(["true", "false"]))
        .build()
}

/// The user list's paging.
pub struct UserPage;

impl PageSpec for UserPage {
    const SORTABLE: &'static [&'static str] = SORTABLE;
    const KEYWORD: &'static str =
        "Matches user name, full name or e-mail (case-insensitive substring).";
}

/// A page of users (admin only)
///
/// Deleted users are never listed. Sorting by `lastLoginAt` puts never-logged-in users last either way.
#[utoipa::path(get, path = super::USER_PAGINATION, operation_id = "listUsers", tag = "User",
    params(PageParams<UserPage>, UserFilterQuery),
    responses((status = 200, description = "One page of users", body = inline(Enveloped<PageOf<User>>)),
        UserListRefused, AdminOnly))]
pub async fn pagination(
    _admin: CurrentAdmin,
    state: web::Data<AppState>,
    page: web::Query<PageQuery>,
    query: web::Query<UserFilterQuery>,
) -> Result<HttpResponse, IdentityError> {
    let q = query.into_inner();
    let page = page.check(SORTABLE);
    let mut fields = Problems::default();
    let page = match page {
        Ok(page) => Some(page),
        Err(e) => {
            fields.extend(e.details.unwrap_or_default());
            None
        }
    };
    let role = match q.role.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => fields.check("role", parse_role(raw)),
    };
    let is_active = match q.is_active.as_deref().map(str::trim) {
        None | Some("") => None,
        Some("true") => Some(true),
        Some("false") => Some(false),
        Some(_) => {
            fields.push("isActive", "isActive phải là true hoặc false");
            None
        }
    };
    fields.finish::<_, IdentityError>(|| ())?;
    let Some(page) = page else {
        return Err(IdentityError::internal("page request missing after checks"));
    };
    let filter = UserFilter {
        keyword: page.keyword.clone(),
        role,
        is_active,
    };
    let mut conn = state.pool.get().await?;
    let (users, total) = UserRow::page(&mut conn, &filter, &page).await?;
    let items = users.iter().map(User::from).collect();
    Ok(ok(Page::new(items, total, &page)))
}

/// One user (admin only)
#[utoipa::path(get, path = super::USER_READ, operation_id = "readUser", tag = "User", params(IdQuery),
    responses((status = 200, description = "The user", body = inline(Enveloped<User>)),
        BadId, NoSuchUser, AdminOnly))]
pub async fn read(
    _admin: CurrentAdmin,
    state: web::Data<AppState>,
    query: web::Query<IdQuery>,
) -> Result<HttpResponse, IdentityError> {
    let mut conn = state.pool.get().await?;
    let user = UserRow::find(&mut conn, query.id)
        .await?
        .ok_or(IdentityError::NotFound)?;
    Ok(ok(User::from(&user)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateUserRequest {
    /// 3..50 of `a-z A-Z 0-9 . _ -` after trimming; kept as typed, unique case-insensitively
    #[schema(value_type = String, required = true, pattern = "^[A-Za-z0-9._-]{3,50}$", example = "nhanvien1")]
    pub user_name: Option<String>,
    /// Trimmed; 1..100 characters
    #[schema(value_type = String, required = true, min_length = 1, max_length = 100, example = "Nguyễn Văn A")]
    pub full_name: Option<String>,
    /// Trimmed; blank or null means none
    #[schema(format = Email, max_length = 254)]
    pub email: Option<String>,
    /// 6..30 Unicode characters, kept exactly as typed (not trimmed)
    #[schema(value_type = String, required = true, min_length = 6, max_length = 30)]
    pub password: Option<String>,
    #[schema(value_type = Role, required = true)]
    pub role: Option<String>,
}

impl CreateUserRequest {
    fn parse(self) -> Result<NewAccount, IdentityError> {
        let mut f = Problems::default();
        let user_name = f.check(
            "userName",
            UserName::parse(self.user_name.as_deref().unwrap_or_default()),
        );
        let full_name = f.check(
            "fullName",
            FullName::parse(self.full_name.as_deref().unwrap_or_default()),
        );
        let email = f.check("email", Email::parse_optional(self.email.as_deref()));
        let password = f.check(
            "password",
            Password::parse(self.password.as_deref().unwrap_or_default()),
        );
        let role = f.check("role", parse_role(self.role.as_deref().unwrap_or_default()));
        f.finish::<_, IdentityError>(|| ())?;
        match (user_name, full_name, email, password, role) {
            (Some(user_name), Some(full_name), Some(email), Some(password), Some(role)) => {
                Ok(NewAccount {
                    user_name,
                    full_name,
                    email,
                    password,
                    role,
                })
            }
            _ => Err(IdentityError::internal(
                "create request parsed without all fields",
            )),
        }
    }
}

/// Create a user (admin only)
///
/// The new user is active. Strings are trimmed; a blank or null `email` means none. Invalid fields answer code 1 with one `details` entry each (a short or long `password` included: code 1, not 122). User names are unique case-insensitively among live users. A password on the embedded list of common passwords (about 9,000, compared case-insensitively) answers code 124 with `details` naming `password`, after the other fields are valid. Recorded in the audit log (`user_create`).
#[utoipa::path(post, path = super::USER_CREATE, operation_id = "createUser", tag = "User",
    request_body = CreateUserRequest,
    responses((status = 200, description = "The created user", body = inline(Enveloped<User>)),
        CreateRefused, UserNameTaken, PayloadTooLarge, AdminOnly))]
pub async fn create(
    CurrentAdmin(admin): CurrentAdmin,
    state: web::Data<AppState>,
    body: web::Json<CreateUserRequest>,
) -> Result<HttpResponse, IdentityError> {
    let new = body.into_inner().parse()?;
    let user = accounts::create(&state.pool, &state.passwords, &admin, new).await?;
    Ok(ok(User::from(&user)))
}

/// Any subset of the fields besides `id`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateUserRequest {
    #[schema(value_type = Uuid, required = true)]
    pub id: Option<Uuid>,
    /// Trimmed; 1..100 characters
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = String, required = false, min_length = 1, max_length = 100, example = "Nguyễn Văn A")]
    pub full_name: Option<Option<String>>,
    /// Trimmed; blank or null means none
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, required = false, format = Email, max_length = 254)]
    pub email: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Role, required = false)]
    pub role: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = bool, required = false)]
    pub is_active: Option<Option<bool>>,
}

impl UpdateUserRequest {
    fn parse(self) -> Result<(Uuid, AccountUpdate), IdentityError> {
        let mut f = Problems::default();
        let id = f.check("id", self.id.ok_or(MSG_NO_ID));
        let mut full_name = None;
        patch_required(&mut f, "fullName", self.full_name, &mut full_name);
        let full_name = full_name.and_then(|raw| f.check("fullName", FullName::parse(&raw)));
        let email = self
            .email
            .and_then(|raw| f.check("email", Email::parse_optional(raw.as_deref())));
        let mut role = None;
        patch_required(&mut f, "role", self.role, &mut role);
        let role = role.and_then(|raw| f.check("role", parse_role(&raw)));
        let mut is_active = None;
        patch_required(&mut f, "isActive", self.is_active, &mut is_active);
        f.finish::<_, IdentityError>(|| ())?;
        let id = id.ok_or_else(|| IdentityError::internal("update request parsed without id"))?;
        Ok((
            id,
            AccountUpdate {
                full_name,
                email,
                role,
                is_active,
            },
        ))
    }
}

/// Update a user (admin only)
///
/// A field left out stays unchanged; `email: null` (or blank) clears the e-mail; `null` on `fullName`, `role` or `isActive` is code 1. The user name cannot be changed. Changing the role or disabling the account revokes the user's tokens. An admin cannot disable their own account (132); the last active admin cannot be demoted or disabled (133). A caller who lost admin rights meanwhile gets code 5. Recorded in the audit log: `user_role_change`, `user_disable`, `user_enable`, `user_update` (full name or e-mail), one entry each.
#[utoipa::path(put, path = super::USER_UPDATE, operation_id = "updateUser", tag = "User",
    request_body = UpdateUserRequest,
    responses((status = 200, description = "The updated user", body = inline(Enveloped<User>)),
        UpdateRefused, NoSuchUser, PayloadTooLarge, AdminOnly))]
pub async fn update(
    CurrentAdmin(admin): CurrentAdmin,
    state: web::Data<AppState>,
    body: web::Json<UpdateUserRequest>,
) -> Result<HttpResponse, IdentityError> {
    let (id, update) = body.into_inner().parse()?;
    let mut conn = state.pool.get().await?;
    let user = accounts::update(&mut conn, &admin, id, update).await?;
    Ok(ok(User::from(&user)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    #[schema(value_type = Uuid, required = true)]
    pub id: Option<Uuid>,
    /// 6..30 Unicode characters, kept exactly as typed (not trimmed)
    #[schema(value_type = String, required = true, min_length = 6, max_length = 30)]
    pub new_password: Option<String>,
}

impl ResetPasswordRequest {
    fn parse(self) -> Result<(Uuid, Password), IdentityError> {
        let mut f = Problems::default();
        let id = f.check("id", self.id.ok_or(MSG_NO_ID));
        let password = f.check(
            "newPassword",
            Password::parse(self.new_password.as_deref().unwrap_or_default()),
        );
        f.finish::<_, IdentityError>(|| ())?;
        match (id, password) {
            (Some(id), Some(password)) => Ok((id, password)),
            _ => Err(IdentityError::internal(
                "reset request parsed without all fields",
            )),
        }
    }
}

/// Set a user's password (admin only)
///
/// The user's tokens stop working. A `newPassword` outside 6..30 characters is code 1 with a `details` entry for `newPassword`. A common password answers code 124 with `details` naming `newPassword`; nothing changes. Recorded in the audit log (`password_reset`).
#[utoipa::path(post, path = super::USER_RESET_PASSWORD, operation_id = "resetUserPassword",
    tag = "User",
    request_body = ResetPasswordRequest,
    responses((status = 200, description = "Password set", body = inline(Enveloped<Done>)),
        ResetRefused, NoSuchUser, PayloadTooLarge, AdminOnly))]
pub async fn reset_password(
    CurrentAdmin(admin): CurrentAdmin,
    state: web::Data<AppState>,
    body: web::Json<ResetPasswordRequest>,
) -> Result<HttpResponse, IdentityError> {
    let (id, password) = body.into_inner().parse()?;
    accounts::reset_password(&state.pool, &state.passwords, &admin, id, password).await?;
    Ok(ok(true))
}

/// Delete a user (admin only)
///
/// A soft delete: the user disappears from every answer, their tokens stop working and the user name becomes free again. An admin cannot delete their own account (132), so an active admin always remains. Recorded in the audit log (`user_delete`).
#[utoipa::path(delete, path = super::USER_DELETE, operation_id = "deleteUser", tag = "User",
    params(IdQuery),
    responses((status = 200, description = "Deleted", body = inline(Enveloped<Done>)),
        DeleteRefused, NoSuchUser, AdminOnly))]
pub async fn delete(
    CurrentAdmin(admin): CurrentAdmin,
    state: web::Data<AppState>,
    query: web::Query<IdQuery>,
) -> Result<HttpResponse, IdentityError> {
    let mut conn = state.pool.get().await?;
    accounts::delete(&mut conn, &admin, query.id).await?;
    Ok(ok(true))
}
