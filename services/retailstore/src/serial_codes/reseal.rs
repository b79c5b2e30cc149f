//! The one-time re-seal of serial codes from format v1 (associated data: the product) to
//! v2 (the row: code id, product id, key id). SQL cannot decrypt, so the service does it
//! at start-up, beside the server (v1 rows keep opening meanwhile):
//!
//! - Guarded by `serial_codes.seal_version`: only v1 rows are read and written, so a run
//!   after the last one finds nothing, and a crash half-way loses nothing.
//! - Batched: each batch is one short transaction over at most [`BATCH`] rows in id
//!   order, locked `FOR UPDATE SKIP LOCKED`, rewritten in one statement.
//! - Several replicas: each skips the rows another holds; the update also re-checks
//!   `seal_version = 1`. A row held by an order at that moment is left for the next start.
//! - A row that does not open, or whose code does not match its keyed hash (a ciphertext
//!   copied from another row), is left as it is and logged by id: it would only spread
//!   the damage to bless it with a v2 seal, and it keeps refusing to reveal or deliver.

use diesel_async::AsyncConnection;
use shop_common::db::DbPool;
use uuid::Uuid;

use crate::crypto::{CodeCipher, SealedCode};
use crate::error::StoreError;
use crate::models::serial_code::SerialCodeRow;

pub const BATCH: i64 = 500;

/// What one run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ResealReport {
    pub resealed: usize,
    /// Rows that failed to open or to match their hash (left v1, logged).
    pub refused: usize,
}

/// Re-seals every v1 row this replica can lock, `batch` rows per transaction.
pub async fn reseal_product_bound(
    pool: &DbPool,
    cipher: &CodeCipher,
    batch: i64,
) -> Result<ResealReport, StoreError> {
    let mut report = ResealReport::default();
    let mut after = Uuid::nil();
    let mut conn = pool.get().await?;
    loop {
        let step = conn
            .transaction(async |conn| {
                let rows = SerialCodeRow::lock_product_bound(conn, after, batch).await?;
                let Some(last) = rows.last().map(|r| r.id) else {
                    return Ok::<_, StoreError>(None);
                };
                let mut ids = Vec::with_capacity(rows.len());
                let mut sealed: Vec<SealedCode> = Vec::with_capacity(rows.len());
                let mut refused = 0;
                for row in &rows {
                    // open_code logs a refusal with the row id.
                    let Ok(clear) = cipher.open_code(&row.stored()) else {
                        refused += 1;
                        continue;
                    };
                    sealed.push(cipher.encrypt(row.id, row.product_id, &clear)?);
                    ids.push(row.id);
                }
                let written = SerialCodeRow::store_resealed(conn, &ids, &sealed).await?;
                Ok(Some((last, written, refused)))
            })
            .await?;
        let Some((last, written, refused)) = step else {
            break;
        };
        after = last;
        report.resealed += written;
        report.refused += refused;
    }
    Ok(report)
}

/// The start-up job: runs once, logs the outcome; a failure is logged and retried at the
/// next start (nothing depends on it finishing).
pub async fn run(pool: DbPool, cipher: std::sync::Arc<CodeCipher>) {
    match reseal_product_bound(&pool, &cipher, BATCH).await {
        Ok(report) if report == ResealReport::default() => {}
        Ok(report) => tracing::info!(
            resealed = report.resealed,
            refused = report.refused,
            "serial codes re-sealed to row-bound format"
        ),
        Err(error) => tracing::warn!(%error, "serial-code re-seal stopped; retried at next start"),
    }
}
