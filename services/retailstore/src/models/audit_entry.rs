//! The audit log: rows appended inside the transaction of the action they record
//! (`shop_common::audit` lists them).

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::domain::audit::StoreAuditAction;
use crate::schema::audit_log;

/// Who did what to which record. `target` and `detail` never hold a code in clear.
#[derive(Debug, Insertable)]
#[diesel(table_name = audit_log)]
pub struct NewAuditEntry<'a> {
    pub id: Uuid,
    pub actor: &'a str,
    pub actor_id: Uuid,
    pub action: StoreAuditAction,
    pub target: &'a str,
    pub detail: &'a str,
}

impl<'a> NewAuditEntry<'a> {
    pub fn new(
        actor_id: Uuid,
        actor: &'a str,
        action: StoreAuditAction,
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
        action: StoreAuditAction,
        target: &str,
        detail: &str,
    ) -> QueryResult<()> {
        NewAuditEntry::new(self.user_id, self.user_name, action, target, detail)
            .insert(conn)
            .await
    }
}
