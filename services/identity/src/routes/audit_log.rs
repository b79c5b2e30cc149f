//! `AuditLog/Pagination` (admin only): who created, changed, removed or locked which
//! account, newest first. The same shape as retailstore's audit log, so the back office
//! reads both alike.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use shop_common::audit::{AuditEntry, AuditQuery};
use shop_common::ok;
use shop_common::openapi::{Enveloped, PageOf, PageParams, PageSpec};
use shop_common::pagination::PageQuery;
use utoipa::ToSchema;
use uuid::Uuid;

use super::openapi::{AdminOnly, AuditListRefused};
use crate::AppState;
use crate::auth::CurrentAdmin;
use crate::domain::audit::IdentityAuditAction;
use crate::error::IdentityError;

/// The log's paging: newest first, nothing else.
pub struct AuditPage;

impl PageSpec for AuditPage {
    const SORTABLE: &'static [&'static str] = &[];
    const KEYWORD: &'static str = "Not used: filter by actor, action, from, to.";
    const DEFAULT_ORDER: &'static str = "`at desc`; any sortBy is code 1";
}

// One row of the log as this service lists it (`common::audit::AuditEntry` with this
// service's actions), for the document.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct IdentityAuditEntry {
    id: Uuid,
    at: DateTime<Utc>,
    /// User name of who acted; for login_lockout the user name that was guessed
    actor: String,
    /// Absent for a lockout of a user name with no account
    #[schema(value_type = Uuid, required = false)]
    actor_id: Option<Uuid>,
    action: IdentityAuditAction,
    /// The account's user name; for login_lockout the client (IPv4 address or IPv6 /64)
    target: String,
    /// Vietnamese, for people
    detail: String,
}

/// identity's audit log (admin only)
///
/// Account changes and login lockouts, each written in the same transaction as the change it records; newest first (no other order). The same shape as retailstore's AuditLog/Pagination.
#[utoipa::path(get, path = super::AUDIT_LOG_PAGINATION, operation_id = "listAuditLog",
    tag = "AuditLog",
    params(
        PageParams<AuditPage>,
        ("actor" = Option<String>, Query, max_length = 100, description = "Part of the actor's user name (or all of it), case-insensitive."),
        ("action" = Option<IdentityAuditAction>, Query),
        ("from" = Option<DateTime<Utc>>, Query, description = "RFC 3339 instant with offset; entries at or after it."),
        ("to" = Option<DateTime<Utc>>, Query, description = "RFC 3339 instant with offset; entries before it (half-open), after `from`."),
    ),
    responses((status = 200, description = "One page of audit entries, newest first", body = inline(Enveloped<PageOf<IdentityAuditEntry>>)),
        AuditListRefused, AdminOnly))]
pub async fn pagination(
    _admin: CurrentAdmin,
    state: web::Data<AppState>,
    page: web::Query<PageQuery>,
    filter: web::Query<AuditQuery>,
) -> Result<HttpResponse, IdentityError> {
    let page = page.into_inner().check(&[])?;
    let filter =
        filter.check(|raw| IdentityAuditAction::parse(raw).map(IdentityAuditAction::as_str))?;
    let mut conn = state.pool.get().await?;
    Ok(ok(AuditEntry::page(&mut conn, &filter, &page).await?))
}
