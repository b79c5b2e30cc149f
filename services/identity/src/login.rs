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

use crate::AppState;
use crate::domain::{USER_NAME_MAX_CHARS, login_key};
use crate::error::IdentityError;
use crate::models::{Attempt, LoginFailure, User};
use crate::tokens::IssuedToken;

/// A successful login.
#[derive(Debug)]
pub struct LoggedIn {
    pub token: IssuedToken,
    pub user: User,
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

pub async fn login(
    state: &AppState,
    user_name: &str,
    password: &str,
    client_ip: &str,
) -> Result<LoggedIn, IdentityError> {
    let settings = &state.settings;
    let key = login_key(user_name);
    if key.chars().count() > USER_NAME_MAX_CHARS {
        // No account can have such a name: answer like a wrong password, at the same cost.
        state.passwords.verify(password, None).await?;
        return Err(IdentityError::BadCredentials);
    }

    let user = {
        let mut conn = state.pool.get().await?;
        let attempt = LoginFailure::begin_attempt(
            &mut conn,
            &key,
            client_ip,
            settings.login_max_failures,
            settings.login_lock,
            settings.login_failure_window,
        )
        .await?;
        if let Attempt::Locked { remaining_ms } = attempt {
            return Err(locked(remaining_ms));
        }
        User::find_by_key(&mut conn, &key).await?
        // The connection goes back to the pool while the password is hashed.
    };

    let hash = user.as_ref().map(|u| u.password_hash.as_str());
    let matched = state.passwords.verify(password, hash).await?;

    let mut conn = state.pool.get().await?;
    let user = match user {
        Some(user) if matched => user,
        _ => {
            let lock = LoginFailure::record_failure(
                &mut conn,
                &key,
                client_ip,
                settings.login_max_failures,
                settings.login_lock,
            )
            .await?;
            return Err(lock.map_or(IdentityError::BadCredentials, locked));
        }
    };

    LoginFailure::clear(&mut conn, &key, client_ip).await?;
    if !user.is_active {
        return Err(IdentityError::AccountDisabled);
    }
    let user = User::record_login(&mut conn, user.id)
        .await?
        .ok_or(IdentityError::AccountDisabled)?;
    let token = state.keys.issue(
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
