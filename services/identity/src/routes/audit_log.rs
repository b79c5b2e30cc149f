//! `AuditLog/Pagination` (admin only): who created, changed, removed or locked which
//! account, newest first. The same shape as retailstore's audit log, so the back office
//! reads both alike.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shop_common::input::Problems;
use shop_common::ok;
use shop_common::pagination::{Page, PageQuery};
use uuid::Uuid;

use crate::AppState;
use crate::audit::AuditAction;
use crate::auth::CurrentAdmin;
use crate::error::IdentityError;
use crate::models::{AuditEntry, AuditFilter};

/// Longer than any user name; only bounds the query.
const MAX_ACTOR_CHARS: usize = 100;

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

#[derive(Debug, Deserialize)]
pub struct FilterQuery {
    pub actor: Option<String>,
    pub action: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
}

/// An RFC 3339 instant (with offset), or a problem for `field`.
fn instant(p: &mut Problems, field: &str, raw: Option<&str>) -> Option<DateTime<Utc>> {
    let raw = raw.map(str::trim).filter(|r| !r.is_empty())?;
    match DateTime::parse_from_rfc3339(raw) {
        Ok(at) => Some(at.with_timezone(&Utc)),
        Err(_) => {
            p.push(
                field,
                "Thời điểm theo RFC 3339, ví dụ 2026-12-01T00:00:00+07:00",
            );
            None
        }
    }
}

impl FilterQuery {
    fn check(&self) -> Result<AuditFilter, IdentityError> {
        let mut p = Problems::default();
        let actor = self
            .actor
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(str::to_owned);
        if actor
            .as_ref()
            .is_some_and(|a| a.chars().count() > MAX_ACTOR_CHARS)
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
        let action = match self.action.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => {
                let parsed = AuditAction::parse(raw);
                if parsed.is_none() {
                    p.push("action", "Thao tác không hợp lệ");
                }
                parsed
            }
        };
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

/// `GET AuditLog/Pagination`: `actor` (part of a user name, any case), `action`, `from`,
/// `to` (RFC 3339, half-open), the standard page parameters; newest first, no other order.
pub async fn pagination(
    _admin: CurrentAdmin,
    state: web::Data<AppState>,
    page: web::Query<PageQuery>,
    filter: web::Query<FilterQuery>,
) -> Result<HttpResponse, IdentityError> {
    let page = page.into_inner().check(&[])?;
    let filter = filter.check()?;
    let mut conn = state.pool.get().await?;
    let rows = AuditEntry::page(&mut conn, &filter, page.size, page.offset()).await?;
    let total = AuditEntry::count(&mut conn, &filter).await?;
    let items: Vec<AuditEntryView> = rows.into_iter().map(AuditEntryView::from).collect();
    Ok(ok(Page::new(items, total, &page)))
}
