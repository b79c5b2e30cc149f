//! Product use cases: the admin Update, its price and status changes audited in its
//! transaction. Create, Delete and the lists call `models::product` directly.

use diesel_async::AsyncConnection;
use shop_common::db::DbPool;
use shop_common::input::Invalid;
use uuid::Uuid;

use crate::domain::product::{ProductFields, audited_changes};
use crate::error::StoreError;
use crate::models::audit_entry::Actor;
use crate::models::product::{Product, StockCounts};

/// Product/Update: the product is locked, `edit` turns its current fields into the new
/// ones (checked as a whole: an Update is a patch over what is stored), and each price or
/// status change is audited (old -> new) in the same transaction. Code 2 when the product
/// is gone.
pub async fn update(
    pool: &DbPool,
    id: Uuid,
    edit: impl FnOnce(ProductFields) -> Result<ProductFields, Invalid> + Send,
    actor: Actor<'_>,
) -> Result<(Product, StockCounts), StoreError> {
    let mut conn = pool.get().await?;
    conn.transaction(async |conn| {
        let current = Product::lock(conn, id).await?;
        let before = (current.price, current.status);
        let previous_slug = current.slug.clone();
        let fields = edit(current.into())?;
        let updated = Product::update(conn, id, &previous_slug, &fields).await?;
        for (action, detail) in audited_changes(before, (updated.price, updated.status)) {
            actor.record(conn, action, &updated.name, &detail).await?;
        }
        Ok::<_, StoreError>(())
    })
    .await?;
    Ok(Product::find(&mut conn, id).await?)
}
