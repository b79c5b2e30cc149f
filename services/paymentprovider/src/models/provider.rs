//! Payment providers: the row, its write form, and the queries. Deleted rows
//! (`deleted_at` set) are invisible to every query here.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde::Serialize;
use shop_common::pagination::{SortDir, like_pattern};
use uuid::Uuid;

use crate::crypto::Sealed;
use crate::domain::provider::form::ProviderForm;
use crate::domain::provider::{ProviderFields, ProviderType};
use crate::domain::webhook_auth::WebhookAuth;
use crate::domain::webhook_call::WebhookOutcome;
use crate::schema::{payment_provider_api_tokens, payment_provider_secrets, payment_providers};

/// A provider row; the admin view shows it as it is, plus its webhook state.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, utoipa::ToSchema)]
#[diesel(table_name = payment_providers, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct StoredProvider {
    pub id: Uuid,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: ProviderType,
    #[schema(required = true)]
    pub bank_bin: Option<String>,
    #[schema(required = true)]
    pub bank_name: Option<String>,
    #[schema(required = true)]
    pub account_number: Option<String>,
    #[schema(required = true)]
    pub account_name: Option<String>,
    #[schema(required = true)]
    pub instructions: Option<String>,
    #[schema(required = true)]
    pub logo_url: Option<String>,
    pub is_active: bool,
    pub sort_order: i32,
    pub webhook_enabled: bool,
    pub webhook_auth: WebhookAuth,
    /// The last reconciliation pass that read SePay's transaction list to the end
    #[schema(required = true)]
    pub last_reconciled_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Shown as the admin view's `lastWebhook`.
    #[serde(skip)]
    pub last_webhook_at: Option<DateTime<Utc>>,
    /// A `WebhookOutcome`, as text (one this binary does not know reads as none).
    #[serde(skip)]
    pub last_webhook_outcome: Option<String>,
}

/// A provider with whether a webhook secret and a SePay API token are stored for it.
#[derive(Debug, Clone)]
pub struct ProviderRecord {
    pub provider: StoredProvider,
    pub has_webhook_secret: bool,
    pub has_sepay_api_token: bool,
}

impl From<(StoredProvider, bool, bool)> for ProviderRecord {
    fn from(
        (provider, has_webhook_secret, has_sepay_api_token): (StoredProvider, bool, bool),
    ) -> Self {
        Self {
            provider,
            has_webhook_secret,
            has_sepay_api_token,
        }
    }
}

/// The insert and update form: every writable column but the secret.
#[derive(Debug, Insertable, AsChangeset)]
#[diesel(table_name = payment_providers, treat_none_as_null = true)]
pub struct ProviderRow<'a> {
    pub name: &'a str,
    pub kind: ProviderType,
    pub bank_bin: Option<&'a str>,
    pub bank_name: Option<&'a str>,
    pub account_number: Option<&'a str>,
    pub account_name: Option<&'a str>,
    pub instructions: Option<&'a str>,
    pub logo_url: Option<&'a str>,
    pub is_active: bool,
    pub sort_order: i32,
    pub webhook_enabled: bool,
    pub webhook_auth: WebhookAuth,
}

impl<'a> From<&'a ProviderFields> for ProviderRow<'a> {
    fn from(f: &'a ProviderFields) -> Self {
        let bank = f.bank.as_ref();
        Self {
            name: &f.name,
            kind: f.kind,
            bank_bin: bank.map(|b| b.bank_bin.as_str()),
            bank_name: bank.map(|b| b.bank_name.as_str()),
            account_number: bank.map(|b| b.account_number.as_str()),
            account_name: bank.map(|b| b.account_name.as_str()),
            instructions: f.instructions.as_deref(),
            logo_url: f.logo_url.as_deref(),
            is_active: f.is_active,
            sort_order: f.sort_order,
            webhook_enabled: f.webhook_enabled,
            webhook_auth: f.webhook_auth,
        }
    }
}

/// A provider's sealed value in a table of its own (`provider_id`, `nonce`,
/// `ciphertext`, `updated_at`): the same queries for the webhook secret and the SePay
/// API token.
macro_rules! sealed_row {
    ($(#[$doc:meta])* $name:ident, $table:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Queryable, Selectable, Insertable)]
        #[diesel(table_name = $table, check_for_backend(diesel::pg::Pg))]
        pub struct $name {
            pub provider_id: Uuid,
            pub nonce: Vec<u8>,
            pub ciphertext: Vec<u8>,
        }

        impl $name {
            pub fn new(provider_id: Uuid, sealed: Sealed) -> Self {
                Self {
                    provider_id,
                    nonce: sealed.nonce,
                    ciphertext: sealed.ciphertext,
                }
            }

            /// Stores (or replaces) the provider's value.
            pub async fn upsert(&self, conn: &mut AsyncPgConnection) -> QueryResult<()> {
                diesel::insert_into($table::table)
                    .values(self)
                    .on_conflict($table::provider_id)
                    .do_update()
                    .set((
                        $table::nonce.eq(&self.nonce),
                        $table::ciphertext.eq(&self.ciphertext),
                        $table::updated_at.eq(diesel::dsl::now),
                    ))
                    .execute(conn)
                    .await
                    .map(|_| ())
            }

            /// Removes the provider's value, if any.
            pub async fn clear(conn: &mut AsyncPgConnection, provider_id: Uuid) -> QueryResult<()> {
                diesel::delete($table::table.find(provider_id))
                    .execute(conn)
                    .await
                    .map(|_| ())
            }

            /// The provider's stored value, if any.
            pub async fn find(
                conn: &mut AsyncPgConnection,
                provider_id: Uuid,
            ) -> QueryResult<Option<Self>> {
                $table::table
                    .find(provider_id)
                    .select(Self::as_select())
                    .get_result(conn)
                    .await
                    .optional()
            }

            /// Whether the provider has a value stored.
            pub async fn exists(conn: &mut AsyncPgConnection, provider_id: Uuid) -> QueryResult<bool> {
                diesel::select(diesel::dsl::exists($table::table.find(provider_id)))
                    .get_result(conn)
                    .await
            }
        }
    };
}

sealed_row!(
    /// A stored, encrypted webhook secret.
    StoredSecret,
    payment_provider_secrets
);
sealed_row!(
    /// A stored, encrypted SePay user-API token.
    StoredToken,
    payment_provider_api_tokens
);

/// The stored provider as an unchecked form, for Update to patch (no secret in it).
impl From<StoredProvider> for ProviderForm {
    fn from(p: StoredProvider) -> Self {
        Self {
            name: Some(p.name),
            kind: Some(p.kind.as_str().to_owned()),
            bank_bin: p.bank_bin,
            bank_name: p.bank_name,
            account_number: p.account_number,
            account_name: p.account_name,
            instructions: p.instructions,
            logo_url: p.logo_url,
            is_active: Some(p.is_active),
            sort_order: Some(p.sort_order),
            webhook_enabled: Some(p.webhook_enabled),
            webhook_auth: Some(p.webhook_auth.as_str().to_owned()),
            webhook_secret: None,
            sepay_api_token: None,
        }
    }
}

/// Admin list filters: `keyword` matches name, bank name or account number (ILIKE).
#[derive(Debug, Clone, Default)]
pub struct ProviderFilter {
    pub keyword: Option<String>,
    pub kind: Option<ProviderType>,
    pub is_active: Option<bool>,
}

/// Sortable columns; `Default` is `created_at desc`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProviderSort {
    Default,
    Name(SortDir),
    SortOrder(SortDir),
    CreatedAt(SortDir),
}

/// Applies a [`ProviderFilter`] to a boxed query over live providers.
macro_rules! filtered {
    ($filter:expr) => {{
        let mut query = payment_providers::table
            .left_join(payment_provider_secrets::table)
            .filter(payment_providers::deleted_at.is_null())
            .into_boxed();
        if let Some(kind) = $filter.kind {
            query = query.filter(payment_providers::kind.eq(kind));
        }
        if let Some(active) = $filter.is_active {
            query = query.filter(payment_providers::is_active.eq(active));
        }
        if let Some(keyword) = $filter.keyword.as_deref() {
            let pattern = like_pattern(keyword);
            query = query.filter(
                payment_providers::name
                    .ilike(pattern.clone())
                    .or(payment_providers::bank_name.ilike(pattern.clone()))
                    .or(payment_providers::account_number.ilike(pattern)),
            );
        }
        query
    }};
}

/// The select list of a provider with its secret flag (over the left join) and its
/// token flag.
type WithSecret = (
    diesel::helper_types::AsSelect<StoredProvider, diesel::pg::Pg>,
    diesel::dsl::IsNotNull<diesel::dsl::Nullable<payment_provider_secrets::provider_id>>,
    diesel::dsl::exists<
        diesel::dsl::Filter<
            payment_provider_api_tokens::table,
            diesel::dsl::Eq<payment_provider_api_tokens::provider_id, payment_providers::id>,
        >,
    >,
);

fn with_secret() -> WithSecret {
    (
        StoredProvider::as_select(),
        payment_provider_secrets::provider_id
            .nullable()
            .is_not_null(),
        diesel::dsl::exists(
            payment_provider_api_tokens::table
                .filter(payment_provider_api_tokens::provider_id.eq(payment_providers::id)),
        ),
    )
}

impl StoredProvider {
    /// The last webhook call that named this provider, when its outcome is one this
    /// binary knows.
    pub fn last_webhook(&self) -> Option<(DateTime<Utc>, WebhookOutcome)> {
        let outcome = WebhookOutcome::parse(self.last_webhook_outcome.as_deref()?)?;
        Some((self.last_webhook_at?, outcome))
    }

    /// Records a webhook call naming this provider: one UPDATE of its own row, outside
    /// any transaction (it waits only for a write to the same provider, never for
    /// another provider's deliveries). Deleted providers are left alone.
    pub async fn record_webhook_call(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        outcome: WebhookOutcome,
    ) -> QueryResult<()> {
        diesel::update(
            payment_providers::table
                .find(id)
                .filter(payment_providers::deleted_at.is_null()),
        )
        .set((
            payment_providers::last_webhook_at.eq(diesel::dsl::now),
            payment_providers::last_webhook_outcome.eq(outcome.as_str()),
        ))
        .execute(conn)
        .await
        .map(|_| ())
    }

    /// Inserts a provider (call inside a transaction when a secret follows).
    pub async fn insert(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        fields: &ProviderFields,
    ) -> QueryResult<StoredProvider> {
        diesel::insert_into(payment_providers::table)
            .values((payment_providers::id.eq(id), ProviderRow::from(fields)))
            .returning(StoredProvider::as_returning())
            .get_result(conn)
            .await
    }

    /// A live (not deleted) provider.
    pub async fn find(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<ProviderRecord> {
        payment_providers::table
            .left_join(payment_provider_secrets::table)
            .filter(payment_providers::id.eq(id))
            .filter(payment_providers::deleted_at.is_null())
            .select(with_secret())
            .get_result::<(StoredProvider, bool, bool)>(conn)
            .await
            .map(ProviderRecord::from)
    }

    /// An active, live provider (what shoppers may pick), if any.
    pub async fn find_active(
        conn: &mut AsyncPgConnection,
        id: Uuid,
    ) -> QueryResult<Option<StoredProvider>> {
        payment_providers::table
            .find(id)
            .filter(payment_providers::deleted_at.is_null())
            .filter(payment_providers::is_active)
            .select(StoredProvider::as_select())
            .get_result(conn)
            .await
            .optional()
    }

    /// A live provider with its stored webhook secret, if any (the webhook's check).
    pub async fn find_with_secret(
        conn: &mut AsyncPgConnection,
        id: Uuid,
    ) -> QueryResult<Option<(StoredProvider, Option<StoredSecret>)>> {
        payment_providers::table
            .left_join(payment_provider_secrets::table)
            .filter(payment_providers::id.eq(id))
            .filter(payment_providers::deleted_at.is_null())
            .select((
                StoredProvider::as_select(),
                Option::<StoredSecret>::as_select(),
            ))
            .get_result(conn)
            .await
            .optional()
    }

    /// Locks a live provider until the end of the transaction (call inside one).
    pub async fn lock(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<StoredProvider> {
        payment_providers::table
            .find(id)
            .filter(payment_providers::deleted_at.is_null())
            .select(StoredProvider::as_select())
            .for_update()
            .get_result(conn)
            .await
    }

    /// Writes every field (the caller merged and checked them).
    pub async fn update(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        fields: &ProviderFields,
    ) -> QueryResult<StoredProvider> {
        diesel::update(
            payment_providers::table
                .find(id)
                .filter(payment_providers::deleted_at.is_null()),
        )
        .set((
            ProviderRow::from(fields),
            payment_providers::updated_at.eq(diesel::dsl::now),
        ))
        .returning(StoredProvider::as_returning())
        .get_result(conn)
        .await
    }

    /// Soft delete: the row stays for old orders and transactions; `NotFound` when it is
    /// unknown or already deleted.
    pub async fn soft_delete(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<()> {
        let changed = diesel::update(
            payment_providers::table
                .find(id)
                .filter(payment_providers::deleted_at.is_null()),
        )
        .set((
            payment_providers::deleted_at.eq(diesel::dsl::now),
            payment_providers::updated_at.eq(diesel::dsl::now),
        ))
        .execute(conn)
        .await?;
        if changed == 0 {
            Err(diesel::result::Error::NotFound)
        } else {
            Ok(())
        }
    }

    /// The storefront list: active and live, by `sort_order`, then name.
    pub async fn list_active(conn: &mut AsyncPgConnection) -> QueryResult<Vec<StoredProvider>> {
        payment_providers::table
            .filter(payment_providers::deleted_at.is_null())
            .filter(payment_providers::is_active)
            .order((
                payment_providers::sort_order.asc(),
                payment_providers::name.asc(),
                payment_providers::id.asc(),
            ))
            .select(StoredProvider::as_select())
            .load(conn)
            .await
    }

    /// One page of live providers.
    pub async fn page(
        conn: &mut AsyncPgConnection,
        filter: &ProviderFilter,
        sort: ProviderSort,
        limit: i64,
        offset: i64,
    ) -> QueryResult<Vec<ProviderRecord>> {
        use SortDir::{Asc, Desc};
        let query = filtered!(filter);
        let query = match sort {
            ProviderSort::Default | ProviderSort::CreatedAt(Desc) => query.order((
                payment_providers::created_at.desc(),
                payment_providers::id.desc(),
            )),
            ProviderSort::CreatedAt(Asc) => query.order((
                payment_providers::created_at.asc(),
                payment_providers::id.asc(),
            )),
            ProviderSort::Name(Asc) => {
                query.order((payment_providers::name.asc(), payment_providers::id.asc()))
            }
            ProviderSort::Name(Desc) => {
                query.order((payment_providers::name.desc(), payment_providers::id.desc()))
            }
            ProviderSort::SortOrder(Asc) => query.order((
                payment_providers::sort_order.asc(),
                payment_providers::name.asc(),
                payment_providers::id.asc(),
            )),
            ProviderSort::SortOrder(Desc) => query.order((
                payment_providers::sort_order.desc(),
                payment_providers::name.desc(),
                payment_providers::id.desc(),
            )),
        };
        let rows: Vec<(StoredProvider, bool, bool)> = query
            .select(with_secret())
            .limit(limit)
            .offset(offset)
            .load(conn)
            .await?;
        Ok(rows.into_iter().map(ProviderRecord::from).collect())
    }

    /// The number of live providers matching `filter`.
    pub async fn count(conn: &mut AsyncPgConnection, filter: &ProviderFilter) -> QueryResult<i64> {
        filtered!(filter).count().get_result(conn).await
    }
}

/// A provider reconciliation may read SePay's list for: live, a bank account, a token.
#[derive(Debug, Clone)]
pub struct ReconcileTarget {
    pub provider: StoredProvider,
    pub token: StoredToken,
}

#[derive(QueryableByName)]
struct Cursor {
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    reconcile_last_id: Option<i64>,
}

fn pg_interval(d: std::time::Duration) -> chrono::TimeDelta {
    chrono::TimeDelta::from_std(d).unwrap_or(chrono::TimeDelta::MAX)
}

impl ReconcileTarget {
    /// Every provider that has a SePay API token and an account to read.
    pub async fn all(conn: &mut AsyncPgConnection) -> QueryResult<Vec<ReconcileTarget>> {
        let rows: Vec<(StoredProvider, StoredToken)> = payment_providers::table
            .inner_join(payment_provider_api_tokens::table)
            .filter(payment_providers::deleted_at.is_null())
            .filter(payment_providers::kind.eq(ProviderType::VietqrBank))
            .filter(payment_providers::account_number.is_not_null())
            .order(payment_providers::id.asc())
            .select((StoredProvider::as_select(), StoredToken::as_select()))
            .load(conn)
            .await?;
        Ok(rows
            .into_iter()
            .map(|(provider, token)| ReconcileTarget { provider, token })
            .collect())
    }

    /// Takes the provider for one reconciliation pass when no other replica holds it and
    /// its last pass is at least `due_after` old: one statement, so of several replicas
    /// exactly one wins; the lease ends after `lease` in case the winner dies. `Some` of
    /// the cursor (the highest SePay id fed so far) when taken.
    pub async fn claim(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        lease: std::time::Duration,
        due_after: std::time::Duration,
    ) -> QueryResult<Option<Option<i64>>> {
        let claimed: Option<Cursor> = diesel::sql_query(
            "UPDATE payment_providers SET reconcile_lease_until = now() + $2 \
              WHERE id = $1 AND deleted_at IS NULL \
                AND (reconcile_lease_until IS NULL OR reconcile_lease_until <= now()) \
                AND (last_reconciled_at IS NULL OR last_reconciled_at <= now() - $3) \
             RETURNING reconcile_last_id",
        )
        .bind::<diesel::sql_types::Uuid, _>(id)
        .bind::<diesel::sql_types::Interval, _>(pg_interval(lease))
        .bind::<diesel::sql_types::Interval, _>(pg_interval(due_after))
        .get_result(conn)
        .await
        .optional()?;
        Ok(claimed.map(|c| c.reconcile_last_id))
    }

    /// Ends a pass: the cursor moves up to `last_id` (never down), the lease is given
    /// back, and `completed` passes set `last_reconciled_at`.
    pub async fn finish(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        last_id: Option<i64>,
        completed: bool,
    ) -> QueryResult<()> {
        diesel::sql_query(
            "UPDATE payment_providers \
                SET reconcile_last_id = GREATEST(reconcile_last_id, $2), \
                    reconcile_lease_until = NULL, \
                    last_reconciled_at = CASE WHEN $3 THEN now() ELSE last_reconciled_at END \
              WHERE id = $1",
        )
        .bind::<diesel::sql_types::Uuid, _>(id)
        .bind::<diesel::sql_types::Nullable<diesel::sql_types::BigInt>, _>(last_id)
        .bind::<diesel::sql_types::Bool, _>(completed)
        .execute(conn)
        .await
        .map(|_| ())
    }
}
