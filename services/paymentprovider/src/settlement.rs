//! From a bank transfer to a paid order, exactly once (docs/buying-flow.md, section 3):
//! the webhook's checks, storing a delivery, asking retailstore, the retry job
//! and staff's Assign.
//!
//! Every delivery is stored before anything else (one row per provider + SePay id).
//! A transaction that needs retailstore stays `pending` until retailstore has answered;
//! no database connection or lock is held during the call. Any worker (the webhook
//! itself, a repeated delivery, the retry job of any replica, Assign) first claims the
//! row in one statement, then calls, then stores the answer guarded by
//! `status = 'pending'` and the order code it sent. ConfirmPayment is idempotent on the
//! transaction id, so a call repeated after a crash or a lost answer is harmless.

use std::time::Duration;

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde_json::Value;
use shop_common::db::DbPool;
use shop_common::outbox::Wake;
use tokio::sync::watch;
use tokio::task::JoinSet;
use uuid::Uuid;

use crate::crypto::SecretCipher;
use crate::domain::audit::PaymentAuditAction;
use crate::domain::order_code::OrderCode;
use crate::domain::sepay::{self, Decision, Delivery};
use crate::domain::transaction::{
    LEASE, TransactionFlag, TransactionSource, TransactionStatus, retry_delay,
};
use crate::domain::webhook_auth::{self, SignatureProblem, Signed, WebhookAuth};
use crate::domain::webhook_call::WebhookOutcome;
use crate::error::PaymentError;
use crate::models::audit_entry::Actor;
use crate::models::order_provider::OrderProvider;
use crate::models::provider::StoredProvider;
use crate::models::test_delivery::NewTestDelivery;
use crate::models::transaction::{NewTransaction, Settlement, Transaction};
use crate::notifications;
use crate::peers::retailstore::{ConfirmPayment, Confirmation, Retailstore};

/// Due transactions one retry pass takes at most (they are tried concurrently, so one
/// pass lasts about one call time-out at worst, well inside [`LEASE`]).
pub const RETRY_BATCH: i64 = 20;

/// What a webhook delivery presents to prove itself: the `Authorization` header (apikey
/// mode), or the signature and timestamp headers over the raw body (hmac mode).
#[derive(Debug, Clone, Copy, Default)]
pub struct Credentials<'a> {
    pub authorization: Option<&'a [u8]>,
    pub signature: Option<&'a [u8]>,
    pub timestamp: Option<&'a [u8]>,
}

/// A live provider and its webhook secret in clear (if it has one it can open), as the
/// webhook's check needs them: `None` when the id is not a uuid or no live provider has
/// it. The only database work of an unauthenticated call.
pub async fn webhook_key(
    pool: &DbPool,
    cipher: &SecretCipher,
    provider_id: &str,
) -> Result<Option<(StoredProvider, Option<String>)>, PaymentError> {
    let Ok(id) = Uuid::parse_str(provider_id) else {
        return Ok(None);
    };
    let mut conn = pool.get().await?;
    let found = StoredProvider::find_with_secret(&mut conn, id).await?;
    drop(conn);
    Ok(found.map(|(provider, secret)| {
        let clear = secret.and_then(|secret| {
            cipher
                .decrypt(provider.id, &secret.nonce, &secret.ciphertext)
                .inspect_err(|e| {
                    tracing::error!(provider_id = %provider.id, error = %e, "webhook secret unreadable");
                })
                .ok()
        });
        (provider, clear)
    }))
}

/// A refused webhook delivery: the live provider it named (if any) and why, for that
/// provider's last-call line. The caller is only ever told code 501.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    pub provider_id: Option<Uuid>,
    pub reason: WebhookOutcome,
}

/// The provider a webhook delivery is for, once its credentials have been checked the
/// provider's way (`webhookAuth`; `body` is the raw body, read only in hmac mode).
/// Refused (code 501 to the caller) whatever went wrong: the id is not a uuid, the
/// provider is unknown or deleted, its webhook is disabled or has no secret, the key or
/// signature is missing or wrong, the timestamp is outside the window. Every case
/// compares in constant time.
pub fn check_credentials(
    found: Option<(StoredProvider, Option<String>)>,
    presented: Credentials<'_>,
    body: Option<&[u8]>,
    now: DateTime<Utc>,
) -> Result<StoredProvider, Refused> {
    let (provider, secret) = match found {
        Some((provider, secret)) => (Some(provider), secret),
        None => (None, None),
    };
    let mode = provider
        .as_ref()
        .map_or(WebhookAuth::Apikey, |p| p.webhook_auth);
    let checked = match (mode, body) {
        (WebhookAuth::Hmac, Some(body)) => webhook_auth::check_signature(
            secret.as_deref(),
            Signed {
                signature: presented.signature,
                timestamp: presented.timestamp,
                body,
            },
            now,
        )
        .map_err(|problem| match problem {
            SignatureProblem::Wrong => WebhookOutcome::WrongSignature,
            SignatureProblem::Stale => WebhookOutcome::StaleTimestamp,
        }),
        // A body that could not be read cannot have been signed.
        (WebhookAuth::Hmac, None) => Err(WebhookOutcome::WrongSignature),
        (WebhookAuth::Apikey, _) => {
            if sepay::key_matches(
                secret.as_deref(),
                presented.authorization.and_then(sepay::apikey),
            ) {
                Ok(())
            } else {
                Err(WebhookOutcome::WrongKey)
            }
        }
    };
    match provider {
        Some(p) if checked.is_ok() && p.webhook_enabled => Ok(p),
        Some(p) => {
            let reason = if !p.webhook_enabled {
                WebhookOutcome::WebhookDisabled
            } else if secret.is_none() {
                WebhookOutcome::NoSecret
            } else {
                checked.err().unwrap_or(WebhookOutcome::WrongKey)
            };
            // A misconfigured SePay account shows up here (never the key itself).
            tracing::warn!(
                provider_id = %p.id,
                webhook_enabled = p.webhook_enabled,
                webhook_auth = p.webhook_auth.as_str(),
                has_secret = secret.is_some(),
                key_sent = presented.authorization.is_some(),
                signature_sent = presented.signature.is_some(),
                reason = reason.as_str(),
                "webhook delivery refused"
            );
            Err(Refused {
                provider_id: Some(p.id),
                reason,
            })
        }
        None => Err(Refused {
            provider_id: None,
            reason: WebhookOutcome::WrongKey,
        }),
    }
}

/// Records what became of a webhook call naming a live provider (its last-call line). A
/// failure is logged, never the caller's: the delivery itself was handled.
pub async fn record_call(pool: &DbPool, provider_id: Uuid, outcome: WebhookOutcome) {
    let recorded = match pool.get().await {
        Ok(mut conn) => StoredProvider::record_webhook_call(&mut conn, provider_id, outcome)
            .await
            .map_err(PaymentError::from),
        Err(e) => Err(e.into()),
    };
    if let Err(e) = recorded {
        tracing::warn!(%provider_id, outcome = outcome.as_str(), error = %e, "webhook call not recorded");
    }
}

/// Stores an authenticated test delivery ("Gửi thử") as a test, received at `now`: never
/// a transaction, never sent to retailstore, whatever order code its content names. The
/// provider's older test deliveries are pruned as it is stored.
pub async fn receive_test(
    pool: &DbPool,
    provider: &StoredProvider,
    test_id: Uuid,
    raw: &Value,
    now: DateTime<Utc>,
) -> Result<(), PaymentError> {
    let mut conn = pool.get().await?;
    NewTestDelivery {
        id: test_id,
        provider_id: provider.id,
        raw,
        received_at: now,
    }
    .insert(&mut conn)
    .await?;
    tracing::info!(%test_id, provider_id = %provider.id, "webhook test delivery received");
    Ok(())
}

/// A transfer as it reaches [`receive`]: the parsed delivery, what was received (stored
/// as `raw`), and from where.
#[derive(Debug, Clone, Copy)]
pub struct Incoming<'a> {
    pub delivery: &'a Delivery,
    pub raw: &'a Value,
    pub source: TransactionSource,
}

/// Stores a delivery and, when it carries an order code, applies it through retailstore.
/// Classifying needs only the delivery and the provider, so the row is inserted with its
/// class: `ignored` and `unmatched` are final at once, and only a transfer waiting for
/// retailstore is inserted `pending` (under a lease, so the retry job leaves it to us).
/// A repeated delivery returns the stored transaction; if that one is still `pending`,
/// it is tried again at once. Once the row is stored, nothing here fails: a failed call
/// or a failed update leaves it `pending` for the retry job. A transfer stored (or set
/// back) as `unmatched` raises transfer_unmatched in the same transaction; `wake` tells
/// the relay after the commit.
///
/// One bank transfer is stored (and so applied) once, whichever provider brings it: the
/// row's bank_ref (`sepay:<SePay id>`) is unique across providers, and a delivery that
/// finds it taken gets the stored row back. A transfer for an order whose payment
/// instruction named another provider is stored `unmatched` with
/// `flag: provider_mismatch` and never sent to retailstore: staff decide (Assign).
/// `source` says whether the webhook or the reconciliation brought it; both come here.
pub async fn receive(
    pool: &DbPool,
    retailstore: &Retailstore,
    wake: &Wake,
    provider: &StoredProvider,
    incoming: Incoming<'_>,
) -> Result<Transaction, PaymentError> {
    let Incoming {
        delivery,
        raw,
        source,
    } = incoming;
    let mut conn = pool.get().await?;
    let decision = delivery.decide(provider.account_number.as_deref());
    let mut held_back = None;
    let (status, order_code) = match &decision {
        Decision::Ignore => (TransactionStatus::Ignored, None),
        Decision::Unmatched => (TransactionStatus::Unmatched, None),
        Decision::Confirm(code) => match OrderProvider::find(&mut conn, code.as_str()).await? {
            Some(owner) if owner != provider.id => {
                held_back = Some(format!(
                    "Tiền cho đơn {code} đến qua {}, không phải phương thức thanh toán của \
                     đơn: chưa ghi nhận, cần kiểm tra",
                    provider.name
                ));
                (TransactionStatus::Unmatched, None)
            }
            _ => (TransactionStatus::Pending, Some(code.as_str())),
        },
    };
    let mut row = NewTransaction::new(provider.id, delivery, raw, status, order_code);
    row.source = source;
    if let Some(note) = held_back {
        row.flag = Some(TransactionFlag::ProviderMismatch);
        row.last_error = Some(note);
    }
    let lease = (status == TransactionStatus::Pending).then_some(LEASE);
    let inserted = conn
        .transaction(async |conn| {
            let inserted = Transaction::insert(conn, &row, lease).await?;
            if let Some(stored) = &inserted
                && stored.status == TransactionStatus::Unmatched
            {
                notifications::transfer_unmatched(conn, stored, &provider.name).await?;
            }
            Ok::<_, PaymentError>(inserted)
        })
        .await?;
    if inserted
        .as_ref()
        .is_some_and(|t| t.status == TransactionStatus::Unmatched)
    {
        wake.now();
    }
    let claimed = match inserted {
        Some(inserted) => {
            crate::metrics::payment_stored(inserted.status);
            tracing::info!(
                transaction_id = %inserted.id,
                provider_id = %provider.id,
                external_id = %inserted.external_id,
                status = inserted.status.as_str(),
                amount = inserted.amount,
                "bank transaction received"
            );
            inserted
        }
        None => {
            let stored = Transaction::find_delivered(
                &mut conn,
                provider.id,
                &delivery.external_id,
                &row.bank_ref,
            )
            .await?;
            if stored.status != TransactionStatus::Pending {
                return Ok(stored);
            }
            match Transaction::claim(&mut conn, stored.id, LEASE).await? {
                Some(claimed) => claimed,
                // Finished by another worker in between.
                None => return Ok(Transaction::find_named(&mut conn, stored.id).await?.0),
            }
        }
    };
    drop(conn);
    if claimed.status != TransactionStatus::Pending {
        return Ok(claimed);
    }
    let staff = claimed.staff_assigned();
    Ok(attempt(pool, retailstore, wake, claimed, staff, None)
        .await
        .transaction)
}

/// One attempt on a claimed pending transaction: what retailstore said, and the row as it
/// is afterwards.
#[derive(Debug)]
pub struct Attempt {
    pub confirmation: Confirmation,
    /// As stored after the answer; as claimed when the answer could not be stored.
    pub transaction: Transaction,
}

/// Calls ConfirmPayment for a transaction this worker has claimed, then stores the answer
/// (guarded: a row that moved on meanwhile is left as it is and returned as it is).
/// `staff_assigned`: staff chose the order (Assign), so retailstore accepts money that
/// came through another provider than the order's; `assigned_by`, who did, so the order's
/// payment names them.
pub async fn attempt(
    pool: &DbPool,
    retailstore: &Retailstore,
    wake: &Wake,
    claimed: Transaction,
    staff_assigned: bool,
    assigned_by: Option<&str>,
) -> Attempt {
    let Some(order_code) = claimed.order_code.clone() else {
        // The table's CHECK forbids a pending row without an order code.
        tracing::error!(transaction_id = %claimed.id, "pending transaction without an order code");
        return Attempt {
            confirmation: Confirmation::Failed("thiếu mã đơn hàng".to_owned()),
            transaction: claimed,
        };
    };
    let mut request = ConfirmPayment::new(
        &order_code,
        claimed.amount,
        claimed.provider_id,
        claimed.confirm_id(),
        claimed.transaction_date,
    );
    request.staff_assigned = staff_assigned;
    request.assigned_by = assigned_by.map(str::to_owned);
    let confirmation = retailstore.confirm_payment(&request).await;
    let settlement = match &confirmation {
        Confirmation::Done(status) => Settlement::Done(*status),
        Confirmation::NoSuchOrder => Settlement::NoSuchOrder {
            note: format!("Không tìm thấy đơn hàng {order_code}"),
        },
        Confirmation::ProviderMismatch => Settlement::ProviderMismatch {
            note: format!(
                "Tiền cho đơn {order_code} đến qua phương thức thanh toán khác của đơn: chưa \
                 ghi nhận, cần kiểm tra"
            ),
        },
        Confirmation::Failed(error) => Settlement::Failed {
            error: error.clone(),
            retry_in: retry_delay(claimed.attempts.saturating_add(1)),
        },
    };
    let transaction = match store(pool, wake, claimed.id, &order_code, &settlement).await {
        Ok(stored) => {
            crate::metrics::payment_stored(stored.status);
            tracing::info!(
                transaction_id = %stored.id,
                order_code = %order_code,
                status = stored.status.as_str(),
                attempts = stored.attempts,
                "retailstore answer stored"
            );
            stored
        }
        Err(e) => {
            tracing::error!(
                transaction_id = %claimed.id,
                error = %e,
                "storing retailstore's answer failed; the retry job will ask again"
            );
            claimed
        }
    };
    Attempt {
        confirmation,
        transaction,
    }
}

/// Stores `settlement`, or reads the row when it moved on meanwhile. A transfer set back
/// to `unmatched` (no such order) raises transfer_unmatched in the same transaction.
async fn store(
    pool: &DbPool,
    wake: &Wake,
    id: Uuid,
    order_code: &str,
    settlement: &Settlement,
) -> Result<Transaction, PaymentError> {
    let mut conn = pool.get().await?;
    let unmatched = matches!(
        settlement,
        Settlement::NoSuchOrder { .. } | Settlement::ProviderMismatch { .. }
    );
    let settled = conn
        .transaction(async |conn| {
            let settled = Transaction::settle(conn, id, order_code, settlement).await?;
            if unmatched && let Some(stored) = &settled {
                let (_, provider_name) = Transaction::find_named(conn, id).await?;
                notifications::transfer_unmatched(conn, stored, &provider_name).await?;
            }
            Ok::<_, PaymentError>(settled)
        })
        .await?;
    match settled {
        Some(stored) => {
            if unmatched {
                wake.now();
            }
            Ok(stored)
        }
        None => Ok(Transaction::find_named(&mut conn, id).await?.0),
    }
}

/// One pass of the retry job: claims up to [`RETRY_BATCH`] due pending transactions and
/// tries them concurrently. Safe to run at the same time in any number of tasks and
/// replicas: each due row goes to one of them per lease. Returns how many it tried.
pub async fn retry_pass(
    pool: &DbPool,
    retailstore: &Retailstore,
    wake: &Wake,
) -> Result<usize, PaymentError> {
    let claimed = {
        let mut conn = pool.get().await?;
        Transaction::claim_due(&mut conn, RETRY_BATCH, LEASE).await?
    };
    let count = claimed.len();
    let mut attempts = JoinSet::new();
    for transaction in claimed {
        let pool = pool.clone();
        let (retailstore, wake) = (retailstore.clone(), wake.clone());
        let staff = transaction.staff_assigned();
        attempts.spawn(async move {
            attempt(&pool, &retailstore, &wake, transaction, staff, None).await
        });
    }
    while let Some(done) = attempts.join_next().await {
        if let Err(e) = done {
            tracing::error!(error = %e, "retry attempt task failed");
        }
    }
    Ok(count)
}

/// The retry job: a pass every `every` (passes follow each other at once while they
/// find a full batch), until `stop` turns true or its sender is dropped. A pass under
/// way is finished first, so stopping takes at most one call time-out.
pub async fn retry_job(
    pool: DbPool,
    retailstore: Retailstore,
    wake: Wake,
    every: Duration,
    mut stop: watch::Receiver<bool>,
) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = stop.changed() => {}
        }
        if *stop.borrow() || stop.has_changed().is_err() {
            break;
        }
        loop {
            match retry_pass(&pool, &retailstore, &wake).await {
                Ok(n) if n as i64 >= RETRY_BATCH && !*stop.borrow() => continue,
                Ok(0) => {}
                Ok(n) => tracing::debug!(tried = n, "pending bank transactions retried"),
                Err(e) => tracing::warn!(error = %e, "retry pass failed"),
            }
            break;
        }
    }
    tracing::info!("payment retry job stopped");
}

/// Staff's Assign: applies an `unmatched` transaction to the order `order_code`, once.
/// The transaction is claimed first (it becomes `pending` with that code), so of two
/// concurrent Assigns one wins and the other gets code 404. Then:
/// - retailstore applies it: `matched` (or `duplicate`);
/// - no such order: back to `unmatched` without a code, code 403;
/// - retailstore unreachable: stays `pending` with the code (the retry job finishes it),
///   code 8.
pub async fn assign(
    pool: &DbPool,
    retailstore: &Retailstore,
    wake: &Wake,
    id: Uuid,
    order_code: &OrderCode,
    actor: Actor<'_>,
) -> Result<Transaction, PaymentError> {
    let claimed = {
        let mut conn = pool.get().await?;
        // The claim is staff's decision: it and its audit row commit together.
        let claimed = conn
            .transaction(async |conn| {
                let claimed =
                    Transaction::claim_unmatched(conn, id, order_code.as_str(), LEASE).await?;
                if let Some(t) = &claimed {
                    let (_, provider_name) = Transaction::find_named(conn, t.id).await?;
                    let detail = format!(
                        "Gán giao dịch {} ({} đ, {provider_name}, nội dung \"{}\") cho đơn {}",
                        t.bank_ref.as_deref().unwrap_or(&t.external_id),
                        t.amount,
                        t.content.chars().take(200).collect::<String>(),
                        order_code.as_str(),
                    );
                    actor
                        .record(
                            conn,
                            PaymentAuditAction::PaymentTransactionAssign,
                            order_code.as_str(),
                            &detail,
                        )
                        .await?;
                }
                Ok::<_, PaymentError>(claimed)
            })
            .await?;
        match claimed {
            Some(claimed) => claimed,
            None => {
                // Code 2 when there is no such transaction.
                Transaction::find_named(&mut conn, id).await?;
                return Err(PaymentError::NotUnmatched);
            }
        }
    };
    // Staff chose the order: money through another provider is theirs to accept.
    let done = attempt(
        pool,
        retailstore,
        wake,
        claimed,
        true,
        Some(actor.user_name),
    )
    .await;
    match done.confirmation {
        Confirmation::Done(_) => Ok(done.transaction),
        Confirmation::NoSuchOrder => Err(PaymentError::OrderNotFound),
        Confirmation::ProviderMismatch => Err(PaymentError::NotUnmatched),
        Confirmation::Failed(_) => Err(PaymentError::RetailstoreUnavailable),
    }
}
