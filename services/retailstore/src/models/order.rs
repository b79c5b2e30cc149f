//! Orders and their lines: inserts, locks, guarded state changes, the unpaid counts and
//! the admin list.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Bytea, Nullable, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde::Serialize;
use shop_common::db::cached_sql;
use shop_common::pagination::{SortDir, like_pattern};
use uuid::Uuid;

use crate::domain::order::{OrderStatus, PaymentStatus};
use crate::schema::{order_items, orders};

#[derive(Debug, Clone, Queryable, QueryableByName, Selectable, Identifiable)]
#[diesel(table_name = orders, check_for_backend(diesel::pg::Pg))]
pub struct Order {
    pub id: Uuid,
    pub code: String,
    pub access_token_hash: Vec<u8>,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    pub email: String,
    pub phone: Option<String>,
    pub customer_name: Option<String>,
    pub note: Option<String>,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub total: i64,
    pub paid_amount: i64,
    pub item_count: i32,
    pub provider_id: Uuid,
    pub provider_name: String,
    pub payment: serde_json::Value,
    pub expires_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
    pub cancel_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// When staff cancelled it: money arriving later never completes it by itself.
    pub cancelled_at: Option<DateTime<Utc>>,
    /// Refunds staff recorded (RecordRefund).
    pub refunded_amount: i64,
}

/// Every column of [`Order`], for the statements written in SQL.
macro_rules! order_columns {
    () => {
        "id, code, access_token_hash, status, payment_status, email, phone, customer_name, \
         note, ip, user_agent, total, paid_amount, item_count, provider_id, provider_name, \
         payment, expires_at, paid_at, completed_at, cancel_reason, created_at, updated_at, \
         cancelled_at, refunded_amount"
    };
}

/// See [`Order::save`]: a null `$1`..`$3`, `$10` or `$13` leaves its column; `$4`, `$6`,
/// `$8`, `$11` say whether `$5`, `$7`, `$9`, `$12` replace theirs (null clears); `$14` the
/// order id (placeholders appear in bind order: `cached_sql` requires it).
const SAVE_ORDER: &str = concat!(
    "UPDATE orders \
        SET status = coalesce($1, status), \
            payment_status = coalesce($2, payment_status), \
            paid_amount = coalesce($3, paid_amount), \
            paid_at = CASE WHEN $4 THEN $5 ELSE paid_at END, \
            completed_at = CASE WHEN $6 THEN $7 ELSE completed_at END, \
            cancel_reason = CASE WHEN $8 THEN $9 ELSE cancel_reason END, \
            access_token_hash = coalesce($10, access_token_hash), \
            cancelled_at = CASE WHEN $11 THEN $12 ELSE cancelled_at END, \
            refunded_amount = coalesce($13, refunded_amount), \
            updated_at = now() \
      WHERE id = $14 \
     RETURNING ",
    order_columns!()
);

/// A change of state: `None` leaves a column, `Some(None)` clears a nullable one.
#[derive(Debug, Default, Clone, AsChangeset)]
#[diesel(table_name = orders)]
pub struct OrderChanges {
    pub status: Option<OrderStatus>,
    pub payment_status: Option<PaymentStatus>,
    pub paid_amount: Option<i64>,
    pub paid_at: Option<Option<DateTime<Utc>>>,
    pub completed_at: Option<Option<DateTime<Utc>>>,
    pub cancel_reason: Option<Option<String>>,
    pub access_token_hash: Option<Vec<u8>>,
    pub cancelled_at: Option<Option<DateTime<Utc>>>,
    pub refunded_amount: Option<i64>,
}

/// A row of the admin list, answered as it is read (`OrderListItem` on the wire).
#[derive(Debug, Clone, Queryable, Selectable, Serialize, utoipa::ToSchema)]
#[diesel(table_name = orders, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct OrderListItem {
    pub id: Uuid,
    pub code: String,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    #[schema(required = true)]
    pub customer_name: Option<String>,
    pub email: String,
    #[schema(required = true)]
    pub phone: Option<String>,
    pub total: i64,
    pub paid_amount: i64,
    /// The number of codes ordered (sum of the lines' quantities).
    pub item_count: i32,
    pub provider_name: String,
    pub created_at: DateTime<Utc>,
    #[schema(required = true)]
    pub paid_at: Option<DateTime<Utc>>,
}

/// Admin list filters. `keyword` matches the code, the e-mail or the phone (substring,
/// case-insensitive); `from`/`to` bound `created_at`, half-open.
#[derive(Debug, Clone, Default)]
pub struct OrderFilter {
    pub keyword: Option<String>,
    pub status: Option<OrderStatus>,
    pub payment_status: Option<PaymentStatus>,
    pub product_id: Option<Uuid>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
    /// The order's total exactly (VND): the orders a received transfer may be for.
    pub total: Option<i64>,
}

/// Sortable columns; the default is `created_at desc`. Orders without `paid_at` come last
/// in both directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderSort {
    CreatedAt(SortDir),
    Total(SortDir),
    PaidAt(SortDir),
}

/// An order line: the product as it was at CreateOrder.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = order_items, check_for_backend(diesel::pg::Pg))]
pub struct OrderItem {
    pub id: Uuid,
    pub order_id: Uuid,
    pub product_id: Uuid,
    pub position: i32,
    pub product_name: String,
    pub image_url: Option<String>,
    pub unit_price: i64,
    pub quantity: i32,
    pub line_total: i64,
}

/// An order due for expiry, locked by the sweep.
#[derive(Debug, Clone, Copy, Queryable, Selectable)]
#[diesel(table_name = orders, check_for_backend(diesel::pg::Pg))]
pub struct DueOrder {
    pub id: Uuid,
    pub paid_amount: i64,
}

/// `status = 'pending_payment'` as a literal, so that the partial indexes on unpaid orders
/// serve prepared statements too (a bound status cannot prove their predicate).
fn unpaid() -> diesel::expression::SqlLiteral<diesel::sql_types::Bool> {
    diesel::dsl::sql::<diesel::sql_types::Bool>("status = 'pending_payment'")
}

/// Applies an [`OrderFilter`] to a boxed query over `orders`.
macro_rules! filtered {
    ($query:expr, $filter:expr) => {{
        let mut query = $query;
        let filter: &OrderFilter = $filter;
        if let Some(status) = filter.status {
            query = query.filter(orders::status.eq(status));
        }
        if let Some(payment_status) = filter.payment_status {
            query = query.filter(orders::payment_status.eq(payment_status));
        }
        if let Some(product_id) = filter.product_id {
            query = query.filter(
                orders::id.eq_any(
                    order_items::table
                        .filter(order_items::product_id.eq(product_id))
                        .select(order_items::order_id),
                ),
            );
        }
        if let Some(from) = filter.from {
            query = query.filter(orders::created_at.ge(from));
        }
        if let Some(to) = filter.to {
            query = query.filter(orders::created_at.lt(to));
        }
        if let Some(total) = filter.total {
            query = query.filter(orders::total.eq(total));
        }
        if let Some(keyword) = filter.keyword.as_deref() {
            let pattern = like_pattern(keyword);
            query = query.filter(
                orders::code
                    .ilike(pattern.clone())
                    .or(orders::email.ilike(pattern.clone()))
                    .or(orders::phone.like(pattern).assume_not_null()),
            );
        }
        query
    }};
}

impl Order {
    pub async fn find(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Option<Order>> {
        orders::table
            .find(id)
            .select(Order::as_select())
            .get_result(conn)
            .await
            .optional()
    }

    pub async fn find_by_code(
        conn: &mut AsyncPgConnection,
        code: &str,
    ) -> QueryResult<Option<Order>> {
        orders::table
            .filter(orders::code.eq(code))
            .select(Order::as_select())
            .get_result(conn)
            .await
            .optional()
    }

    /// Locks the order row until the end of the transaction (call inside one): every
    /// change of an order's state happens under this lock.
    pub async fn lock(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Option<Order>> {
        orders::table
            .find(id)
            .select(Order::as_select())
            .for_update()
            .get_result(conn)
            .await
            .optional()
    }

    /// [`lock`](Self::lock) by order code.
    pub async fn lock_by_code(
        conn: &mut AsyncPgConnection,
        code: &str,
    ) -> QueryResult<Option<Order>> {
        orders::table
            .filter(orders::code.eq(code))
            .select(Order::as_select())
            .for_update()
            .get_result(conn)
            .await
            .optional()
    }

    /// Writes a change of state (call with the row locked).
    pub async fn save(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        changes: &OrderChanges,
    ) -> QueryResult<Order> {
        // One prepared statement for any change: a column whose change is absent is
        // written with its own value (an unchanged indexed value keeps the update HOT).
        cached_sql(SAVE_ORDER)
            .bind::<Nullable<Text>, _>(changes.status)
            .bind::<Nullable<Text>, _>(changes.payment_status)
            .bind::<Nullable<BigInt>, _>(changes.paid_amount)
            .bind::<Bool, _>(changes.paid_at.is_some())
            .bind::<Nullable<Timestamptz>, _>(changes.paid_at.flatten())
            .bind::<Bool, _>(changes.completed_at.is_some())
            .bind::<Nullable<Timestamptz>, _>(changes.completed_at.flatten())
            .bind::<Bool, _>(changes.cancel_reason.is_some())
            .bind::<Nullable<Text>, _>(changes.cancel_reason.clone().flatten())
            .bind::<Nullable<Bytea>, _>(changes.access_token_hash.clone())
            .bind::<Bool, _>(changes.cancelled_at.is_some())
            .bind::<Nullable<Timestamptz>, _>(changes.cancelled_at.flatten())
            .bind::<Nullable<BigInt>, _>(changes.refunded_amount)
            .bind::<diesel::sql_types::Uuid, _>(id)
            .get_result(conn)
            .await
    }

    /// Names of the order's lines whose product is no longer `active` or no longer sold
    /// at the line's unit price (a late payment then waits for staff).
    pub async fn changed_lines(
        conn: &mut AsyncPgConnection,
        order_id: Uuid,
    ) -> QueryResult<Vec<String>> {
        order_items::table
            .inner_join(crate::schema::products::table)
            .filter(order_items::order_id.eq(order_id))
            .filter(
                crate::schema::products::status
                    .ne("active")
                    .or(crate::schema::products::price.ne(order_items::unit_price)),
            )
            .order(order_items::position.asc())
            .select(order_items::product_name)
            .load(conn)
            .await
    }

    /// Locks up to `limit` unpaid orders past their expiry, oldest first, skipping rows
    /// that another transaction (a payment, another replica's sweep) holds.
    pub async fn lock_due(conn: &mut AsyncPgConnection, limit: i64) -> QueryResult<Vec<DueOrder>> {
        orders::table
            .filter(unpaid())
            .filter(orders::expires_at.le(diesel::dsl::now))
            .order(orders::expires_at.asc())
            .select(DueOrder::as_select())
            .limit(limit)
            .for_update()
            .skip_locked()
            .load(conn)
            .await
    }

    /// Marks locked due orders with `status`.
    pub async fn set_status(
        conn: &mut AsyncPgConnection,
        ids: &[Uuid],
        status: OrderStatus,
    ) -> QueryResult<usize> {
        diesel::update(orders::table.filter(orders::id.eq_any(ids)))
            .set((
                orders::status.eq(status),
                orders::updated_at.eq(diesel::dsl::now),
            ))
            .execute(conn)
            .await
    }

    /// One page of the admin list.
    pub async fn page(
        conn: &mut AsyncPgConnection,
        filter: &OrderFilter,
        sort: OrderSort,
        limit: i64,
        offset: i64,
    ) -> QueryResult<Vec<OrderListItem>> {
        use SortDir::{Asc, Desc};
        let query = filtered!(orders::table.into_boxed(), filter);
        let query = match sort {
            OrderSort::CreatedAt(Asc) => query.order((orders::created_at.asc(), orders::id.asc())),
            OrderSort::CreatedAt(Desc) => {
                query.order((orders::created_at.desc(), orders::id.desc()))
            }
            OrderSort::Total(Asc) => query.order((orders::total.asc(), orders::id.asc())),
            OrderSort::Total(Desc) => query.order((orders::total.desc(), orders::id.desc())),
            OrderSort::PaidAt(Asc) => {
                query.order((orders::paid_at.asc().nulls_last(), orders::id.asc()))
            }
            OrderSort::PaidAt(Desc) => {
                query.order((orders::paid_at.desc().nulls_last(), orders::id.desc()))
            }
        };
        query
            .select(OrderListItem::as_select())
            .limit(limit)
            .offset(offset)
            .load(conn)
            .await
    }

    pub async fn count(conn: &mut AsyncPgConnection, filter: &OrderFilter) -> QueryResult<i64> {
        filtered!(orders::table.into_boxed(), filter)
            .count()
            .get_result(conn)
            .await
    }
}

impl OrderItem {
    /// An order's lines in the order they were submitted.
    pub async fn of_order(
        conn: &mut AsyncPgConnection,
        order_id: Uuid,
    ) -> QueryResult<Vec<OrderItem>> {
        order_items::table
            .filter(order_items::order_id.eq(order_id))
            .order(order_items::position.asc())
            .select(OrderItem::as_select())
            .load(conn)
            .await
    }
}
