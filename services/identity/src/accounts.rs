//! Account management: create, update, delete, reset and change passwords. Handlers
//! parse input into the checked types used here; these functions hold the rules.
//!
//! Every change is written to the audit log in its own transaction. New passwords on the
//! common list are refused (code 124).
//!
//! Rules that protect the last active admin run in one transaction that first locks
//! every active admin row (`SELECT ... FOR UPDATE`, in id order). Two admins removing
//! each other at the same moment are thus serialised: the second one sees the first
//! one's result, and at least one active admin always remains.

use diesel_async::{AsyncConnection, AsyncPgConnection};
use shop_common::auth::Role;
use shop_common::db::DbPool;
use uuid::Uuid;

use crate::config::Settings;
use crate::domain::audit::{IdentityAuditAction, role_label};
use crate::domain::common_passwords;
use crate::domain::{Email, FullName, Password, UserName, has_password_length, login_key};
use crate::error::IdentityError;
use crate::login;
use crate::models::{NewAuditEntry, NewUser, UserChanges, UserRow};
use crate::password::Passwords;

/// Code 124 for a password on the common list.
fn refuse_common(password: &str, field: &'static str) -> Result<(), IdentityError> {
    if common_passwords::is_common(password) {
        Err(IdentityError::CommonPassword { field })
    } else {
        Ok(())
    }
}

/// An audit entry by `actor` about `target`.
fn entry<'a>(
    actor: &'a UserRow,
    action: IdentityAuditAction,
    target: &'a str,
    detail: &'a str,
) -> NewAuditEntry<'a> {
    NewAuditEntry::new(&actor.user_name, Some(actor.id), action, target, detail)
}

/// A checked Create request.
#[derive(Debug)]
pub struct NewAccount {
    pub user_name: UserName,
    pub full_name: FullName,
    pub email: Option<Email>,
    pub password: Password,
    pub role: Role,
}

/// A checked Update request: `None` leaves a field unchanged; `email: Some(None)` clears.
#[derive(Debug, Default)]
pub struct AccountUpdate {
    pub full_name: Option<FullName>,
    pub email: Option<Option<Email>>,
    pub role: Option<Role>,
    pub is_active: Option<bool>,
}

impl AccountUpdate {
    /// Whether applying this could take admin rights away from someone.
    fn may_remove_admin(&self) -> bool {
        self.role == Some(Role::Staff) || self.is_active == Some(false)
    }
}

pub async fn create(
    pool: &DbPool,
    passwords: &Passwords,
    actor: &UserRow,
    new: NewAccount,
) -> Result<UserRow, IdentityError> {
    refuse_common(new.password.expose(), "password")?;
    {
        // A cheap early answer; the unique index still decides under concurrency.
        let mut conn = pool.get().await?;
        if UserRow::find_by_key(&mut conn, &new.user_name.key())
            .await?
            .is_some()
        {
            return Err(IdentityError::UserNameTaken);
        }
    }
    let hash = passwords.hash(new.password.expose()).await?;
    let mut conn = pool.get().await?;
    let full_name = new.full_name.into_inner();
    let email = new.email.map(Email::into_inner);
    let row = NewUser {
        id: Uuid::new_v4(),
        user_name: new.user_name.as_str(),
        full_name: &full_name,
        email: email.as_deref(),
        password_hash: &hash,
        role: new.role.as_str(),
        is_active: true,
    };
    let user = conn
        .transaction::<_, IdentityError, _>(async |conn| {
            let user = UserRow::insert(conn, &row).await?;
            let detail = format!("Vai trò: {}", role_label(user.role()));
            entry(
                actor,
                IdentityAuditAction::UserCreate,
                &user.user_name,
                &detail,
            )
            .insert(conn)
            .await?;
            Ok(user)
        })
        .await?;
    tracing::info!(user_id = %user.id, role = user.role.as_str(), "user created");
    Ok(user)
}

/// Checks that `actor` is still an active admin among the locked ones.
fn ensure_actor(admins: &[Uuid], actor: Uuid) -> Result<(), IdentityError> {
    if admins.contains(&actor) {
        Ok(())
    } else {
        // The caller lost admin rights meanwhile: their token was revoked with it.
        Err(IdentityError::Unauthorized)
    }
}

fn is_last(admins: &[Uuid], target: Uuid) -> bool {
    admins.iter().all(|id| *id == target)
}

pub async fn update(
    conn: &mut AsyncPgConnection,
    actor: &UserRow,
    id: Uuid,
    update: AccountUpdate,
) -> Result<UserRow, IdentityError> {
    if id == actor.id && update.is_active == Some(false) {
        return Err(IdentityError::SelfAction);
    }
    let actor_id = actor.id;
    let user = conn
        .transaction::<_, IdentityError, _>(async |conn| {
            let removing = update.may_remove_admin();
            let admins = if removing {
                let admins = UserRow::lock_active_admins(conn).await?;
                ensure_actor(&admins, actor_id)?;
                admins
            } else {
                Vec::new()
            };
            let target = UserRow::find_for_update(conn, id)
                .await?
                .ok_or(IdentityError::NotFound)?;
            if removing && target.is_active_admin() && is_last(&admins, target.id) {
                return Err(IdentityError::LastActiveAdmin);
            }
            let role_changes = update.role.is_some_and(|r| r != target.role());
            let disables = update.is_active == Some(false) && target.is_active;
            let changes = UserChanges {
                full_name: update.full_name.clone().map(FullName::into_inner),
                email: update.email.clone().map(|e| e.map(Email::into_inner)),
                role: update.role.map(|r| r.as_str().to_owned()),
                is_active: update.is_active,
            };
            let user = UserRow::update(conn, id, &changes, role_changes || disables).await?;
            for (action, detail) in update_entries(&target, &user) {
                entry(actor, action, &user.user_name, &detail)
                    .insert(conn)
                    .await?;
            }
            Ok(user)
        })
        .await?;
    tracing::info!(user_id = %user.id, by = %actor.id, "user updated");
    Ok(user)
}

/// The audit entries of an update, from the row before and after: a role change, a
/// disable or enable, and other field changes, each named.
fn update_entries(before: &UserRow, after: &UserRow) -> Vec<(IdentityAuditAction, String)> {
    let mut entries = Vec::new();
    if before.role() != after.role() {
        entries.push((
            IdentityAuditAction::UserRoleChange,
            format!(
                "Vai trò: {} → {}",
                role_label(before.role()),
                role_label(after.role())
            ),
        ));
    }
    match (before.is_active, after.is_active) {
        (true, false) => entries.push((
            IdentityAuditAction::UserDisable,
            "Vô hiệu hóa tài khoản".to_owned(),
        )),
        (false, true) => entries.push((
            IdentityAuditAction::UserEnable,
            "Kích hoạt lại tài khoản".to_owned(),
        )),
        _ => {}
    }
    let mut fields = Vec::new();
    if before.full_name != after.full_name {
        fields.push("họ tên");
    }
    if before.email != after.email {
        fields.push("email");
    }
    if !fields.is_empty() {
        entries.push((
            IdentityAuditAction::UserUpdate,
            format!("Đổi {}", fields.join(", ")),
        ));
    }
    entries
}

pub async fn delete(
    conn: &mut AsyncPgConnection,
    actor: &UserRow,
    id: Uuid,
) -> Result<(), IdentityError> {
    if id == actor.id {
        return Err(IdentityError::SelfAction);
    }
    let actor_id = actor.id;
    conn.transaction::<_, IdentityError, _>(async |conn| {
        let admins = UserRow::lock_active_admins(conn).await?;
        ensure_actor(&admins, actor_id)?;
        let target = UserRow::find_for_update(conn, id)
            .await?
            .ok_or(IdentityError::NotFound)?;
        if target.is_active_admin() && is_last(&admins, target.id) {
            return Err(IdentityError::LastActiveAdmin);
        }
        UserRow::soft_delete(conn, id).await?;
        let detail = format!("Vai trò: {}", role_label(target.role()));
        entry(
            actor,
            IdentityAuditAction::UserDelete,
            &target.user_name,
            &detail,
        )
        .insert(conn)
        .await?;
        Ok(())
    })
    .await?;
    tracing::info!(user_id = %id, by = %actor.id, "user deleted");
    Ok(())
}

/// An admin sets someone's password; their tokens stop working.
pub async fn reset_password(
    pool: &DbPool,
    passwords: &Passwords,
    actor: &UserRow,
    id: Uuid,
    password: Password,
) -> Result<(), IdentityError> {
    refuse_common(password.expose(), "newPassword")?;
    {
        let mut conn = pool.get().await?;
        UserRow::find(&mut conn, id)
            .await?
            .ok_or(IdentityError::NotFound)?;
    }
    let hash = passwords.hash(password.expose()).await?;
    let mut conn = pool.get().await?;
    conn.transaction::<_, IdentityError, _>(async |conn| {
        let target = UserRow::find_for_update(conn, id)
            .await?
            .ok_or(IdentityError::NotFound)?;
        if !UserRow::set_password(conn, id, &hash).await? {
            return Err(IdentityError::NotFound);
        }
        entry(
            actor,
            IdentityAuditAction::PasswordReset,
            &target.user_name,
            "Đặt lại mật khẩu; các phiên đăng nhập cũ bị thu hồi",
        )
        .insert(conn)
        .await?;
        Ok(())
    })
    .await?;
    tracing::info!(user_id = %id, by = %actor.id, "password reset");
    Ok(())
}

/// SelfChangePassword's three fields, as typed.
#[derive(Clone, Copy)]
pub struct PasswordChange<'a> {
    pub old_password: &'a str,
    pub new_password: &'a str,
    pub confirm_password: &'a str,
}

/// A user changes their own password; every token of theirs, this one included, stops
/// working. Checks in order: length (122), confirmation (121), common password (124),
/// the failure count of (user, client) (101), old password (120, counted like a failed
/// login), unchanged (123).
pub async fn change_own_password(
    pool: &DbPool,
    passwords: &Passwords,
    settings: &Settings,
    user: &UserRow,
    client: &str,
    change: PasswordChange<'_>,
) -> Result<(), IdentityError> {
    let PasswordChange {
        old_password,
        new_password,
        confirm_password,
    } = change;
    if !has_password_length(new_password) {
        return Err(IdentityError::PasswordLength {
            field: "newPassword",
        });
    }
    if new_password != confirm_password {
        return Err(IdentityError::PasswordMismatch);
    }
    refuse_common(new_password, "newPassword")?;
    let key = login_key(&user.user_name);
    {
        let mut conn = pool.get().await?;
        login::begin_attempt(&mut conn, settings, &key, client).await?;
        // The connection goes back to the pool while the password is hashed.
    }
    let matched = passwords
        .verify(old_password, Some(&user.password_hash))
        .await?;
    let mut conn = pool.get().await?;
    if !matched {
        return Err(login::wrong_password(
            &mut conn,
            settings,
            &key,
            client,
            Some(user),
            "đổi mật khẩu",
            IdentityError::OldPasswordWrong,
        )
        .await);
    }
    login::right_password(&mut conn, &key, client).await?;
    if new_password == old_password {
        return Err(IdentityError::PasswordUnchanged);
    }
    let hash = passwords.hash(new_password).await?;
    conn.transaction::<_, IdentityError, _>(async |conn| {
        if !UserRow::replace_password(conn, user.id, &user.password_hash, &hash).await? {
            // Changed or revoked meanwhile: this session is no longer valid.
            return Err(IdentityError::Unauthorized);
        }
        entry(
            user,
            IdentityAuditAction::PasswordChange,
            &user.user_name,
            "Tự đổi mật khẩu; các phiên đăng nhập cũ bị thu hồi",
        )
        .insert(conn)
        .await?;
        Ok(())
    })
    .await?;
    tracing::info!(user_id = %user.id, "password changed");
    Ok(())
}
