//! `Configuration/AppConfiguration`: the public read (cached), the staff/admin read
//! and the admin-only save.

use actix_web::http::header::{CACHE_CONTROL, ContentType, HeaderValue};
use actix_web::{HttpResponse, web};
use bytes::Bytes;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Map, Value};
use shop_common::auth::{AdminUser, AuthUser};
use shop_common::db::DbPool;
use shop_common::input::{Invalid, Problems};
use shop_common::openapi::{
    BadRequest, Enveloped, Forbidden, PayloadTooLarge, Unauthorized, Unavailable,
};
use shop_common::{Envelope, ok};
use utoipa::ToSchema;

use crate::cache::PublicConfigCache;
use crate::domain::configuration::{
    AnalyticsId, ConfigPatch, ContactEmail, ContactPhone, FooterNote, LogoUrl, ShopName,
    ShopTagline, SocialUrl,
};
use crate::error::SystemError;
use crate::models::{AppConfigurationChanges, AppConfigurationRow};

/// Browsers and the gateway may reuse the public answer this long.
pub const PUBLIC_CACHE_CONTROL: &str = "public, max-age=30";

/// What the storefront sees.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicConfiguration<'a> {
    #[schema(min_length = 1, max_length = 100, example = "Cửa hàng mã số")]
    pub shop_name: &'a str,
    #[schema(max_length = 200)]
    pub shop_tagline: &'a str,
    /// `/uploads/<sha256>.<png|jpg|webp|gif>` (an Upload result) or an `https://` URL
    #[schema(required = true)]
    pub logo_url: Option<&'a str>,
    /// `http://` or `https://` URL
    #[schema(required = true)]
    pub social_url: Option<&'a str>,
    /// May contain line breaks (`\n`)
    #[schema(max_length = 500)]
    pub footer_note: &'a str,
    #[schema(required = true, format = Email, max_length = 254)]
    pub contact_email: Option<&'a str>,
    /// Digits and spaces, optionally led by `+`, at least 6 digits
    #[schema(required = true, min_length = 6, max_length = 20)]
    pub contact_phone: Option<&'a str>,
    #[schema(
        required = true,
        pattern = "^[A-Za-z0-9_-]{1,50}$",
        example = "G-XXXXXXX"
    )]
    pub analytics_id: Option<&'a str>,
}

/// PUT body: any subset of the configuration fields (documentation of what
/// `ConfigPatch` reads; the handler reads the JSON object itself, so that a field left
/// out and an explicit `null` differ).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct AppConfigurationUpdate {
    #[schema(value_type = String, required = false, min_length = 1, max_length = 100, example = "Cửa hàng mã số")]
    shop_name: Option<String>,
    #[schema(nullable, max_length = 200)]
    shop_tagline: Option<String>,
    /// `/uploads/<sha256>.<png|jpg|webp|gif>` (an Upload result) or an `https://` URL
    #[schema(nullable)]
    logo_url: Option<String>,
    /// `http://` or `https://` URL
    #[schema(nullable)]
    social_url: Option<String>,
    /// May contain line breaks (`\n`)
    #[schema(nullable, max_length = 500)]
    footer_note: Option<String>,
    #[schema(nullable, format = Email, max_length = 254)]
    contact_email: Option<String>,
    /// Digits and spaces, optionally led by `+`, at least 6 digits
    #[schema(nullable, min_length = 6, max_length = 20)]
    contact_phone: Option<String>,
    #[schema(nullable, pattern = "^[A-Za-z0-9_-]{1,50}$", example = "G-XXXXXXX")]
    analytics_id: Option<String>,
}

impl<'a> From<&'a AppConfigurationRow> for PublicConfiguration<'a> {
    fn from(c: &'a AppConfigurationRow) -> Self {
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
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppConfiguration<'a> {
    #[serde(flatten)]
    pub config: PublicConfiguration<'a>,
    pub updated_at: DateTime<Utc>,
    /// The user name of the last saver; `null` before the first save.
    #[schema(required = true)]
    pub updated_by: Option<&'a str>,
}

impl<'a> From<&'a AppConfigurationRow> for AppConfiguration<'a> {
    fn from(c: &'a AppConfigurationRow) -> Self {
        Self {
            config: c.into(),
            updated_at: c.updated_at,
            updated_by: c.updated_by.as_deref(),
        }
    }
}

const MSG_NOT_TEXT: &str = "Giá trị phải là chuỗi ký tự";

type Parse<T> = fn(&str) -> Result<T, &'static str>;

/// A member in the patch idiom's shape (`None` left out, `Some(None)` `null`); one of
/// another type than text is a problem and counts as left out.
fn member<'a>(
    p: &mut Problems,
    body: &'a Map<String, Value>,
    key: &str,
) -> Option<Option<&'a str>> {
    match body.get(key)? {
        Value::Null => Some(None),
        Value::String(s) => Some(Some(s.as_str())),
        _ => {
            p.push(key, MSG_NOT_TEXT);
            None
        }
    }
}

/// A field that cannot be cleared: `null` is answered by `on_null`.
fn text<T>(
    p: &mut Problems,
    body: &Map<String, Value>,
    key: &str,
    on_null: fn() -> Result<T, &'static str>,
    parse: Parse<T>,
) -> Option<T> {
    let value = match member(p, body, key)? {
        None => on_null(),
        Some(text) => parse(text),
    };
    p.check(key, value)
}

/// An optional field: `null` or blank clears it; a value it refuses stays unchanged.
fn optional<T>(
    p: &mut Problems,
    body: &Map<String, Value>,
    key: &str,
    parse: Parse<T>,
) -> Option<Option<T>> {
    match member(p, body, key)? {
        None => Some(None),
        Some(text) if text.trim().is_empty() => Some(None),
        Some(text) => p.check(key, parse(text.trim())).map(Some),
    }
}

/// Checks the members of a PUT body with `shop_common::input`'s patch idiom: a field
/// left out stays unchanged, an explicit `null` clears it (optional fields become NULL,
/// free texts become empty), and a blank optional field counts as `null`. Unknown members
/// are ignored, so a client may send back what it read, `updatedAt` and `updatedBy`
/// included.
fn parse_patch(body: &Map<String, Value>) -> Result<ConfigPatch, Invalid> {
    let mut p = Problems::default();
    let patch = ConfigPatch {
        shop_name: text(
            &mut p,
            body,
            "shopName",
            || Err("Nhập tên cửa hàng"),
            ShopName::parse,
        ),
        shop_tagline: text(
            &mut p,
            body,
            "shopTagline",
            || Ok(ShopTagline::empty()),
            ShopTagline::parse,
        ),
        logo_url: optional(&mut p, body, "logoUrl", LogoUrl::parse),
        social_url: optional(&mut p, body, "socialUrl", SocialUrl::parse),
        footer_note: text(
            &mut p,
            body,
            "footerNote",
            || Ok(FooterNote::empty()),
            FooterNote::parse,
        ),
        contact_email: optional(&mut p, body, "contactEmail", ContactEmail::parse),
        contact_phone: optional(&mut p, body, "contactPhone", ContactPhone::parse),
        analytics_id: optional(&mut p, body, "analyticsId", AnalyticsId::parse),
    };
    p.finish(|| patch)
}

fn no_store(mut response: HttpResponse) -> HttpResponse {
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Public shop configuration (no token; Authorization is ignored)
///
/// Served from a cache of a few seconds; sent with `Cache-Control: public, max-age=30`.
#[utoipa::path(get, path = super::WEB_APP_CONFIGURATION, operation_id = "getPublicAppConfiguration",
    tag = "Configuration",
    responses((status = 200, description = "The public configuration", body = inline(Enveloped<PublicConfiguration>)),
        Unavailable))]
pub async fn public(
    pool: web::Data<DbPool>,
    cache: web::Data<PublicConfigCache>,
) -> Result<HttpResponse, SystemError> {
    let body = match cache.get() {
        Ok(body) => body,
        Err(miss) => {
            let mut conn = pool.get().await?;
            let row = AppConfigurationRow::load(&mut conn).await?;
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

/// Full configuration (admin or staff)
#[utoipa::path(get, path = super::ADMIN_APP_CONFIGURATION, operation_id = "getAppConfiguration",
    tag = "Configuration",
    responses((status = 200, description = "The configuration with who saved it last", body = inline(Enveloped<AppConfiguration>)),
        Unauthorized, Unavailable))]
pub async fn read(_user: AuthUser, pool: web::Data<DbPool>) -> Result<HttpResponse, SystemError> {
    let mut conn = pool.get().await?;
    let row = AppConfigurationRow::load(&mut conn).await?;
    Ok(no_store(ok(AppConfiguration::from(&row))))
}

/// Save the configuration (admin only)
///
/// A field left out stays unchanged. `null` (or a blank string) clears an optional field; `null` on `shopTagline` or `footerNote` empties it; `shopName` cannot be cleared. Strings are trimmed. Unknown members are ignored. Invalid fields answer code 1 with one `details` entry each, and nothing is saved.
#[utoipa::path(put, path = super::ADMIN_APP_CONFIGURATION, operation_id = "updateAppConfiguration",
    tag = "Configuration",
    request_body = AppConfigurationUpdate,
    responses((status = 200, description = "The saved configuration", body = inline(Enveloped<AppConfiguration>)),
        BadRequest, Unauthorized, Forbidden, PayloadTooLarge, Unavailable))]
pub async fn update(
    AdminUser(user): AdminUser,
    body: web::Json<Value>,
    pool: web::Data<DbPool>,
    cache: web::Data<PublicConfigCache>,
) -> Result<HttpResponse, SystemError> {
    let Value::Object(body) = body.into_inner() else {
        return Err(SystemError::BadRequest(
            "Dữ liệu gửi lên phải là một đối tượng JSON",
        ));
    };
    let patch = parse_patch(&body)?;
    let changes = AppConfigurationChanges::new(&patch, &user.user_name, user.id);
    let mut conn = pool.get().await?;
    let row = AppConfigurationRow::update(&mut conn, &changes).await?;
    cache.invalidate();
    tracing::info!(user = %user.user_name, user_id = %user.id, "app configuration saved");
    Ok(no_store(ok(AppConfiguration::from(&row))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn object(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(map) => map,
            _ => Map::new(),
        }
    }

    #[test]
    fn patch_semantics() {
        let Ok(patch) = parse_patch(&object(json!({
            "shopName": "Shop", "socialUrl": null, "contactEmail": "  ",
            "shopTagline": null, "updatedAt": "ignored"
        }))) else {
            panic!("valid patch rejected");
        };
        assert_eq!(patch.shop_name.as_ref().map(ShopName::as_str), Some("Shop"));
        assert_eq!(patch.social_url, Some(None));
        assert_eq!(patch.contact_email, Some(None));
        assert_eq!(
            patch.shop_tagline.as_ref().map(ShopTagline::as_str),
            Some("")
        );
        assert_eq!(patch.logo_url, None);
        assert!(patch.footer_note.is_none());
    }

    #[test]
    fn patch_errors_per_field() {
        let Err(Invalid(errors)) = parse_patch(&object(json!({
            "shopName": null, "socialUrl": "nope", "contactPhone": 5
        }))) else {
            panic!("invalid patch accepted");
        };
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["shopName", "socialUrl", "contactPhone"]);
    }
}
