//! `Configuration/AppConfiguration`: the public read (cached), the staff/admin read
//! and the admin-only save.

use actix_web::http::header::{CACHE_CONTROL, ContentType, HeaderValue};
use actix_web::{HttpResponse, web};
use bytes::Bytes;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use shop_common::auth::{AdminUser, AuthUser};
use shop_common::db::DbPool;
use shop_common::{Envelope, ok};

use crate::cache::PublicConfigCache;
use crate::domain::configuration::ConfigPatch;
use crate::error::SystemError;
use crate::models::{AppConfiguration, AppConfigurationChanges};

/// Browsers and the gateway may reuse the public answer this long.
pub const PUBLIC_CACHE_CONTROL: &str = "public, max-age=30";

/// What the storefront sees.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicConfiguration<'a> {
    pub shop_name: &'a str,
    pub shop_tagline: &'a str,
    pub logo_url: Option<&'a str>,
    pub social_url: Option<&'a str>,
    pub footer_note: &'a str,
    pub contact_email: Option<&'a str>,
    pub contact_phone: Option<&'a str>,
    pub analytics_id: Option<&'a str>,
}

impl<'a> From<&'a AppConfiguration> for PublicConfiguration<'a> {
    fn from(c: &'a AppConfiguration) -> Self {
        Self {
            shop_name: &c.shop_name,
            shop_tagline: &c.shop_tagline,
            logo_url: c.logo_url.as_deref(),
            social_url: c.social_url.as_deref(),
            footer_note: &c.footer_note,
            contact_email: c.contact_email.as_deref(),
            contact_phone: c.contact_phone.as_deref(),
            analytics_id: c.analytics_id.as_deref(),
        }
    }
}

/// What the admin screens see: the public fields plus who saved last, and when.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminConfiguration<'a> {
    #[serde(flatten)]
    pub config: PublicConfiguration<'a>,
    pub updated_at: DateTime<Utc>,
    /// The user name of the last saver; `null` before the first save.
    pub updated_by: Option<&'a str>,
}

impl<'a> From<&'a AppConfiguration> for AdminConfiguration<'a> {
    fn from(c: &'a AppConfiguration) -> Self {
        Self {
            config: c.into(),
            updated_at: c.updated_at,
            updated_by: c.updated_by.as_deref(),
        }
    }
}

fn no_store(mut response: HttpResponse) -> HttpResponse {
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// GET `/system/api/web/v1/Configuration/AppConfiguration` (public).
pub async fn public(
    pool: web::Data<DbPool>,
    cache: web::Data<PublicConfigCache>,
) -> Result<HttpResponse, SystemError> {
    let body = match cache.get() {
        Ok(body) => body,
        Err(miss) => {
            let mut conn = pool.get().await?;
            let row = AppConfiguration::load(&mut conn).await?;
            let body = serde_json::to_vec(&Envelope::success(PublicConfiguration::from(&row)))
                .map_err(|e| SystemError::Internal(e.to_string()))?;
            let body = Bytes::from(body);
            cache.store(miss, body.clone());
            body
        }
    };
    Ok(HttpResponse::Ok()
        .content_type(ContentType::json())
        .insert_header((CACHE_CONTROL, PUBLIC_CACHE_CONTROL))
        .body(body))
}

/// GET `/system/api/admin/v1/Configuration/AppConfiguration` (admin or staff).
pub async fn read(_user: AuthUser, pool: web::Data<DbPool>) -> Result<HttpResponse, SystemError> {
    let mut conn = pool.get().await?;
    let row = AppConfiguration::load(&mut conn).await?;
    Ok(no_store(ok(AdminConfiguration::from(&row))))
}

/// PUT `/system/api/admin/v1/Configuration/AppConfiguration` (admin only).
pub async fn update(
    AdminUser(user): AdminUser,
    body: web::Json<Value>,
    pool: web::Data<DbPool>,
    cache: web::Data<PublicConfigCache>,
) -> Result<HttpResponse, SystemError> {
    let patch = ConfigPatch::parse(&body)?;
    let changes = AppConfigurationChanges::new(&patch, &user.user_name, user.id);
    let mut conn = pool.get().await?;
    let row = AppConfiguration::update(&mut conn, &changes).await?;
    cache.invalidate();
    tracing::info!(user = %user.user_name, user_id = %user.id, "app configuration saved");
    Ok(no_store(ok(AdminConfiguration::from(&row))))
}
