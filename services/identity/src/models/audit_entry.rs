//! The `audit_log` table: one row per account change or login lockout, written by the
//! caller inside the transaction of the change (`shop_common::audit` lists it).

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::domain::audit::IdentityAuditAction;
use crate::schema::audit_log;

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
        action: IdentityAuditAction,
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
