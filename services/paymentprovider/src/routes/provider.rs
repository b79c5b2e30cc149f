//! PaymentProvider: the storefront list, the admin CRUD (reads for staff too, writes for
//! admins only) and the built-in bank list.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use shop_common::auth::{AdminUser, AuthUser};
use shop_common::db::DbPool;
use shop_common::ok;
use shop_common::pagination::{Page, PageQuery, PageRequest};
use uuid::Uuid;

use super::{ADMIN, IdQuery, WEB, endpoint};
use crate::PublicBaseUrl;
use crate::banks::BANKS;
use crate::crypto::SecretCipher;
use crate::domain::provider::{
    MSG_TYPE, ProviderFields, ProviderForm, ProviderPatch, ProviderType, SecretChange,
};
use crate::error::PaymentError;
use crate::models::provider::{
    Provider, ProviderFilter, ProviderRecord, ProviderSort, StoredSecret,
};

pub const ADMIN_SORTABLE: &[&str] = &["name", "sortOrder", "createdAt"];

/// Provider, admin view. The webhook secret itself is never part of it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProviderAdminView {
    pub id: Uuid,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: ProviderType,
    pub bank_bin: Option<String>,
    pub bank_name: Option<String>,
    pub account_number: Option<String>,
    pub account_name: Option<String>,
    pub instructions: Option<String>,
    pub logo_url: Option<String>,
    pub is_active: bool,
    pub sort_order: i32,
    pub webhook_enabled: bool,
    pub has_webhook_secret: bool,
    pub webhook_url: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl ProviderAdminView {
    fn new(record: ProviderRecord, base: &PublicBaseUrl) -> Self {
        let p = record.provider;
        Self {
            has_webhook_secret: record.has_webhook_secret,
            webhook_url: base.webhook_url(p.id),
            id: p.id,
            name: p.name,
            kind: p.kind,
            bank_bin: p.bank_bin,
            bank_name: p.bank_name,
            account_number: p.account_number,
            account_name: p.account_name,
            instructions: p.instructions,
            logo_url: p.logo_url,
            is_active: p.is_active,
            sort_order: p.sort_order,
            webhook_enabled: p.webhook_enabled,
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

/// Provider, storefront view.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProviderWebView {
    pub id: Uuid,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: ProviderType,
    pub bank_name: Option<String>,
    pub logo_url: Option<String>,
    pub instructions: Option<String>,
}

impl From<Provider> for ProviderWebView {
    fn from(p: Provider) -> Self {
        Self {
            id: p.id,
            name: p.name,
            kind: p.kind,
            bank_name: p.bank_name,
            logo_url: p.logo_url,
            instructions: p.instructions,
        }
    }
}

/// Filters of the admin list besides paging.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminFilterQuery {
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub is_active: Option<String>,
}

fn admin_sort(page: &PageRequest) -> ProviderSort {
    match page.sort {
        Some(("name", dir)) => ProviderSort::Name(dir),
        Some(("sortOrder", dir)) => ProviderSort::SortOrder(dir),
        Some(("createdAt", dir)) => ProviderSort::CreatedAt(dir),
        _ => ProviderSort::Default,
    }
}

/// Applies the secret part of a write; returns whether a secret is stored afterwards.
/// Call inside the write's transaction.
async fn write_secret(
    conn: &mut diesel_async::AsyncPgConnection,
    cipher: &SecretCipher,
    id: Uuid,
    fields: &ProviderFields,
    stored: bool,
) -> Result<bool, PaymentError> {
    match &fields.secret {
        SecretChange::Keep => Ok(stored),
        SecretChange::Clear => {
            StoredSecret::clear(conn, id).await?;
            Ok(false)
        }
        SecretChange::Set(secret) => {
            StoredSecret::new(id, cipher.encrypt(id, secret)?)
                .upsert(conn)
                .await?;
            Ok(true)
        }
    }
}

/// GET web PaymentProvider/ListPaymentProviders: active providers by `sortOrder`, name.
async fn list_public(pool: web::Data<DbPool>) -> Result<HttpResponse, PaymentError> {
    let mut conn = pool.get().await?;
    let rows = Provider::list_active(&mut conn).await?;
    let items: Vec<ProviderWebView> = rows.into_iter().map(ProviderWebView::from).collect();
    Ok(ok(items))
}

/// GET admin PaymentProvider/Pagination (admin and staff).
async fn pagination(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    base: web::Data<PublicBaseUrl>,
    query: web::Query<PageQuery>,
    filter: web::Query<AdminFilterQuery>,
) -> Result<HttpResponse, PaymentError> {
    let page = query.check(ADMIN_SORTABLE)?;
    let kind = match filter.kind.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(text) => {
            Some(ProviderType::parse(text).ok_or_else(|| PaymentError::field("type", MSG_TYPE))?)
        }
    };
    let is_active = match filter.is_active.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some("true") => Some(true),
        Some("false") => Some(false),
        Some(_) => {
            return Err(PaymentError::field(
                "isActive",
                "isActive là true hoặc false",
            ));
        }
    };
    let filter = ProviderFilter {
        keyword: page.keyword.clone(),
        kind,
        is_active,
    };
    let mut conn = pool.get().await?;
    let rows = Provider::page(
        &mut conn,
        &filter,
        admin_sort(&page),
        page.size,
        page.offset(),
    )
    .await?;
    let total = Provider::count(&mut conn, &filter).await?;
    let items: Vec<ProviderAdminView> = rows
        .into_iter()
        .map(|p| ProviderAdminView::new(p, &base))
        .collect();
    Ok(ok(Page::new(items, total, &page)))
}

/// GET admin PaymentProvider/Read?id= (admin and staff).
async fn read(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    base: web::Data<PublicBaseUrl>,
    query: web::Query<IdQuery>,
) -> Result<HttpResponse, PaymentError> {
    let mut conn = pool.get().await?;
    let found = Provider::find(&mut conn, query.id).await?;
    Ok(ok(ProviderAdminView::new(found, &base)))
}

/// POST admin PaymentProvider/Create (admin only).
async fn create(
    _admin: AdminUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<SecretCipher>,
    base: web::Data<PublicBaseUrl>,
    body: web::Json<ProviderForm>,
) -> Result<HttpResponse, PaymentError> {
    let fields = body.into_inner().check(false, false)?;
    let id = Uuid::new_v4();
    let mut conn = pool.get().await?;
    let created = conn
        .transaction(async |conn| {
            let provider = Provider::insert(conn, id, &fields).await?;
            let has_webhook_secret = write_secret(conn, &cipher, id, &fields, false).await?;
            Ok::<_, PaymentError>(ProviderRecord {
                provider,
                has_webhook_secret,
            })
        })
        .await?;
    Ok(ok(ProviderAdminView::new(created, &base)))
}

/// PUT admin PaymentProvider/Update (admin only): the patch is applied to the locked
/// current row and the result checked as a whole.
async fn update(
    _admin: AdminUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<SecretCipher>,
    base: web::Data<PublicBaseUrl>,
    body: web::Json<ProviderPatch>,
) -> Result<HttpResponse, PaymentError> {
    let patch = body.into_inner();
    let id = patch.id;
    let mut conn = pool.get().await?;
    let updated = conn
        .transaction(async |conn| {
            let current = Provider::lock(conn, id).await?;
            let stored = StoredSecret::find(conn, id).await?.is_some();
            let fields = patch.apply(current.into(), stored)?;
            let provider = Provider::update(conn, id, &fields).await?;
            let has_webhook_secret = write_secret(conn, &cipher, id, &fields, stored).await?;
            Ok::<_, PaymentError>(ProviderRecord {
                provider,
                has_webhook_secret,
            })
        })
        .await?;
    Ok(ok(ProviderAdminView::new(updated, &base)))
}

/// DELETE admin PaymentProvider/Delete?id= (admin only): a soft delete.
async fn delete(
    _admin: AdminUser,
    pool: web::Data<DbPool>,
    query: web::Query<IdQuery>,
) -> Result<HttpResponse, PaymentError> {
    let mut conn = pool.get().await?;
    Provider::soft_delete(&mut conn, query.id).await?;
    Ok(ok(true))
}

/// GET admin PaymentProvider/Banks (admin and staff): the built-in bank list.
async fn banks(_user: AuthUser) -> HttpResponse {
    ok(BANKS)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    let admin = |action: &str| endpoint(format!("{ADMIN}/PaymentProvider/{action}"));
    cfg.service(
        endpoint(format!("{WEB}/PaymentProvider/ListPaymentProviders"))
            .route(web::get().to(list_public)),
    )
    .service(admin("Pagination").route(web::get().to(pagination)))
    .service(admin("Read").route(web::get().to(read)))
    .service(admin("Create").route(web::post().to(create)))
    .service(admin("Update").route(web::put().to(update)))
    .service(admin("Delete").route(web::delete().to(delete)))
    .service(admin("Banks").route(web::get().to(banks)));
}
