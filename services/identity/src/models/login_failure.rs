//! The `login_failures` table: failed logins per (case-folded user name, client IP).
//!
//! Every login attempt is counted *before* the password is checked
//! ([`LoginFailure::begin_attempt`]), so concurrent guesses cannot exceed the limit; a
//! success clears the row ([`LoginFailure::clear`]), a failure that reaches the limit sets
//! the lock ([`LoginFailure::record_failure`]). Failures older than the window, and a
//! lock that has run out, start the count again. All steps are single statements, so
//! replicas agree without any other coordination.

use std::time::Duration;

use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Integer, Nullable, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::login_failures;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = login_failures, check_for_backend(Pg))]
pub struct LoginFailure {
    pub user_name_key: String,
    pub client_ip: String,
    pub failures: i32,
    pub locked_until: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
}

/// The outcome of counting an attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attempt {
    /// Go on and check the password.
    Allowed,
    /// Refuse without checking: locked for this many more milliseconds.
    Locked { remaining_ms: i64 },
}

#[derive(Debug, QueryableByName)]
struct CountRow {
    #[diesel(sql_type = Integer)]
    failures: i32,
    #[diesel(sql_type = Nullable<BigInt>)]
    remaining_ms: Option<i64>,
}

#[derive(Debug, QueryableByName)]
struct LockRow {
    #[diesel(sql_type = Nullable<BigInt>)]
    remaining_ms: Option<i64>,
    #[diesel(sql_type = Bool)]
    newly_locked: bool,
}

/// The outcome of recording a wrong password.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Failure {
    /// Locked for this many more milliseconds, if locked.
    pub remaining_ms: Option<i64>,
    /// This failure set the lock (it was not locked before).
    pub newly_locked: bool,
}

/// A duration in whole milliseconds, saturating.
pub fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX / 4)
}

impl LoginFailure {
    /// Counts one attempt for (key, ip), unless a lock is in force.
    pub async fn begin_attempt(
        conn: &mut AsyncPgConnection,
        key: &str,
        ip: &str,
        max_failures: u32,
        lock: Duration,
        window: Duration,
    ) -> QueryResult<Attempt> {
        let row: CountRow = diesel::sql_query(
            "INSERT INTO login_failures AS f (user_name_key, client_ip, failures, locked_until, updated_at)
             VALUES ($1, $2, 1, NULL, now())
             ON CONFLICT (user_name_key, client_ip) DO UPDATE SET
                 failures = CASE
                     WHEN f.locked_until > now() THEN f.failures
                     WHEN f.locked_until IS NOT NULL
                       OR f.updated_at <= now() - $3 * interval '1 millisecond' THEN 1
                     ELSE f.failures + 1 END,
                 locked_until = CASE WHEN f.locked_until > now() THEN f.locked_until END,
                 updated_at = CASE WHEN f.locked_until > now() THEN f.updated_at ELSE now() END
             RETURNING failures,
                 CASE WHEN locked_until > now()
                      THEN ceil(extract(epoch FROM locked_until - now()) * 1000)::bigint
                 END AS remaining_ms",
        )
        .bind::<Text, _>(key)
        .bind::<Text, _>(ip)
        .bind::<BigInt, _>(millis(window))
        .get_result(conn)
        .await?;
        let limit = i32::try_from(max_failures).unwrap_or(i32::MAX);
        Ok(match row.remaining_ms {
            Some(ms) => Attempt::Locked { remaining_ms: ms },
            // More attempts in flight than allowed: refuse the extra ones.
            None if row.failures > limit => Attempt::Locked {
                remaining_ms: millis(lock),
            },
            None => Attempt::Allowed,
        })
    }

    /// After a wrong password: locks (key, ip) if the count has reached the limit.
    /// Tells whether the pair is locked now, and whether this very call locked it (so
    /// that the lockout is recorded once).
    pub async fn record_failure(
        conn: &mut AsyncPgConnection,
        key: &str,
        ip: &str,
        max_failures: u32,
        lock: Duration,
    ) -> QueryResult<Failure> {
        let row: Option<LockRow> = diesel::sql_query(
            "WITH prev AS (
                 SELECT locked_until AS was FROM login_failures
                 WHERE user_name_key = $1 AND client_ip = $2
                 FOR UPDATE
             )
             UPDATE login_failures AS f SET
                 locked_until = CASE
                     WHEN f.locked_until > now() THEN f.locked_until
                     WHEN f.failures >= $3 THEN now() + $4 * interval '1 millisecond'
                     END,
                 updated_at = now()
             FROM prev
             WHERE f.user_name_key = $1 AND f.client_ip = $2
             RETURNING CASE WHEN f.locked_until > now()
                            THEN ceil(extract(epoch FROM f.locked_until - now()) * 1000)::bigint
                       END AS remaining_ms,
                       coalesce(f.locked_until > now(), false)
                           AND NOT coalesce(prev.was > now(), false) AS newly_locked",
        )
        .bind::<Text, _>(key)
        .bind::<Text, _>(ip)
        .bind::<Integer, _>(i32::try_from(max_failures).unwrap_or(i32::MAX))
        .bind::<BigInt, _>(millis(lock))
        .get_result(conn)
        .await
        .optional()?;
        Ok(row.map_or(
            Failure {
                remaining_ms: None,
                newly_locked: false,
            },
            |r| Failure {
                remaining_ms: r.remaining_ms,
                newly_locked: r.newly_locked,
            },
        ))
    }

    /// After a right password: forgets the failures of (key, ip).
    pub async fn clear(conn: &mut AsyncPgConnection, key: &str, ip: &str) -> QueryResult<()> {
        diesel::delete(
            login_failures::table
                .filter(login_failures::user_name_key.eq(key))
                .filter(login_failures::client_ip.eq(ip)),
        )
        .execute(conn)
        .await
        .map(|_| ())
    }

    /// Deletes rows that no longer count: outside the window and not locked.
    pub async fn purge_stale(conn: &mut AsyncPgConnection, window: Duration) -> QueryResult<usize> {
        diesel::sql_query(
            "DELETE FROM login_failures
             WHERE updated_at <= now() - $1 * interval '1 millisecond'
               AND (locked_until IS NULL OR locked_until <= now())",
        )
        .bind::<BigInt, _>(millis(window))
        .execute(conn)
        .await
    }

    /// The row of (key, ip), if any.
    pub async fn find(
        conn: &mut AsyncPgConnection,
        key: &str,
        ip: &str,
    ) -> QueryResult<Option<LoginFailure>> {
        login_failures::table
            .filter(login_failures::user_name_key.eq(key))
            .filter(login_failures::client_ip.eq(ip))
            .select(LoginFailure::as_select())
            .first(conn)
            .await
            .optional()
    }
}
