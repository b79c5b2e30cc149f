//! Serial codes: encrypted rows, bulk insert, the admin list and guarded edits.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bytea, Integer, Nullable, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::domain::serial_code::CodeStatus;
use crate::schema::{products, serial_codes};

/// A code as listed: never the ciphertext, only the visible tail.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = serial_codes, check_for_backend(diesel::pg::Pg))]
pub struct SerialCode {
    pub id: Uuid,
    pub product_id: Uuid,
    pub last4: String,
    pub status: CodeStatus,
    pub order_id: Option<Uuid>,
    pub expires_at: Option<DateTime<Utc>>,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sold_at: Option<DateTime<Utc>>,
}

/// The encrypted columns, for Reveal.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = serial_codes, check_for_backend(diesel::pg::Pg))]
pub struct SealedRow {
    pub id: Uuid,
    pub product_id: Uuid,
    pub key_id: i32,
    pub nonce: Vec<u8>,
    pub ciphertext: Vec<u8>,
}

/// Codes ready for one bulk insert, column by column (all for one product and one key),
/// ordered by hash so that concurrent imports take index locks in the same order.
#[derive(Debug, Default)]
pub struct CodeBatch {
    pub key_id: i32,
    pub ids: Vec<Uuid>,
    pub nonces: Vec<Vec<u8>>,
    pub ciphertexts: Vec<Vec<u8>>,
    pub hashes: Vec<Vec<u8>>,
    pub tails: Vec<String>,
}

impl CodeBatch {
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
}

/// Update form: `None` leaves a column, `Some(None)` clears a nullable one.
#[derive(Debug, Default, AsChangeset)]
#[diesel(table_name = serial_codes)]
pub struct CodeChanges {
    pub key_id: Option<i32>,
    pub nonce: Option<Vec<u8>>,
    pub ciphertext: Option<Vec<u8>>,
    pub code_hash: Option<Vec<u8>>,
    pub last4: Option<String>,
    pub status: Option<CodeStatus>,
    pub expires_at: Option<Option<DateTime<Utc>>>,
    pub note: Option<Option<String>>,
}

/// List filters. `code_hash` is the keyed hash of an exact code.
#[derive(Debug, Clone, Default)]
pub struct CodeFilter {
    pub product_id: Option<Uuid>,
    pub status: Option<CodeStatus>,
    pub code_hash: Option<Vec<u8>>,
}

#[derive(QueryableByName)]
struct InsertedHash {
    #[diesel(sql_type = Bytea)]
    code_hash: Vec<u8>,
}

#[derive(QueryableByName)]
struct Total {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// One statement for any batch size: a constant nine bind parameters, the rows arriving
/// as arrays. Rows whose (code_hash, product_id) already exists, or that a concurrent
/// import inserts first, are skipped and not returned.
const INSERT_BATCH: &str = "\
INSERT INTO serial_codes (id, product_id, key_id, nonce, ciphertext, code_hash, last4, \
                          expires_at, note) \
SELECT c.id, $1, $2, c.nonce, c.ciphertext, c.code_hash, c.last4, $3, $4 \
FROM unnest($5::uuid[], $6::bytea[], $7::bytea[], $8::bytea[], $9::text[]) \
     AS c(id, nonce, ciphertext, code_hash, last4) \
ON CONFLICT (code_hash, product_id) DO NOTHING \
RETURNING code_hash";

impl SerialCode {
    /// Inserts a batch in one statement; returns the hashes of the rows inserted.
    pub async fn insert_batch(
        conn: &mut AsyncPgConnection,
        product_id: Uuid,
        expires_at: Option<DateTime<Utc>>,
        note: Option<&str>,
        batch: &CodeBatch,
    ) -> QueryResult<Vec<Vec<u8>>> {
        let rows: Vec<InsertedHash> = diesel::sql_query(INSERT_BATCH)
            .bind::<diesel::sql_types::Uuid, _>(product_id)
            .bind::<Integer, _>(batch.key_id)
            .bind::<Nullable<Timestamptz>, _>(expires_at)
            .bind::<Nullable<Text>, _>(note)
            .bind::<Array<diesel::sql_types::Uuid>, _>(&batch.ids)
            .bind::<Array<Bytea>, _>(&batch.nonces)
            .bind::<Array<Bytea>, _>(&batch.ciphertexts)
            .bind::<Array<Bytea>, _>(&batch.hashes)
            .bind::<Array<Text>, _>(&batch.tails)
            .load(conn)
            .await?;
        Ok(rows.into_iter().map(|r| r.code_hash).collect())
    }

    /// A code with its product's name.
    pub async fn find(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<(SerialCode, String)> {
        serial_codes::table
            .inner_join(products::table)
            .filter(serial_codes::id.eq(id))
            .select((SerialCode::as_select(), products::name))
            .get_result(conn)
            .await
    }

    pub async fn exists(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(serial_codes::table.find(id)))
            .get_result(conn)
            .await
    }

    pub async fn product_of(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Uuid> {
        serial_codes::table
            .find(id)
            .select(serial_codes::product_id)
            .get_result(conn)
            .await
    }

    pub async fn sealed(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<SealedRow> {
        serial_codes::table
            .find(id)
            .select(SealedRow::as_select())
            .get_result(conn)
            .await
    }

    /// Applies `changes` only while the code is available or disabled, in one statement
    /// (so a code reserved concurrently is never edited). `None`: missing or locked.
    pub async fn update_editable(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        changes: &CodeChanges,
    ) -> QueryResult<Option<Uuid>> {
        diesel::update(
            serial_codes::table
                .find(id)
                .filter(serial_codes::status.eq_any(CodeStatus::EDITABLE)),
        )
        .set((changes, serial_codes::updated_at.eq(diesel::dsl::now)))
        .returning(serial_codes::id)
        .get_result(conn)
        .await
        .optional()
    }

    /// Deletes the code only while it is available or disabled. False: missing or locked.
    pub async fn delete_editable(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<bool> {
        let deleted = diesel::delete(
            serial_codes::table
                .find(id)
                .filter(serial_codes::status.eq_any(CodeStatus::EDITABLE)),
        )
        .execute(conn)
        .await?;
        Ok(deleted > 0)
    }

    /// One page by creation time (newest first unless `newest_first` is false), with
    /// product names.
    pub async fn page(
        conn: &mut AsyncPgConnection,
        filter: &CodeFilter,
        newest_first: bool,
        limit: i64,
        offset: i64,
    ) -> QueryResult<Vec<(SerialCode, String)>> {
        let mut query = serial_codes::table.inner_join(products::table).into_boxed();
        if let Some(product_id) = filter.product_id {
            query = query.filter(serial_codes::product_id.eq(product_id));
        }
        if let Some(status) = filter.status {
            query = query.filter(serial_codes::status.eq(status));
        }
        if let Some(hash) = &filter.code_hash {
            query = query.filter(serial_codes::code_hash.eq(hash));
        }
        query = if newest_first {
            query.order((serial_codes::created_at.desc(), serial_codes::id.desc()))
        } else {
            query.order((serial_codes::created_at.asc(), serial_codes::id.asc()))
        };
        query
            .select((SerialCode::as_select(), products::name))
            .limit(limit)
            .offset(offset)
            .load(conn)
            .await
    }

    /// The number of codes matching `filter`. Without a code to match, read from the
    /// stock counters instead of counting millions of rows.
    pub async fn count(conn: &mut AsyncPgConnection, filter: &CodeFilter) -> QueryResult<i64> {
        if let Some(hash) = &filter.code_hash {
            let mut query = serial_codes::table
                .filter(serial_codes::code_hash.eq(hash))
                .into_boxed();
            if let Some(product_id) = filter.product_id {
                query = query.filter(serial_codes::product_id.eq(product_id));
            }
            if let Some(status) = filter.status {
                query = query.filter(serial_codes::status.eq(status));
            }
            return query.count().get_result(conn).await;
        }
        // Column names come from this fixed list, never from input.
        let column = match filter.status {
            None => "available + reserved + sold + disabled",
            Some(CodeStatus::Available) => "available",
            Some(CodeStatus::Reserved) => "reserved",
            Some(CodeStatus::Sold) => "sold",
            Some(CodeStatus::Disabled) => "disabled",
        };
        let total: Total = match filter.product_id {
            Some(product_id) => {
                diesel::sql_query(format!(
                    "SELECT coalesce(sum({column}), 0)::bigint AS n FROM product_stock \
                     WHERE product_id = $1"
                ))
                .bind::<diesel::sql_types::Uuid, _>(product_id)
                .get_result(conn)
                .await?
            }
            None => {
                diesel::sql_query(format!(
                    "SELECT coalesce(sum({column}), 0)::bigint AS n FROM product_stock"
                ))
                .get_result(conn)
                .await?
            }
        };
        Ok(total.n)
    }
}
