//! The audit logs' list filter, one for every service that keeps a log (identity: account
//! changes and lockouts; retailstore: reveals, deletes and order actions), so both lists
//! take the same parameters, refuse the same input and say so in the same words.

use chrono::{DateTime, Utc};
use serde::Deserialize;

use crate::input::{Invalid, Problems, instant};

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
