//! The audit log's actions, and how a provider change is told without its secrets.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PaymentAuditAction {
    /// PaymentTransaction/Assign: a received transfer applied to an order by hand.
    PaymentTransactionAssign,
    PaymentProviderCreate,
    /// The fields that changed; secrets and tokens only as "changed".
    PaymentProviderUpdate,
    PaymentProviderDelete,
    /// PaymentProvider/TestWebhook: "Gửi thử", a signed test delivery and its outcome.
    PaymentProviderTestWebhook,
}

impl PaymentAuditAction {
    pub const ALL: [PaymentAuditAction; 5] = [
        PaymentAuditAction::PaymentTransactionAssign,
        PaymentAuditAction::PaymentProviderCreate,
        PaymentAuditAction::PaymentProviderUpdate,
        PaymentAuditAction::PaymentProviderDelete,
        PaymentAuditAction::PaymentProviderTestWebhook,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentAuditAction::PaymentTransactionAssign => "payment_transaction_assign",
            PaymentAuditAction::PaymentProviderCreate => "payment_provider_create",
            PaymentAuditAction::PaymentProviderUpdate => "payment_provider_update",
            PaymentAuditAction::PaymentProviderDelete => "payment_provider_delete",
            PaymentAuditAction::PaymentProviderTestWebhook => "payment_provider_test_webhook",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.as_str() == text)
    }
}

/// A provider's audited fields, as (API name, value) pairs; secrets are never among them.
pub type Fields = Vec<(&'static str, String)>;

/// What happened to a secret in a write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecretFate {
    Kept,
    Changed,
    Removed,
}

/// The detail of a provider change: each field that differs as `field: before → after`,
/// then `webhookSecret: secret changed|removed` and `sepayApiToken: token changed|
/// removed`, `; ` between them. `before` empty for a create (each field as `field:
/// value`).
pub fn provider_change(
    before: &Fields,
    after: &Fields,
    secret: SecretFate,
    token: SecretFate,
) -> String {
    let mut parts: Vec<String> = Vec::new();
    for (name, value) in after {
        match before.iter().find(|(n, _)| n == name) {
            Some((_, old)) if old == value => {}
            Some((_, old)) => parts.push(format!("{name}: {old} → {value}")),
            None if before.is_empty() => parts.push(format!("{name}: {value}")),
            None => parts.push(format!("{name}: → {value}")),
        }
    }
    match secret {
        SecretFate::Kept => {}
        SecretFate::Changed => parts.push("webhookSecret: secret changed".to_owned()),
        SecretFate::Removed => parts.push("webhookSecret: secret removed".to_owned()),
    }
    match token {
        SecretFate::Kept => {}
        SecretFate::Changed => parts.push("sepayApiToken: token changed".to_owned()),
        SecretFate::Removed => parts.push("sepayApiToken: token removed".to_owned()),
    }
    if parts.is_empty() {
        "không đổi gì".to_owned()
    } else {
        parts.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_match_serde() {
        for action in PaymentAuditAction::ALL {
            assert_eq!(PaymentAuditAction::parse(action.as_str()), Some(action));
            assert_eq!(
                serde_json::to_value(action).ok(),
                Some(serde_json::Value::from(action.as_str()))
            );
        }
        assert_eq!(PaymentAuditAction::parse("order_cancel"), None);
    }

    #[test]
    fn a_change_names_what_changed_and_never_a_secret() {
        let before: Fields = vec![
            ("name", "A".into()),
            ("accountNumber", "123".into()),
            ("isActive", "true".into()),
        ];
        let after: Fields = vec![
            ("name", "A".into()),
            ("accountNumber", "456".into()),
            ("isActive", "false".into()),
        ];
        assert_eq!(
            provider_change(&before, &after, SecretFate::Changed, SecretFate::Removed),
            "accountNumber: 123 → 456; isActive: true → false; webhookSecret: secret changed; \
             sepayApiToken: token removed"
        );
        assert_eq!(
            provider_change(
                &Vec::new(),
                &vec![("name", "A".into())],
                SecretFate::Changed,
                SecretFate::Kept
            ),
            "name: A; webhookSecret: secret changed"
        );
        assert_eq!(
            provider_change(&before, &before, SecretFate::Kept, SecretFate::Kept),
            "không đổi gì"
        );
    }
}
