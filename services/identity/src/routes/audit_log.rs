//! `AuditLog/Pagination` (admin only): who created, changed, removed or locked which
//! account, newest first. The same shape as retailstore's audit log, so the back office
//! reads both alike.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::Serialize;
use shop_common::audit::AuditQuery;
use shop_common::ok;
use shop_common::pagination::{Page, PageQuery};
use uuid::Uuid;

use crate::AppState;
use crate::audit::AuditAction;
use crate::auth::CurrentAdmin;
use crate::error::IdentityError;
use crate::models::AuditEntry;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryView {
    pub id: Uuid,
    pub at: DateTime<Utc>,
    pub actor: String,
    /// Absent for a lockout of a user name that has no account.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actor_id: Option<Uuid>,
    pub action: String,
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

/// `GET AuditLog/Pagination`: `actor` (part of a user name, any case), `action`, `from`,
/// `to` (RFC 3339, half-open), the standard page parameters; newest first, no other order.
pub async fn pagination(
    _admin: CurrentAdmin,
    state: web::Data<AppState>,
    page: web::Query<PageQuery>,
    filter: web::Query<AuditQuery>,
) -> Result<HttpResponse, IdentityError> {
    let page = page.into_inner().check(&[])?;
    let filter = filter.check(AuditAction::parse)?;
    let mut conn = state.pool.get().await?;
    let rows = AuditEntry::page(&mut conn, &filter, page.size, page.offset()).await?;
    let total = AuditEntry::count(&mut conn, &filter).await?;
    let items: Vec<AuditEntryView> = rows.into_iter().map(AuditEntryView::from).collect();
    Ok(ok(Page::new(items, total, &page)))
}
