//! Stored answers of idempotent requests (CreateOrder, the manual ConfirmPayment), sealed.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Bytea, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::idempotency_keys;

/// A live stored answer.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = idempotency_keys, check_for_backend(diesel::pg::Pg))]
pub struct StoredAnswer {
    pub request_hash: Vec<u8>,
    pub key_id: i32,
    pub nonce: Vec<u8>,
    pub response: Vec<u8>,
}

impl StoredAnswer {
    /// The answer stored under (`scope`, `key`) unless it has expired.
    pub async fn find(
        conn: &mut AsyncPgConnection,
        scope: &str,
        key: &str,
    ) -> QueryResult<Option<StoredAnswer>> {
        idempotency_keys::table
            .find((scope, key))
            .filter(idempotency_keys::expires_at.gt(diesel::dsl::now))
            .select(StoredAnswer::as_select())
            .get_result(conn)
            .await
            .optional()
    }

    /// Claims (`scope`, `key`) for this transaction with an empty answer (filled in by
    /// [`fill`](Self::fill) before commit). A concurrent claim waits here for the first
    /// one to commit or roll back. False: a live answer exists (an expired one is taken
    /// over).
    pub async fn claim(
        conn: &mut AsyncPgConnection,
        scope: &str,
        key: &str,
        request_hash: &[u8],
        expires_at: DateTime<Utc>,
    ) -> QueryResult<bool> {
        let claimed = diesel::sql_query(
            "INSERT INTO idempotency_keys AS k \
                    (scope, key, request_hash, key_id, nonce, response, created_at, expires_at) \
             VALUES ($1, $2, $3, 0, '\\x000000000000000000000000', '', now(), $4) \
             ON CONFLICT (scope, key) DO UPDATE \
                SET request_hash = EXCLUDED.request_hash, key_id = 0, nonce = EXCLUDED.nonce, \
                    response = EXCLUDED.response, created_at = now(), \
                    expires_at = EXCLUDED.expires_at \
              WHERE k.expires_at <= now()",
        )
        .bind::<Text, _>(scope)
        .bind::<Text, _>(key)
        .bind::<Bytea, _>(request_hash)
        .bind::<Timestamptz, _>(expires_at)
        .execute(conn)
        .await?;
        Ok(claimed > 0)
    }

    /// Stores the sealed answer of a claimed key.
    pub async fn fill(
        conn: &mut AsyncPgConnection,
        scope: &str,
        key: &str,
        key_id: i32,
        nonce: &[u8],
        response: &[u8],
    ) -> QueryResult<usize> {
        diesel::update(idempotency_keys::table.find((scope, key)))
            .set((
                idempotency_keys::key_id.eq(key_id),
                idempotency_keys::nonce.eq(nonce),
                idempotency_keys::response.eq(response),
            ))
            .execute(conn)
            .await
    }

    /// Deletes up to `limit` expired answers.
    pub async fn delete_expired(conn: &mut AsyncPgConnection, limit: i64) -> QueryResult<usize> {
        diesel::sql_query(
            "DELETE FROM idempotency_keys WHERE ctid IN \
             (SELECT ctid FROM idempotency_keys WHERE expires_at <= now() LIMIT $1 \
              FOR UPDATE SKIP LOCKED)",
        )
        .bind::<diesel::sql_types::BigInt, _>(limit)
        .execute(conn)
        .await
    }
}
