//! Products and their stock counters. The lists (keyword search, filters, sort orders)
//! are in `list`.

mod list;

pub use list::{ProductFilter, ProductSort, Search};

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::domain::audit::StoreAuditAction;
use crate::domain::product::{ProductFields, ProductListing, ProductStatus};
use crate::domain::serial_code::CodeStatus;
use crate::models::audit_entry::Actor;
use crate::models::serial_code::EXPIRING;
use crate::schema::{product_slugs, product_stock, products, serial_codes};

#[derive(QueryableByName)]
struct Expiring {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    product_id: Uuid,
    #[diesel(sql_type = BigInt)]
    n: i64,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = products, check_for_backend(diesel::pg::Pg))]
pub struct Product {
    pub id: Uuid,
    pub name: String,
    pub slug: String,
    pub summary: Option<String>,
    pub description: Option<String>,
    pub image_url: Option<String>,
    pub price: i64,
    pub original_price: Option<i64>,
    pub status: ProductStatus,
    pub sort_order: i32,
    pub min_per_order: i32,
    pub max_per_order: i32,
    pub low_stock_threshold: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub redeem_instructions: Option<String>,
}

/// A product's code counts, kept by triggers on `serial_codes`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = product_stock, check_for_backend(diesel::pg::Pg))]
pub struct StockCounts {
    pub available: i64,
    pub reserved: i64,
    pub sold: i64,
}

/// The insert and update form: every writable column.
#[derive(Debug, Insertable, AsChangeset)]
#[diesel(table_name = products, treat_none_as_null = true)]
pub struct ProductRow<'a> {
    pub name: &'a str,
    pub slug: &'a str,
    pub summary: Option<&'a str>,
    pub description: Option<&'a str>,
    pub image_url: Option<&'a str>,
    pub price: i64,
    pub original_price: Option<i64>,
    pub status: ProductStatus,
    pub sort_order: i32,
    pub min_per_order: i32,
    pub max_per_order: i32,
    pub low_stock_threshold: i32,
    pub redeem_instructions: Option<&'a str>,
}

impl<'a> From<&'a ProductFields> for ProductRow<'a> {
    fn from(f: &'a ProductFields) -> Self {
        Self {
            name: &f.listing.name,
            slug: &f.listing.slug,
            summary: f.listing.summary.as_deref(),
            description: f.listing.description.as_deref(),
            image_url: f.listing.image_url.as_deref(),
            price: f.listing.price,
            original_price: f.listing.original_price,
            status: f.status,
            sort_order: f.sort_order,
            min_per_order: f.min_per_order,
            max_per_order: f.max_per_order,
            low_stock_threshold: f.low_stock_threshold,
            redeem_instructions: f.listing.redeem_instructions.as_deref(),
        }
    }
}

impl StockCounts {
    /// What shoppers may buy: `available` less the codes that expire within a day.
    pub fn sellable(self, expiring: i64) -> Self {
        Self {
            available: (self.available - expiring).max(0),
            ..self
        }
    }

    /// Available codes of every product, from the stock view (one row per product).
    pub async fn available_by_product(
        conn: &mut AsyncPgConnection,
    ) -> QueryResult<Vec<(Uuid, i64)>> {
        product_stock::table
            .select((product_stock::product_id, product_stock::available))
            .load(conn)
            .await
    }
}

impl From<&Product> for ProductListing {
    fn from(p: &Product) -> Self {
        Self {
            name: p.name.clone(),
            slug: p.slug.clone(),
            summary: p.summary.clone(),
            description: p.description.clone(),
            image_url: p.image_url.clone(),
            price: p.price,
            original_price: p.original_price,
            redeem_instructions: p.redeem_instructions.clone(),
        }
    }
}

impl From<Product> for ProductFields {
    fn from(p: Product) -> Self {
        Self {
            listing: ProductListing::from(&p),
            status: p.status,
            sort_order: p.sort_order,
            min_per_order: p.min_per_order,
            max_per_order: p.max_per_order,
            low_stock_threshold: p.low_stock_threshold,
        }
    }
}

/// A slug a product takes as its own (on Update) is no longer kept as an earlier slug of
/// any product.
async fn release_old_slug(conn: &mut AsyncPgConnection, slug: &str) -> QueryResult<usize> {
    diesel::delete(product_slugs::table.filter(product_slugs::slug.eq(slug)))
        .execute(conn)
        .await
}

impl Product {
    /// Inserts a product; a trigger creates its zeroed stock row. Its slug may be
    /// another product's earlier one: [`Product::find_by_slug`] prefers the live product.
    pub async fn insert(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        fields: &ProductFields,
    ) -> QueryResult<Product> {
        diesel::insert_into(products::table)
            .values((products::id.eq(id), ProductRow::from(fields)))
            .returning(Product::as_returning())
            .get_result(conn)
            .await
    }

    /// The product a storefront link names, with its counters: the product whose slug it
    /// is, else the one that had it before a rename (links shared earlier). Any status:
    /// the caller decides what shoppers may see.
    pub async fn find_by_slug(
        conn: &mut AsyncPgConnection,
        slug: &str,
    ) -> QueryResult<Option<(Product, StockCounts)>> {
        let current = products::table
            .inner_join(product_stock::table)
            .filter(products::slug.eq(slug))
            .select((Product::as_select(), StockCounts::as_select()))
            .get_result(conn)
            .await
            .optional()?;
        if current.is_some() {
            return Ok(current);
        }
        products::table
            .inner_join(product_stock::table)
            .inner_join(product_slugs::table)
            .filter(product_slugs::slug.eq(slug))
            .select((Product::as_select(), StockCounts::as_select()))
            .get_result(conn)
            .await
            .optional()
    }

    pub async fn find(
        conn: &mut AsyncPgConnection,
        id: Uuid,
    ) -> QueryResult<(Product, StockCounts)> {
        products::table
            .inner_join(product_stock::table)
            .filter(products::id.eq(id))
            .select((Product::as_select(), StockCounts::as_select()))
            .get_result(conn)
            .await
    }

    /// Locks the product row until the end of the transaction (call inside one).
    pub async fn lock(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Product> {
        products::table
            .find(id)
            .select(Product::as_select())
            .for_update()
            .get_result(conn)
            .await
    }

    pub async fn exists(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(
            products::table.find(id).select(products::id),
        ))
        .get_result(conn)
        .await
    }

    /// The redemption steps of those of these products that have them.
    pub async fn redeem_instructions(
        conn: &mut AsyncPgConnection,
        ids: &[Uuid],
    ) -> QueryResult<Vec<(Uuid, String)>> {
        products::table
            .filter(products::id.eq_any(ids))
            .filter(products::redeem_instructions.is_not_null())
            .select((
                products::id,
                products::redeem_instructions.assume_not_null(),
            ))
            .load(conn)
            .await
    }

    pub async fn any(conn: &mut AsyncPgConnection) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(products::table.select(products::id)))
            .get_result(conn)
            .await
    }

    /// Writes every field (the caller merged and checked them and holds the row's lock,
    /// inside a transaction). A changed slug keeps answering: the previous one is kept
    /// for this product, and the new one stops redirecting anywhere else.
    pub async fn update(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        previous_slug: &str,
        fields: &ProductFields,
    ) -> QueryResult<Product> {
        let slug = fields.listing.slug.as_str();
        if slug != previous_slug {
            release_old_slug(conn, slug).await?;
            diesel::insert_into(product_slugs::table)
                .values((
                    product_slugs::slug.eq(previous_slug),
                    product_slugs::product_id.eq(id),
                ))
                .on_conflict(product_slugs::slug)
                .do_update()
                .set((
                    product_slugs::product_id.eq(id),
                    product_slugs::retired_at.eq(diesel::dsl::now),
                ))
                .execute(conn)
                .await?;
        }
        diesel::update(products::table.find(id))
            .set((
                ProductRow::from(fields),
                products::updated_at.eq(diesel::dsl::now),
            ))
            .returning(Product::as_returning())
            .get_result(conn)
            .await
    }

    /// Deletes a product with its unsold codes, in one transaction that also writes the
    /// audit row. A product that any reserved or sold code (or any order line) still
    /// references stays: the foreign-key violation is returned. The product row is locked
    /// first, so an import or a reservation running at the same time either finishes
    /// before or fails after.
    pub async fn delete(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        actor: Actor<'_>,
    ) -> QueryResult<()> {
        conn.transaction(async |conn| {
            let product = Product::lock(conn, id).await?;
            let codes = diesel::delete(
                serial_codes::table
                    .filter(serial_codes::product_id.eq(id))
                    .filter(serial_codes::status.eq_any(CodeStatus::EDITABLE)),
            )
            .execute(conn)
            .await?;
            diesel::delete(products::table.find(id))
                .execute(conn)
                .await?;
            let detail = format!("Xóa sản phẩm {} cùng {codes} mã chưa bán", product.id);
            actor
                .record(
                    conn,
                    StoreAuditAction::ProductDelete,
                    &product.name,
                    &detail,
                )
                .await
        })
        .await
    }

    /// The products of an order request, in id order. With `lock`, each row is held with
    /// `FOR KEY SHARE` until the end of the transaction (concurrent orders do not block
    /// each other; a product edit waits for them, and they for it).
    pub async fn offers(
        conn: &mut AsyncPgConnection,
        ids: &[Uuid],
        lock: bool,
    ) -> QueryResult<Vec<Product>> {
        let query = products::table
            .filter(products::id.eq_any(ids))
            .order(products::id.asc())
            .select(Product::as_select());
        if lock {
            query.for_key_share().load(conn).await
        } else {
            query.load(conn).await
        }
    }

    /// Per product, the available codes that the buying flow skips because they expire
    /// within a day (subtracted from `available` wherever shoppers see stock). Reads the
    /// reservation index from its expiring end only.
    pub async fn expiring(
        conn: &mut AsyncPgConnection,
        ids: &[Uuid],
    ) -> QueryResult<HashMap<Uuid, i64>> {
        let rows: Vec<Expiring> = diesel::sql_query(format!(
            "SELECT product_id, count(*) AS n FROM serial_codes \
             WHERE product_id = ANY($1) AND {EXPIRING} GROUP BY product_id"
        ))
        .bind::<Array<diesel::sql_types::Uuid>, _>(ids)
        .load(conn)
        .await?;
        Ok(rows.into_iter().map(|r| (r.product_id, r.n)).collect())
    }
}
