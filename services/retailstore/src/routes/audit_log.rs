//! AuditLog/Pagination (admin only): who revealed, deleted or moved what, newest first.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shop_common::auth::AdminUser;
use shop_common::db::DbPool;
use shop_common::ok;
use shop_common::pagination::{Page, PageQuery};
use uuid::Uuid;

use super::order::instant;
use super::{ADMIN, endpoint, optional_choice};
use crate::domain::audit::AuditAction;
use crate::error::{Problems, StoreError};
use crate::models::audit_entry::{AuditEntry, AuditFilter};

/// The longest user name identity accepts is far shorter; this only bounds the query.
const MAX_ACTOR: usize = 100;

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

#[derive(Debug, Deserialize)]
pub struct FilterQuery {
    pub actor: Option<String>,
    pub action: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
}

impl FilterQuery {
    fn check(&self) -> Result<AuditFilter, StoreError> {
        let mut p = Problems::default();
        let actor = self
            .actor
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(str::to_owned);
        if actor
            .as_ref()
            .is_some_and(|a| a.chars().count() > MAX_ACTOR)
        {
            p.push("actor", "Tên người thực hiện quá dài");
        } else if actor
            .as_ref()
            .is_some_and(|a| a.chars().any(char::is_control))
        {
            // PostgreSQL refuses a NUL in text: it would be a 500, not a search.
            p.push(
                "actor",
                "Tên người thực hiện không được chứa ký tự điều khiển",
            );
        }
        let action = optional_choice(
            &mut p,
            "action",
            self.action.as_deref().map(str::trim),
            AuditAction::parse,
            "Thao tác không hợp lệ",
        );
        let from = instant(&mut p, "from", self.from.as_deref());
        let to = instant(&mut p, "to", self.to.as_deref());
        if let (Some(from), Some(to)) = (from, to)
            && from >= to
        {
            p.push("to", "Thời điểm kết thúc phải sau thời điểm bắt đầu");
        }
        p.finish(|| AuditFilter {
            actor,
            action,
            from,
            to,
        })
    }
}

/// GET admin AuditLog/Pagination: `actor`, `action`, `from`, `to` (half-open), newest
/// first; no other order.
async fn pagination(
    _admin: AdminUser,
    pool: web::Data<DbPool>,
    query: web::Query<PageQuery>,
    filter: web::Query<FilterQuery>,
) -> Result<HttpResponse, StoreError> {
    let page = query.check(&[])?;
    let filter = filter.check()?;
    let mut conn = pool.get().await?;
    let rows = AuditEntry::page(&mut conn, &filter, page.size, page.offset()).await?;
    let total = AuditEntry::count(&mut conn, &filter).await?;
    let items: Vec<AuditEntryView> = rows.into_iter().map(AuditEntryView::from).collect();
    Ok(ok(Page::new(items, total, &page)))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(endpoint(format!("{ADMIN}/AuditLog/Pagination")).route(web::get().to(pagination)));
}
