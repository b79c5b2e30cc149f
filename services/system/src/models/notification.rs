//! `notification_events` and `notification_deliveries`: storing an event once, the
//! worker's claim with a lease, the outcome of each attempt, and the back office's list.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Double, Integer, Text, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use shop_common::pagination::like_pattern;
use uuid::Uuid;

use crate::schema::{notification_deliveries, notification_events};

/// A new event row.
#[derive(Debug, Insertable)]
#[diesel(table_name = notification_events)]
pub struct NewEventRow<'a> {
    pub id: Uuid,
    pub event: &'a str,
    pub order_code: Option<&'a str>,
    pub recipient_email: Option<&'a str>,
    pub data: &'a Value,
    pub link_nonce: Option<Vec<u8>>,
    pub link_sealed: Option<Vec<u8>>,
    pub occurred_at: Option<DateTime<Utc>>,
}

/// A new delivery, `pending` and due at once.
#[derive(Debug, Insertable)]
#[diesel(table_name = notification_deliveries)]
pub struct NewDelivery<'a> {
    pub id: Uuid,
    pub event_id: Uuid,
    pub channel: &'a str,
    pub audience: &'a str,
    pub recipient: &'a str,
}

/// A delivery with its event's order code, as lists show it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = notification_deliveries, check_for_backend(diesel::pg::Pg))]
pub struct Delivery {
    pub id: Uuid,
    pub event_id: Uuid,
    pub channel: String,
    pub audience: String,
    pub recipient: String,
    pub status: String,
    pub attempts: i32,
    pub next_attempt_at: DateTime<Utc>,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

/// A delivery with its event's kind, order code and facts (for the order id).
pub type Listed = (Delivery, String, Option<String>, Value);

/// A delivery the worker claimed, with what rendering it needs from its event.
#[derive(Debug, Clone, QueryableByName)]
pub struct Claimed {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub event_id: Uuid,
    #[diesel(sql_type = Text)]
    pub channel: String,
    #[diesel(sql_type = Text)]
    pub audience: String,
    #[diesel(sql_type = Text)]
    pub recipient: String,
    /// Including this claim.
    #[diesel(sql_type = Integer)]
    pub attempts: i32,
    #[diesel(sql_type = Text)]
    pub event: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<Text>)]
    pub order_code: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Jsonb)]
    pub data: Value,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Bytea>)]
    pub link_nonce: Option<Vec<u8>>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Bytea>)]
    pub link_sealed: Option<Vec<u8>>,
}

#[derive(QueryableByName)]
struct StatusRow {
    #[diesel(sql_type = Text)]
    status: String,
}

#[derive(QueryableByName)]
struct CountRow {
    #[diesel(sql_type = Text)]
    channel: String,
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// The list's filters, checked.
#[derive(Debug, Clone, Default)]
pub struct DeliveryFilter {
    pub keyword: Option<String>,
    pub status: Option<&'static str>,
    pub channel: Option<&'static str>,
    pub event: Option<&'static str>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

/// The filtered join of deliveries and their events, boxed.
macro_rules! filtered {
    ($filter:expr) => {{
        let mut query = notification_deliveries::table
            .inner_join(notification_events::table)
            .into_boxed();
        if let Some(status) = $filter.status {
            query = query.filter(notification_deliveries::status.eq(status));
        }
        if let Some(channel) = $filter.channel {
            query = query.filter(notification_deliveries::channel.eq(channel));
        }
        if let Some(event) = $filter.event {
            query = query.filter(notification_events::event.eq(event));
        }
        if let Some(from) = $filter.from {
            query = query.filter(notification_deliveries::created_at.ge(from));
        }
        if let Some(to) = $filter.to {
            query = query.filter(notification_deliveries::created_at.lt(to));
        }
        if let Some(keyword) = $filter.keyword.as_deref() {
            let pattern = like_pattern(keyword);
            query = query.filter(
                notification_events::order_code
                    .ilike(pattern.clone())
                    .or(notification_deliveries::recipient.ilike(pattern)),
            );
        }
        query
    }};
}

/// Seconds as PostgreSQL's `make_interval(secs => ..)` takes them.
fn seconds(d: std::time::Duration) -> f64 {
    d.as_secs_f64()
}

/// Stores an event unless its id is there already; `true` when stored now.
pub async fn insert_event(
    conn: &mut AsyncPgConnection,
    row: &NewEventRow<'_>,
) -> QueryResult<bool> {
    diesel::insert_into(notification_events::table)
        .values(row)
        .on_conflict_do_nothing()
        .execute(conn)
        .await
        .map(|n| n == 1)
}

pub async fn insert_deliveries(
    conn: &mut AsyncPgConnection,
    rows: &[NewDelivery<'_>],
) -> QueryResult<usize> {
    if rows.is_empty() {
        return Ok(0);
    }
    diesel::insert_into(notification_deliveries::table)
        .values(rows)
        .on_conflict_do_nothing()
        .execute(conn)
        .await
}

/// Claims up to `limit` deliveries that are due (`pending` past `next_attempt_at`, or
/// `sending` past a lease a crashed replica left) for `lease`, counting the attempt and
/// starting the retry window on the first. Rows another replica is claiming are
/// skipped, not waited for; the statement commits at once, so no lock outlives it.
pub async fn claim(
    conn: &mut AsyncPgConnection,
    limit: i64,
    lease: std::time::Duration,
) -> QueryResult<Vec<Claimed>> {
    diesel::sql_query(
        "UPDATE notification_deliveries d \
         SET status = 'sending', lease_until = now() + make_interval(secs => $2), \
             attempts = d.attempts + 1, first_attempt_at = coalesce(d.first_attempt_at, now()) \
         FROM notification_events e \
         WHERE e.id = d.event_id AND d.id IN ( \
             SELECT id FROM notification_deliveries \
             WHERE (status = 'pending' AND next_attempt_at <= now()) \
                OR (status = 'sending' AND lease_until <= now()) \
             ORDER BY next_attempt_at \
             LIMIT $1 \
             FOR UPDATE SKIP LOCKED) \
         RETURNING d.id, d.event_id, d.channel, d.audience, d.recipient, d.attempts, \
             e.event, e.order_code, e.data, e.link_nonce, e.link_sealed",
    )
    .bind::<BigInt, _>(limit)
    .bind::<Double, _>(seconds(lease))
    .load(conn)
    .await
}

/// Marks a claimed delivery sent; `false` when the claim was lost meanwhile (its lease
/// ran out and another replica claimed it again).
pub async fn mark_sent(conn: &mut AsyncPgConnection, id: Uuid, attempts: i32) -> QueryResult<bool> {
    diesel::update(
        notification_deliveries::table
            .filter(notification_deliveries::id.eq(id))
            .filter(notification_deliveries::status.eq("sending"))
            .filter(notification_deliveries::attempts.eq(attempts)),
    )
    .set((
        notification_deliveries::status.eq("sent"),
        notification_deliveries::sent_at.eq(diesel::dsl::now),
        notification_deliveries::lease_until.eq(None::<DateTime<Utc>>),
        notification_deliveries::last_error.eq(None::<String>),
    ))
    .execute(conn)
    .await
    .map(|n| n == 1)
}

/// Records a failed attempt: `pending` again after `backoff`, or `failed` when
/// `permanent` or when the retry window (`retry_for` from the first attempt) is over.
/// The new status, `None` when the claim was lost meanwhile.
pub async fn mark_failed_attempt(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    attempts: i32,
    error: &str,
    permanent: bool,
    backoff: std::time::Duration,
    retry_for: std::time::Duration,
) -> QueryResult<Option<String>> {
    let rows: Vec<StatusRow> = diesel::sql_query(
        "UPDATE notification_deliveries \
         SET status = CASE WHEN $4 OR first_attempt_at <= now() - make_interval(secs => $6) \
                      THEN 'failed' ELSE 'pending' END, \
             next_attempt_at = now() + make_interval(secs => $5), \
             lease_until = NULL, last_error = $3 \
         WHERE id = $1 AND status = 'sending' AND attempts = $2 \
         RETURNING status",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Integer, _>(attempts)
    .bind::<Text, _>(error)
    .bind::<Bool, _>(permanent)
    .bind::<Double, _>(seconds(backoff))
    .bind::<Double, _>(seconds(retry_for))
    .load(conn)
    .await?;
    Ok(rows.into_iter().next().map(|r| r.status))
}

/// Erases an event's sealed link once none of its shopper e-mails still needs it (all
/// sent). A failed one keeps it, so that a Resend still carries the link.
pub async fn erase_link_when_done(conn: &mut AsyncPgConnection, event_id: Uuid) -> QueryResult<()> {
    diesel::sql_query(
        "UPDATE notification_events e SET link_nonce = NULL, link_sealed = NULL \
         WHERE e.id = $1 AND e.link_nonce IS NOT NULL AND NOT EXISTS ( \
             SELECT 1 FROM notification_deliveries d \
             WHERE d.event_id = e.id AND d.audience = 'shopper' AND d.status <> 'sent')",
    )
    .bind::<SqlUuid, _>(event_id)
    .execute(conn)
    .await
    .map(|_| ())
}

/// Makes a `failed` delivery `pending` and due now, with a fresh retry window (its
/// attempts are kept). `None` when there is no such delivery; `Some(false)` when it is
/// not `failed`.
pub async fn resend(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Option<bool>> {
    let changed = diesel::update(
        notification_deliveries::table
            .filter(notification_deliveries::id.eq(id))
            .filter(notification_deliveries::status.eq("failed")),
    )
    .set((
        notification_deliveries::status.eq("pending"),
        notification_deliveries::next_attempt_at.eq(diesel::dsl::now),
        notification_deliveries::first_attempt_at.eq(None::<DateTime<Utc>>),
        notification_deliveries::lease_until.eq(None::<DateTime<Utc>>),
    ))
    .execute(conn)
    .await?;
    if changed == 1 {
        return Ok(Some(true));
    }
    let exists: i64 = notification_deliveries::table
        .filter(notification_deliveries::id.eq(id))
        .count()
        .get_result(conn)
        .await?;
    Ok((exists > 0).then_some(false))
}

/// One delivery with its event.
pub async fn find(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Listed> {
    notification_deliveries::table
        .inner_join(notification_events::table)
        .filter(notification_deliveries::id.eq(id))
        .select((
            Delivery::as_select(),
            notification_events::event,
            notification_events::order_code,
            notification_events::data,
        ))
        .first(conn)
        .await
}

/// A page of deliveries, newest first (or oldest with `ascending`), each with its event.
pub async fn page(
    conn: &mut AsyncPgConnection,
    filter: &DeliveryFilter,
    ascending: bool,
    limit: i64,
    offset: i64,
) -> QueryResult<Vec<Listed>> {
    let query = filtered!(filter).select((
        Delivery::as_select(),
        notification_events::event,
        notification_events::order_code,
        notification_events::data,
    ));
    let query = if ascending {
        query.order((
            notification_deliveries::created_at.asc(),
            notification_deliveries::id.asc(),
        ))
    } else {
        query.order((
            notification_deliveries::created_at.desc(),
            notification_deliveries::id.desc(),
        ))
    };
    query.limit(limit).offset(offset).load(conn).await
}

pub async fn count(conn: &mut AsyncPgConnection, filter: &DeliveryFilter) -> QueryResult<i64> {
    filtered!(filter).count().get_result(conn).await
}

/// An order's deliveries, oldest first.
pub async fn by_order(conn: &mut AsyncPgConnection, order_code: &str) -> QueryResult<Vec<Listed>> {
    notification_deliveries::table
        .inner_join(notification_events::table)
        .filter(notification_events::order_code.eq(order_code))
        .select((
            Delivery::as_select(),
            notification_events::event,
            notification_events::order_code,
            notification_events::data,
        ))
        .order((
            notification_deliveries::created_at.asc(),
            notification_deliveries::id.asc(),
        ))
        .limit(500)
        .load(conn)
        .await
}

/// Deliveries still to send (`pending` or `sending`), per channel.
pub async fn pending_by_channel(conn: &mut AsyncPgConnection) -> QueryResult<Vec<(String, i64)>> {
    let rows: Vec<CountRow> = diesel::sql_query(
        "SELECT channel, count(*) AS n FROM notification_deliveries \
         WHERE status IN ('pending', 'sending') GROUP BY channel",
    )
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.channel, r.n)).collect())
}
