//! Test deliveries ("Gửi thử"): stored apart from `payment_transactions`, so that no query
//! about money ever sees one.
//!
//! Nothing in the service reads a test delivery back: the webhook tells a test by the
//! marker in the body it is handling, and "Gửi thử" by the webhook's answer. A row is
//! only a record for staff looking into a provider's setup, so each provider keeps a few
//! recent ones, pruned whenever one is stored: never by a job, and bounded however often
//! a caller holding the provider's secret sends the marker.

use chrono::{DateTime, TimeDelta, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use crate::schema::webhook_test_deliveries;

/// How long a test delivery is kept: long enough to look back over a day of setting
/// SePay up, and nothing needs it once its delivery has been answered.
pub const KEEP_FOR: TimeDelta = TimeDelta::days(1);

/// How many test deliveries a provider keeps at most, the one just stored included:
/// enough for one setup session's clicks, so a repeated click never grows the table.
pub const KEEP_PER_PROVIDER: i64 = 20;

/// The insert form of a test delivery.
#[derive(Debug, Insertable)]
#[diesel(table_name = webhook_test_deliveries)]
pub struct NewTestDelivery<'a> {
    pub id: Uuid,
    pub provider_id: Uuid,
    pub raw: &'a Value,
    pub received_at: DateTime<Utc>,
}

impl NewTestDelivery<'_> {
    /// Stores the test delivery (the same test id delivered again is stored once) and, in
    /// the same transaction, drops the provider's test deliveries older than [`KEEP_FOR`]
    /// or beyond its newest [`KEEP_PER_PROVIDER`]; the one just stored always stays.
    /// Other providers' rows are left alone. Two deliveries for one provider at the same
    /// instant may each leave one over the bound, until its next one.
    pub async fn insert(&self, conn: &mut AsyncPgConnection) -> QueryResult<()> {
        use webhook_test_deliveries::dsl::{id, provider_id, received_at};
        conn.transaction(async |conn| {
            diesel::insert_into(webhook_test_deliveries::table)
                .values(self)
                .on_conflict_do_nothing()
                .execute(conn)
                .await?;
            let others = || {
                webhook_test_deliveries::table
                    .filter(provider_id.eq(self.provider_id))
                    .filter(id.ne(self.id))
            };
            let kept: Vec<Uuid> = others()
                .order((received_at.desc(), id.desc()))
                .select(id)
                .limit(KEEP_PER_PROVIDER - 1)
                .load(conn)
                .await?;
            let pruned = diesel::delete(others().filter(
                received_at
                    .lt(self.received_at - KEEP_FOR)
                    .or(id.ne_all(kept)),
            ))
            .execute(conn)
            .await?;
            if pruned > 0 {
                tracing::debug!(provider_id = %self.provider_id, pruned, "old test deliveries dropped");
            }
            Ok(())
        })
        .await
    }
}
