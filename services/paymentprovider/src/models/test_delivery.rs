//! Test deliveries ("Gửi thử"): stored apart from `payment_transactions`, so that no query
//! about money ever sees one.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use crate::schema::webhook_test_deliveries;

/// The insert form of a test delivery.
#[derive(Debug, Insertable)]
#[diesel(table_name = webhook_test_deliveries)]
pub struct NewTestDelivery<'a> {
    pub id: Uuid,
    pub provider_id: Uuid,
    pub raw: &'a Value,
}

impl NewTestDelivery<'_> {
    /// Stores the test delivery; the same test id delivered again is stored once.
    pub async fn insert(&self, conn: &mut AsyncPgConnection) -> QueryResult<()> {
        diesel::insert_into(webhook_test_deliveries::table)
            .values(self)
            .on_conflict_do_nothing()
            .execute(conn)
            .await
            .map(|_| ())
    }
}
