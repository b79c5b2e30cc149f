//! PaymentTransaction: the received bank transactions for staff (admin and staff): the
//! list, unmatched ones first, and Assign, which applies an unmatched transfer to an
//! order.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shop_common::auth::AuthUser;
use shop_common::db::DbPool;
use shop_common::ok;
use shop_common::pagination::{Page, PageQuery};
use uuid::Uuid;

use super::{ADMIN, endpoint};
use crate::domain::order_code::{MSG_ORDER_CODE, OrderCode};
use crate::domain::transaction::{MSG_STATUS, TransactionStatus, TransferType};
use crate::error::{PaymentError, Problems};
use crate::models::transaction::{Transaction, TransactionFilter};
use crate::retailstore::Retailstore;
use crate::settlement;

/// The list's order is fixed (unmatched, pending, then newest first): nothing to sort by.
pub const SORTABLE: &[&str] = &[];

/// A received transaction, admin view.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TransactionView {
    pub id: Uuid,
    pub provider_id: Uuid,
    pub provider_name: String,
    /// SePay's id.
    pub external_id: String,
    pub gateway: String,
    pub transaction_date: DateTime<Utc>,
    pub account_number: String,
    pub sub_account: Option<String>,
    pub code: Option<String>,
    pub content: String,
    pub transfer_type: TransferType,
    pub amount: i64,
    pub reference_code: Option<String>,
    pub status: TransactionStatus,
    pub order_code: Option<String>,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub processed_at: Option<DateTime<Utc>>,
}

impl TransactionView {
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
        }
    }
}

/// Filters of the list besides paging, as sent.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FilterQuery {
    pub provider_id: Option<String>,
    pub status: Option<String>,
}

impl FilterQuery {
    fn check(&self, keyword: Option<String>) -> Result<TransactionFilter, PaymentError> {
        let mut p = Problems::default();
        fn present(v: &Option<String>) -> Option<&str> {
            v.as_deref().map(str::trim).filter(|s| !s.is_empty())
        }
        let provider_id = present(&self.provider_id).and_then(|text| {
            let id = Uuid::parse_str(text).ok();
            if id.is_none() {
                p.push("providerId", "Mã phương thức thanh toán không hợp lệ");
            }
            id
        });
        let status = present(&self.status).and_then(|text| {
            let status = TransactionStatus::parse(text);
            if status.is_none() {
                p.push("status", MSG_STATUS);
            }
            status
        });
        p.finish(|| TransactionFilter {
            provider_id,
            status,
            keyword,
        })
    }
}

/// GET admin PaymentTransaction/Pagination (admin and staff).
async fn pagination(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    query: web::Query<PageQuery>,
    filter: web::Query<FilterQuery>,
) -> Result<HttpResponse, PaymentError> {
    let page = query.check(SORTABLE)?;
    let filter = filter.check(page.keyword.clone())?;
    let mut conn = pool.get().await?;
    let rows = Transaction::page(&mut conn, &filter, page.size, page.offset()).await?;
    let total = Transaction::count(&mut conn, &filter).await?;
    let items: Vec<TransactionView> = rows
        .into_iter()
        .map(|(t, name)| TransactionView::new(t, name))
        .collect();
    Ok(ok(Page::new(items, total, &page)))
}

/// The Assign body, as sent.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AssignRequest {
    pub id: Option<Uuid>,
    pub order_code: Option<String>,
}

impl AssignRequest {
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

/// POST admin PaymentTransaction/Assign (admin and staff): code 404 unless the
/// transaction is `unmatched`, code 403 for an unknown order (it stays unmatched), code 8
/// when retailstore is unreachable (it stays `pending` with the order code and the retry
/// job applies it).
async fn assign(
    user: AuthUser,
    pool: web::Data<DbPool>,
    retailstore: web::Data<Retailstore>,
    body: web::Json<AssignRequest>,
) -> Result<HttpResponse, PaymentError> {
    let (id, order_code) = body.into_inner().check()?;
    let result = settlement::assign(&pool, &retailstore, id, &order_code).await;
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
    Ok(ok(TransactionView::new(transaction, provider_name)))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    let admin = |action: &str| endpoint(format!("{ADMIN}/PaymentTransaction/{action}"));
    cfg.service(admin("Pagination").route(web::get().to(pagination)))
        .service(admin("Assign").route(web::post().to(assign)));
}
