//! The audit logs' list, one for every service that keeps a log (identity: account
//! changes and lockouts; retailstore: reveals, deletes and order actions), so both lists
//! take the same parameters, refuse the same input, say so in the same words and answer
//! the same rows. Each service writes its own rows, in the transaction of the action.

use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::input::{Invalid, Problems, instant};
use crate::pagination::{Page, PageRequest, like_pattern};

diesel::table! {
    /// A service's own `audit_log`, found through the connection's `search_path`.
    /// `actor_id` is NULL only for identity's lockout of a name without an account.
    audit_log (id) {
        id -> Uuid,
        at -> Timestamptz,
        actor -> Text,
        actor_id -> Nullable<Uuid>,
        action -> Text,
        target -> Text,
        detail -> Text,
    }
}

/// One row of the log, as `AuditLog/Pagination` lists it.
#[derive(Debug, Clone, Queryable, Selectable, Serialize)]
#[diesel(table_name = audit_log, check_for_backend(Pg))]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
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

fn filtered<'a>(filter: &'a AuditFilter<&'static str>) -> audit_log::BoxedQuery<'a, Pg> {
    let mut query = audit_log::table.into_boxed();
    if let Some(actor) = &filter.actor {
        query = query.filter(audit_log::actor.ilike(like_pattern(actor)));
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
}

impl AuditEntry {
    /// One page of the entries `filter` keeps (its action by stored name), newest first.
    pub async fn page(
        conn: &mut AsyncPgConnection,
        filter: &AuditFilter<&'static str>,
        page: &PageRequest,
    ) -> QueryResult<Page<AuditEntry>> {
        let items = filtered(filter)
            .order((audit_log::at.desc(), audit_log::id.desc()))
            .select(AuditEntry::as_select())
            .limit(page.size)
            .offset(page.offset())
            .load(conn)
            .await?;
        let total = filtered(filter).count().get_result(conn).await?;
        Ok(Page::new(items, total, page))
    }
}

/// Longer than any user name identity accepts; only bounds the query.
const MAX_ACTOR_CHARS: usize = 100;

/// `AuditLog/Pagination`'s own query parameters (the page ones are `PageQuery`'s).
#[derive(Debug, Default, Deserialize)]
pub struct AuditQuery {
    pub actor: Option<String>,
    pub action: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
}

/// A checked filter: `actor` part of a user name (any case), one action, `[from, to)`.
#[derive(Debug, Clone)]
pub struct AuditFilter<A> {
    pub actor: Option<String>,
    pub action: Option<A>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

impl<A> Default for AuditFilter<A> {
    fn default() -> Self {
        Self {
            actor: None,
            action: None,
            from: None,
            to: None,
        }
    }
}

impl AuditQuery {
    /// Checks every parameter (code 1 naming each field at fault); `parse_action` knows
    /// the service's own action names.
    pub fn check<A>(
        &self,
        parse_action: impl Fn(&str) -> Option<A>,
    ) -> Result<AuditFilter<A>, Invalid> {
        let mut p = Problems::default();
        let actor = self
            .actor
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(str::to_owned);
        if let Some(actor) = &actor {
            if actor.chars().count() > MAX_ACTOR_CHARS {
                p.push("actor", "Tên người thực hiện quá dài");
            } else if actor.chars().any(char::is_control) {
                // PostgreSQL refuses a NUL in text: it would be a 500, not a search.
                p.push(
                    "actor",
                    "Tên người thực hiện không được chứa ký tự điều khiển",
                );
            }
        }
        let action = match self.action.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => {
                let parsed = parse_action(raw);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(raw: &str) -> Option<&'static str> {
        (raw == "user_delete").then_some("user_delete")
    }

    fn fields(query: AuditQuery) -> Vec<String> {
        match query.check(parse) {
            Ok(_) => Vec::new(),
            Err(Invalid(problems)) => problems.into_iter().map(|p| p.field).collect(),
        }
    }

    #[test]
    fn blank_parameters_filter_nothing() {
        let filter = AuditQuery {
            actor: Some("  ".into()),
            action: Some(String::new()),
            ..AuditQuery::default()
        }
        .check(parse)
        .unwrap_or_default();
        assert!(filter.actor.is_none() && filter.action.is_none());
    }

    #[test]
    fn each_bad_parameter_is_named() {
        assert_eq!(
            fields(AuditQuery {
                actor: Some("a\u{0}b".into()),
                action: Some("drop_table".into()),
                from: Some("yesterday".into()),
                to: None,
            }),
            ["actor", "action", "from"]
        );
        assert_eq!(
            fields(AuditQuery {
                from: Some("2026-01-02T00:00:00+07:00".into()),
                to: Some("2026-01-01T00:00:00+07:00".into()),
                ..AuditQuery::default()
            }),
            ["to"]
        );
        assert!(
            fields(AuditQuery {
                actor: Some(" chu.shop ".into()),
                action: Some("user_delete".into()),
                ..AuditQuery::default()
            })
            .is_empty()
        );
    }
}
