//! `User/*`: account management, admins only (code 6 for staff).

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use shop_common::pagination::{Page, PageQuery};
use shop_common::{FieldError, ok};
use uuid::Uuid;

use crate::AppState;
use crate::accounts::{self, AccountUpdate, NewAccount};
use crate::auth::CurrentAdmin;
use crate::domain::{Email, FullName, Password, UserName, parse_role};
use crate::error::IdentityError;
use crate::models::{User, UserFilter, user::SORTABLE};
use crate::views::UserView;
use shop_common::input::nullable;

const MSG_NULL_NOT_ALLOWED: &str = "Trường này không được để trống";

/// Collects field errors while parsing a request.
#[derive(Default)]
struct Fields(Vec<FieldError>);

impl Fields {
    fn check<T>(&mut self, field: &str, parsed: Result<T, &str>) -> Option<T> {
        parsed
            .map_err(|m| self.0.push(FieldError::new(field, m)))
            .ok()
    }

    fn push(&mut self, field: &str, message: &str) {
        self.0.push(FieldError::new(field, message));
    }

    fn finish(self) -> Result<(), IdentityError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(IdentityError::validation(self.0))
        }
    }
}

/// The list's own filters; the page parameters are read by [`PageQuery`] from the same
/// query string.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserFilterQuery {
    pub role: Option<String>,
    pub is_active: Option<String>,
}

/// `GET Pagination`: `keyword` (user name, full name, e-mail), `role`, `isActive`;
/// sortable by `userName`, `createdAt` (default, descending), `lastLoginAt`.
pub async fn pagination(
    _admin: CurrentAdmin,
    state: web::Data<AppState>,
    page: web::Query<PageQuery>,
    query: web::Query<UserFilterQuery>,
) -> Result<HttpResponse, IdentityError> {
    let q = query.into_inner();
    let page = page.check(SORTABLE);
    let mut fields = Fields::default();
    let page = match page {
        Ok(page) => Some(page),
        Err(e) => {
            fields.0.extend(e.details.unwrap_or_default());
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
    fields.finish()?;
    let Some(page) = page else {
        return Err(IdentityError::internal("page request missing after checks"));
    };
    let filter = UserFilter {
        keyword: page.keyword.clone(),
        role,
        is_active,
    };
    let mut conn = state.pool.get().await?;
    let (users, total) = User::page(&mut conn, &filter, &page).await?;
    let items = users.iter().map(UserView::from).collect();
    Ok(ok(Page::new(items, total, &page)))
}

#[derive(Debug, Deserialize)]
pub struct IdQuery {
    pub id: Uuid,
}

/// `GET Read?id=`.
pub async fn read(
    _admin: CurrentAdmin,
    state: web::Data<AppState>,
    query: web::Query<IdQuery>,
) -> Result<HttpResponse, IdentityError> {
    let mut conn = state.pool.get().await?;
    let user = User::find(&mut conn, query.id)
        .await?
        .ok_or(IdentityError::NotFound)?;
    Ok(ok(UserView::from(&user)))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateRequest {
    pub user_name: Option<String>,
    pub full_name: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    pub role: Option<String>,
}

impl CreateRequest {
    fn parse(self) -> Result<NewAccount, IdentityError> {
        let mut f = Fields::default();
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
        f.finish()?;
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

/// `POST Create {userName, fullName, email?, password, role}` -> the user.
pub async fn create(
    CurrentAdmin(admin): CurrentAdmin,
    state: web::Data<AppState>,
    body: web::Json<CreateRequest>,
) -> Result<HttpResponse, IdentityError> {
    let new = body.into_inner().parse()?;
    let user = accounts::create(&state, &admin, new).await?;
    Ok(ok(UserView::from(&user)))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UpdateRequest {
    pub id: Option<Uuid>,
    #[serde(default, deserialize_with = "nullable")]
    pub full_name: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    pub email: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    pub role: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    pub is_active: Option<Option<bool>>,
}

impl UpdateRequest {
    fn parse(self) -> Result<(Uuid, AccountUpdate), IdentityError> {
        let mut f = Fields::default();
        if self.id.is_none() {
            f.push("id", "Thiếu mã người dùng");
        }
        let full_name = match self.full_name {
            None => None,
            Some(None) => {
                f.push("fullName", MSG_NULL_NOT_ALLOWED);
                None
            }
            Some(Some(raw)) => f.check("fullName", FullName::parse(&raw)),
        };
        let email = match self.email {
            None => None,
            Some(raw) => f.check("email", Email::parse_optional(raw.as_deref())),
        };
        let role = match self.role {
            None => None,
            Some(None) => {
                f.push("role", MSG_NULL_NOT_ALLOWED);
                None
            }
            Some(Some(raw)) => f.check("role", parse_role(&raw)),
        };
        let is_active = match self.is_active {
            None => None,
            Some(None) => {
                f.push("isActive", MSG_NULL_NOT_ALLOWED);
                None
            }
            Some(Some(active)) => Some(active),
        };
        f.finish()?;
        let id = self
            .id
            .ok_or_else(|| IdentityError::internal("update request parsed without id"))?;
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

/// `PUT Update {id, fullName?, email?, role?, isActive?}` -> the user. A field left out
/// stays unchanged; `email: null` clears the e-mail.
pub async fn update(
    CurrentAdmin(admin): CurrentAdmin,
    state: web::Data<AppState>,
    body: web::Json<UpdateRequest>,
) -> Result<HttpResponse, IdentityError> {
    let (id, update) = body.into_inner().parse()?;
    let user = accounts::update(&state, &admin, id, update).await?;
    Ok(ok(UserView::from(&user)))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    pub id: Option<Uuid>,
    pub new_password: Option<String>,
}

/// `POST ResetPassword {id, newPassword}` -> `true`; the user's tokens stop working.
pub async fn reset_password(
    CurrentAdmin(admin): CurrentAdmin,
    state: web::Data<AppState>,
    body: web::Json<ResetPasswordRequest>,
) -> Result<HttpResponse, IdentityError> {
    let body = body.into_inner();
    let mut f = Fields::default();
    if body.id.is_none() {
        f.push("id", "Thiếu mã người dùng");
    }
    let password = f.check(
        "newPassword",
        Password::parse(body.new_password.as_deref().unwrap_or_default()),
    );
    f.finish()?;
    let (Some(id), Some(password)) = (body.id, password) else {
        return Err(IdentityError::internal(
            "reset request parsed without all fields",
        ));
    };
    accounts::reset_password(&state, &admin, id, password).await?;
    Ok(ok(true))
}

/// `DELETE Delete?id=` -> `true`.
pub async fn delete(
    CurrentAdmin(admin): CurrentAdmin,
    state: web::Data<AppState>,
    query: web::Query<IdQuery>,
) -> Result<HttpResponse, IdentityError> {
    accounts::delete(&state, &admin, query.id).await?;
    Ok(ok(true))
}
