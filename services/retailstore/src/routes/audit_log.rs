//! AuditLog/Pagination (admin only): who revealed, deleted or moved what, newest first.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::Serialize;
use shop_common::audit::AuditQuery;
use shop_common::auth::AdminUser;
use shop_common::db::DbPool;
use shop_common::ok;
use shop_common::pagination::{Page, PageQuery};
use uuid::Uuid;

use super::{ADMIN, endpoint};
use crate::domain::audit::AuditAction;
use crate::error::StoreError;
use crate::models::audit_entry::AuditEntry;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryView {
    pub id: Uuid,
    pub at: DateTime<Utc>,
    pub actor: String,
    pub actor_id: Uuid,
    pub action: AuditAction,
    pub target: String,
    pub detail: String,
}

impl From<AuditEntry> for AuditEntryView {
    fn from(e: AuditEntry) -> Self {
        Self {
            id: e.id,
            at: e.at,
            actor: e.actor,
            actor_id: e.actor_id,
            action: e.action,
            target: e.target,
            detail: e.detail,
        }
    }
}

/// GET admin AuditLog/Pagination: `actor`, `action`, `from`, `to` (half-open), newest
/// first; no other order.
async fn pagination(
    _admin: AdminUser,
    pool: web::Data<DbPool>,
    query: web::Query<PageQuery>,
    filter: web::Query<AuditQuery>,
) -> Result<HttpResponse, StoreError> {
    let page = query.check(&[])?;
    let filter = filter.check(AuditAction::parse)?;
    let mut conn = pool.get().await?;
    let rows = AuditEntry::page(&mut conn, &filter, page.size, page.offset()).await?;
    let total = AuditEntry::count(&mut conn, &filter).await?;
    let items: Vec<AuditEntryView> = rows.into_iter().map(AuditEntryView::from).collect();
    Ok(ok(Page::new(items, total, &page)))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(endpoint(format!("{ADMIN}/AuditLog/Pagination")).route(web::get().to(pagination)));
}
