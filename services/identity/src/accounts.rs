//! Account management: create, update, delete, reset and change passwords. Handlers
//! parse input into the checked types used here; these functions hold the rules.
//!
//! Rules that protect the last active admin run in one transaction that first locks
//! every active admin row (`SELECT ... FOR UPDATE`, in id order). Two admins removing
//! each other at the same moment are thus serialised: the second one sees the first
//! one's result, and at least one active admin always remains.

use diesel_async::AsyncConnection;
use shop_common::auth::Role;
use uuid::Uuid;

use crate::AppState;
use crate::domain::{Email, FullName, Password, UserName, has_password_length};
use crate::error::IdentityError;
use crate::models::{NewUser, User, UserChanges};

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

pub async fn create(state: &AppState, new: NewAccount) -> Result<User, IdentityError> {
    {
        // A cheap early answer; the unique index still decides under concurrency.
        let mut conn = state.pool.get().await?;
        if User::find_by_key(&mut conn, &new.user_name.key())
            .await?
            .is_some()
        {
            return Err(IdentityError::UserNameTaken);
        }
    }
    let hash = state.passwords.hash(new.password.expose()).await?;
    let mut conn = state.pool.get().await?;
    let user = User::insert(
        &mut conn,
        &NewUser {
            id: Uuid::new_v4(),
            user_name: new.user_name.as_str(),
            full_name: &new.full_name.into_inner(),
            email: new.email.map(Email::into_inner).as_deref(),
            password_hash: &hash,
            role: new.role.as_str(),
            is_active: true,
        },
    )
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
    state: &AppState,
    actor: &User,
    id: Uuid,
    update: AccountUpdate,
) -> Result<User, IdentityError> {
    if id == actor.id && update.is_active == Some(false) {
        return Err(IdentityError::SelfAction);
    }
    let mut conn = state.pool.get().await?;
    let actor_id = actor.id;
    let user = conn
        .transaction::<_, IdentityError, _>(async |conn| {
            let removing = update.may_remove_admin();
            let admins = if removing {
                let admins = User::lock_active_admins(conn).await?;
                ensure_actor(&admins, actor_id)?;
                admins
            } else {
                Vec::new()
            };
            let target = User::find_for_update(conn, id)
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
            Ok(User::update(conn, id, &changes, role_changes || disables).await?)
        })
        .await?;
    tracing::info!(user_id = %user.id, by = %actor.id, "user updated");
    Ok(user)
}

pub async fn delete(state: &AppState, actor: &User, id: Uuid) -> Result<(), IdentityError> {
    if id == actor.id {
        return Err(IdentityError::SelfAction);
    }
    let mut conn = state.pool.get().await?;
    let actor_id = actor.id;
    conn.transaction::<_, IdentityError, _>(async |conn| {
        let admins = User::lock_active_admins(conn).await?;
        ensure_actor(&admins, actor_id)?;
        let target = User::find_for_update(conn, id)
            .await?
            .ok_or(IdentityError::NotFound)?;
        if target.is_active_admin() && is_last(&admins, target.id) {
            return Err(IdentityError::LastActiveAdmin);
        }
        User::soft_delete(conn, id).await?;
        Ok(())
    })
    .await?;
    tracing::info!(user_id = %id, by = %actor.id, "user deleted");
    Ok(())
}

/// An admin sets someone's password; their tokens stop working.
pub async fn reset_password(
    state: &AppState,
    actor: &User,
    id: Uuid,
    password: Password,
) -> Result<(), IdentityError> {
    {
        let mut conn = state.pool.get().await?;
        User::find(&mut conn, id)
            .await?
            .ok_or(IdentityError::NotFound)?;
    }
    let hash = state.passwords.hash(password.expose()).await?;
    let mut conn = state.pool.get().await?;
    if !User::set_password(&mut conn, id, &hash).await? {
        return Err(IdentityError::NotFound);
    }
    tracing::info!(user_id = %id, by = %actor.id, "password reset");
    Ok(())
}

/// A user changes their own password; every token of theirs, this one included, stops
/// working. Checks in order: length (122), confirmation (121), old password (120),
/// unchanged (123).
pub async fn change_own_password(
    state: &AppState,
    user: &User,
    old_password: &str,
    new_password: &str,
    confirm_password: &str,
) -> Result<(), IdentityError> {
    if !has_password_length(new_password) {
        return Err(IdentityError::PasswordLength {
            field: "newPassword",
        });
    }
    if new_password != confirm_password {
        return Err(IdentityError::PasswordMismatch);
    }
    if !state
        .passwords
        .verify(old_password, Some(&user.password_hash))
        .await?
    {
        return Err(IdentityError::OldPasswordWrong);
    }
    if new_password == old_password {
        return Err(IdentityError::PasswordUnchanged);
    }
    let hash = state.passwords.hash(new_password).await?;
    let mut conn = state.pool.get().await?;
    if !User::replace_password(&mut conn, user.id, &user.password_hash, &hash).await? {
        // Changed or revoked meanwhile: this session is no longer valid.
        return Err(IdentityError::Unauthorized);
    }
    tracing::info!(user_id = %user.id, "password changed");
    Ok(())
}
