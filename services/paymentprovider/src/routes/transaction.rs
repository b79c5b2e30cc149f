//! PaymentTransaction: the received bank transactions for staff (admin and staff): the
//! list, unmatched ones first, and Assign, which applies an unmatched transfer to an
//! order.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shop_common::auth::AuthUser;
use shop_common::db::DbPool;
use shop_common::input::optional_choice;
use shop_common::ok;
use shop_common::openapi::{
    BadRequest, Enveloped, PageOf, PageParams, PageSpec, Unauthorized, Unavailable,
};
use shop_common::outbox::Wake;
use shop_common::pagination::Page;
use shop_common::route_table::RouteTable;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::ADMIN;
use super::openapi::{AssignNotFound, AssignUnavailable, NotUnmatched};
use crate::domain::order_code::{MSG_ORDER_CODE, OrderCode};
use crate::domain::transaction::{
    MSG_STATUS, TransactionFlag, TransactionSource, TransactionStatus, TransferType,
};
use crate::error::{PaymentError, Problems};
use crate::models::audit_entry::Actor;
use crate::models::transaction::{Transaction, TransactionFilter};
use crate::peers::retailstore::Retailstore;
use crate::settlement;

/// The list's order is fixed (unmatched, pending, then newest first): nothing to sort by.
pub const SORTABLE: &[&str] = &[];

/// The list's paging: its order is fixed.
pub struct TransactionPage;

impl PageSpec for TransactionPage {
    const SORTABLE: &'static [&'static str] = SORTABLE;
    const KEYWORD: &'static str =
        "Matches content, code, orderCode or referenceCode (case-insensitive substring).";
    const DEFAULT_ORDER: &'static str = "`unmatched`, then `pending`, then the rest, each by `createdAt desc`; any sortBy is code 1";
}

/// A received bank transaction, admin view.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentTransaction {
    pub id: Uuid,
    pub provider_id: Uuid,
    pub provider_name: String,
    /// SePay's id
    pub external_id: String,
    pub gateway: String,
    pub transaction_date: DateTime<Utc>,
    pub account_number: String,
    #[schema(required = true)]
    pub sub_account: Option<String>,
    #[schema(required = true)]
    pub code: Option<String>,
    pub content: String,
    pub transfer_type: TransferType,
    pub amount: i64,
    #[schema(required = true)]
    pub reference_code: Option<String>,
    pub status: TransactionStatus,
    /// Set while pending and once matched or duplicate
    #[schema(required = true)]
    pub order_code: Option<String>,
    /// Failed calls to retailstore
    pub attempts: i32,
    /// The last failure, or why it is unmatched
    #[schema(required = true)]
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    #[schema(required = true)]
    pub processed_at: Option<DateTime<Utc>>,
    /// The transfer's natural id, `sepay:<SePay id>`: one row per bank transfer whichever
    /// provider brought it, and the `transactionId` retailstore knows it by (null on rows
    /// stored before it existed)
    #[schema(required = true)]
    pub bank_ref: Option<String>,
    /// Why a transfer naming an order was held back (`unmatched`, not applied) for staff
    /// to decide: `provider_mismatch`, the order was to be paid through another provider
    #[schema(required = true)]
    pub flag: Option<TransactionFlag>,
    /// `webhook`, or `reconciliation` (found in SePay's transaction list)
    pub source: TransactionSource,
}

impl PaymentTransaction {
    fn new(t: Transaction, provider_name: String) -> Self {
        Self {
            id: t.id,
            provider_id: t.provider_id,
            provider_name,
            external_id: t.external_id,
            gateway: t.gateway,
            transaction_date: t.transaction_date,
            account_number: t.account_number,
            sub_account: t.sub_account,
            code: t.code,
            content: t.content,
            transfer_type: t.transfer_type,
            amount: t.amount,
            reference_code: t.reference_code,
            status: t.status,
            order_code: t.order_code,
            attempts: t.attempts,
            last_error: t.last_error,
            created_at: t.created_at,
            processed_at: t.processed_at,
            bank_ref: t.bank_ref,
            flag: t.flag,
            source: t.source,
        }
    }
}

/// Filters of the list besides paging, as sent.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FilterQuery {
    #[param(value_type = Option<Uuid>)]
    pub provider_id: Option<String>,
    #[param(value_type = Option<TransactionStatus>)]
    pub status: Option<String>,
}

impl FilterQuery {
    fn check(&self, keyword: Option<String>) -> Result<TransactionFilter, PaymentError> {
        let mut p = Problems::default();
        let provider_id = optional_choice(
            &mut p,
            "providerId",
            self.provider_id.as_deref().map(str::trim),
            |text| Uuid::parse_str(text).ok(),
            "Mã phương thức thanh toán không hợp lệ",
        );
        let status = optional_choice(
            &mut p,
            "status",
            self.status.as_deref().map(str::trim),
            TransactionStatus::parse,
            MSG_STATUS,
        );
        p.finish(|| TransactionFilter {
            provider_id,
            status,
            keyword,
        })
    }
}

/// Received bank transactions, unmatched first (admin and staff)
///
/// Order: `unmatched`, then `pending`, then the rest; each by createdAt desc. The order is fixed: `sortBy` is refused (code 1).
#[utoipa::path(get, path = "/paymentprovider/api/admin/v1/PaymentTransaction/Pagination",
    operation_id = "paginatePaymentTransactions", tag = "PaymentTransaction",
    params(PageParams<TransactionPage>, FilterQuery),
    responses((status = 200, description = "Success", body = inline(Enveloped<PageOf<PaymentTransaction>>)),
        BadRequest, Unauthorized, Unavailable))]
async fn pagination(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    page: PageParams<TransactionPage>,
    filter: web::Query<FilterQuery>,
) -> Result<HttpResponse, PaymentError> {
    let filter = filter.check(page.keyword.clone())?;
    let mut conn = pool.get().await?;
    let rows = Transaction::page(&mut conn, &filter, page.size, page.offset()).await?;
    let total = Transaction::count(&mut conn, &filter).await?;
    let items: Vec<PaymentTransaction> = rows
        .into_iter()
        .map(|(t, name)| PaymentTransaction::new(t, name))
        .collect();
    Ok(ok(Page::new(items, total, &page)))
}

/// The transfers waiting for staff (`unmatched`), for the back office's badge and
/// dashboard card.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentTransactionUnmatchedSummary {
    /// How many transfers are `unmatched`
    pub count: i64,
    /// Their amounts added up (VND)
    pub total: i64,
}

/// How many received transfers wait for staff, and their total (admin and staff)
///
/// Counts `unmatched` transfers (the list's `status=unmatched`), whichever provider brought them.
#[utoipa::path(get, path = "/paymentprovider/api/admin/v1/PaymentTransaction/UnmatchedSummary",
    operation_id = "unmatchedPaymentTransactionSummary", tag = "PaymentTransaction",
    responses((status = 200, description = "Success", body = inline(Enveloped<PaymentTransactionUnmatchedSummary>)),
        Unauthorized, Unavailable))]
async fn unmatched_summary(
    _user: AuthUser,
    pool: web::Data<DbPool>,
) -> Result<HttpResponse, PaymentError> {
    let mut conn = pool.get().await?;
    let summary = Transaction::unmatched_summary(&mut conn).await?;
    Ok(ok(PaymentTransactionUnmatchedSummary {
        count: summary.count,
        total: summary.total,
    }))
}

/// The Assign body, as sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentTransactionAssign {
    #[schema(value_type = Uuid, required = true)]
    pub id: Option<Uuid>,
    /// DH + 8 Crockford base32 characters, any case
    #[schema(value_type = String, required = true, example = "DHAB12CD34")]
    pub order_code: Option<String>,
}

impl PaymentTransactionAssign {
    fn check(self) -> Result<(Uuid, OrderCode), PaymentError> {
        let mut p = Problems::default();
        if self.id.is_none() {
            p.push("id", "Thiếu mã giao dịch");
        }
        let code = self.order_code.as_deref().and_then(OrderCode::parse);
        if code.is_none() {
            p.push("orderCode", MSG_ORDER_CODE);
        }
        let checked = p.finish::<_, PaymentError>(|| self.id.zip(code))?;
        // Both are present once nothing was found.
        checked.ok_or_else(|| PaymentError::field("orderCode", MSG_ORDER_CODE))
    }
}

/// Apply an unmatched transfer to an order, once (admin and staff)
///
/// The transaction is claimed first (it becomes `pending` with the order code), so of concurrent Assigns exactly one wins; then retailstore's ConfirmPayment applies it (`matched`, or `duplicate` when the order was paid by hand with the same amount). An unknown order: code 403 (HTTP 404), the transaction is `unmatched` again. retailstore unreachable: code 8 (HTTP 503), the transaction stays `pending` with the order code and the retry job applies it.
#[utoipa::path(post, path = "/paymentprovider/api/admin/v1/PaymentTransaction/Assign",
    operation_id = "assignPaymentTransaction", tag = "PaymentTransaction",
    request_body = PaymentTransactionAssign,
    responses((status = 200, description = "Success", body = inline(Enveloped<PaymentTransaction>)),
        BadRequest, Unauthorized, AssignNotFound, NotUnmatched, AssignUnavailable))]
async fn assign(
    user: AuthUser,
    pool: web::Data<DbPool>,
    retailstore: web::Data<Retailstore>,
    wake: web::Data<Wake>,
    body: web::Json<PaymentTransactionAssign>,
) -> Result<HttpResponse, PaymentError> {
    let (id, order_code) = body.into_inner().check()?;
    let actor = Actor::from(&user);
    let result = settlement::assign(&pool, &retailstore, &wake, id, &order_code, actor).await;
    tracing::info!(
        actor = %user.user_name,
        transaction_id = %id,
        order_code = %order_code,
        ok = result.is_ok(),
        "bank transaction assigned by staff"
    );
    let assigned = result?;
    let mut conn = pool.get().await?;
    let (transaction, provider_name) = Transaction::find_named(&mut conn, assigned.id).await?;
    Ok(ok(PaymentTransaction::new(transaction, provider_name)))
}

pub fn routes(table: RouteTable) -> RouteTable {
    let admin = |action: &str| format!("{ADMIN}/PaymentTransaction/{action}");
    table
        .get(&admin("Pagination"), pagination)
        .get(&admin("UnmatchedSummary"), unmatched_summary)
        .post(&admin("Assign"), assign)
}
