//! The `audit_log` table: one row per account change or login lockout, written by the
//! caller inside the transaction of the change, and read newest first.

use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use shop_common::pagination::like_pattern;
use uuid::Uuid;

use crate::audit::AuditAction;
use crate::schema::audit_log;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = audit_log, check_for_backend(Pg))]
pub struct AuditEntry {
    pub id: Uuid,
    pub at: DateTime<Utc>,
    pub actor: String,
    pub actor_id: Option<Uuid>,
    pub action: String,
    pub target: String,
    pub detail: String,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = audit_log)]
pub struct NewAuditEntry<'a> {
    pub actor: &'a str,
    pub actor_id: Option<Uuid>,
    pub action: &'static str,
    pub target: &'a str,
    pub detail: &'a str,
}

impl<'a> NewAuditEntry<'a> {
    pub fn new(
        actor: &'a str,
        actor_id: Option<Uuid>,
        action: AuditAction,
        target: &'a str,
        detail: &'a str,
    ) -> Self {
        Self {
            actor,
            actor_id,
            action: action.as_str(),
            target,
            detail,
        }
    }

    /// Run it inside the transaction of the change it records.
    pub async fn insert(&self, conn: &mut AsyncPgConnection) -> QueryResult<()> {
        diesel::insert_into(audit_log::table)
            .values(self)
            .execute(conn)
            .await
            .map(|_| ())
    }
}

/// The list's filter, checked by `shop_common::audit::AuditQuery`.
pub type AuditFilter = shop_common::audit::AuditFilter<AuditAction>;

fn filtered(filter: &AuditFilter) -> audit_log::BoxedQuery<'_, Pg> {
    let mut query = audit_log::table.into_boxed();
    if let Some(actor) = &filter.actor {
        query = query.filter(audit_log::actor.ilike(like_pattern(actor)));
    }
    if let Some(action) = filter.action {
        query = query.filter(audit_log::action.eq(action.as_str()));
    }
    if let Some(from) = filter.from {
        query = query.filter(audit_log::at.ge(from));
    }
    if let Some(to) = filter.to {
        query = query.filter(audit_log::at.lt(to));
    }
    query
}

impl AuditEntry {
    /// One page, newest first.
    pub async fn page(
        conn: &mut AsyncPgConnection,
        filter: &AuditFilter,
        limit: i64,
        offset: i64,
    ) -> QueryResult<Vec<AuditEntry>> {
        filtered(filter)
            .order((audit_log::at.desc(), audit_log::id.desc()))
            .select(AuditEntry::as_select())
            .limit(limit)
            .offset(offset)
            .load(conn)
            .await
    }

    pub async fn count(conn: &mut AsyncPgConnection, filter: &AuditFilter) -> QueryResult<i64> {
        filtered(filter).count().get_result(conn).await
    }
}
