//! PaymentProvider: the storefront list, the admin CRUD (reads for staff too, writes for
//! admins only), "Gửi thử" (TestWebhook, admin and staff: it changes no setting) and the
//! built-in bank list. The bodies and views they read and answer: [`wire`].

pub mod wire;

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use shop_common::auth::{AdminUser, AuthUser};
use shop_common::db::DbPool;
use shop_common::ok;
use shop_common::openapi::{
    BadRequest, Deleted, Enveloped, Forbidden, ListOf, NotFound, PageOf, PageParams, PageSpec,
    Unauthorized, Unavailable,
};
use shop_common::pagination::{Page, PageRequest};
use shop_common::route_table::RouteTable;
use utoipa::IntoParams;

use super::{ADMIN, IdQuery, WEB};
use crate::PublicBaseUrl;
use crate::banks::{BANKS, Bank};
use crate::crypto::SecretCipher;
use crate::domain::provider::form::ProviderForm;
use crate::domain::provider::{MSG_TYPE, ProviderType, SecretsState};
use crate::error::PaymentError;
use crate::models::audit_entry::Actor;
use crate::models::provider::{ProviderFilter, ProviderSort, StoredProvider};
use crate::providers;
use crate::routes::webhook::WebhookGuard;
use crate::webhook_test::{self, WebhookProbe};
use wire::{
    PaymentProviderTestWebhook, Provider, ProviderInput, ProviderPublic, ProviderUpdate,
    TestWebhookResult,
};

pub const ADMIN_SORTABLE: &[&str] = &["name", "sortOrder", "createdAt"];

/// Filters of the admin list besides paging.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminFilterQuery {
    /// vietqr_bank | manual
    #[serde(rename = "type")]
    #[param(value_type = Option<ProviderType>)]
    pub kind: Option<String>,
    /// true | false
    #[param(schema_with = super::openapi::true_or_false)]
    pub is_active: Option<String>,
}

/// The admin list's paging.
pub struct ProviderPage;

impl PageSpec for ProviderPage {
    const SORTABLE: &'static [&'static str] = ADMIN_SORTABLE;
    const KEYWORD: &'static str =
        "Matches name, bank name or account number (case-insensitive substring).";
}

fn admin_sort(page: &PageRequest) -> ProviderSort {
    match page.sort {
        Some(("name", dir)) => ProviderSort::Name(dir),
        Some(("sortOrder", dir)) => ProviderSort::SortOrder(dir),
        Some(("createdAt", dir)) => ProviderSort::CreatedAt(dir),
        _ => ProviderSort::Default,
    }
}

/// Active providers for the checkout (no token; Authorization is ignored)
///
/// Active, not deleted providers ordered by sortOrder, then name.
#[utoipa::path(get, path = "/paymentprovider/api/web/v1/PaymentProvider/ListPaymentProviders",
    operation_id = "listPaymentProviders", tag = "PaymentProvider",
    responses((status = 200, description = "Success", body = inline(Enveloped<ListOf<ProviderPublic>>))))]
async fn list_public(pool: web::Data<DbPool>) -> Result<HttpResponse, PaymentError> {
    let mut conn = pool.get().await?;
    let rows = StoredProvider::list_active(&mut conn).await?;
    let items: Vec<ProviderPublic> = rows.into_iter().map(ProviderPublic::from).collect();
    Ok(ok(items))
}

/// Providers, admin view (admin and staff)
#[utoipa::path(get, path = "/paymentprovider/api/admin/v1/PaymentProvider/Pagination",
    operation_id = "paginatePaymentProviders", tag = "PaymentProvider",
    params(PageParams<ProviderPage>, AdminFilterQuery),
    responses((status = 200, description = "Success", body = inline(Enveloped<PageOf<Provider>>)),
        BadRequest, Unauthorized, Unavailable))]
async fn pagination(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    base: web::Data<PublicBaseUrl>,
    page: PageParams<ProviderPage>,
    filter: web::Query<AdminFilterQuery>,
) -> Result<HttpResponse, PaymentError> {
    let kind = match filter.kind.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(text) => {
            Some(ProviderType::parse(text).ok_or_else(|| PaymentError::field("type", MSG_TYPE))?)
        }
    };
    let is_active = match filter.is_active.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some("true") => Some(true),
        Some("false") => Some(false),
        Some(_) => {
            return Err(PaymentError::field(
                "isActive",
                "isActive là true hoặc false",
            ));
        }
    };
    let filter = ProviderFilter {
        keyword: page.keyword.clone(),
        kind,
        is_active,
    };
    let mut conn = pool.get().await?;
    let rows = StoredProvider::page(
        &mut conn,
        &filter,
        admin_sort(&page),
        page.size,
        page.offset(),
    )
    .await?;
    let total = StoredProvider::count(&mut conn, &filter).await?;
    let items: Vec<Provider> = rows.into_iter().map(|p| Provider::new(p, &base)).collect();
    Ok(ok(Page::new(items, total, &page)))
}

/// One provider (admin and staff)
#[utoipa::path(get, path = "/paymentprovider/api/admin/v1/PaymentProvider/Read",
    operation_id = "readPaymentProvider", tag = "PaymentProvider",
    params(IdQuery),
    responses((status = 200, description = "Success", body = inline(Enveloped<Provider>)),
        BadRequest, Unauthorized, NotFound, Unavailable))]
async fn read(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    base: web::Data<PublicBaseUrl>,
    query: web::Query<IdQuery>,
) -> Result<HttpResponse, PaymentError> {
    let mut conn = pool.get().await?;
    let found = StoredProvider::find(&mut conn, query.id).await?;
    Ok(ok(Provider::new(found, &base)))
}

/// Create a provider (admin only)
#[utoipa::path(post, path = "/paymentprovider/api/admin/v1/PaymentProvider/Create",
    operation_id = "createPaymentProvider", tag = "PaymentProvider",
    request_body = ProviderInput,
    responses((status = 200, description = "Success", body = inline(Enveloped<Provider>)),
        BadRequest, Unauthorized, Forbidden, Unavailable))]
async fn create(
    admin: AdminUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<SecretCipher>,
    base: web::Data<PublicBaseUrl>,
    body: web::Json<ProviderInput>,
) -> Result<HttpResponse, PaymentError> {
    let fields = ProviderForm::from(body.into_inner()).check_with(SecretsState::default())?;
    let created = providers::create(&pool, &cipher, Actor::from(&admin.0), fields).await?;
    Ok(ok(Provider::new(created, &base)))
}

/// Update a provider (admin only)
///
/// `id` plus any provider field. A field left out stays unchanged; an explicit null clears an optional field (`webhookSecret: null` removes the stored secret) and is refused for required ones. Changing `bankBin` without `bankName` takes the bank name from the bank list. The merged provider is checked as a whole.
#[utoipa::path(put, path = "/paymentprovider/api/admin/v1/PaymentProvider/Update",
    operation_id = "updatePaymentProvider", tag = "PaymentProvider",
    request_body = ProviderUpdate,
    responses((status = 200, description = "Success", body = inline(Enveloped<Provider>)),
        BadRequest, Unauthorized, Forbidden, NotFound, Unavailable))]
async fn update(
    admin: AdminUser,
    pool: web::Data<DbPool>,
    cipher: web::Data<SecretCipher>,
    base: web::Data<PublicBaseUrl>,
    body: web::Json<ProviderUpdate>,
) -> Result<HttpResponse, PaymentError> {
    let patch = body.into_inner();
    let id = patch.id;
    let updated = providers::update(
        &pool,
        &cipher,
        Actor::from(&admin.0),
        id,
        |current, stored| patch.apply_with(current, stored),
    )
    .await?;
    Ok(ok(Provider::new(updated, &base)))
}

/// Soft-delete a provider (admin only)
///
/// The row is kept for old orders and bank transactions but disappears from every list and lookup.
#[utoipa::path(delete, path = "/paymentprovider/api/admin/v1/PaymentProvider/Delete",
    operation_id = "deletePaymentProvider", tag = "PaymentProvider",
    params(IdQuery),
    responses((status = 200, description = "Success", body = inline(Enveloped<Deleted>)),
        BadRequest, Unauthorized, Forbidden, NotFound, Unavailable))]
async fn delete(
    admin: AdminUser,
    pool: web::Data<DbPool>,
    query: web::Query<IdQuery>,
) -> Result<HttpResponse, PaymentError> {
    providers::delete(&pool, Actor::from(&admin.0), query.id).await?;
    Ok(ok(true))
}

/// Send a signed test delivery to the provider's webhook, "Gửi thử" (admin and staff)
///
/// Posts a SePay-shaped delivery (1 đ in to the provider's account, no order code) over HTTP to this service's own SePay webhook route, authenticated the provider's way (`webhookAuth`: `Authorization: Apikey <webhook secret>`, or `X-SePay-Timestamp` and `X-SePay-Signature` over `{timestamp}.{body}`) with the stored secret, and marked as a test (`shopTestDelivery`). The webhook checks it like any delivery, records the call as the provider's `lastWebhook`, and stores it as a test delivery: never a transaction, never applied to an order, never counted. The answer says whether it was accepted and the recorded outcome (`test`, or why it was refused, e.g. `wrong_signature`). A webhook that is off or a provider without a secret: code 1, nothing sent. Unknown or deleted provider: code 2, nothing sent. Audited (`payment_provider_test_webhook`).
#[utoipa::path(post, path = "/paymentprovider/api/admin/v1/PaymentProvider/TestWebhook",
    operation_id = "testPaymentProviderWebhook", tag = "PaymentProvider",
    request_body = PaymentProviderTestWebhook,
    responses((status = 200, description = "Success", body = inline(Enveloped<TestWebhookResult>)),
        BadRequest, Unauthorized, NotFound, Unavailable))]
#[allow(clippy::too_many_arguments)]
async fn test_webhook(
    user: AuthUser,
    req: HttpRequest,
    pool: web::Data<DbPool>,
    cipher: web::Data<SecretCipher>,
    base: web::Data<PublicBaseUrl>,
    probe: web::Data<WebhookProbe>,
    guard: web::Data<WebhookGuard>,
    body: web::Json<PaymentProviderTestWebhook>,
) -> Result<HttpResponse, PaymentError> {
    let local = req.app_config().local_addr();
    let run = webhook_test::run(
        &pool,
        &cipher,
        &probe,
        local,
        guard.clock.now(),
        body.id,
        Actor::from(&user),
    )
    .await?;
    let (sent, outcome, record) = (run.sent, run.outcome, run.record);
    Ok(ok(TestWebhookResult {
        test_id: sent.test_id,
        accepted: sent.accepted,
        http_status: sent.http_status,
        outcome,
        error: sent.error,
        provider: Provider::new(record, &base),
    }))
}

/// The built-in list of Vietnamese banks (NAPAS BINs) for vietqr_bank providers
#[utoipa::path(get, path = "/paymentprovider/api/admin/v1/PaymentProvider/Banks",
    operation_id = "listBanks", tag = "PaymentProvider",
    responses((status = 200, description = "Success", body = inline(Enveloped<ListOf<Bank>>)),
        Unauthorized, Unavailable))]
async fn banks(_user: AuthUser) -> HttpResponse {
    ok(BANKS)
}

pub fn routes(table: RouteTable) -> RouteTable {
    let admin = |action: &str| format!("{ADMIN}/PaymentProvider/{action}");
    table
        .get(
            &format!("{WEB}/PaymentProvider/ListPaymentProviders"),
            list_public,
        )
        .get(&admin("Pagination"), pagination)
        .get(&admin("Read"), read)
        .post(&admin("Create"), create)
        .put(&admin("Update"), update)
        .delete(&admin("Delete"), delete)
        .post(&admin("TestWebhook"), test_webhook)
        .get(&admin("Banks"), banks)
}
