//! The login flow.
//!
//! 1. The attempt is counted for (case-folded user name, client IP) before anything
//!    else; a lock in force answers code 101 without looking at the password, so a lock
//!    holds even for the right one. Other clients are not affected by it.
//! 2. The password is checked against the account's hash, or against the dummy hash when
//!    there is no such account, so both cost the same and answer the same (code 100).
//! 3. A wrong password that brings the count to the limit sets the lock (code 101).
//! 4. A right password clears the count; only then is a disabled account told apart
//!    (code 102). Otherwise `last_login_at` is stamped and a token issued.
//!
//! SelfChangePassword checks the old password through the same count
//! ([`begin_attempt`], [`wrong_password`], [`right_password`]), so a stolen token cannot
//! be used to guess the real password. The client is keyed by
//! [`crate::domain::client_key`] (IPv6 by /64). Setting a lock is recorded in the audit log (`login_lockout`).

use diesel_async::{AsyncConnection, AsyncPgConnection};

use shop_common::db::DbPool;

use crate::config::Settings;
use crate::domain::audit::IdentityAuditAction;
use crate::domain::{USER_NAME_MAX_CHARS, login_key};
use crate::error::IdentityError;
use crate::models::{Attempt, LoginFailure, NewAuditEntry, UserRow};
use crate::password::Passwords;
use crate::tokens::{IssuedToken, SigningKeys};

/// A successful login.
#[derive(Debug)]
pub struct LoggedIn {
    pub token: IssuedToken,
    pub user: UserRow,
}

/// Whole minutes, rounded up, at least one.
fn minutes(remaining_ms: i64) -> i64 {
    (remaining_ms.max(1) + 59_999) / 60_000
}

fn locked(remaining_ms: i64) -> IdentityError {
    IdentityError::LoginLocked {
        minutes: minutes(remaining_ms),
    }
}

/// Counts an attempt for (key, client) before the password is checked; code 101 while
/// the pair is locked.
pub async fn begin_attempt(
    conn: &mut AsyncPgConnection,
    settings: &Settings,
    key: &str,
    client: &str,
) -> Result<(), IdentityError> {
    let attempt = LoginFailure::begin_attempt(
        conn,
        key,
        client,
        settings.login_max_failures,
        settings.login_lock,
        settings.login_failure_window,
    )
    .await?;
    match attempt {
        Attempt::Locked { remaining_ms } => Err(locked(remaining_ms)),
        Attempt::Allowed => Ok(()),
    }
}

/// Records a wrong password for (key, client): code 101 when this locks the pair (the
/// lockout goes into the audit log in the same transaction), else `wrong`.
pub async fn wrong_password(
    conn: &mut AsyncPgConnection,
    settings: &Settings,
    key: &str,
    client: &str,
    account: Option<&UserRow>,
    during: &'static str,
    wrong: IdentityError,
) -> IdentityError {
    let outcome = conn
        .transaction::<_, IdentityError, _>(async |conn| {
            let failure = LoginFailure::record_failure(
                conn,
                key,
                client,
                settings.login_max_failures,
                settings.login_lock,
            )
            .await?;
            if failure.newly_locked {
                let minutes = minutes(crate::models::login_failure::millis(settings.login_lock));
                let detail = format!(
                    "Khóa {minutes} phút sau {} lần nhập sai mật khẩu khi {during}",
                    settings.login_max_failures
                );
                let actor = account.map_or(key, |u| u.user_name.as_str());
                NewAuditEntry::new(
                    actor,
                    account.map(|u| u.id),
                    IdentityAuditAction::LoginLockout,
                    client,
                    &detail,
                )
                .insert(conn)
                .await?;
                tracing::warn!(user = actor, client, "login locked");
            }
            Ok(failure.remaining_ms)
        })
        .await;
    match outcome {
        Ok(Some(remaining_ms)) => locked(remaining_ms),
        Ok(None) => wrong,
        Err(e) => e,
    }
}

/// After a right password: forgets the failures of (key, client).
pub async fn right_password(
    conn: &mut AsyncPgConnection,
    key: &str,
    client: &str,
) -> Result<(), IdentityError> {
    Ok(LoginFailure::clear(conn, key, client).await?)
}

pub async fn login(
    pool: &DbPool,
    passwords: &Passwords,
    keys: &SigningKeys,
    settings: &Settings,
    user_name: &str,
    password: &str,
    client_ip: &str,
) -> Result<LoggedIn, IdentityError> {
    let key = login_key(user_name);
    if key.chars().count() > USER_NAME_MAX_CHARS || key.chars().any(char::is_control) {
        // No account can have such a name (and PostgreSQL refuses a NUL in text): answer
        // like a wrong password, at the same cost.
        passwords.verify(password, None).await?;
        return Err(IdentityError::BadCredentials);
    }

    let user = {
        let mut conn = pool.get().await?;
        begin_attempt(&mut conn, settings, &key, client_ip).await?;
        UserRow::find_by_key(&mut conn, &key).await?
        // The connection goes back to the pool while the password is hashed.
    };

    let hash = user.as_ref().map(|u| u.password_hash.as_str());
    let matched = passwords.verify(password, hash).await?;

    let mut conn = pool.get().await?;
    let user = match user {
        Some(user) if matched => user,
        account => {
            return Err(wrong_password(
                &mut conn,
                settings,
                &key,
                client_ip,
                account.as_ref(),
                "đăng nhập",
                IdentityError::BadCredentials,
            )
            .await);
        }
    };

    right_password(&mut conn, &key, client_ip).await?;
    if !user.is_active {
        return Err(IdentityError::AccountDisabled);
    }
    let user = UserRow::record_login(&mut conn, user.id)
        .await?
        .ok_or(IdentityError::AccountDisabled)?;
    let token = keys.issue(
        user.id,
        &user.user_name,
        user.role(),
        user.token_version,
        settings.access_token_ttl,
    )?;
    tracing::info!(user_id = %user.id, "login");
    Ok(LoggedIn { token, user })
}

#[cfg(test)]
mod tests {
    use super::minutes;

    #[test]
    fn minutes_round_up() {
        assert_eq!(minutes(0), 1);
        assert_eq!(minutes(1), 1);
        assert_eq!(minutes(60_000), 1);
        assert_eq!(minutes(60_001), 2);
        assert_eq!(minutes(15 * 60_000), 15);
    }
}
