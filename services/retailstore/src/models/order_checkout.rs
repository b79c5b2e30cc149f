//! The buying flow's hot paths, one statement each: CreateOrder's reservation
//! (`checkout_create_order`) and the bank's ConfirmPayment (`confirm_bank_payment`), SQL
//! functions of the migration `checkout_functions`. Each commits or rolls back as a whole
//! by itself; a refusal is an exception whose message names it ([`Refusal`]).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::QueryResult;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::result::Error as DieselError;
use diesel::sql_types::{Array, BigInt, Bool, Bytea, Integer, Jsonb, Nullable, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use shop_common::db::cached_sql;
use uuid::Uuid;

use crate::crypto::SealedCode;
use crate::models::order::{Order, OrderItem};
use crate::models::product::Product;
use crate::schema::{product_stock, products};

/// Why a checkout function refused, from its exception's message (`checkout:<reason>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A product changed since the order was priced.
    Retry,
    /// A concurrent request with the same Idempotency-Key committed first.
    KeyTaken,
    /// Lines the stock cannot cover: the codes each could have, by order line id.
    OutOfStock(HashMap<Uuid, usize>),
    TooManyUnpaid,
    OrderNotFound,
    ProviderMismatch,
    /// Locked codes changed before the reservation.
    Inconsistent,
}

impl Refusal {
    /// The refusal a database error stands for, if it is one.
    pub fn of(error: &DieselError) -> Option<Self> {
        let DieselError::DatabaseError(_, info) = error else {
            return None;
        };
        Some(match info.message().strip_prefix("checkout:")? {
            "retry" => Self::Retry,
            "key_taken" => Self::KeyTaken,
            "out_of_stock" => {
                Self::OutOfStock(serde_json::from_str(info.details().unwrap_or_default()).ok()?)
            }
            "too_many_unpaid" => Self::TooManyUnpaid,
            "order_not_found" => Self::OrderNotFound,
            "provider_mismatch" => Self::ProviderMismatch,
            "inconsistent" => Self::Inconsistent,
            _ => return None,
        })
    }
}

/// A shopper e-mail row the function writes: its id, event, token hash and sealed link.
pub struct MailRow<'a> {
    pub id: Uuid,
    pub event: &'a str,
    pub token_hash: &'a [u8; 32],
    pub link: &'a SealedCode,
}

/// The answer of an Idempotency-Key, sealed, stored with its claim.
pub struct KeyClaim<'a> {
    pub scope: &'a str,
    pub key: &'a str,
    pub request_hash: &'a [u8],
    pub answer: &'a SealedCode,
    pub expires_at: DateTime<Utc>,
}

/// Everything `checkout_create_order` writes, computed beforehand.
pub struct NewCheckout<'a> {
    /// The order as it will be stored (its own defaults included).
    pub order: &'a Order,
    pub client_key: Option<&'a str>,
    /// The e-mail as the unpaid limit compares it.
    pub email_key: &'a str,
    pub items: &'a [OrderItem],
    /// 0: no limit.
    pub max_unpaid_per_email: i64,
    pub max_unpaid_per_client: i64,
    pub event: (Uuid, &'a str, &'a str),
    pub mail: MailRow<'a>,
    pub mail_data: &'a serde_json::Value,
    pub low_stock_event: &'a str,
    /// An outbox id per item, for a low_stock row of its product.
    pub low_stock_ids: &'a [Uuid],
    pub claim: Option<KeyClaim<'a>>,
}

/// `$1`..`$47`: the parameters of `checkout_create_order` in order.
const CREATE_ORDER: &str = "SELECT 1 AS done FROM checkout_create_order(\
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, \
    $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38, \
    $39, $40, $41, $42, $43, $44, $45, $46, $47)";

#[derive(QueryableByName)]
struct Done {
    #[diesel(sql_type = Integer)]
    #[allow(dead_code)]
    done: i32,
}

/// See [`Order::confirm_bank_payment`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirmed {
    Applied,
    AlreadyApplied,
    /// Nothing written: apply it by the service's own rules.
    Fallback,
}

/// A bank transfer as `confirm_bank_payment` applies it.
pub struct BankTransfer<'a> {
    pub order_code: &'a str,
    pub amount: i64,
    pub provider_id: Uuid,
    pub transaction_id: &'a str,
    pub paid_at: DateTime<Utc>,
    pub staff_assigned: bool,
    pub actor: Option<&'a str>,
    pub payment_id: Uuid,
    /// The payment_received and completed events: (id, type).
    pub events: [(Uuid, &'a str); 2],
    pub at: DateTime<Utc>,
    /// The codes_ready e-mail, written when the order completes.
    pub mail: MailRow<'a>,
}

#[derive(QueryableByName)]
struct ConfirmedRow {
    #[diesel(sql_type = Text)]
    outcome: String,
    #[diesel(embed)]
    order: Order,
}

impl Order {
    /// CreateOrder's transaction in one statement (see the migration): the order, its
    /// lines, its codes reserved, its first event, its e-mail, low_stock rows and the
    /// Idempotency-Key's answer, or nothing and a [`Refusal`] (a taken order code is the
    /// unique violation of `orders_code_key`).
    pub async fn checkout(conn: &mut AsyncPgConnection, c: &NewCheckout<'_>) -> QueryResult<()> {
        let o = c.order;
        let items = c.items;
        let column = |f: fn(&OrderItem) -> Uuid| items.iter().map(f).collect::<Vec<_>>();
        let claim = c.claim.as_ref();
        cached_sql(CREATE_ORDER)
            .bind::<diesel::sql_types::Uuid, _>(o.id)
            .bind::<Text, _>(&o.code)
            .bind::<Bytea, _>(&o.access_token_hash)
            .bind::<Text, _>(&o.email)
            .bind::<Text, _>(c.email_key)
            .bind::<Nullable<Text>, _>(o.phone.as_deref())
            .bind::<Nullable<Text>, _>(o.customer_name.as_deref())
            .bind::<Nullable<Text>, _>(o.note.as_deref())
            .bind::<Nullable<Text>, _>(o.ip.as_deref())
            .bind::<Nullable<Text>, _>(c.client_key)
            .bind::<Nullable<Text>, _>(o.user_agent.as_deref())
            .bind::<BigInt, _>(o.total)
            .bind::<Integer, _>(o.item_count)
            .bind::<diesel::sql_types::Uuid, _>(o.provider_id)
            .bind::<Text, _>(&o.provider_name)
            .bind::<Jsonb, _>(&o.payment)
            .bind::<Timestamptz, _>(o.expires_at)
            .bind::<Timestamptz, _>(o.created_at)
            .bind::<Array<diesel::sql_types::Uuid>, _>(column(|i| i.id))
            .bind::<Array<diesel::sql_types::Uuid>, _>(column(|i| i.product_id))
            .bind::<Array<Integer>, _>(items.iter().map(|i| i.position).collect::<Vec<_>>())
            .bind::<Array<Text>, _>(
                items
                    .iter()
                    .map(|i| i.product_name.as_str())
                    .collect::<Vec<_>>(),
            )
            .bind::<Array<Nullable<Text>>, _>(
                items
                    .iter()
                    .map(|i| i.image_url.as_deref())
                    .collect::<Vec<_>>(),
            )
            .bind::<Array<BigInt>, _>(items.iter().map(|i| i.unit_price).collect::<Vec<_>>())
            .bind::<Array<Integer>, _>(items.iter().map(|i| i.quantity).collect::<Vec<_>>())
            .bind::<Array<BigInt>, _>(items.iter().map(|i| i.line_total).collect::<Vec<_>>())
            .bind::<BigInt, _>(c.max_unpaid_per_email)
            .bind::<BigInt, _>(c.max_unpaid_per_client)
            .bind::<diesel::sql_types::Uuid, _>(c.event.0)
            .bind::<Text, _>(c.event.1)
            .bind::<Text, _>(c.event.2)
            .bind::<diesel::sql_types::Uuid, _>(c.mail.id)
            .bind::<Text, _>(c.mail.event)
            .bind::<Bytea, _>(c.mail.token_hash.as_slice())
            .bind::<Jsonb, _>(c.mail_data)
            .bind::<Integer, _>(c.mail.link.key_id)
            .bind::<Bytea, _>(c.mail.link.nonce.as_slice())
            .bind::<Bytea, _>(c.mail.link.ciphertext.as_slice())
            .bind::<Text, _>(c.low_stock_event)
            .bind::<Array<diesel::sql_types::Uuid>, _>(c.low_stock_ids)
            .bind::<Nullable<Text>, _>(claim.map(|k| k.scope))
            .bind::<Nullable<Text>, _>(claim.map(|k| k.key))
            .bind::<Nullable<Bytea>, _>(claim.map(|k| k.request_hash))
            .bind::<Nullable<Integer>, _>(claim.map(|k| k.answer.key_id))
            .bind::<Nullable<Bytea>, _>(claim.map(|k| k.answer.nonce.as_slice()))
            .bind::<Nullable<Bytea>, _>(claim.map(|k| k.answer.ciphertext.as_slice()))
            .bind::<Nullable<Timestamptz>, _>(claim.map(|k| k.expires_at))
            .get_result::<Done>(conn)
            .await
            .map(|_| ())
    }

    /// The bank's ConfirmPayment in one statement for the plain case (see the
    /// migration): the order as it now is and what happened to it. [`Confirmed::Fallback`]
    /// wrote nothing. Unknown code or another provider: a [`Refusal`].
    pub async fn confirm_bank_payment(
        conn: &mut AsyncPgConnection,
        t: &BankTransfer<'_>,
    ) -> QueryResult<(Order, Confirmed)> {
        let row: ConfirmedRow = cached_sql(
            "SELECT r.outcome, (r.settled).* FROM confirm_bank_payment(\
                $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) r",
        )
        .bind::<Text, _>(t.order_code)
        .bind::<BigInt, _>(t.amount)
        .bind::<diesel::sql_types::Uuid, _>(t.provider_id)
        .bind::<Text, _>(t.transaction_id)
        .bind::<Timestamptz, _>(t.paid_at)
        .bind::<Bool, _>(t.staff_assigned)
        .bind::<Nullable<Text>, _>(t.actor)
        .bind::<diesel::sql_types::Uuid, _>(t.payment_id)
        .bind::<Array<diesel::sql_types::Uuid>, _>(t.events.map(|e| e.0).to_vec())
        .bind::<Array<Text>, _>(t.events.map(|e| e.1).to_vec())
        .bind::<Timestamptz, _>(t.at)
        .bind::<diesel::sql_types::Uuid, _>(t.mail.id)
        .bind::<Text, _>(t.mail.event)
        .bind::<Bytea, _>(t.mail.token_hash.as_slice())
        .bind::<Integer, _>(t.mail.link.key_id)
        .bind::<Bytea, _>(t.mail.link.nonce.as_slice())
        .bind::<Bytea, _>(t.mail.link.ciphertext.as_slice())
        .get_result(conn)
        .await?;
        let outcome = match row.outcome.as_str() {
            "applied" => Confirmed::Applied,
            "already_applied" => Confirmed::AlreadyApplied,
            _ => Confirmed::Fallback,
        };
        Ok((row.order, outcome))
    }
}

/// What CreateOrder reads before asking paymentprovider, in one statement.
#[derive(Debug)]
pub struct Offers {
    /// The products ordered, with their `available` counters (an upper bound of the
    /// sellable codes).
    pub products: Vec<(Product, i64)>,
    /// Unpaid (`pending_payment`) orders of the e-mail (compared case-insensitively) and
    /// of the client key (0 without one); both 0 without `counts` or without products.
    pub unpaid: (i64, i64),
}

/// The products of an order request with their stock counters (no lock), and with
/// `counts` the unpaid orders of the e-mail and of the client, each count reading its
/// partial index (the status is a literal in the text).
pub async fn offers(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
    counts: Option<(&str, Option<&str>)>,
) -> QueryResult<Offers> {
    let query = products::table
        .inner_join(product_stock::table)
        .filter(products::id.eq_any(ids))
        .order(products::id.asc());
    let Some((email_key, client_key)) = counts else {
        let products = query
            .select((Product::as_select(), product_stock::available))
            .load(conn)
            .await?;
        return Ok(Offers {
            products,
            unpaid: (0, 0),
        });
    };
    let by_email = sql::<BigInt>(
        "(SELECT count(*) FROM orders WHERE status = 'pending_payment' AND lower(email) = ",
    )
    .bind::<Text, _>(email_key.to_owned())
    .sql(")");
    let by_client = sql::<BigInt>(
        "(SELECT count(*) FROM orders WHERE status = 'pending_payment' AND client_key = ",
    )
    .bind::<Nullable<Text>, _>(client_key.map(str::to_owned))
    .sql(")");
    let rows: Vec<(Product, i64, i64, i64)> = query
        .select((
            Product::as_select(),
            product_stock::available,
            by_email,
            by_client,
        ))
        .load(conn)
        .await?;
    let unpaid = <[_]>::first(&rows).map_or((0, 0), |r| (r.2, r.3));
    Ok(Offers {
        products: rows.into_iter().map(|(p, n, _, _)| (p, n)).collect(),
        unpaid,
    })
}

#[derive(QueryableByName)]
struct Reserved {
    #[diesel(sql_type = Integer)]
    reserved: i32,
    #[diesel(sql_type = Text)]
    short: String,
}

/// Makes every line of an order hold its quantity of reserved codes, taking the missing
/// ones from stock in one statement (`reserve_order_codes`, the same reservation loop as
/// CreateOrder's): the codes taken, or the codes each short line could have, by line id,
/// with nothing reserved. Call inside a transaction, with the order locked.
pub async fn reserve_order_codes(
    conn: &mut AsyncPgConnection,
    order_id: Uuid,
) -> QueryResult<ReservedCodes> {
    let row: Reserved =
        cached_sql("SELECT r.reserved, r.short::text AS short FROM reserve_order_codes($1) r")
            .bind::<diesel::sql_types::Uuid, _>(order_id)
            .get_result(conn)
            .await?;
    let short: HashMap<Uuid, usize> = serde_json::from_str(&row.short)
        .map_err(|e| DieselError::DeserializationError(Box::new(e)))?;
    if short.is_empty() {
        Ok(ReservedCodes::Taken(
            usize::try_from(row.reserved).unwrap_or(0),
        ))
    } else {
        Ok(ReservedCodes::Short(short))
    }
}

/// What [`reserve_order_codes`] came to.
#[derive(Debug)]
pub enum ReservedCodes {
    /// Every line holds its codes; this many were taken from stock.
    Taken(usize),
    /// Nothing reserved: the codes each short line could have, by line id.
    Short(HashMap<Uuid, usize>),
}
