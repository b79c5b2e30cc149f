//! An order's payments: bank transfers applied by the webhook path and staff
//! confirmations, each once per transaction id.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use shop_common::db::cached_sql;
use uuid::Uuid;

use crate::domain::order::PaymentSource;
use crate::schema::order_payments;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = order_payments, check_for_backend(diesel::pg::Pg))]
pub struct OrderPaymentRow {
    pub id: Uuid,
    pub order_id: Uuid,
    pub transaction_id: String,
    pub amount: i64,
    pub paid_at: DateTime<Utc>,
    pub source: PaymentSource,
    pub actor: Option<String>,
    pub provider_id: Option<Uuid>,
    pub bank_transaction_id: Option<String>,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = order_payments)]
pub struct NewOrderPayment<'a> {
    pub id: Uuid,
    pub order_id: Uuid,
    pub transaction_id: &'a str,
    pub amount: i64,
    pub paid_at: DateTime<Utc>,
    pub source: PaymentSource,
    pub actor: Option<&'a str>,
    pub provider_id: Option<Uuid>,
    pub note: Option<&'a str>,
}

impl OrderPaymentRow {
    /// Whether the order already counts this transaction: as a payment of its own, or as
    /// the bank transfer behind a manual payment. (Call with the order locked.)
    pub async fn is_applied(
        conn: &mut AsyncPgConnection,
        order_id: Uuid,
        transaction_id: &str,
    ) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(
            order_payments::table
                .filter(order_payments::order_id.eq(order_id))
                .filter(
                    order_payments::transaction_id.eq(transaction_id).or(
                        order_payments::bank_transaction_id
                            .eq(transaction_id)
                            .assume_not_null(),
                    ),
                ),
        ))
        .get_result(conn)
        .await
    }

    /// The oldest manual payment of this amount that no bank transfer explains yet.
    pub async fn unlinked_manual(
        conn: &mut AsyncPgConnection,
        order_id: Uuid,
        amount: i64,
    ) -> QueryResult<Option<Uuid>> {
        order_payments::table
            .filter(order_payments::order_id.eq(order_id))
            .filter(order_payments::source.eq(PaymentSource::Manual))
            .filter(order_payments::amount.eq(amount))
            .filter(order_payments::bank_transaction_id.is_null())
            .order((order_payments::created_at.asc(), order_payments::id.asc()))
            .select(order_payments::id)
            .first(conn)
            .await
            .optional()
    }

    /// Records the bank transfer that a manual payment stood for.
    pub async fn link(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        transaction_id: &str,
    ) -> QueryResult<usize> {
        diesel::update(order_payments::table.find(id))
            .set(order_payments::bank_transaction_id.eq(transaction_id))
            .execute(conn)
            .await
    }

    pub async fn insert(
        conn: &mut AsyncPgConnection,
        row: &NewOrderPayment<'_>,
    ) -> QueryResult<()> {
        cached_sql(
            "INSERT INTO order_payments (id, order_id, transaction_id, amount, paid_at, \
                                         source, actor, provider_id, note) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind::<diesel::sql_types::Uuid, _>(row.id)
        .bind::<diesel::sql_types::Uuid, _>(row.order_id)
        .bind::<Text, _>(row.transaction_id)
        .bind::<BigInt, _>(row.amount)
        .bind::<Timestamptz, _>(row.paid_at)
        .bind::<Text, _>(row.source)
        .bind::<Nullable<Text>, _>(row.actor)
        .bind::<Nullable<diesel::sql_types::Uuid>, _>(row.provider_id)
        .bind::<Nullable<Text>, _>(row.note)
        .execute(conn)
        .await
        .map(|_| ())
    }

    pub async fn of_order(
        conn: &mut AsyncPgConnection,
        order_id: Uuid,
    ) -> QueryResult<Vec<OrderPaymentRow>> {
        order_payments::table
            .filter(order_payments::order_id.eq(order_id))
            .order((order_payments::created_at.asc(), order_payments::id.asc()))
            .select(OrderPaymentRow::as_select())
            .load(conn)
            .await
    }
}
