//! Received bank transactions: the row, its insert form, and the queries. Every change of
//! a `pending` row is guarded (`WHERE status = 'pending' AND order_code = ...`), so a
//! late answer can never overwrite what another worker or staff decided meanwhile, and
//! every claim is a single statement, so two workers never hold one row at once.
//!
//! Times that leases and retries compare are taken from the database clock (`now()`),
//! never from a replica's own.

use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use diesel::dsl::{now, sql};
use diesel::expression::{AsExpression, SqlLiteral, UncheckedBind};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Interval, Jsonb, Nullable, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use shop_common::db::cached_sql;
use shop_common::pagination::like_pattern;
use uuid::Uuid;

use crate::domain::sepay::Delivery;
use crate::domain::transaction::{
    TransactionFlag, TransactionSource, TransactionStatus, TransferType, bank_ref,
};
use crate::schema::{payment_providers, payment_transactions};

#[derive(Debug, Clone, Queryable, QueryableByName, Selectable, Identifiable)]
#[diesel(table_name = payment_transactions, check_for_backend(diesel::pg::Pg))]
pub struct Transaction {
    pub id: Uuid,
    pub provider_id: Uuid,
    pub external_id: String,
    pub gateway: String,
    pub transaction_date: DateTime<Utc>,
    pub account_number: String,
    pub sub_account: Option<String>,
    pub code: Option<String>,
    pub content: String,
    pub transfer_type: TransferType,
    pub amount: i64,
    pub accumulated: Option<i64>,
    pub reference_code: Option<String>,
    pub description: Option<String>,
    pub status: TransactionStatus,
    pub order_code: Option<String>,
    pub attempts: i32,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub processed_at: Option<DateTime<Utc>>,
    /// `sepay:<SePay id>`, unique across providers (NULL only on rows an older binary
    /// stored).
    pub bank_ref: Option<String>,
    /// retailstore knows this row by its own id (rows stored before bank_ref).
    pub legacy_confirm: bool,
    pub flag: Option<TransactionFlag>,
    pub source: TransactionSource,
}

impl Transaction {
    /// A pending row with the mismatch flag got there only by staff's Assign (flagged
    /// rows are stored `unmatched`): retailstore may then accept money through another
    /// provider than the order's.
    pub fn staff_assigned(&self) -> bool {
        self.status == TransactionStatus::Pending
            && self.flag == Some(TransactionFlag::ProviderMismatch)
    }

    /// The `transactionId` retailstore's ConfirmPayment gets: the transfer's natural id,
    /// or this row's id for a row retailstore may already know by it.
    pub fn confirm_id(&self) -> String {
        match (&self.bank_ref, self.legacy_confirm) {
            (Some(bank_ref), false) => bank_ref.clone(),
            _ => self.id.to_string(),
        }
    }
}

/// The insert form: a delivery with its first classification.
#[derive(Debug, Insertable)]
#[diesel(table_name = payment_transactions)]
pub struct NewTransaction<'a> {
    pub id: Uuid,
    pub provider_id: Uuid,
    pub external_id: &'a str,
    pub gateway: &'a str,
    pub transaction_date: DateTime<Utc>,
    pub account_number: &'a str,
    pub sub_account: Option<&'a str>,
    pub code: Option<&'a str>,
    pub content: &'a str,
    pub transfer_type: TransferType,
    pub amount: i64,
    pub accumulated: Option<i64>,
    pub reference_code: Option<&'a str>,
    pub description: Option<&'a str>,
    pub raw: &'a Value,
    pub status: TransactionStatus,
    pub order_code: Option<&'a str>,
    pub bank_ref: String,
    pub flag: Option<TransactionFlag>,
    /// Why it is held back, for staff (with `flag`).
    pub last_error: Option<String>,
    pub source: TransactionSource,
}

impl<'a> NewTransaction<'a> {
    pub fn new(
        provider_id: Uuid,
        d: &'a Delivery,
        raw: &'a Value,
        status: TransactionStatus,
        order_code: Option<&'a str>,
    ) -> Self {
        Self {
            bank_ref: bank_ref(&d.external_id),
            flag: None,
            last_error: None,
            source: TransactionSource::Webhook,
            id: Uuid::new_v4(),
            provider_id,
            external_id: &d.external_id,
            gateway: &d.gateway,
            transaction_date: d.transaction_date,
            account_number: &d.account_number,
            sub_account: d.sub_account.as_deref(),
            code: d.code.as_deref(),
            content: &d.content,
            transfer_type: d.transfer_type,
            amount: d.amount,
            accumulated: d.accumulated,
            reference_code: d.reference_code.as_deref(),
            description: d.description.as_deref(),
            raw,
            status,
            order_code,
        }
    }
}

/// What retailstore's answer makes of a pending transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settlement {
    /// Final: `matched` or `duplicate`.
    Done(TransactionStatus),
    /// Final: back to `unmatched`, without an order code, `note` for staff.
    NoSuchOrder { note: String },
    /// Final: `unmatched` with `flag: provider_mismatch`: the order was to be paid
    /// through another provider; staff decide with Assign.
    ProviderMismatch { note: String },
    /// Still pending: one more failed attempt, retried after `retry_in`.
    Failed { error: String, retry_in: Duration },
}

type AfterNow = UncheckedBind<
    SqlLiteral<Nullable<Timestamptz>>,
    <Option<TimeDelta> as AsExpression<Nullable<Interval>>>::Expression,
>;

/// `now() + d` on the database clock (`NULL` for `None`).
fn after_now(d: Option<Duration>) -> AfterNow {
    sql::<Nullable<Timestamptz>>("now() + ").bind::<Nullable<Interval>, _>(d.map(interval))
}

fn interval(d: Duration) -> TimeDelta {
    TimeDelta::from_std(d).unwrap_or(TimeDelta::MAX)
}

/// The columns of [`Transaction`] (not `raw`), for the statements written in SQL.
macro_rules! transaction_columns {
    () => {
        "id, provider_id, external_id, gateway, transaction_date, account_number, \
         sub_account, code, content, transfer_type, amount, accumulated, reference_code, \
         description, status, order_code, attempts, next_attempt_at, last_error, created_at, \
         processed_at, bank_ref, legacy_confirm, flag, source"
    };
}

/// See [`Transaction::claim_due`]. `$1`: the lease, `$2`: the batch size.
const CLAIM_DUE: &str = concat!(
    "UPDATE payment_transactions SET next_attempt_at = now() + $1 \
     WHERE id IN (SELECT id FROM payment_transactions \
                  WHERE status = 'pending' AND next_attempt_at <= now() \
                  ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED) \
     RETURNING ",
    transaction_columns!()
);

/// See [`Transaction::insert`]: `$1`..`$17` the insert form's columns in order, `$18`
/// the lease (`next_attempt_at = now() + $18`, null without one), `$19` `processed_at`,
/// `$20` bank_ref, `$21` flag, `$22` last_error, `$23` source. A conflict on either key
/// (this provider's SePay id, or the transfer's bank_ref whoever stored it) inserts
/// nothing.
const INSERT: &str = concat!(
    "INSERT INTO payment_transactions (id, provider_id, external_id, gateway, \
        transaction_date, account_number, sub_account, code, content, transfer_type, \
        amount, accumulated, reference_code, description, raw, status, order_code, \
        next_attempt_at, processed_at, bank_ref, legacy_confirm, flag, last_error, source) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
             now() + $18, $19, $20, false, $21, $22, $23) \
     ON CONFLICT DO NOTHING \
     RETURNING ",
    transaction_columns!()
);

/// See [`Transaction::settle`] (`Settlement::Done`): `$1` the final status, `$2` the id,
/// `$3` the order code the worker sent.
const SETTLE_DONE: &str = concat!(
    "UPDATE payment_transactions \
        SET status = $1, last_error = NULL, next_attempt_at = NULL, processed_at = now() \
      WHERE id = $2 AND status = 'pending' AND order_code = $3 \
     RETURNING ",
    transaction_columns!()
);

/// The `unmatched` transfers: how many, and their amounts added up (VND).
#[derive(Debug, Clone, Copy, QueryableByName)]
pub struct UnmatchedSummary {
    #[diesel(sql_type = BigInt)]
    pub count: i64,
    #[diesel(sql_type = BigInt)]
    pub total: i64,
}

/// Admin list filters: `keyword` matches content, code, order code or reference code
/// (ILIKE).
#[derive(Debug, Clone, Default)]
pub struct TransactionFilter {
    pub provider_id: Option<Uuid>,
    pub status: Option<TransactionStatus>,
    pub keyword: Option<String>,
}

/// Applies a [`TransactionFilter`] to a boxed query over transactions and providers.
macro_rules! filtered {
    ($filter:expr) => {{
        let mut query = payment_transactions::table
            .inner_join(payment_providers::table)
            .into_boxed();
        if let Some(provider_id) = $filter.provider_id {
            query = query.filter(payment_transactions::provider_id.eq(provider_id));
        }
        if let Some(status) = $filter.status {
            // The rank follows from the status; saying so lets the list indexes serve.
            query = query
                .filter(payment_transactions::sort_rank.eq(status.rank()))
                .filter(payment_transactions::status.eq(status));
        }
        if let Some(keyword) = $filter.keyword.as_deref() {
            let pattern = like_pattern(keyword);
            query = query.filter(
                payment_transactions::content
                    .ilike(pattern.clone())
                    .or(payment_transactions::code.ilike(pattern.clone()))
                    .or(payment_transactions::order_code.ilike(pattern.clone()))
                    .or(payment_transactions::reference_code.ilike(pattern)),
            );
        }
        query
    }};
}

impl Transaction {
    /// Stores a delivery unless this provider already has its transaction id; a `pending`
    /// row starts under a lease of `lease` so that the retry job leaves it to the caller.
    /// `None` when the id was there already.
    pub async fn insert(
        conn: &mut AsyncPgConnection,
        row: &NewTransaction<'_>,
        lease: Option<Duration>,
    ) -> QueryResult<Option<Transaction>> {
        let final_now = (row.status != TransactionStatus::Pending).then(Utc::now);
        cached_sql(INSERT)
            .bind::<diesel::sql_types::Uuid, _>(row.id)
            .bind::<diesel::sql_types::Uuid, _>(row.provider_id)
            .bind::<Text, _>(row.external_id)
            .bind::<Text, _>(row.gateway)
            .bind::<Timestamptz, _>(row.transaction_date)
            .bind::<Text, _>(row.account_number)
            .bind::<Nullable<Text>, _>(row.sub_account)
            .bind::<Nullable<Text>, _>(row.code)
            .bind::<Text, _>(row.content)
            .bind::<Text, _>(row.transfer_type)
            .bind::<BigInt, _>(row.amount)
            .bind::<Nullable<BigInt>, _>(row.accumulated)
            .bind::<Nullable<Text>, _>(row.reference_code)
            .bind::<Nullable<Text>, _>(row.description)
            .bind::<Jsonb, _>(row.raw)
            .bind::<Text, _>(row.status)
            .bind::<Nullable<Text>, _>(row.order_code)
            .bind::<Nullable<Interval>, _>(lease.map(interval))
            .bind::<Nullable<Timestamptz>, _>(final_now)
            .bind::<Text, _>(&row.bank_ref)
            .bind::<Nullable<Text>, _>(row.flag)
            .bind::<Nullable<Text>, _>(row.last_error.as_deref())
            .bind::<Text, _>(row.source)
            .get_result(conn)
            .await
            .optional()
    }

    /// The stored row of a transfer already delivered: the one holding its bank_ref
    /// (whichever provider stored it), or this provider's row of the same SePay id.
    pub async fn find_delivered(
        conn: &mut AsyncPgConnection,
        provider_id: Uuid,
        external_id: &str,
        bank_ref: &str,
    ) -> QueryResult<Transaction> {
        payment_transactions::table
            .filter(
                payment_transactions::bank_ref
                    .eq(bank_ref)
                    .or(payment_transactions::provider_id
                        .eq(provider_id)
                        .and(payment_transactions::external_id.eq(external_id))),
            )
            .order((
                payment_transactions::created_at.asc(),
                payment_transactions::id.asc(),
            ))
            .select(Transaction::as_select())
            .first(conn)
            .await
    }

    /// A transaction with its provider's name.
    pub async fn find_named(
        conn: &mut AsyncPgConnection,
        id: Uuid,
    ) -> QueryResult<(Transaction, String)> {
        payment_transactions::table
            .inner_join(payment_providers::table)
            .filter(payment_transactions::id.eq(id))
            .select((Transaction::as_select(), payment_providers::name))
            .get_result(conn)
            .await
    }

    /// Takes a pending transaction for one attempt now, whatever its schedule (a repeated
    /// delivery retries at once): its next turn moves `lease` ahead. `None` when it is no
    /// longer pending.
    pub async fn claim(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        lease: Duration,
    ) -> QueryResult<Option<Transaction>> {
        diesel::update(
            payment_transactions::table
                .find(id)
                .filter(payment_transactions::status.eq(TransactionStatus::Pending)),
        )
        .set(payment_transactions::next_attempt_at.eq(after_now(Some(lease))))
        .returning(Transaction::as_returning())
        .get_result(conn)
        .await
        .optional()
    }

    /// Takes up to `limit` due pending transactions (oldest due first) in one statement:
    /// the inner `FOR UPDATE SKIP LOCKED` makes concurrent callers take disjoint rows, and
    /// moving `next_attempt_at` ahead by `lease` keeps them away from each other's rows
    /// after the commit, without holding a lock during the calls that follow.
    pub async fn claim_due(
        conn: &mut AsyncPgConnection,
        limit: i64,
        lease: Duration,
    ) -> QueryResult<Vec<Transaction>> {
        diesel::sql_query(CLAIM_DUE)
            .bind::<Interval, _>(interval(lease))
            .bind::<BigInt, _>(limit)
            .load(conn)
            .await
    }

    /// Takes an `unmatched` transaction for `order_code` (staff's Assign): it becomes
    /// `pending` with that code, a fresh attempt count and a lease. `None` when it is not
    /// (or no longer) unmatched: exactly one Assign wins.
    pub async fn claim_unmatched(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        order_code: &str,
        lease: Duration,
    ) -> QueryResult<Option<Transaction>> {
        diesel::update(
            payment_transactions::table
                .find(id)
                .filter(payment_transactions::status.eq(TransactionStatus::Unmatched)),
        )
        .set((
            payment_transactions::status.eq(TransactionStatus::Pending),
            payment_transactions::order_code.eq(order_code),
            payment_transactions::attempts.eq(0),
            payment_transactions::last_error.eq(None::<String>),
            payment_transactions::processed_at.eq(None::<DateTime<Utc>>),
            payment_transactions::next_attempt_at.eq(after_now(Some(lease))),
        ))
        .returning(Transaction::as_returning())
        .get_result(conn)
        .await
        .optional()
    }

    /// Stores retailstore's answer for a pending transaction that was sent with
    /// `order_code`. `None` when the row moved on meanwhile (another worker finished it,
    /// or it is no longer about that order code): nothing is overwritten.
    pub async fn settle(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        order_code: &str,
        outcome: &Settlement,
    ) -> QueryResult<Option<Transaction>> {
        let target = payment_transactions::table
            .find(id)
            .filter(payment_transactions::status.eq(TransactionStatus::Pending))
            .filter(payment_transactions::order_code.eq(order_code));
        let no_time = None::<DateTime<Utc>>;
        let query = diesel::update(target);
        let updated = match outcome {
            // The webhook's usual end: one prepared statement.
            Settlement::Done(status) => {
                cached_sql(SETTLE_DONE)
                    .bind::<Text, _>(*status)
                    .bind::<diesel::sql_types::Uuid, _>(id)
                    .bind::<Text, _>(order_code)
                    .get_result(conn)
                    .await
            }
            Settlement::NoSuchOrder { note } => {
                query
                    .set((
                        payment_transactions::status.eq(TransactionStatus::Unmatched),
                        payment_transactions::order_code.eq(None::<String>),
                        payment_transactions::last_error.eq(note),
                        payment_transactions::next_attempt_at.eq(no_time),
                        payment_transactions::processed_at.eq(now),
                    ))
                    .returning(Transaction::as_returning())
                    .get_result(conn)
                    .await
            }
            Settlement::ProviderMismatch { note } => {
                query
                    .set((
                        payment_transactions::status.eq(TransactionStatus::Unmatched),
                        payment_transactions::order_code.eq(None::<String>),
                        payment_transactions::flag.eq(Some(TransactionFlag::ProviderMismatch)),
                        payment_transactions::last_error.eq(note),
                        payment_transactions::next_attempt_at.eq(no_time),
                        payment_transactions::processed_at.eq(now),
                    ))
                    .returning(Transaction::as_returning())
                    .get_result(conn)
                    .await
            }
            Settlement::Failed { error, retry_in } => {
                query
                    .set((
                        payment_transactions::attempts.eq(payment_transactions::attempts + 1),
                        payment_transactions::last_error.eq(error),
                        payment_transactions::next_attempt_at.eq(after_now(Some(*retry_in))),
                    ))
                    .returning(Transaction::as_returning())
                    .get_result(conn)
                    .await
            }
        };
        updated.optional()
    }

    /// One page for the admin list: unmatched first, then pending, then newest first.
    pub async fn page(
        conn: &mut AsyncPgConnection,
        filter: &TransactionFilter,
        limit: i64,
        offset: i64,
    ) -> QueryResult<Vec<(Transaction, String)>> {
        filtered!(filter)
            .order((
                payment_transactions::sort_rank.asc(),
                payment_transactions::created_at.desc(),
                payment_transactions::id.desc(),
            ))
            .select((Transaction::as_select(), payment_providers::name))
            .limit(limit)
            .offset(offset)
            .load(conn)
            .await
    }

    /// How many transfers wait for staff (`unmatched`) and their amount together, for the
    /// back office's badge and dashboard card.
    pub async fn unmatched_summary(conn: &mut AsyncPgConnection) -> QueryResult<UnmatchedSummary> {
        diesel::sql_query(
            "SELECT count(*)::bigint AS count, COALESCE(sum(amount), 0)::bigint AS total \
               FROM payment_transactions WHERE status = 'unmatched'",
        )
        .get_result(conn)
        .await
    }

    /// The number of transactions matching `filter`.
    pub async fn count(
        conn: &mut AsyncPgConnection,
        filter: &TransactionFilter,
    ) -> QueryResult<i64> {
        filtered!(filter).count().get_result(conn).await
    }
}
