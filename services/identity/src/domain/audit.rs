//! identity's audit log: what an owner reads back to learn who created, changed, removed
//! or locked an account. Entries are written in the same transaction as the change they
//! record ([`crate::models::NewAuditEntry::insert`]); this module names the actions and
//! words the details.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(
    description = "user_create, user_update (full name or e-mail), user_role_change, user_disable, user_enable, user_delete, password_reset (by an admin), password_change (by the user), login_lockout (a (user name, client) pair reached the failure limit)."
)]
pub enum IdentityAuditAction {
    UserCreate,
    /// Full name or e-mail changed.
    UserUpdate,
    UserRoleChange,
    UserDisable,
    UserEnable,
    UserDelete,
    /// An admin set someone's password.
    PasswordReset,
    /// A user changed their own password.
    PasswordChange,
    /// A (user name, client) pair reached the failure limit and was locked.
    LoginLockout,
}

impl IdentityAuditAction {
    pub const ALL: [IdentityAuditAction; 9] = [
        IdentityAuditAction::UserCreate,
        IdentityAuditAction::UserUpdate,
        IdentityAuditAction::UserRoleChange,
        IdentityAuditAction::UserDisable,
        IdentityAuditAction::UserEnable,
        IdentityAuditAction::UserDelete,
        IdentityAuditAction::PasswordReset,
        IdentityAuditAction::PasswordChange,
        IdentityAuditAction::LoginLockout,
    ];

    /// The stored and wire name (the migration's CHECK lists the same names).
    pub fn as_str(self) -> &'static str {
        match self {
            IdentityAuditAction::UserCreate => "user_create",
            IdentityAuditAction::UserUpdate => "user_update",
            IdentityAuditAction::UserRoleChange => "user_role_change",
            IdentityAuditAction::UserDisable => "user_disable",
            IdentityAuditAction::UserEnable => "user_enable",
            IdentityAuditAction::UserDelete => "user_delete",
            IdentityAuditAction::PasswordReset => "password_reset",
            IdentityAuditAction::PasswordChange => "password_change",
            IdentityAuditAction::LoginLockout => "login_lockout",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.as_str() == text)
    }
}

/// The Vietnamese name of a role, for details.
pub fn role_label(role: shop_common::auth::Role) -> &'static str {
    match role {
        shop_common::auth::Role::Admin => "quản trị viên",
        shop_common::auth::Role::Staff => "nhân viên",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_match_serde() {
        for action in IdentityAuditAction::ALL {
            assert_eq!(IdentityAuditAction::parse(action.as_str()), Some(action));
            assert_eq!(
                serde_json::to_value(action).ok(),
                Some(serde_json::Value::String(action.as_str().to_owned()))
            );
        }
        assert_eq!(IdentityAuditAction::parse("User_Create"), None);
    }
}
