//! The buying flow's writes on serial codes: lock, sell, release and replace.

use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use shop_common::db::cached_sql;
use uuid::Uuid;

use super::{OrderCodeRow, SELLABLE, SerialCodeRow};
use crate::schema::serial_codes;

#[derive(QueryableByName)]
struct CodeId {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    id: Uuid,
}

/// The buying flow's writes. Each is one statement, so the stock triggers update the
/// counters of all products involved at once, in product-id order (no deadlock between
/// concurrent orders).
impl SerialCodeRow {
    /// Locks up to `limit` sellable codes of a product, oldest expiry first, skipping the
    /// codes other transactions hold (call inside the transaction that sells them).
    /// ReplaceCodes' free replacements; reservations go through `lock_sellable_codes` in
    /// SQL (`models::order_checkout`), which keeps the same rule.
    pub async fn lock_sellable(
        conn: &mut AsyncPgConnection,
        product_id: Uuid,
        limit: i64,
    ) -> QueryResult<Vec<Uuid>> {
        let rows: Vec<CodeId> = cached_sql(format!(
            "SELECT id FROM serial_codes WHERE product_id = $1 AND {SELLABLE} \
             ORDER BY expires_at NULLS LAST, created_at LIMIT $2 FOR UPDATE SKIP LOCKED"
        ))
        .bind::<diesel::sql_types::Uuid, _>(product_id)
        .bind::<BigInt, _>(limit)
        .load(conn)
        .await?;
        Ok(rows.into_iter().map(|r| r.id).collect())
    }

    /// Sells every code an order holds reserved.
    pub async fn sell_reserved(conn: &mut AsyncPgConnection, order_id: Uuid) -> QueryResult<usize> {
        cached_sql(
            "UPDATE serial_codes SET status = 'sold', sold_at = now(), updated_at = now() \
             WHERE order_id = $1 AND status = 'reserved'",
        )
        .bind::<diesel::sql_types::Uuid, _>(order_id)
        .execute(conn)
        .await
    }

    /// Sells an order's reserved codes only when it holds exactly `count` of them (all
    /// or none, in one statement); 0 otherwise. Call with the order locked.
    pub async fn sell_all_reserved(
        conn: &mut AsyncPgConnection,
        order_id: Uuid,
        count: i64,
    ) -> QueryResult<usize> {
        cached_sql(
            "UPDATE serial_codes SET status = 'sold', sold_at = now(), updated_at = now() \
             WHERE order_id = $1 AND status = 'reserved' \
               AND (SELECT count(*) FROM serial_codes \
                     WHERE order_id = $2 AND status = 'reserved') = $3",
        )
        .bind::<diesel::sql_types::Uuid, _>(order_id)
        .bind::<diesel::sql_types::Uuid, _>(order_id)
        .bind::<BigInt, _>(count)
        .execute(conn)
        .await
    }

    /// Returns the reserved codes of these orders to stock.
    pub async fn release(conn: &mut AsyncPgConnection, order_ids: &[Uuid]) -> QueryResult<usize> {
        cached_sql(
            "UPDATE serial_codes SET status = 'available', order_id = NULL, \
                    order_item_id = NULL, reserved_at = NULL, updated_at = now() \
             WHERE order_id = ANY($1) AND status = 'reserved'",
        )
        .bind::<Array<diesel::sql_types::Uuid>, _>(order_ids)
        .execute(conn)
        .await
    }

    /// Flags up to `n` delivered codes of a line as replaced (the earliest sold first);
    /// they stay sold. Call before [`sell_replacements`](Self::sell_replacements).
    pub async fn mark_replaced(
        conn: &mut AsyncPgConnection,
        order_item_id: Uuid,
        n: i64,
    ) -> QueryResult<usize> {
        cached_sql(
            "UPDATE serial_codes SET replaced_at = now(), updated_at = now() \
             WHERE id IN (SELECT id FROM serial_codes \
                          WHERE order_item_id = $1 AND status = 'sold' AND replaced_at IS NULL \
                          ORDER BY sold_at, id LIMIT $2 FOR UPDATE)",
        )
        .bind::<diesel::sql_types::Uuid, _>(order_item_id)
        .bind::<BigInt, _>(n)
        .execute(conn)
        .await
    }

    /// Flags the named delivered codes of a line as replaced; codes of another line, not
    /// sold or already replaced are left alone, so the count says whether all were taken.
    pub async fn mark_replaced_ids(
        conn: &mut AsyncPgConnection,
        order_item_id: Uuid,
        ids: &[Uuid],
    ) -> QueryResult<usize> {
        cached_sql(
            "UPDATE serial_codes SET replaced_at = now(), updated_at = now() \
             WHERE order_item_id = $1 AND status = 'sold' AND replaced_at IS NULL \
               AND id = ANY($2)",
        )
        .bind::<diesel::sql_types::Uuid, _>(order_item_id)
        .bind::<diesel::sql_types::Array<diesel::sql_types::Uuid>, _>(ids)
        .execute(conn)
        .await
    }

    /// How many codes of a line were replaced so far (over the order's life).
    pub async fn replaced_count(
        conn: &mut AsyncPgConnection,
        order_item_id: Uuid,
    ) -> QueryResult<i64> {
        serial_codes::table
            .filter(serial_codes::order_item_id.eq(order_item_id))
            .filter(serial_codes::replaced_at.is_not_null())
            .count()
            .get_result(conn)
            .await
    }

    /// Sells locked codes to a line as free replacements.
    pub async fn sell_replacements(
        conn: &mut AsyncPgConnection,
        order_id: Uuid,
        order_item_id: Uuid,
        codes: &[Uuid],
    ) -> QueryResult<usize> {
        cached_sql(
            "UPDATE serial_codes SET status = 'sold', order_id = $1, order_item_id = $2, \
                    replacement = true, reserved_at = now(), sold_at = now(), updated_at = now() \
             WHERE id = ANY($3) AND status = 'available'",
        )
        .bind::<diesel::sql_types::Uuid, _>(order_id)
        .bind::<diesel::sql_types::Uuid, _>(order_item_id)
        .bind::<Array<diesel::sql_types::Uuid>, _>(codes)
        .execute(conn)
        .await
    }

    /// An order's codes, in the order they were handed out.
    pub async fn of_order(
        conn: &mut AsyncPgConnection,
        order_id: Uuid,
    ) -> QueryResult<Vec<OrderCodeRow>> {
        serial_codes::table
            .filter(serial_codes::order_id.eq(order_id))
            .order((
                serial_codes::replacement.asc(),
                serial_codes::reserved_at.asc(),
                serial_codes::id.asc(),
            ))
            .select(OrderCodeRow::as_select())
            .load(conn)
            .await
    }
}
