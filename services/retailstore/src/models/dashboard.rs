//! The dashboard's aggregates. Revenue is the paid amount of orders completed in the
//! range (by `completed_at`); counts by status are of orders created in the range. Days
//! are Vietnam days (UTC+07:00 all year).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::models::serial_code::EXPIRING;

/// A Vietnam day (`YYYY-MM-DD`) of a `timestamptz` column.
const VN_DAY: &str =
    "to_char((completed_at AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM-DD')";

#[derive(Debug, Clone, QueryableByName)]
pub struct Totals {
    #[diesel(sql_type = BigInt)]
    pub revenue: i64,
    #[diesel(sql_type = BigInt)]
    pub orders: i64,
    #[diesel(sql_type = BigInt)]
    pub codes_sold: i64,
}

#[derive(Debug, Clone, QueryableByName)]
pub struct StatusCount {
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = BigInt)]
    pub n: i64,
}

#[derive(Debug, Clone, QueryableByName)]
pub struct DayRevenue {
    #[diesel(sql_type = Text)]
    pub day: String,
    #[diesel(sql_type = BigInt)]
    pub revenue: i64,
    #[diesel(sql_type = BigInt)]
    pub orders: i64,
}

#[derive(Debug, Clone, QueryableByName)]
pub struct TopProduct {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    pub product_id: Uuid,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = BigInt)]
    pub quantity: i64,
    #[diesel(sql_type = BigInt)]
    pub revenue: i64,
}

#[derive(Debug, Clone, QueryableByName)]
pub struct LowStock {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    pub product_id: Uuid,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = BigInt)]
    pub available: i64,
    #[diesel(sql_type = Integer)]
    pub low_stock_threshold: i32,
}

/// Revenue, completed orders and codes sold (lines' quantities) in `[from, to)`.
pub async fn totals(
    conn: &mut AsyncPgConnection,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> QueryResult<Totals> {
    diesel::sql_query(
        "SELECT coalesce(sum(paid_amount), 0)::bigint AS revenue, count(*) AS orders, \
                coalesce(sum(item_count), 0)::bigint AS codes_sold \
         FROM orders WHERE status = 'completed' AND completed_at >= $1 AND completed_at < $2",
    )
    .bind::<Timestamptz, _>(from)
    .bind::<Timestamptz, _>(to)
    .get_result(conn)
    .await
}

/// Orders created in `[from, to)` per status (statuses without orders are absent).
pub async fn status_counts(
    conn: &mut AsyncPgConnection,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> QueryResult<Vec<StatusCount>> {
    diesel::sql_query(
        "SELECT status, count(*) AS n FROM orders \
         WHERE created_at >= $1 AND created_at < $2 GROUP BY status",
    )
    .bind::<Timestamptz, _>(from)
    .bind::<Timestamptz, _>(to)
    .load(conn)
    .await
}

/// Revenue and completed orders per Vietnam day (days without any are absent).
pub async fn by_day(
    conn: &mut AsyncPgConnection,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> QueryResult<Vec<DayRevenue>> {
    diesel::sql_query(format!(
        "SELECT {VN_DAY} AS day, coalesce(sum(paid_amount), 0)::bigint AS revenue, \
                count(*) AS orders \
         FROM orders WHERE status = 'completed' AND completed_at >= $1 AND completed_at < $2 \
         GROUP BY 1 ORDER BY 1"
    ))
    .bind::<Timestamptz, _>(from)
    .bind::<Timestamptz, _>(to)
    .load(conn)
    .await
}

/// The best sellers of orders completed in `[from, to)`, by line revenue.
pub async fn top_products(
    conn: &mut AsyncPgConnection,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    limit: i64,
) -> QueryResult<Vec<TopProduct>> {
    diesel::sql_query(
        "SELECT i.product_id, p.name, sum(i.quantity)::bigint AS quantity, \
                sum(i.line_total)::bigint AS revenue \
         FROM orders o JOIN order_items i ON i.order_id = o.id \
              JOIN products p ON p.id = i.product_id \
         WHERE o.status = 'completed' AND o.completed_at >= $1 AND o.completed_at < $2 \
         GROUP BY i.product_id, p.name ORDER BY revenue DESC, quantity DESC, p.name LIMIT $3",
    )
    .bind::<Timestamptz, _>(from)
    .bind::<Timestamptz, _>(to)
    .bind::<BigInt, _>(limit)
    .load(conn)
    .await
}

/// Active products whose sellable stock is at or below their threshold, emptiest first.
pub async fn low_stock(conn: &mut AsyncPgConnection, limit: i64) -> QueryResult<Vec<LowStock>> {
    diesel::sql_query(format!(
        "SELECT id AS product_id, name, available, low_stock_threshold FROM ( \
           SELECT p.id, p.name, p.low_stock_threshold, \
                  greatest(s.available - (SELECT count(*) FROM serial_codes \
                                          WHERE product_id = p.id AND {EXPIRING}), 0) \
                      AS available \
           FROM products p JOIN product_stock s ON s.product_id = p.id \
           WHERE p.status = 'active') t \
         WHERE available <= low_stock_threshold ORDER BY available, name LIMIT $1"
    ))
    .bind::<BigInt, _>(limit)
    .load(conn)
    .await
}
