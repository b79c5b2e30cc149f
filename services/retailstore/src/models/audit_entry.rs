//! The audit log: rows appended inside the transaction of the action they record, and
//! the admin list.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::domain::audit::AuditAction;
use crate::schema::audit_log;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = audit_log, check_for_backend(diesel::pg::Pg))]
pub struct AuditEntry {
    pub id: Uuid,
    pub at: DateTime<Utc>,
    pub actor: String,
    pub actor_id: Uuid,
    pub action: AuditAction,
    pub target: String,
    pub detail: String,
}

/// Who did what to which record. `target` and `detail` never hold a code in clear.
#[derive(Debug, Insertable)]
#[diesel(table_name = audit_log)]
pub struct NewAuditEntry<'a> {
    pub id: Uuid,
    pub actor: &'a str,
    pub actor_id: Uuid,
    pub action: AuditAction,
    pub target: &'a str,
    pub detail: &'a str,
}

impl<'a> NewAuditEntry<'a> {
    pub fn new(
        actor_id: Uuid,
        actor: &'a str,
        action: AuditAction,
        target: &'a str,
        detail: &'a str,
    ) -> Self {
        Self {
            id: Uuid::now_v7(),
            actor,
            actor_id,
            action,
            target,
            detail,
        }
    }

    /// Appends the row; call inside the transaction of the action, so that the action
    /// and its record commit or roll back together.
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

macro_rules! filtered {
    ($query:expr, $filter:expr) => {{
        let mut query = $query;
        let filter: &AuditFilter = $filter;
        if let Some(actor) = &filter.actor {
            query =
                query.filter(audit_log::actor.ilike(shop_common::pagination::like_pattern(actor)));
        }
        if let Some(action) = filter.action {
            query = query.filter(audit_log::action.eq(action));
        }
        if let Some(from) = filter.from {
            query = query.filter(audit_log::at.ge(from));
        }
        if let Some(to) = filter.to {
            query = query.filter(audit_log::at.lt(to));
        }
        query
    }};
}

impl AuditEntry {
    /// One page, newest first.
    pub async fn page(
        conn: &mut AsyncPgConnection,
        filter: &AuditFilter,
        limit: i64,
        offset: i64,
    ) -> QueryResult<Vec<AuditEntry>> {
        filtered!(audit_log::table.into_boxed(), filter)
            .order((audit_log::at.desc(), audit_log::id.desc()))
            .select(AuditEntry::as_select())
            .limit(limit)
            .offset(offset)
            .load(conn)
            .await
    }

    pub async fn count(conn: &mut AsyncPgConnection, filter: &AuditFilter) -> QueryResult<i64> {
        filtered!(audit_log::table.into_boxed(), filter)
            .count()
            .get_result(conn)
            .await
    }
}

/// A signed-in user acting in the back office, as the audit log and order timelines
/// name them.
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    pub user_id: Uuid,
    pub user_name: &'a str,
}

impl Actor<'_> {
    /// Records `action` on `target`; call inside the action's transaction.
    pub async fn record(
        self,
        conn: &mut AsyncPgConnection,
        action: AuditAction,
        target: &str,
        detail: &str,
    ) -> QueryResult<()> {
        NewAuditEntry::new(self.user_id, self.user_name, action, target, detail)
            .insert(conn)
            .await
    }
}
