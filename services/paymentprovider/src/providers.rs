//! A payment provider's writes (admin only): create, update and soft-delete. Each runs in
//! one transaction with its secret and token writes and its audit record, so that the
//! change and its record commit or roll back together.

use diesel_async::{AsyncConnection, AsyncPgConnection};
use shop_common::db::DbPool;
use shop_common::input::Invalid;
use uuid::Uuid;

use crate::crypto::SecretCipher;
use crate::domain::audit::{Fields, PaymentAuditAction, SecretFate, provider_change};
use crate::domain::provider::form::ProviderForm;
use crate::domain::provider::{ProviderFields, SecretChange, SecretsState};
use crate::error::PaymentError;
use crate::models::audit_entry::Actor;
use crate::models::provider::{ProviderRecord, StoredProvider, StoredSecret, StoredToken};

/// Stores a new provider with `fields` (checked against no stored secret) and records it.
pub async fn create(
    pool: &DbPool,
    cipher: &SecretCipher,
    actor: Actor<'_>,
    fields: ProviderFields,
) -> Result<ProviderRecord, PaymentError> {
    let id = Uuid::new_v4();
    let mut conn = pool.get().await?;
    conn.transaction(async |conn| {
        let provider = StoredProvider::insert(conn, id, &fields).await?;
        let written = Written {
            action: PaymentAuditAction::PaymentProviderCreate,
            before: Vec::new(),
            stored: SecretsState::default(),
        };
        written.finish(conn, cipher, actor, provider, &fields).await
    })
    .await
}

/// Updates the live provider `id`: `change` gets its current fields (as a form, without
/// secrets) and what is stored, and answers the checked fields to store. The provider is
/// locked from the read to the write. Unknown or deleted: not found.
pub async fn update(
    pool: &DbPool,
    cipher: &SecretCipher,
    actor: Actor<'_>,
    id: Uuid,
    change: impl FnOnce(ProviderForm, SecretsState) -> Result<ProviderFields, Invalid> + Send,
) -> Result<ProviderRecord, PaymentError> {
    let mut conn = pool.get().await?;
    conn.transaction(async |conn| {
        let current = StoredProvider::lock(conn, id).await?;
        let stored = SecretsState {
            secret_stored: StoredSecret::find(conn, id).await?.is_some(),
            token_stored: StoredToken::exists(conn, id).await?,
            ..SecretsState::default()
        };
        let before = current.audit_fields();
        let fields = change(current.into(), stored)?;
        let provider = StoredProvider::update(conn, id, &fields).await?;
        let written = Written {
            action: PaymentAuditAction::PaymentProviderUpdate,
            before,
            stored,
        };
        written.finish(conn, cipher, actor, provider, &fields).await
    })
    .await
}

/// Soft-deletes the live provider `id` (kept for old orders and transactions) and records
/// it. Unknown or deleted: not found.
pub async fn delete(pool: &DbPool, actor: Actor<'_>, id: Uuid) -> Result<(), PaymentError> {
    let mut conn = pool.get().await?;
    conn.transaction(async |conn| {
        let provider = StoredProvider::lock(conn, id).await?;
        StoredProvider::soft_delete(conn, id).await?;
        actor
            .record(
                conn,
                PaymentAuditAction::PaymentProviderDelete,
                &provider.audit_target(),
                "Xóa (ẩn) phương thức thanh toán",
            )
            .await?;
        Ok::<_, PaymentError>(())
    })
    .await
}

/// A create or an update whose provider row is written: what it is audited as, the
/// fields before it (none for a create) and the secrets stored before it.
struct Written {
    action: PaymentAuditAction,
    before: Fields,
    stored: SecretsState,
}

impl Written {
    /// The common tail of a create and an update, inside their transaction: writes the
    /// secret and the token, records the change, answers the stored provider.
    async fn finish(
        self,
        conn: &mut AsyncPgConnection,
        cipher: &SecretCipher,
        actor: Actor<'_>,
        provider: StoredProvider,
        fields: &ProviderFields,
    ) -> Result<ProviderRecord, PaymentError> {
        let (has_webhook_secret, has_sepay_api_token) =
            write_secrets(conn, cipher, provider.id, fields, self.stored).await?;
        let detail = provider_change(
            &self.before,
            &provider.audit_fields(),
            fate(&fields.secret, self.stored.secret_stored),
            fate(&fields.token, self.stored.token_stored),
        );
        actor
            .record(conn, self.action, &provider.audit_target(), &detail)
            .await?;
        Ok(ProviderRecord {
            provider,
            has_webhook_secret,
            has_sepay_api_token,
        })
    }
}

/// Applies the secret and token parts of a write; returns whether a secret and a token
/// are stored afterwards. Call inside the write's transaction.
async fn write_secrets(
    conn: &mut AsyncPgConnection,
    cipher: &SecretCipher,
    id: Uuid,
    fields: &ProviderFields,
    stored: SecretsState,
) -> Result<(bool, bool), PaymentError> {
    let secret = match &fields.secret {
        SecretChange::Keep => stored.secret_stored,
        SecretChange::Clear => {
            StoredSecret::clear(conn, id).await?;
            false
        }
        SecretChange::Set(secret) => {
            StoredSecret::new(id, cipher.encrypt(id, secret)?)
                .upsert(conn)
                .await?;
            true
        }
    };
    let token = match &fields.token {
        SecretChange::Keep => stored.token_stored,
        SecretChange::Clear => {
            StoredToken::clear(conn, id).await?;
            false
        }
        SecretChange::Set(token) => {
            StoredToken::new(id, cipher.encrypt_token(id, token)?)
                .upsert(conn)
                .await?;
            true
        }
    };
    Ok((secret, token))
}

/// What a write did to a stored secret, for the audit log (`stored`: one was there).
fn fate(change: &SecretChange, stored: bool) -> SecretFate {
    match change {
        SecretChange::Keep => SecretFate::Kept,
        SecretChange::Set(_) => SecretFate::Changed,
        SecretChange::Clear if stored => SecretFate::Removed,
        SecretChange::Clear => SecretFate::Kept,
    }
}
