//! One code by id: Update (an overwrite of the code is audited), Delete (admin only,
//! audited) and Reveal (admin only, audited: the only way a code leaves in clear). The
//! work, audit rows included, is in `serial_codes::edit`.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shop_common::auth::{AdminUser, AuthUser};
use shop_common::db::DbPool;
use shop_common::input::nullable;
use shop_common::ok;
use shop_common::openapi::{BadRequest, Deleted, Enveloped, Forbidden, NotFound, Unauthorized};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{MAX_NOTE, SerialCode, no_store};
use crate::StorefrontCache;
use crate::crypto::CodeCipher;
use crate::domain::serial_code::{Code, CodeStatus};
use crate::domain::{future_instant, optional_text};
use crate::error::{Problems, StoreError};
use crate::routes::openapi::{CodeConflict, CodeLocked};
use crate::routes::{IdBody, IdQuery, actor};
use crate::serial_codes::edit::{self, CodeUpdate};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(description = "Chỉ khi mã đang available hoặc disabled (mã 312 nếu không).")]
pub struct SerialCodeUpdate {
    pub id: Uuid,
    /// Mã mới: mã hóa và băm lại; trùng trong sản phẩm: mã 311
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = String, required = false, max_length = 200)]
    pub code: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<DateTime<Utc>>)]
    pub expires_at: Option<Option<DateTime<Utc>>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, max_length = 500)]
    pub note: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(schema_with = editable_status, required = false)]
    pub status: Option<Option<String>>,
}

/// `available` or `disabled`: the states staff may set.
fn editable_status() -> utoipa::openapi::schema::Object {
    crate::routes::openapi::one_of(&CodeStatus::EDITABLE.map(CodeStatus::as_str))
}

impl SerialCodeUpdate {
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
            status,
            expires_at,
            note,
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Revealed {
    /// Mã ở dạng rõ (được ghi nhật ký)
    pub code: String,
}

/// Sửa mã serial
///
/// Ghi giá trị mới lên mã (code): một dòng nhật ký serial_code_overwrite (chỉ mã đã che, không bao giờ mã rõ) trong cùng giao dịch.
#[utoipa::path(put, path = "/retailstore/api/admin/v1/ProductSerialCode/Update",
    operation_id = "adminSerialCodeUpdate", tag = "ProductSerialCode",
    request_body = SerialCodeUpdate,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<SerialCode>)),
        BadRequest, Unauthorized, NotFound, CodeConflict))]
pub(super) async fn update(
    user: AuthUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    cache: web::Data<StorefrontCache>,
    body: web::Json<SerialCodeUpdate>,
) -> Result<HttpResponse, StoreError> {
    let update = body.into_inner().check()?;
    let updated = edit::update(&pool, &cipher, update, actor(&user)).await?;
    cache.invalidate();
    Ok(ok(SerialCode::from(updated)))
}

/// Xóa mã serial
///
/// Chỉ quản trị viên; ghi nhật ký (serial_code_delete).
#[utoipa::path(delete, path = "/retailstore/api/admin/v1/ProductSerialCode/Delete",
    operation_id = "adminSerialCodeDelete", tag = "ProductSerialCode",
    params(IdQuery),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<Deleted>)),
        BadRequest, Unauthorized, Forbidden, NotFound, CodeLocked))]
pub(super) async fn delete(
    AdminUser(user): AdminUser,
    pool: web::Data<DbPool>,
    cache: web::Data<StorefrontCache>,
    query: web::Query<IdQuery>,
) -> Result<HttpResponse, StoreError> {
    edit::delete(&pool, query.id, actor(&user)).await?;
    cache.invalidate();
    Ok(ok(true))
}

/// Xem mã ở dạng rõ (ghi nhật ký)
///
/// Chỉ quản trị viên. Mã được kiểm tra với băm có khóa của dòng; ghi một dòng nhật ký (serial_code_reveal) trong cùng giao dịch. Phản hồi có Cache-Control: no-store.
#[utoipa::path(post, path = "/retailstore/api/admin/v1/ProductSerialCode/Reveal",
    operation_id = "adminSerialCodeReveal", tag = "ProductSerialCode",
    request_body = IdBody,
    responses((status = 200, description = "Thành công", body = inline(Enveloped<Revealed>)),
        BadRequest, Unauthorized, Forbidden, NotFound))]
pub(super) async fn reveal(
    AdminUser(user): AdminUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<CodeCipher>,
    body: web::Json<IdBody>,
) -> Result<HttpResponse, StoreError> {
    let code = edit::reveal(&pool, &cipher, body.id, actor(&user)).await?;
    Ok(no_store(ok(Revealed { code })))
}
