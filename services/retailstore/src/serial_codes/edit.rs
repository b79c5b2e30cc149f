//! One serial code by id: Update, Delete and Reveal. Each writes its audit row in its own
//! transaction, naming the code by its mask only. Update and Delete touch a code only
//! while no order holds it (code 312).

use chrono::{DateTime, Utc};
use diesel::OptionalExtension;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use shop_common::db::DbPool;
use uuid::Uuid;

use crate::crypto::CodeCipher;
use crate::domain::audit::StoreAuditAction;
use crate::domain::serial_code::{Code, CodeStatus, masked};
use crate::error::StoreError;
use crate::models::audit_entry::Actor;
use crate::models::serial_code::{CodeChanges, ListedCode, SerialCodeRow};
use crate::serial_codes::import;

/// A checked Update: the new code, if any, and the plain fields. A field left as `None`
/// stays as it is.
#[derive(Debug)]
pub struct CodeUpdate {
    pub id: Uuid,
    pub code: Option<Code>,
    /// Only one of [`CodeStatus::EDITABLE`].
    pub status: Option<CodeStatus>,
    pub expires_at: Option<Option<DateTime<Utc>>>,
    pub note: Option<Option<String>>,
}

/// Update: a new code is sealed for its row and audited (serial_code_overwrite, the old
/// and new masks). Code 2 when the code is gone, 312 while an order holds it.
pub async fn update(
    pool: &DbPool,
    cipher: &CodeCipher,
    update: CodeUpdate,
    actor: Actor<'_>,
) -> Result<ListedCode, StoreError> {
    let CodeUpdate {
        id,
        code,
        status,
        expires_at,
        note,
    } = update;
    let mut changes = CodeChanges {
        status,
        expires_at,
        note,
        ..CodeChanges::default()
    };
    let mut conn = pool.get().await?;
    if let Some(code) = code {
        let product_id = SerialCodeRow::product_of(&mut conn, id).await?;
        import::seal_one(cipher, id, product_id, &code, &mut changes)?;
    }
    edit_audited(&mut conn, id, Edit::Update(&changes), actor).await?;
    Ok(SerialCodeRow::find(&mut conn, id).await?)
}

/// Delete, audited (serial_code_delete). Code 2 when the code is gone, 312 while an
/// order holds it.
pub async fn delete(pool: &DbPool, id: Uuid, actor: Actor<'_>) -> Result<(), StoreError> {
    let mut conn = pool.get().await?;
    edit_audited(&mut conn, id, Edit::Delete, actor).await
}

/// Reveal: the code in clear, checked against the row's keyed hash, audited
/// (serial_code_reveal) in the same transaction.
pub async fn reveal(
    pool: &DbPool,
    cipher: &CodeCipher,
    id: Uuid,
    actor: Actor<'_>,
) -> Result<String, StoreError> {
    let mut conn = pool.get().await?;
    let clear = conn
        .transaction(async |conn| {
            let row = SerialCodeRow::sealed(conn, id).await?;
            let listed = SerialCodeRow::find(conn, id).await?;
            let clear = cipher.open_code(&row.stored())?;
            actor
                .record(
                    conn,
                    StoreAuditAction::SerialCodeReveal,
                    &id.to_string(),
                    &named(&listed),
                )
                .await?;
            Ok::<_, StoreError>(clear)
        })
        .await?;
    tracing::info!(serial_code_id = %id, user_id = %actor.user_id, "serial code revealed");
    Ok(clear)
}

/// What Update or Delete does to a code no order holds.
#[derive(Clone, Copy)]
enum Edit<'a> {
    Update(&'a CodeChanges),
    Delete,
}

impl Edit<'_> {
    /// The audit row of the edit, given the code as it stood: none for an Update that
    /// keeps the code itself.
    fn audit(&self, before: &ListedCode) -> Option<(StoreAuditAction, String)> {
        match self {
            // Never the code: the masks (as every list shows them) only.
            Edit::Update(changes) => changes.last4.as_deref().map(|new_tail| {
                let detail = format!(
                    "{}: ghi giá trị mới lên mã {} (mới: {})",
                    before.product_name,
                    masked(&before.code.last4),
                    masked(new_tail)
                );
                (StoreAuditAction::SerialCodeOverwrite, detail)
            }),
            Edit::Delete => Some((StoreAuditAction::SerialCodeDelete, named(before))),
        }
    }
}

/// The steps Update and Delete share, in one transaction: the code as it stands, the
/// guarded write, its audit row. When the write touched nothing: code 2 if the code is
/// gone, else 312.
async fn edit_audited(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    edit: Edit<'_>,
    actor: Actor<'_>,
) -> Result<(), StoreError> {
    let written = conn
        .transaction(async |conn| {
            let Some(before) = SerialCodeRow::find(conn, id).await.optional()? else {
                return Ok(false);
            };
            let touched = match edit {
                Edit::Update(changes) => SerialCodeRow::update_editable(conn, id, changes)
                    .await?
                    .is_some(),
                Edit::Delete => SerialCodeRow::delete_editable(conn, id).await?,
            };
            if !touched {
                return Ok(false);
            }
            if let Some((action, detail)) = edit.audit(&before) {
                actor.record(conn, action, &id.to_string(), &detail).await?;
            }
            Ok::<_, StoreError>(true)
        })
        .await?;
    if written {
        return Ok(());
    }
    Err(match SerialCodeRow::exists(conn, id).await {
        Ok(true) => StoreError::CodeLocked,
        Ok(false) => StoreError::NotFound,
        Err(e) => e.into(),
    })
}

/// The code as the audit log names it: its product and its mask.
fn named(listed: &ListedCode) -> String {
    format!("{}: mã {}", listed.product_name, masked(&listed.code.last4))
}
