//! The start-up re-seal's reads and writes (`crate::serial_codes::reseal` drives it).

use diesel::QueryResult;
use diesel::sql_types::{Array, BigInt, Bytea, Integer, SmallInt};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use shop_common::db::cached_sql;
use uuid::Uuid;

use super::{SealedRow, SerialCodeRow};
use crate::crypto::{SEAL_PRODUCT_BOUND, SealedCode};

/// The start-up re-seal of v1 rows (see `crate::serial_codes::reseal`).
impl SerialCodeRow {
    /// Locks up to `limit` rows still sealed v1 with an id after `after`, in id order,
    /// skipping rows other transactions hold (another replica re-sealing them, or an
    /// order reserving them). Call inside the transaction that rewrites them.
    pub async fn lock_product_bound(
        conn: &mut AsyncPgConnection,
        after: Uuid,
        limit: i64,
    ) -> QueryResult<Vec<SealedRow>> {
        cached_sql(
            "SELECT id, product_id, key_id, seal_version, nonce, ciphertext, code_hash \
             FROM serial_codes WHERE seal_version = $1 AND id > $2 \
             ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED",
        )
        .bind::<SmallInt, _>(SEAL_PRODUCT_BOUND)
        .bind::<diesel::sql_types::Uuid, _>(after)
        .bind::<BigInt, _>(limit)
        .load(conn)
        .await
    }

    /// Stores re-sealed ciphertexts, `sealed[i]` for row `ids[i]`, in one statement; only
    /// rows still v1 change (a second run, or a racing replica, writes nothing).
    pub async fn store_resealed(
        conn: &mut AsyncPgConnection,
        ids: &[Uuid],
        sealed: &[SealedCode],
    ) -> QueryResult<usize> {
        cached_sql(
            "UPDATE serial_codes s SET key_id = r.key_id, seal_version = r.seal_version, \
                    nonce = r.nonce, ciphertext = r.ciphertext \
             FROM unnest($1::uuid[], $2::int4[], $3::int2[], $4::bytea[], $5::bytea[]) \
                  AS r(id, key_id, seal_version, nonce, ciphertext) \
             WHERE s.id = r.id AND s.seal_version = $6",
        )
        .bind::<Array<diesel::sql_types::Uuid>, _>(ids)
        .bind::<Array<Integer>, _>(sealed.iter().map(|s| s.key_id).collect::<Vec<_>>())
        .bind::<Array<SmallInt>, _>(sealed.iter().map(|s| s.seal_version).collect::<Vec<_>>())
        .bind::<Array<Bytea>, _>(
            sealed
                .iter()
                .map(|s| s.nonce.as_slice())
                .collect::<Vec<_>>(),
        )
        .bind::<Array<Bytea>, _>(
            sealed
                .iter()
                .map(|s| s.ciphertext.as_slice())
                .collect::<Vec<_>>(),
        )
        .bind::<SmallInt, _>(SEAL_PRODUCT_BOUND)
        .execute(conn)
        .await
    }
}
