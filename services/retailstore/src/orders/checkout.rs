//! CreateOrder (docs/buying-flow.md): price the lines, check the
//! unpaid-order limits, ask paymentprovider for the payment instruction before any
//! transaction opens (no lock is held across HTTP; a line the stock counters cannot
//! cover is refused before that call), then in one statement (the SQL function
//! `checkout_create_order`, see `models::order_checkout`) lock the products, reserve
//! exactly the codes needed and store the order `pending_payment` with the instruction
//! snapshot, its first event, its e-mail and the Idempotency-Key's answer. Not enough
//! stock: code 400 and nothing reserved.
//!
//! The instruction stays a call to paymentprovider: it records there which provider the
//! order was told to pay through (money arriving through another one is held back) and
//! refuses an inactive provider, neither of which retailstore can know by itself.

use std::collections::HashMap;

use chrono::{SubsecRound, Utc};
use diesel::result::Error as DieselError;
use diesel_async::AsyncPgConnection;
use shop_common::db::DbPool;
use uuid::Uuid;

use crate::config::OrderConfig;
use crate::crypto::CodeCipher;
use crate::domain::order::{
    AccessToken, EventKind, OrderCode, OrderRequest, OrderStatus, PaymentStatus, Priced,
    ProductOffer, price, shortage, uncovered, vnd,
};
use crate::error::StoreError;
use crate::idempotency::{self, Idempotent};
use crate::models::order::{Order, OrderItem};
use crate::models::order_checkout::{KeyClaim, MailRow, NewCheckout, Refusal, offers};
use crate::models::outbox::raise_low_stock;
use crate::models::product::Product;
use crate::notifications::{Event, Notifier};
use crate::orders::admission::InFlight;
use crate::peers::payment_provider::{PaymentInstruction, PaymentProviderClient};

/// Attempts when a drawn order code is taken or a product changes mid-way.
const ATTEMPTS: usize = 3;

/// What the service needs for a checkout.
#[derive(Clone, Copy)]
pub struct Checkout<'a> {
    pub pool: &'a DbPool,
    pub cipher: &'a CodeCipher,
    pub payments: &'a PaymentProviderClient,
    pub config: &'a OrderConfig,
    pub in_flight: &'a InFlight,
    pub notifier: &'a Notifier,
}

/// Who is buying, as far as the request tells.
#[derive(Debug, Clone, Default)]
pub struct ClientInfo {
    /// The address in full, for staff.
    pub ip: Option<String>,
    /// The client the unpaid-order limit counts ([`crate::domain::order::client_key`]:
    /// an IPv6 address by its /64).
    pub key: Option<String>,
    pub user_agent: Option<String>,
}

/// A new order, for the answer (the token exists only here).
#[derive(Debug)]
pub struct Created {
    pub order: Order,
    pub items: Vec<OrderItem>,
    pub token: AccessToken,
}

/// Creates the order and returns the answer `render` made of it. Under an
/// Idempotency-Key the answer is stored sealed by the reservation's own statement and
/// replayed for the same body.
pub async fn create_order<R>(
    deps: Checkout<'_>,
    request: &OrderRequest,
    client: &ClientInfo,
    idempotent: Option<&Idempotent<'_>>,
    render: R,
) -> Result<Vec<u8>, StoreError>
where
    R: Fn(&Created) -> Result<Vec<u8>, StoreError> + Sync,
{
    if let Some(idempotent) = idempotent {
        let mut conn = deps.pool.get().await?;
        if let Some(answer) = idempotent.replay(&mut conn, deps.cipher).await? {
            return Ok(answer);
        }
    }
    let mut attempt = 1;
    loop {
        match attempt_once(deps, request, client, idempotent, &render).await {
            Err(StoreError::OrderCodeTaken | StoreError::Retry) if attempt < ATTEMPTS => {
                attempt += 1;
            }
            Err(StoreError::KeyTaken) => {
                let mut conn = deps.pool.get().await?;
                if let Some(idempotent) = idempotent {
                    return idempotent.replay_winner(&mut conn, deps.cipher).await;
                }
                return Err(StoreError::KeyTaken);
            }
            other => return other,
        }
    }
}

fn product_offers(products: Vec<Product>) -> HashMap<Uuid, ProductOffer> {
    products
        .into_iter()
        .map(|p| {
            (
                p.id,
                ProductOffer {
                    id: p.id,
                    name: p.name,
                    image_url: p.image_url,
                    status: p.status,
                    price: p.price,
                    min_per_order: p.min_per_order,
                    max_per_order: p.max_per_order,
                },
            )
        })
        .collect()
}

/// Whether an unpaid-order limit applies (0: none; the client's only with a client key).
fn limits_on(config: &OrderConfig, has_client: bool) -> bool {
    config.max_unpaid_per_email > 0 || (has_client && config.max_unpaid_per_ip > 0)
}

/// Code 405 when the e-mail or the client (its key: an IPv6 /64 is one client) already
/// holds the most unpaid orders allowed, by the counts read with the products: a hint
/// before paymentprovider is asked, the reservation counts again under locks.
fn check_limits(
    config: &OrderConfig,
    has_client: bool,
    (by_email, by_client): (i64, i64),
) -> Result<(), StoreError> {
    if (config.max_unpaid_per_email > 0 && by_email >= config.max_unpaid_per_email)
        || (has_client && config.max_unpaid_per_ip > 0 && by_client >= config.max_unpaid_per_ip)
    {
        return Err(StoreError::TooManyUnpaid);
    }
    Ok(())
}

/// Code 400 at once, before paymentprovider is asked and before any transaction, for
/// lines the stock counters cannot cover (nothing could be reserved for them anyway).
/// The counters are an upper bound of the sellable codes, so a line they cover goes on
/// to the transaction, which decides. The refusal names the sellable count, as the
/// transaction's would.
async fn refuse_uncovered(
    conn: &mut AsyncPgConnection,
    priced: &Priced,
    available: &HashMap<Uuid, i64>,
) -> Result<(), StoreError> {
    let short = uncovered(priced, available);
    if short.is_empty() {
        return Ok(());
    }
    let ids: Vec<Uuid> = short.iter().map(|(line, _)| line.product_id).collect();
    let expiring = Product::expiring(conn, &ids).await?;
    Err(StoreError::OutOfStock(
        short
            .into_iter()
            .map(|(line, have)| {
                let skipped = expiring.get(&line.product_id).copied().unwrap_or(0);
                let sellable = usize::try_from((have - skipped).max(0)).unwrap_or(0);
                shortage(line.index, &line.product_name, sellable)
            })
            .collect(),
    ))
}

async fn attempt_once<R>(
    deps: Checkout<'_>,
    request: &OrderRequest,
    client: &ClientInfo,
    idempotent: Option<&Idempotent<'_>>,
    render: &R,
) -> Result<Vec<u8>, StoreError>
where
    R: Fn(&Created) -> Result<Vec<u8>, StoreError> + Sync,
{
    let ids: Vec<Uuid> = request.lines.iter().map(|l| l.product_id).collect();
    let (priced, _hold) = {
        let mut conn = deps.pool.get().await?;
        let email_key = request.email.key();
        let limited = limits_on(deps.config, client.key.is_some());
        let read = offers(
            &mut conn,
            &ids,
            limited.then_some((email_key.as_str(), client.key.as_deref())),
        )
        .await?;
        let (products, available): (Vec<Product>, HashMap<Uuid, i64>) = read
            .products
            .into_iter()
            .map(|(p, n)| {
                let id = p.id;
                (p, (id, n))
            })
            .unzip();
        let priced = price(&request.lines, &product_offers(products))?;
        refuse_uncovered(&mut conn, &priced, &available).await?;
        check_limits(deps.config, client.key.is_some(), read.unpaid)?;
        // Held until this attempt's reservation is over (the end of this function).
        let key = idempotent.map(|i| i.key.as_str());
        let hold = match deps.in_flight.try_hold(&priced, &available, key) {
            Ok(hold) => hold,
            Err(left) => {
                refuse_uncovered(&mut conn, &priced, &left).await?;
                // Not reached: `left` leaves a line uncovered.
                return Err(StoreError::Retry);
            }
        };
        (priced, hold)
    };
    // The instruction names the order code and the total, so both exist first.
    let code = OrderCode::generate();
    let instruction = deps
        .payments
        .instruction(request.provider_id, priced.total, code.as_str())
        .await?;
    // Everything the reservation writes is made here, the answer too (an Idempotency-Key
    // stores it sealed with its claim), so that the database is reached once.
    let created = new_order(deps.config, request, client, &code, &priced, &instruction)?;
    let answer = render(&created)?;
    let sealed = idempotent
        .map(|i| i.seal(deps.cipher, &answer))
        .transpose()?;
    let claim = idempotent.zip(sealed.as_ref()).map(|(i, answer)| KeyClaim {
        scope: i.scope,
        key: i.key.as_str(),
        request_hash: &i.hash,
        answer,
        expires_at: Utc::now() + idempotency::TTL,
    });
    let mail = deps.notifier.shopper_mail(code.as_str())?;
    let mail_data = Notifier::order_placed_data(&created.order, &created.items)?;
    let message = format!(
        "Tạo đơn hàng {} mã, tổng {}, chờ thanh toán qua {}",
        created.order.item_count,
        vnd(created.order.total),
        created.order.provider_name
    );
    let low_stock_ids: Vec<Uuid> = created.items.iter().map(|_| Uuid::now_v7()).collect();
    let email_key = request.email.key();
    let checkout = NewCheckout {
        order: &created.order,
        client_key: client.key.as_deref(),
        email_key: &email_key,
        items: &created.items,
        max_unpaid_per_email: deps.config.max_unpaid_per_email,
        max_unpaid_per_client: deps.config.max_unpaid_per_ip,
        event: (Uuid::now_v7(), EventKind::Created.as_str(), &message),
        mail: MailRow {
            id: mail.id,
            event: Event::OrderPlaced.as_str(),
            token_hash: &mail.token_hash,
            link: &mail.link,
        },
        mail_data: &mail_data,
        low_stock_event: Event::LowStock.as_str(),
        low_stock_ids: &low_stock_ids,
        claim,
    };
    let mut conn = deps.pool.get().await?;
    Order::checkout(&mut conn, &checkout)
        .await
        .map_err(|e| refused(e, &priced, &created.items))?;
    crate::metrics::order_created();
    low_stock_after_commit(&mut conn, &created.items).await?;
    deps.notifier.wake();
    Ok(answer)
}

/// The low-stock check once more, now that the order is committed: the check inside the
/// reservation cannot see orders committing at the same moment (`raise_low_stock`).
///
/// It is also what proves the commit before the shopper is answered. The reservation is
/// one statement in an implicit transaction, whose result can reach the service before
/// PostgreSQL commits it at the end of the exchange; a crash in between would answer an
/// order that was never stored. This statement, on the same connection, runs only after
/// that commit. When it fails, the shopper gets the error and retries with the same
/// Idempotency-Key, which answers the stored order or places it anew.
async fn low_stock_after_commit(
    conn: &mut AsyncPgConnection,
    items: &[OrderItem],
) -> Result<(), StoreError> {
    let mut products: Vec<Uuid> = items.iter().map(|i| i.product_id).collect();
    products.sort();
    products.dedup();
    let rows: Vec<Uuid> = products.iter().map(|_| Uuid::now_v7()).collect();
    raise_low_stock(conn, &products, &rows, Event::LowStock.as_str()).await?;
    Ok(())
}

/// The order and its lines as the reservation stores them, with the page's token.
fn new_order(
    config: &OrderConfig,
    request: &OrderRequest,
    client: &ClientInfo,
    code: &OrderCode,
    priced: &Priced,
    instruction: &PaymentInstruction,
) -> Result<Created, StoreError> {
    let token = AccessToken::generate();
    let payment = serde_json::to_value(instruction)
        .map_err(|_| StoreError::Inconsistent("payment instruction is not JSON"))?;
    let ttl = chrono::TimeDelta::from_std(config.ttl)
        .map_err(|_| StoreError::Inconsistent("order TTL out of range"))?;
    // The database keeps microseconds: the answer shows what a later read shows.
    let now = Utc::now().trunc_subsecs(6);
    let order = Order {
        id: Uuid::now_v7(),
        code: code.as_str().to_owned(),
        access_token_hash: token.hash().to_vec(),
        status: OrderStatus::PendingPayment,
        payment_status: PaymentStatus::Unpaid,
        email: request.email.as_str().to_owned(),
        phone: request.phone.as_ref().map(|p| p.as_str().to_owned()),
        customer_name: request.customer_name.clone(),
        note: request.note.clone(),
        ip: client.ip.clone(),
        user_agent: client.user_agent.clone(),
        total: priced.total,
        paid_amount: 0,
        item_count: priced.item_count(),
        provider_id: instruction.provider_id,
        provider_name: instruction.provider_name.clone(),
        payment,
        expires_at: now + ttl,
        paid_at: None,
        completed_at: None,
        cancel_reason: None,
        created_at: now,
        updated_at: now,
        cancelled_at: None,
        refunded_amount: 0,
    };
    let items = priced
        .lines
        .iter()
        .map(|line| OrderItem {
            id: Uuid::now_v7(),
            order_id: order.id,
            product_id: line.product_id,
            position: line.position,
            product_name: line.product_name.clone(),
            image_url: line.image_url.clone(),
            unit_price: line.unit_price,
            quantity: line.quantity,
            line_total: line.line_total,
        })
        .collect();
    Ok(Created {
        order,
        items,
        token,
    })
}

/// CreateOrder's error for a refused reservation; a shortage names each short line (by
/// its place in the request) with the codes it could have. `items[i]` is the line
/// `priced.lines[i]` became.
fn refused(error: DieselError, priced: &Priced, items: &[OrderItem]) -> StoreError {
    match Refusal::of(&error) {
        Some(Refusal::Retry) => StoreError::Retry,
        Some(Refusal::KeyTaken) => StoreError::KeyTaken,
        Some(Refusal::TooManyUnpaid) => StoreError::TooManyUnpaid,
        Some(Refusal::OutOfStock(short)) => {
            let mut lines: Vec<_> = priced
                .lines
                .iter()
                .zip(items)
                .filter_map(|(line, item)| Some((line, *short.get(&item.id)?)))
                .collect();
            lines.sort_by_key(|(line, _)| line.index);
            StoreError::OutOfStock(
                lines
                    .into_iter()
                    .map(|(line, n)| shortage(line.index, &line.product_name, n))
                    .collect(),
            )
        }
        Some(_) => StoreError::Inconsistent("locked codes changed before reservation"),
        None => error.into(),
    }
}
