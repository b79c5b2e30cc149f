//! The first start: with an empty user table, the admin account comes from
//! `ADMIN_USERNAME` / `ADMIN_PASSWORD`. Replicas starting together are serialised by a
//! table lock, so exactly one of them creates it.

use diesel_async::{AsyncConnection, RunQueryDsl};
use shop_common::auth::Role;
use shop_common::config::Secret;
use shop_common::db::DbPool;
use uuid::Uuid;

use crate::domain::{PASSWORD_MIN_CHARS, UserName};
use crate::models::{NewUser, UserRow};
use crate::password::Passwords;

#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error(
        "the user table is empty: set ADMIN_PASSWORD (and optionally ADMIN_USERNAME) to create the first admin account"
    )]
    MissingPassword,
    #[error("ADMIN_USERNAME is invalid: 3..50 characters of a-z 0-9 . _ -")]
    BadUserName,
    #[error("ADMIN_PASSWORD is too short: use at least {PASSWORD_MIN_CHARS} characters")]
    WeakPassword,
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] shop_common::db::PoolError),
    #[error("{0}")]
    Password(#[from] crate::password::PasswordError),
}

/// Creates the admin account if the user table is empty. Returns whether it did.
pub async fn ensure_admin(
    pool: &DbPool,
    passwords: &Passwords,
    user_name: &str,
    password: Option<&Secret>,
) -> Result<bool, SeedError> {
    let mut conn = pool.get().await?;
    if !UserRow::table_is_empty(&mut conn).await? {
        return Ok(false);
    }
    let password = password.ok_or(SeedError::MissingPassword)?;
    let user_name = UserName::parse(user_name).map_err(|_| SeedError::BadUserName)?;
    if password.expose().chars().count() < PASSWORD_MIN_CHARS {
        return Err(SeedError::WeakPassword);
    }
    let hash = passwords.hash(password.expose()).await?;
    let created = conn
        .transaction::<_, SeedError, _>(async |conn| {
            // Other replicas wait here, then find the table no longer empty.
            diesel::sql_query("LOCK TABLE users IN EXCLUSIVE MODE")
                .execute(conn)
                .await?;
            if !UserRow::table_is_empty(conn).await? {
                return Ok(false);
            }
            UserRow::insert(
                conn,
                &NewUser {
                    id: Uuid::new_v4(),
                    user_name: user_name.as_str(),
                    full_name: "Quản trị viên",
                    email: None,
                    password_hash: &hash,
                    role: Role::Admin.as_str(),
                    is_active: true,
                },
            )
            .await?;
            Ok(true)
        })
        .await?;
    if created {
        tracing::info!(
            user_name = user_name.as_str(),
            "first admin account created"
        );
    }
    Ok(created)
}
