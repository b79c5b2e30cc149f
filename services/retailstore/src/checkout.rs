//! CreateOrder (architecture.md, "The buying flow", step 3): price the lines, check the
//! unpaid-order limits, ask paymentprovider for the payment instruction before any
//! transaction opens (no lock is held across HTTP; a line the stock counters cannot
//! cover is refused before that call), then in one transaction lock the
//! products, reserve exactly the codes needed and store the order `pending_payment` with
//! the instruction snapshot. Not enough stock: code 400 and nothing reserved.

use std::collections::HashMap;

use chrono::Utc;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use shop_common::db::DbPool;
use uuid::Uuid;

use crate::admission::InFlight;
use crate::config::OrderConfig;
use crate::crypto::CodeCipher;
use crate::domain::order::{
    AccessToken, Email, EventKind, OrderCode, OrderRequest, Priced, ProductOffer, price, shortage,
    uncovered, vnd,
};
use crate::error::StoreError;
use crate::idempotency::Idempotent;
use crate::models::order::{NewOrder, Order, OrderItem};
use crate::models::order_event::OrderEvent;
use crate::models::product::Product;
use crate::models::serial_code::SerialCode;
use crate::notifications::Notifier;
use crate::payment_provider::{PaymentInstruction, PaymentProviderClient};

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
/// Idempotency-Key the answer is stored sealed in the same transaction and replayed for
/// the same body.
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

fn offers(products: Vec<Product>) -> HashMap<Uuid, ProductOffer> {
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

/// Code 405 when the e-mail or the client (its key: an IPv6 /64 is one client) already
/// holds the most unpaid orders allowed.
async fn check_limits(
    conn: &mut AsyncPgConnection,
    config: &OrderConfig,
    email: &Email,
    client: Option<&str>,
) -> Result<(), StoreError> {
    let (by_email, by_client) = Order::unpaid_counts(conn, &email.key(), client).await?;
    if (config.max_unpaid_per_email > 0 && by_email >= config.max_unpaid_per_email)
        || (client.is_some()
            && config.max_unpaid_per_ip > 0
            && by_client >= config.max_unpaid_per_ip)
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
        let (products, available): (Vec<Product>, HashMap<Uuid, i64>) =
            Product::offers_with_available(&mut conn, &ids)
                .await?
                .into_iter()
                .map(|(p, n)| {
                    let id = p.id;
                    (p, (id, n))
                })
                .unzip();
        let priced = price(&request.lines, &offers(products))?;
        refuse_uncovered(&mut conn, &priced, &available).await?;
        check_limits(
            &mut conn,
            deps.config,
            &request.email,
            client.key.as_deref(),
        )
        .await?;
        // Held until this attempt's transaction is over (the end of this function).
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
    let mut conn = deps.pool.get().await?;
    conn.transaction(async |conn| {
        if let Some(idempotent) = idempotent {
            idempotent.claim(conn).await?;
        }
        let locked = price(
            &request.lines,
            &offers(Product::offers(conn, &ids, true).await?),
        )?;
        if locked != priced {
            return Err(StoreError::Retry);
        }
        // Codes first: a buyer the stock cannot serve leaves before writing anything.
        let codes = lock_codes(conn, &priced).await?;
        // The limits are checked again under a lock per e-mail and per client (always
        // in this order, so two requests never wait for each other in a cycle): two
        // concurrent requests of one e-mail or one client cannot both pass the count.
        Order::lock_email(conn, &request.email.key()).await?;
        if let Some(key) = client.key.as_deref() {
            Order::lock_client(conn, key).await?;
        }
        check_limits(conn, deps.config, &request.email, client.key.as_deref()).await?;
        let created = insert(
            conn,
            deps.notifier,
            deps.config,
            request,
            client,
            &code,
            &priced,
            &instruction,
            &codes,
        )
        .await?;
        let answer = render(&created)?;
        if let Some(idempotent) = idempotent {
            idempotent.fill(conn, deps.cipher, &answer).await?;
        }
        Ok(answer)
    })
    .await
    .inspect(|_| {
        crate::metrics::order_created();
        deps.notifier.wake();
    })
}

/// Locks the codes every line needs (`FOR UPDATE SKIP LOCKED`, oldest expiry first,
/// nothing expiring within a day), products in id order, as (product, codes). Code 400
/// when the stock cannot cover a line: the locks go with the rolled-back transaction.
/// Call inside the transaction that reserves them.
async fn lock_codes(
    conn: &mut AsyncPgConnection,
    priced: &Priced,
) -> Result<Vec<(Uuid, Vec<Uuid>)>, StoreError> {
    let mut lines: Vec<_> = priced.lines.iter().collect();
    lines.sort_by_key(|line| line.product_id);
    let mut locked = Vec::with_capacity(lines.len());
    let mut short = Vec::new();
    for line in lines {
        let codes =
            SerialCode::lock_sellable(conn, line.product_id, i64::from(line.quantity)).await?;
        if codes.len() < line.quantity as usize {
            short.push((
                line.index,
                shortage(line.index, &line.product_name, codes.len()),
            ));
        } else {
            locked.push((line.product_id, codes));
        }
    }
    if short.is_empty() {
        Ok(locked)
    } else {
        short.sort_by_key(|(index, _)| *index);
        Err(StoreError::OutOfStock(
            short.into_iter().map(|(_, detail)| detail).collect(),
        ))
    }
}

/// Stores the order and its lines, reserves the locked codes and writes the first event
/// and the outbox rows.
#[allow(clippy::too_many_arguments)]
async fn insert(
    conn: &mut AsyncPgConnection,
    notifier: &Notifier,
    config: &OrderConfig,
    request: &OrderRequest,
    client: &ClientInfo,
    code: &OrderCode,
    priced: &Priced,
    instruction: &PaymentInstruction,
    codes: &[(Uuid, Vec<Uuid>)],
) -> Result<Created, StoreError> {
    let token = AccessToken::generate();
    let payment = serde_json::to_value(instruction)
        .map_err(|_| StoreError::Inconsistent("payment instruction is not JSON"))?;
    let ttl = chrono::TimeDelta::from_std(config.ttl)
        .map_err(|_| StoreError::Inconsistent("order TTL out of range"))?;
    let order = Order::insert(
        conn,
        &NewOrder {
            id: Uuid::now_v7(),
            code: code.as_str(),
            access_token_hash: &token.hash(),
            email: request.email.as_str(),
            phone: request.phone.as_ref().map(|p| p.as_str()),
            customer_name: request.customer_name.as_deref(),
            note: request.note.as_deref(),
            ip: client.ip.as_deref(),
            client_key: client.key.as_deref(),
            user_agent: client.user_agent.as_deref(),
            total: priced.total,
            item_count: priced.item_count(),
            provider_id: instruction.provider_id,
            provider_name: &instruction.provider_name,
            payment: &payment,
            expires_at: Utc::now() + ttl,
        },
    )
    .await?;
    let items: Vec<OrderItem> = priced
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
    OrderItem::insert_all(conn, &items).await?;
    let mut code_ids = Vec::new();
    let mut code_items = Vec::new();
    for (product_id, locked) in codes {
        let item =
            items
                .iter()
                .find(|i| i.product_id == *product_id)
                .ok_or(StoreError::Inconsistent(
                    "locked codes for a product not ordered",
                ))?;
        code_ids.extend_from_slice(locked);
        code_items.extend(std::iter::repeat_n(item.id, locked.len()));
    }
    if SerialCode::reserve(conn, order.id, &code_ids, &code_items).await? != code_ids.len() {
        return Err(StoreError::Inconsistent(
            "locked codes changed before reservation",
        ));
    }
    let message = format!(
        "Tạo đơn hàng {} mã, tổng {}, chờ thanh toán qua {}",
        order.item_count,
        vnd(order.total),
        order.provider_name
    );
    OrderEvent::record(conn, order.id, EventKind::Created, &message, None).await?;
    notifier.order_placed(conn, &order, &items).await?;
    let products: Vec<Uuid> = codes.iter().map(|(product_id, _)| *product_id).collect();
    Notifier::low_stock(conn, &products).await?;
    Ok(Created {
        order,
        items,
        token,
    })
}
