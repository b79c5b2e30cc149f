//! An order's timeline: one row per change.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, Nullable, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use shop_common::db::cached_sql;
use uuid::Uuid;

use crate::domain::order::EventKind;
use crate::schema::order_events;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = order_events, check_for_backend(diesel::pg::Pg))]
pub struct OrderEventRow {
    pub id: Uuid,
    pub order_id: Uuid,
    pub at: DateTime<Utc>,
    pub kind: String,
    pub message: String,
    pub actor: Option<String>,
}

impl OrderEventRow {
    /// Appends one event (inside the transaction that makes the change).
    pub async fn record(
        conn: &mut AsyncPgConnection,
        order_id: Uuid,
        kind: EventKind,
        message: &str,
        actor: Option<&str>,
    ) -> QueryResult<()> {
        Self::record_all(conn, &[order_id], kind, &[message], actor).await
    }

    /// Several events of one order, in one statement, in the order given: (kind,
    /// message, actor).
    pub async fn record_each(
        conn: &mut AsyncPgConnection,
        order_id: Uuid,
        events: &[(EventKind, String, Option<&str>)],
    ) -> QueryResult<()> {
        if events.is_empty() {
            return Ok(());
        }
        let ids: Vec<Uuid> = events.iter().map(|_| Uuid::now_v7()).collect();
        cached_sql(
            "INSERT INTO order_events (id, order_id, at, type, message, actor) \
             SELECT e.id, $1, $2, e.type, e.message, e.actor \
             FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[]) \
                  AS e(id, type, message, actor)",
        )
        .bind::<diesel::sql_types::Uuid, _>(order_id)
        .bind::<Timestamptz, _>(Utc::now())
        .bind::<Array<diesel::sql_types::Uuid>, _>(&ids)
        .bind::<Array<Text>, _>(events.iter().map(|e| e.0.as_str()).collect::<Vec<_>>())
        .bind::<Array<Text>, _>(events.iter().map(|e| e.1.as_str()).collect::<Vec<_>>())
        .bind::<Array<Nullable<Text>>, _>(events.iter().map(|e| e.2).collect::<Vec<_>>())
        .execute(conn)
        .await
        .map(|_| ())
    }

    /// One event per order, in one statement (`messages[i]` for `order_ids[i]`).
    pub async fn record_all(
        conn: &mut AsyncPgConnection,
        order_ids: &[Uuid],
        kind: EventKind,
        messages: &[&str],
        actor: Option<&str>,
    ) -> QueryResult<()> {
        let ids: Vec<Uuid> = order_ids.iter().map(|_| Uuid::now_v7()).collect();
        // One fixed text for any number of events (a multi-row VALUES would be a new
        // statement to prepare for each count).
        cached_sql(
            "INSERT INTO order_events (id, order_id, at, type, message, actor) \
             SELECT e.id, e.order_id, $1, $2, e.message, $3 \
             FROM unnest($4::uuid[], $5::uuid[], $6::text[]) AS e(id, order_id, message)",
        )
        // The moment of the change, not the transaction's start: a change that waited
        // for a lock comes after the change it waited for.
        .bind::<Timestamptz, _>(Utc::now())
        .bind::<Text, _>(kind.as_str())
        .bind::<Nullable<Text>, _>(actor)
        .bind::<Array<diesel::sql_types::Uuid>, _>(&ids)
        .bind::<Array<diesel::sql_types::Uuid>, _>(order_ids)
        .bind::<Array<Text>, _>(messages)
        .execute(conn)
        .await
        .map(|_| ())
    }

    /// The timeline, oldest first.
    pub async fn of_order(
        conn: &mut AsyncPgConnection,
        order_id: Uuid,
    ) -> QueryResult<Vec<OrderEventRow>> {
        order_events::table
            .filter(order_events::order_id.eq(order_id))
            .order((order_events::at.asc(), order_events::id.asc()))
            .select(OrderEventRow::as_select())
            .load(conn)
            .await
    }
}
