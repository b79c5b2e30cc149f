//! ProductSerialCode: list, bulk import, edit, delete and audited reveal. Clear text
//! leaves only through Reveal.

use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use shop_common::auth::AuthUser;
use shop_common::db::DbPool;
use shop_common::error::json_config;
use shop_common::ok;
use shop_common::pagination::{Page, PageQuery, SortDir};
use uuid::Uuid;

use super::{ADMIN, IdBody, IdQuery, endpoint, optional_choice};
use crate::StorefrontCache;
use crate::crypto::CodeCipher;
use crate::domain::order::OrderCode;
use crate::domain::serial_code::{Code, CodeStatus, masked};
use crate::domain::{future_instant, nullable, optional_text};
use crate::error::{Problems, StoreError};
use crate::import::{self, Import, MAX_CODES_PER_CALL};
use crate::models::code_reveal::NewCodeReveal;
use crate::models::order::Order;
use crate::models::serial_code::{CodeChanges, CodeFilter, SerialCode};

/// CreateBulk bodies may reach 8 MiB (50,000 codes of 100+ characters).
pub const BULK_JSON_LIMIT: usize = 8 * 1024 * 1024;
pub const MAX_NOTE: usize = 500;
pub const SORTABLE: &[&str] = &["createdAt"];

/// Serial code, admin view: masked, never the clear text.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SerialCodeView {
    pub id: Uuid,
    pub product_id: Uuid,
    pub product_name: String,
    pub masked_code: String,
    pub status: CodeStatus,
    pub order_id: Option<Uuid>,
    pub order_code: Option<String>,
    pub expires_at: Option<DateTime<Utc>>,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sold_at: Option<DateTime<Utc>>,
}

impl From<(SerialCode, String, Option<String>)> for SerialCodeView {
    fn from((c, product_name, order_code): (SerialCode, String, Option<String>)) -> Self {
        Self {
            id: c.id,
            product_id: c.product_id,
            product_name,
            masked_code: masked(&c.last4),
            status: c.status,
            order_id: c.order_id,
            order_code,
            expires_at: c.expires_at,
            note: c.note,
            created_at: c.created_at,
            sold_at: c.sold_at,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FilterQuery {
    pub product_id: Option<String>,
    pub status: Option<String>,
}

impl FilterQuery {
    /// Blank values are no filter.
    fn check(&self) -> Result<(Option<Uuid>, Option<CodeStatus>), StoreError> {
        let mut p = Problems::default();
        let product_id = optional_choice(
            &mut p,
            "productId",
            self.product_id.as_deref().map(str::trim),
            |text| Uuid::parse_str(text).ok(),
            "Mã sản phẩm không hợp lệ",
        );
        let status = optional_choice(
            &mut p,
            "status",
            self.status.as_deref(),
            CodeStatus::parse,
            "Trạng thái là available, reserved, sold hoặc disabled",
        );
        p.finish(|| (product_id, status))
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateBulkBody {
    pub product_id: Option<Uuid>,
    pub codes: Option<Vec<String>>,
    pub expires_at: Option<DateTime<Utc>>,
    pub note: Option<String>,
}

impl CreateBulkBody {
    fn check(self) -> Result<Import, StoreError> {
        let size = self.codes.as_ref().map_or(0, Vec::len);
        if size > MAX_CODES_PER_CALL {
            return Err(StoreError::BatchTooLarge {
                size,
                max: MAX_CODES_PER_CALL,
            });
        }
        let mut p = Problems::default();
        if self.product_id.is_none() {
            p.push("productId", "Vui lòng chọn sản phẩm");
        }
        if self.codes.is_none() {
            p.push("codes", "Vui lòng nhập danh sách mã");
        }
        let expires_at = future_instant(&mut p, "expiresAt", self.expires_at);
        let note = optional_text(&mut p, "note", self.note, MAX_NOTE, true);
        p.finish(|| Import {
            product_id: self.product_id.unwrap_or_default(),
            codes: self.codes.unwrap_or_default(),
            expires_at,
            note,
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UpdateBody {
    pub id: Uuid,
    #[serde(default, deserialize_with = "nullable")]
    pub code: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    pub expires_at: Option<Option<DateTime<Utc>>>,
    #[serde(default, deserialize_with = "nullable")]
    pub note: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    pub status: Option<Option<String>>,
}

/// A checked Update: the new code (if any) and the plain column changes.
struct CodeUpdate {
    id: Uuid,
    code: Option<Code>,
    changes: CodeChanges,
}

impl UpdateBody {
    fn check(self) -> Result<CodeUpdate, StoreError> {
        let mut p = Problems::default();
        let code = match self.code {
            None => None,
            Some(raw) => match Code::parse(raw.as_deref().unwrap_or_default()) {
                Ok(Some(code)) => Some(code),
                Ok(None) => {
                    p.push("code", "Vui lòng nhập mã serial");
                    None
                }
                Err(reason) => {
                    p.push("code", reason.message());
                    None
                }
            },
        };
        let status = match self.status {
            None => None,
            Some(text) => match text.as_deref().and_then(CodeStatus::parse) {
                Some(s) if CodeStatus::EDITABLE.contains(&s) => Some(s),
                _ => {
                    p.push("status", "Trạng thái chỉ có thể là available hoặc disabled");
                    None
                }
            },
        };
        let expires_at = self
            .expires_at
            .map(|at| future_instant(&mut p, "expiresAt", at));
        let note = self
            .note
            .map(|note| optional_text(&mut p, "note", note, MAX_NOTE, true));
        p.finish(|| CodeUpdate {
            id: self.id,
            code,
            changes: CodeChanges {
                status,
                expires_at,
                note,
                ..CodeChanges::default()
            },
        })
    }
}

#[derive(Debug, Serialize)]
pub struct RevealView {
    pub code: String,
}

/// GET admin ProductSerialCode/Pagination: `productId`, `status`, `keyword` (an exact
/// code, matched through its keyed hash, case kept; or an order code, any case, for the
/// codes of that order). Newest first by default.
async fn pagination(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    query: web::Query<PageQuery>,
    filter: web::Query<FilterQuery>,
) -> Result<HttpResponse, StoreError> {
    let page = query.check(SORTABLE)?;
    let (product_id, status) = filter.check()?;
    let mut conn = pool.get().await?;
    // A keyword that is neither a code nor an existing order's code matches nothing.
    let (code_hash, order_id) = match page.keyword.as_deref() {
        None => (None, None),
        Some(keyword) => {
            let code_hash = match Code::parse(keyword) {
                Ok(Some(code)) => Some(cipher.hash(code.as_str()).to_vec()),
                _ => None,
            };
            let order_id = match OrderCode::parse(keyword) {
                Some(order_code) => Order::find_by_code(&mut conn, order_code.as_str())
                    .await?
                    .map(|o| o.id),
                None => None,
            };
            if code_hash.is_none() && order_id.is_none() {
                return Ok(ok(Page::<SerialCodeView>::new(Vec::new(), 0, &page)));
            }
            (code_hash, order_id)
        }
    };
    let filter = CodeFilter {
        product_id,
        status,
        code_hash,
        order_id,
    };
    let newest_first = !matches!(page.sort, Some((_, SortDir::Asc)));
    let rows = SerialCode::page(&mut conn, &filter, newest_first, page.size, page.offset()).await?;
    let total = SerialCode::count(&mut conn, &filter).await?;
    let items: Vec<SerialCodeView> = rows.into_iter().map(SerialCodeView::from).collect();
    Ok(ok(Page::new(items, total, &page)))
}

/// POST admin ProductSerialCode/CreateBulk.
async fn create_bulk(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    cache: web::Data<StorefrontCache>,
    body: web::Json<CreateBulkBody>,
) -> Result<HttpResponse, StoreError> {
    let request = body.into_inner().check()?;
    let report = import::import(&pool, &cipher, request).await?;
    cache.invalidate();
    Ok(ok(report))
}

/// PUT admin ProductSerialCode/Update: 312 unless the code is available or disabled;
/// a new `code` is re-encrypted and re-hashed (311 when the product already has it).
async fn update(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    cache: web::Data<StorefrontCache>,
    body: web::Json<UpdateBody>,
) -> Result<HttpResponse, StoreError> {
    let CodeUpdate {
        id,
        code,
        mut changes,
    } = body.into_inner().check()?;
    let mut conn = pool.get().await?;
    if let Some(code) = code {
        let product_id = SerialCode::product_of(&mut conn, id).await?;
        let sealed = cipher.encrypt(product_id, code.as_str())?;
        changes.key_id = Some(sealed.key_id);
        changes.nonce = Some(sealed.nonce);
        changes.ciphertext = Some(sealed.ciphertext);
        changes.code_hash = Some(cipher.hash(code.as_str()).to_vec());
        changes.last4 = Some(code.visible_tail());
    }
    if SerialCode::update_editable(&mut conn, id, &changes)
        .await?
        .is_none()
    {
        return Err(missing_or_locked(&mut conn, id).await);
    }
    cache.invalidate();
    let updated = SerialCode::find(&mut conn, id).await?;
    Ok(ok(SerialCodeView::from(updated)))
}

/// After a guarded write touched nothing: 2 when the code is gone, else 312.
async fn missing_or_locked(conn: &mut diesel_async::AsyncPgConnection, id: Uuid) -> StoreError {
    match SerialCode::exists(conn, id).await {
        Ok(true) => StoreError::CodeLocked,
        Ok(false) => StoreError::NotFound,
        Err(e) => e.into(),
    }
}

/// DELETE admin ProductSerialCode/Delete?id=: 312 unless available or disabled.
async fn delete(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    cache: web::Data<StorefrontCache>,
    query: web::Query<IdQuery>,
) -> Result<HttpResponse, StoreError> {
    let mut conn = pool.get().await?;
    if !SerialCode::delete_editable(&mut conn, query.id).await? {
        return Err(missing_or_locked(&mut conn, query.id).await);
    }
    cache.invalidate();
    Ok(ok(true))
}

/// POST admin ProductSerialCode/Reveal: the clear code, with an audit row written in the
/// same transaction.
async fn reveal(
    user: AuthUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    body: web::Json<IdBody>,
) -> Result<HttpResponse, StoreError> {
    let id = body.id;
    let mut conn = pool.get().await?;
    let code = conn
        .transaction(async |conn| {
            let row = SerialCode::sealed(conn, id).await?;
            NewCodeReveal {
                id: Uuid::now_v7(),
                serial_code_id: row.id,
                product_id: row.product_id,
                user_id: user.id,
                user_name: &user.user_name,
            }
            .insert(conn)
            .await?;
            let clear = cipher.decrypt(row.product_id, row.key_id, &row.nonce, &row.ciphertext)?;
            Ok::<_, StoreError>(clear)
        })
        .await?;
    tracing::info!(serial_code_id = %id, user_id = %user.id, "serial code revealed");
    let mut response = ok(RevealView { code });
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    let action = |name: &str| endpoint(format!("{ADMIN}/ProductSerialCode/{name}"));
    cfg.service(action("Pagination").route(web::get().to(pagination)))
        .service(
            action("CreateBulk")
                .app_data(json_config(BULK_JSON_LIMIT))
                .route(web::post().to(create_bulk)),
        )
        .service(action("Update").route(web::put().to(update)))
        .service(action("Delete").route(web::delete().to(delete)))
        .service(action("Reveal").route(web::post().to(reveal)));
}
