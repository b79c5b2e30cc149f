//! Serial codes: encrypted rows, bulk insert, the admin list and guarded edits. The
//! buying flow's writes are in `sale`, the start-up re-seal's in `reseal`.

mod reseal;
mod sale;

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bytea, Integer, Nullable, SmallInt, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::crypto::StoredCode;
use crate::domain::serial_code::CodeStatus;
use crate::schema::{orders, products, serial_codes};

/// What the buying flow may hand out: an available code that does not expire within a
/// day. Reservation and the storefront's stock level both go by it.
pub const SELLABLE: &str = "status = 'available' \
     AND (expires_at IS NULL OR expires_at > now() + interval '1 day')";
/// Available codes the buying flow skips (they expire within a day).
pub const EXPIRING: &str = "status = 'available' AND expires_at <= now() + interval '1 day'";

/// A code as listed: never the ciphertext, only the visible tail.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = serial_codes, check_for_backend(diesel::pg::Pg))]
pub struct SerialCodeRow {
    pub id: Uuid,
    pub product_id: Uuid,
    pub last4: String,
    pub status: CodeStatus,
    pub order_id: Option<Uuid>,
    pub expires_at: Option<DateTime<Utc>>,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sold_at: Option<DateTime<Utc>>,
    pub serial: Option<String>,
}

/// The encrypted columns, for Reveal and the re-seal.
#[derive(Debug, Clone, Queryable, Selectable, QueryableByName)]
#[diesel(table_name = serial_codes, check_for_backend(diesel::pg::Pg))]
pub struct SealedRow {
    pub id: Uuid,
    pub product_id: Uuid,
    pub key_id: i32,
    pub seal_version: i16,
    pub nonce: Vec<u8>,
    pub ciphertext: Vec<u8>,
    pub code_hash: Vec<u8>,
}

impl SealedRow {
    pub fn stored(&self) -> StoredCode<'_> {
        StoredCode {
            id: self.id,
            product_id: self.product_id,
            key_id: self.key_id,
            seal_version: self.seal_version,
            nonce: &self.nonce,
            ciphertext: &self.ciphertext,
            code_hash: &self.code_hash,
        }
    }
}

/// Codes ready for one bulk insert, column by column (all for one product and one key),
/// ordered by hash so that concurrent imports take index locks in the same order.
#[derive(Debug, Default)]
pub struct CodeBatch {
    pub key_id: i32,
    pub seal_version: i16,
    pub ids: Vec<Uuid>,
    pub nonces: Vec<Vec<u8>>,
    pub ciphertexts: Vec<Vec<u8>>,
    pub hashes: Vec<Vec<u8>>,
    pub tails: Vec<String>,
    /// Each row's card serial (clear text: not secret).
    pub serials: Vec<Option<String>>,
    /// Each row's expiry.
    pub expiries: Vec<Option<DateTime<Utc>>>,
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
    pub seal_version: Option<i16>,
    pub nonce: Option<Vec<u8>>,
    pub ciphertext: Option<Vec<u8>>,
    pub code_hash: Option<Vec<u8>>,
    pub last4: Option<String>,
    pub status: Option<CodeStatus>,
    pub expires_at: Option<Option<DateTime<Utc>>>,
    pub note: Option<Option<String>>,
}

/// List filters. `code_hash` is the keyed hash of an exact code, `order_id` an order found
/// by its code, `serial` a card's serial; when several are given a code matching any of
/// them is listed (a keyword may be a serial code, an order code and a serial at once).
#[derive(Debug, Clone, Default)]
pub struct CodeFilter {
    pub product_id: Option<Uuid>,
    pub status: Option<CodeStatus>,
    pub code_hash: Option<Vec<u8>>,
    pub order_id: Option<Uuid>,
    pub serial: Option<String>,
}

impl CodeFilter {
    /// Whether a code (or serial) to match narrows the list, so it must be counted.
    fn matches_something(&self) -> bool {
        self.code_hash.is_some() || self.order_id.is_some() || self.serial.is_some()
    }
}

/// A code of an order with its sealed columns: decrypted only for the shopper of a
/// completed order, or for an audited reveal.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = serial_codes, check_for_backend(diesel::pg::Pg))]
pub struct OrderCodeRow {
    pub id: Uuid,
    pub product_id: Uuid,
    pub order_item_id: Option<Uuid>,
    pub last4: String,
    pub status: CodeStatus,
    pub expires_at: Option<DateTime<Utc>>,
    pub replacement: bool,
    pub replaced_at: Option<DateTime<Utc>>,
    pub serial: Option<String>,
    pub key_id: i32,
    pub seal_version: i16,
    pub nonce: Vec<u8>,
    pub ciphertext: Vec<u8>,
    pub code_hash: Vec<u8>,
}

impl OrderCodeRow {
    pub fn stored(&self) -> StoredCode<'_> {
        StoredCode {
            id: self.id,
            product_id: self.product_id,
            key_id: self.key_id,
            seal_version: self.seal_version,
            nonce: &self.nonce,
            ciphertext: &self.ciphertext,
            code_hash: &self.code_hash,
        }
    }
}

/// Applies a [`CodeFilter`] to a boxed query over `serial_codes` (alone or joined).
macro_rules! filtered {
    ($query:expr, $filter:expr) => {{
        let mut query = $query;
        let filter: &CodeFilter = $filter;
        if let Some(product_id) = filter.product_id {
            query = query.filter(serial_codes::product_id.eq(product_id));
        }
        if let Some(status) = filter.status {
            query = query.filter(serial_codes::status.eq(status));
        }
        // Any of the given matches (a keyword may be several things at once).
        let hash = || serial_codes::code_hash.eq(filter.code_hash.clone().unwrap_or_default());
        let order = || {
            serial_codes::order_id
                .eq(filter.order_id.unwrap_or_default())
                .assume_not_null()
        };
        let serial = || {
            serial_codes::serial
                .eq(filter.serial.clone().unwrap_or_default())
                .assume_not_null()
        };
        match (
            filter.code_hash.is_some(),
            filter.order_id.is_some(),
            filter.serial.is_some(),
        ) {
            (false, false, false) => {}
            (true, false, false) => query = query.filter(hash()),
            (false, true, false) => query = query.filter(order()),
            (false, false, true) => query = query.filter(serial()),
            (true, true, false) => query = query.filter(hash().or(order())),
            (true, false, true) => query = query.filter(hash().or(serial())),
            (false, true, true) => query = query.filter(order().or(serial())),
            (true, true, true) => query = query.filter(hash().or(order()).or(serial())),
        }
        query
    }};
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

/// One statement for any batch size: a constant eleven bind parameters, the rows
/// arriving as arrays. Rows whose code already exists in the shop (any product), or that
/// a concurrent import inserts first, are skipped and not returned.
const INSERT_BATCH: &str = "\
INSERT INTO serial_codes (id, product_id, key_id, nonce, ciphertext, code_hash, last4, \
                          serial, expires_at, note, seal_version) \
SELECT c.id, $1, $2, c.nonce, c.ciphertext, c.code_hash, c.last4, c.serial, c.expires_at, \
       $3, $9 \
FROM unnest($4::uuid[], $5::bytea[], $6::bytea[], $7::bytea[], $8::text[], $10::text[], \
            $11::timestamptz[]) \
     AS c(id, nonce, ciphertext, code_hash, last4, serial, expires_at) \
ON CONFLICT DO NOTHING \
RETURNING code_hash";

/// A code as the lists show it: with its product's name and, once ordered, its order's
/// code.
#[derive(Debug, Clone)]
pub struct ListedCode {
    pub code: SerialCodeRow,
    pub product_name: String,
    pub order_code: Option<String>,
}

impl From<(SerialCodeRow, String, Option<String>)> for ListedCode {
    fn from((code, product_name, order_code): (SerialCodeRow, String, Option<String>)) -> Self {
        Self {
            code,
            product_name,
            order_code,
        }
    }
}

/// The product holding a code, found by the code's keyed hash.
#[derive(Debug, Clone, Queryable)]
pub struct CodeHolder {
    pub code_hash: Vec<u8>,
    pub product_id: Uuid,
    pub product_name: String,
}

impl SerialCodeRow {
    /// Inserts a batch in one statement; returns the hashes of the rows inserted.
    pub async fn insert_batch(
        conn: &mut AsyncPgConnection,
        product_id: Uuid,
        note: Option<&str>,
        batch: &CodeBatch,
    ) -> QueryResult<Vec<Vec<u8>>> {
        let rows: Vec<InsertedHash> = diesel::sql_query(INSERT_BATCH)
            .bind::<diesel::sql_types::Uuid, _>(product_id)
            .bind::<Integer, _>(batch.key_id)
            .bind::<Nullable<Text>, _>(note)
            .bind::<Array<diesel::sql_types::Uuid>, _>(&batch.ids)
            .bind::<Array<Bytea>, _>(&batch.nonces)
            .bind::<Array<Bytea>, _>(&batch.ciphertexts)
            .bind::<Array<Bytea>, _>(&batch.hashes)
            .bind::<Array<Text>, _>(&batch.tails)
            .bind::<SmallInt, _>(batch.seal_version)
            .bind::<Array<Nullable<Text>>, _>(&batch.serials)
            .bind::<Array<Nullable<Timestamptz>>, _>(&batch.expiries)
            .load(conn)
            .await?;
        Ok(rows.into_iter().map(|r| r.code_hash).collect())
    }

    /// For each of these hashes held in the shop: the product that holds it.
    pub async fn holders(
        conn: &mut AsyncPgConnection,
        hashes: &[Vec<u8>],
    ) -> QueryResult<Vec<CodeHolder>> {
        serial_codes::table
            .inner_join(products::table)
            .filter(serial_codes::code_hash.eq_any(hashes))
            .filter(serial_codes::duplicate_of.is_null())
            .select((serial_codes::code_hash, products::id, products::name))
            .load(conn)
            .await
    }

    /// A code with its product's name and its order's code.
    pub async fn find(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<ListedCode> {
        serial_codes::table
            .inner_join(products::table)
            .left_join(orders::table)
            .filter(serial_codes::id.eq(id))
            .select((
                SerialCodeRow::as_select(),
                products::name,
                orders::code.nullable(),
            ))
            .get_result::<(SerialCodeRow, String, Option<String>)>(conn)
            .await
            .map(ListedCode::from)
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
    /// product names and order codes.
    pub async fn page(
        conn: &mut AsyncPgConnection,
        filter: &CodeFilter,
        newest_first: bool,
        limit: i64,
        offset: i64,
    ) -> QueryResult<Vec<ListedCode>> {
        let query = filtered!(
            serial_codes::table
                .inner_join(products::table)
                .left_join(orders::table)
                .into_boxed(),
            filter
        );
        let query = if newest_first {
            query.order((serial_codes::created_at.desc(), serial_codes::id.desc()))
        } else {
            query.order((serial_codes::created_at.asc(), serial_codes::id.asc()))
        };
        query
            .select((
                SerialCodeRow::as_select(),
                products::name,
                orders::code.nullable(),
            ))
            .limit(limit)
            .offset(offset)
            .load::<(SerialCodeRow, String, Option<String>)>(conn)
            .await
            .map(|rows| rows.into_iter().map(ListedCode::from).collect())
    }

    /// The number of codes matching `filter`. Without a code to match, read from the
    /// stock counters instead of counting millions of rows.
    pub async fn count(conn: &mut AsyncPgConnection, filter: &CodeFilter) -> QueryResult<i64> {
        if filter.matches_something() {
            return filtered!(serial_codes::table.into_boxed(), filter)
                .count()
                .get_result(conn)
                .await;
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
            // The two tables summed apart: the view's per-product join of stripes costs
            // 70 ms at 100,000 products, the plain sums under 10.
            None => {
                diesel::sql_query(format!(
                    "SELECT ((SELECT coalesce(sum({column}), 0) FROM product_stock_base) \
                     + (SELECT coalesce(sum({column}), 0) FROM product_stock_spill))::bigint AS n"
                ))
                .get_result(conn)
                .await?
            }
        };
        Ok(total.n)
    }
}
