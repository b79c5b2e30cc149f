//! The audit trail of revealed codes.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::schema::code_reveals;

#[derive(Debug, Insertable)]
#[diesel(table_name = code_reveals)]
pub struct NewCodeReveal<'a> {
    pub id: Uuid,
    pub serial_code_id: Uuid,
    pub product_id: Uuid,
    pub user_id: Uuid,
    pub user_name: &'a str,
}

impl NewCodeReveal<'_> {
    /// Records several reveals in one statement (an order's codes).
    pub async fn insert_all(
        conn: &mut AsyncPgConnection,
        rows: &[NewCodeReveal<'_>],
    ) -> QueryResult<()> {
        diesel::insert_into(code_reveals::table)
            .values(rows)
            .execute(conn)
            .await
            .map(|_| ())
    }

    /// Records the reveal; call inside the transaction that reads the code.
    pub async fn insert(&self, conn: &mut AsyncPgConnection) -> QueryResult<()> {
        diesel::insert_into(code_reveals::table)
            .values(self)
            .execute(conn)
            .await
            .map(|_| ())
    }
}
