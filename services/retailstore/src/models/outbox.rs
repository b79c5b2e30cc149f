//! The notification outbox (docs/notifications.md, section 1), an order's extra access
//! tokens and the low-stock alerts' last times. The relay's own statements live in
//! `shop_common::outbox`; these are the writes the business transactions make.

use diesel::QueryableByName;
use diesel::sql_types::{Array, BigInt, Bytea, Integer, Jsonb, Nullable, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use shop_common::db::cached_sql;
use uuid::Uuid;

use crate::crypto::SealedCode;
use crate::models::serial_code::EXPIRING;

/// One event to relay. Call [`insert`](Self::insert) inside the transaction of the change
/// that raises it.
pub struct NewOutboxRow<'a> {
    pub id: Uuid,
    pub event: &'a str,
    pub order_code: Option<&'a str>,
    pub recipient_email: Option<&'a str>,
    pub data: &'a serde_json::Value,
    /// The order link, sealed for this row's id.
    pub link: Option<&'a SealedCode>,
}

impl NewOutboxRow<'_> {
    pub async fn insert(&self, conn: &mut AsyncPgConnection) -> diesel::QueryResult<()> {
        cached_sql(
            "INSERT INTO outbox (id, event, order_code, recipient_email, data, link_key_id, \
                                 link_nonce, link_sealed) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind::<diesel::sql_types::Uuid, _>(self.id)
        .bind::<Text, _>(self.event)
        .bind::<Nullable<Text>, _>(self.order_code)
        .bind::<Nullable<Text>, _>(self.recipient_email)
        .bind::<Jsonb, _>(self.data)
        .bind::<Nullable<Integer>, _>(self.link.map(|l| l.key_id))
        .bind::<Nullable<Bytea>, _>(self.link.map(|l| l.nonce.as_slice()))
        .bind::<Nullable<Bytea>, _>(self.link.map(|l| l.ciphertext.as_slice()))
        .execute(conn)
        .await
        .map(|_| ())
    }
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// The rows of `event` about `order_code` written in the last `seconds` (relayed or
/// not: relayed rows are kept 7 days). Call with the order locked when the count guards
/// a write.
pub async fn recent_count(
    conn: &mut AsyncPgConnection,
    order_code: &str,
    event: &str,
    seconds: i64,
) -> diesel::QueryResult<i64> {
    cached_sql(
        "SELECT count(*) AS n FROM outbox \
          WHERE order_code = $1 AND event = $2 \
            AND created_at > now() - make_interval(secs => $3)",
    )
    .bind::<Text, _>(order_code)
    .bind::<Text, _>(event)
    .bind::<BigInt, _>(seconds)
    .get_result::<Count>(conn)
    .await
    .map(|c| c.n)
}

/// An order's tokens besides the page's own (`orders.access_token_hash`).
pub struct AccessTokens;

impl AccessTokens {
    pub async fn insert(
        conn: &mut AsyncPgConnection,
        order_id: Uuid,
        token_hash: &[u8; 32],
    ) -> diesel::QueryResult<()> {
        cached_sql("INSERT INTO order_access_tokens (order_id, token_hash) VALUES ($1, $2)")
            .bind::<diesel::sql_types::Uuid, _>(order_id)
            .bind::<Bytea, _>(token_hash.as_slice())
            .execute(conn)
            .await
            .map(|_| ())
    }

    /// Whether `token_hash` is one of the order's e-mail tokens. Looked up by equality:
    /// the hash is of the presented token, so its timing tells nothing of a stored one.
    pub async fn holds(
        conn: &mut AsyncPgConnection,
        order_id: Uuid,
        token_hash: &[u8; 32],
    ) -> diesel::QueryResult<bool> {
        cached_sql(
            "SELECT count(*) AS n FROM order_access_tokens \
              WHERE order_id = $1 AND token_hash = $2",
        )
        .bind::<diesel::sql_types::Uuid, _>(order_id)
        .bind::<Bytea, _>(token_hash.as_slice())
        .get_result::<Count>(conn)
        .await
        .map(|c| c.n > 0)
    }

    /// Revokes every e-mail token of the order.
    pub async fn delete_all(
        conn: &mut AsyncPgConnection,
        order_id: Uuid,
    ) -> diesel::QueryResult<usize> {
        cached_sql("DELETE FROM order_access_tokens WHERE order_id = $1")
            .bind::<diesel::sql_types::Uuid, _>(order_id)
            .execute(conn)
            .await
    }
}

/// A product a reservation just left at or below its threshold.
#[derive(Debug, Clone, QueryableByName)]
pub struct LowStock {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    pub product_id: Uuid,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = BigInt)]
    pub available: i64,
    #[diesel(sql_type = Integer)]
    pub threshold: i32,
}

/// Of `product_ids`, those whose sellable stock (as this transaction sees it) is at or
/// below their threshold (where the dashboard and the storefront call it low) and that
/// have not raised an alert in the last 24 h; each is stamped in `low_stock_alerts` by
/// the same statement. Concurrent transactions crossing the
/// threshold of one product queue on its alert row: the first stamps it, the others
/// then find it stamped and return nothing. Products are stamped in id order, so two
/// orders of the same products never wait for each other the wrong way round. Call
/// inside the reserving transaction.
pub async fn flag_low_stock(
    conn: &mut AsyncPgConnection,
    product_ids: &[Uuid],
) -> diesel::QueryResult<Vec<LowStock>> {
    if product_ids.is_empty() {
        return Ok(Vec::new());
    }
    cached_sql(format!(
        "WITH {} \
         SELECT low.id AS product_id, low.name, low.available, low.threshold \
           FROM low JOIN stamped ON stamped.product_id = low.id \
          ORDER BY low.id",
        low_and_stamped("SELECT unnest($1::uuid[])")
    ))
    .bind::<Array<diesel::sql_types::Uuid>, _>(product_ids)
    .load(conn)
    .await
}

/// The low-stock check of [`flag_low_stock`] with its outbox rows, as one statement of its
/// own, run after an order committed. Inside its transaction a reservation sees only the
/// orders committed before it, so orders of one product committing together can each see
/// the stock above the threshold while together they leave it below; run after the
/// commit, the check of the last of them sees the stock they left. The day's stamp keeps
/// it to one alert. `product_ids` sorted and distinct, `row_ids` one outbox id for each.
pub async fn raise_low_stock(
    conn: &mut AsyncPgConnection,
    product_ids: &[Uuid],
    row_ids: &[Uuid],
    event: &str,
) -> diesel::QueryResult<usize> {
    if product_ids.is_empty() {
        return Ok(0);
    }
    // Each placeholder once, in order (`cached_sql`): the pairs are read once, up front.
    cached_sql(format!(
        "WITH r AS (SELECT * FROM unnest($1::uuid[], $2::uuid[]) AS r(product_id, id)), {} \
         INSERT INTO outbox (id, event, data) \
         SELECT r.id, $3, jsonb_build_object('productId', low.id, 'productName', low.name, \
                                             'available', low.available, \
                                             'threshold', low.threshold) \
           FROM low \
           JOIN stamped ON stamped.product_id = low.id \
           JOIN r ON r.product_id = low.id \
          ORDER BY r.id",
        low_and_stamped("SELECT product_id FROM r")
    ))
    .bind::<Array<diesel::sql_types::Uuid>, _>(product_ids)
    .bind::<Array<diesel::sql_types::Uuid>, _>(row_ids)
    .bind::<Text, _>(event)
    .execute(conn)
    .await
}

/// The low-stock rule both checks share, as the common table expressions `low` (the
/// products of `products`, a subquery of ids, with their sellable stock: expiring codes
/// set aside) and `stamped` (those at or below their threshold and not alerted in 24 h,
/// stamped now, in id order).
fn low_and_stamped(products: &str) -> String {
    format!(
        "low AS ( \
           SELECT p.id, p.name, p.low_stock_threshold AS threshold, \
                  greatest(s.available - (SELECT count(*) FROM serial_codes \
                                           WHERE product_id = p.id AND {EXPIRING}), 0) \
                      AS available \
             FROM products p JOIN product_stock s ON s.product_id = p.id \
            WHERE p.id IN ({products})), \
         stamped AS ( \
           INSERT INTO low_stock_alerts AS a (product_id, alerted_at) \
           SELECT id, now() FROM low WHERE available <= threshold ORDER BY id \
           ON CONFLICT (product_id) DO UPDATE SET alerted_at = excluded.alerted_at \
            WHERE a.alerted_at < now() - interval '24 hours' \
           RETURNING product_id)"
    )
}
