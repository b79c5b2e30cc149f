//! Which provider each order's payment instruction named: money for the order that
//! arrives through another provider is held back for staff.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::schema::order_providers;

pub struct OrderProvider;

impl OrderProvider {
    /// Records (or moves, for a repeated instruction) the order's provider.
    pub async fn record(
        conn: &mut AsyncPgConnection,
        order_code: &str,
        provider_id: Uuid,
    ) -> QueryResult<()> {
        let code = order_code.to_ascii_uppercase();
        diesel::insert_into(order_providers::table)
            .values((
                order_providers::order_code.eq(&code),
                order_providers::provider_id.eq(provider_id),
            ))
            .on_conflict(order_providers::order_code)
            .do_update()
            .set(order_providers::provider_id.eq(provider_id))
            .execute(conn)
            .await
            .map(|_| ())
    }

    /// The provider the order's instruction named, if this service made one.
    pub async fn find(conn: &mut AsyncPgConnection, order_code: &str) -> QueryResult<Option<Uuid>> {
        order_providers::table
            .find(order_code.to_ascii_uppercase())
            .select(order_providers::provider_id)
            .get_result(conn)
            .await
            .optional()
    }
}
