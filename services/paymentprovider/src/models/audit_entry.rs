//! The audit log: rows appended inside the transaction of the action they record
//! (`shop_common::audit` lists them).

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::domain::audit::{Fields, PaymentAuditAction};
use crate::models::provider::StoredProvider;
use crate::schema::audit_log;

/// Who did what to which record. `target` and `detail` never hold a secret.
#[derive(Debug, Insertable)]
#[diesel(table_name = audit_log)]
struct NewAuditEntry<'a> {
    id: Uuid,
    actor: &'a str,
    actor_id: Uuid,
    action: PaymentAuditAction,
    target: &'a str,
    detail: &'a str,
}

/// A signed-in user acting in the back office, as the audit log names them.
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    pub user_id: Uuid,
    pub user_name: &'a str,
}

impl<'a> From<&'a shop_common::auth::AuthUser> for Actor<'a> {
    fn from(user: &'a shop_common::auth::AuthUser) -> Self {
        Self {
            user_id: user.id,
            user_name: &user.user_name,
        }
    }
}

impl Actor<'_> {
    /// Records `action` on `target`; call inside the action's transaction, so that the
    /// action and its record commit or roll back together.
    pub async fn record(
        self,
        conn: &mut AsyncPgConnection,
        action: PaymentAuditAction,
        target: &str,
        detail: &str,
    ) -> QueryResult<()> {
        let row = NewAuditEntry {
            id: Uuid::new_v4(),
            actor: self.user_name,
            actor_id: self.user_id,
            action,
            target,
            detail,
        };
        diesel::insert_into(audit_log::table)
            .values(&row)
            .execute(conn)
            .await
            .map(|_| ())
    }
}

impl StoredProvider {
    /// The fields a provider change is audited by (never a secret).
    pub fn audit_fields(&self) -> Fields {
        let text = |v: &Option<String>| v.clone().unwrap_or_default();
        vec![
            ("name", self.name.clone()),
            ("type", self.kind.as_str().to_owned()),
            ("bankBin", text(&self.bank_bin)),
            ("bankName", text(&self.bank_name)),
            ("accountNumber", text(&self.account_number)),
            ("accountName", text(&self.account_name)),
            ("instructions", text(&self.instructions)),
            ("logoUrl", text(&self.logo_url)),
            ("isActive", self.is_active.to_string()),
            ("sortOrder", self.sort_order.to_string()),
            ("webhookEnabled", self.webhook_enabled.to_string()),
            ("webhookAuth", self.webhook_auth.as_str().to_owned()),
        ]
    }

    /// The audit log's target for a provider: its name and id.
    pub fn audit_target(&self) -> String {
        format!("{} ({})", self.name, self.id)
    }
}
