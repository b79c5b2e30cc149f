//! Products and their stock counters.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::dsl::case_when;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Integer};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use shop_common::pagination::SortDir;
use uuid::Uuid;

use crate::domain::audit::StoreAuditAction;
use crate::domain::product::{ProductFields, ProductListing, ProductStatus};
use crate::domain::serial_code::CodeStatus;
use crate::models::audit_entry::Actor;
use crate::models::serial_code::EXPIRING;
use crate::schema::{product_counts, product_slugs, product_stock, products, serial_codes};

diesel::define_sql_function! {
    /// The one fold of search (migration product_search): lower case, no diacritics,
    /// `đ` -> `d`, words of a-z 0-9 joined by single spaces. `products.search` is
    /// `product_fold(name)`; keywords are folded by the same function.
    fn product_fold(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

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

/// A keyword as the search reads it: folded by the database's `product_fold` (as the
/// stored `products.search` is), split into words. A product matches when its folded
/// name holds every word, in any order, as a substring (`gar 100` finds `Thẻ Garena
/// 100K`); the trigram index on `products.search` answers each word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    /// The whole folded keyword, for ranking.
    phrase: String,
    /// Its distinct words, longest first, none inside another (implied by it).
    words: Vec<String>,
}

impl Search {
    /// The search for `keyword`. One with no letter or digit (`%`, `!!!`) has no words
    /// and matches nothing: no product name is made of punctuation only.
    pub async fn fold(conn: &mut AsyncPgConnection, keyword: &str) -> QueryResult<Search> {
        let folded: String = diesel::select(product_fold(keyword))
            .get_result(conn)
            .await?;
        Ok(Self::of_folded(&folded))
    }

    /// The search for an already folded keyword (`a-z 0-9` words and single spaces).
    pub fn of_folded(folded: &str) -> Search {
        let mut words: Vec<&str> = folded.split_whitespace().collect();
        // Longest first: the index starts from the most selective word, and a word
        // inside a longer one adds nothing to "holds every word".
        words.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        let mut kept: Vec<String> = Vec::with_capacity(words.len());
        for word in words {
            if !kept.iter().any(|k| k.contains(word)) {
                kept.push(word.to_owned());
            }
        }
        Search {
            phrase: folded.split_whitespace().collect::<Vec<_>>().join(" "),
            words: kept,
        }
    }

    pub fn words(&self) -> &[String] {
        &self.words
    }
}

/// List filters.
#[derive(Debug, Clone, Default)]
pub struct ProductFilter {
    pub search: Option<Search>,
    pub status: Option<ProductStatus>,
}

impl ProductFilter {
    /// The filter of a list request: `keyword` folded into a [`Search`].
    pub async fn new(
        conn: &mut AsyncPgConnection,
        keyword: Option<&str>,
        status: Option<ProductStatus>,
    ) -> QueryResult<Self> {
        let search = match keyword {
            Some(keyword) => Some(Search::fold(conn, keyword).await?),
            None => None,
        };
        Ok(Self { search, status })
    }
}

/// Sortable columns; `Default` is `sort_order asc, created_at desc`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProductSort {
    Default,
    Name(SortDir),
    Price(SortDir),
    SortOrder(SortDir),
    CreatedAt(SortDir),
}

/// Applies a [`ProductFilter`] to a boxed query over `products` (alone or joined).
macro_rules! filtered {
    ($query:expr, $filter:expr) => {{
        let mut query = $query;
        if let Some(status) = $filter.status {
            query = query.filter(products::status.eq(status));
        }
        if let Some(search) = &$filter.search {
            if search.words.is_empty() {
                query = query.filter(diesel::dsl::sql::<diesel::sql_types::Bool>("FALSE"));
            }
            // Folded words are a-z 0-9 only: nothing to escape in the pattern.
            for word in &search.words {
                query = query.filter(products::search.like(format!("%{word}%")));
            }
        }
        query
    }};
}

/// Orders a boxed query over `products` (alone or joined) as [`Product::page`] says.
macro_rules! ordered {
    ($query:expr, $filter:expr, $sort:expr) => {{
        use SortDir::{Asc, Desc};
        let query = $query;
        match (&$filter.search, $sort) {
            (Some(search), ProductSort::Default) => {
                let phrase = search.phrase.as_str();
                let tier = |n: i32| n.into_sql::<Integer>();
                let relevance = case_when(products::search.eq(phrase.to_owned()), tier(0))
                    .when(products::search.like(format!("{phrase}%")), tier(1))
                    .when(products::search.like(format!("% {phrase}%")), tier(2))
                    .when(products::search.like(format!("%{phrase}%")), tier(3))
                    .otherwise(tier(4));
                query.order((
                    relevance.asc(),
                    products::sort_order.asc(),
                    products::created_at.desc(),
                    products::id.asc(),
                ))
            }
            (_, ProductSort::Default | ProductSort::SortOrder(Asc)) => query.order((
                products::sort_order.asc(),
                products::created_at.desc(),
                products::id.asc(),
            )),
            (_, ProductSort::SortOrder(Desc)) => query.order((
                products::sort_order.desc(),
                products::created_at.asc(),
                products::id.desc(),
            )),
            (_, ProductSort::Name(Asc)) => query.order((products::name.asc(), products::id.asc())),
            (_, ProductSort::Name(Desc)) => {
                query.order((products::name.desc(), products::id.desc()))
            }
            (_, ProductSort::Price(Asc)) => {
                query.order((products::price.asc(), products::id.asc()))
            }
            (_, ProductSort::Price(Desc)) => {
                query.order((products::price.desc(), products::id.desc()))
            }
            (_, ProductSort::CreatedAt(Asc)) => {
                query.order((products::created_at.asc(), products::id.asc()))
            }
            (_, ProductSort::CreatedAt(Desc)) => {
                query.order((products::created_at.desc(), products::id.desc()))
            }
        }
    }};
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

    /// One page of products with their counters. A search in the default order ranks
    /// by relevance first: the whole keyword as the name, then at its start, then at a
    /// word's start, then anywhere, then every word in any order; then the default order.
    ///
    /// A search orders every match before it can cut the page: the page's ids are chosen
    /// from `products` alone, and only those 20 or so rows are joined to their counters
    /// (joining first cost 6 µs a match: half a second for a keyword most names hold).
    pub async fn page(
        conn: &mut AsyncPgConnection,
        filter: &ProductFilter,
        sort: ProductSort,
        limit: i64,
        offset: i64,
    ) -> QueryResult<Vec<(Product, StockCounts)>> {
        if filter.search.is_some() {
            let ids: Vec<Uuid> = ordered!(
                filtered!(products::table.into_boxed(), filter),
                filter,
                sort
            )
            .select(products::id)
            .limit(limit)
            .offset(offset)
            .load(conn)
            .await?;
            return Self::with_stock_in_order(conn, &ids).await;
        }
        ordered!(
            filtered!(
                products::table
                    .inner_join(product_stock::table)
                    .into_boxed(),
                filter
            ),
            filter,
            sort
        )
        .select((Product::as_select(), StockCounts::as_select()))
        .limit(limit)
        .offset(offset)
        .load(conn)
        .await
    }

    /// These products with their counters, in the order of `ids`.
    async fn with_stock_in_order(
        conn: &mut AsyncPgConnection,
        ids: &[Uuid],
    ) -> QueryResult<Vec<(Product, StockCounts)>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut rows: Vec<(Product, StockCounts)> = products::table
            .inner_join(product_stock::table)
            .filter(products::id.eq_any(ids))
            .select((Product::as_select(), StockCounts::as_select()))
            .load(conn)
            .await?;
        let position: HashMap<Uuid, usize> =
            ids.iter().enumerate().map(|(i, id)| (*id, i)).collect();
        rows.sort_by_key(|(p, _)| position.get(&p.id).copied().unwrap_or(usize::MAX));
        Ok(rows)
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

    /// The number of products matching `filter`: without a search, from the per-status
    /// counters (one to three rows, whatever the catalogue's size); with one, counted
    /// through the search index.
    pub async fn count(conn: &mut AsyncPgConnection, filter: &ProductFilter) -> QueryResult<i64> {
        if filter.search.is_none() {
            let mut query = product_counts::table.select(product_counts::n).into_boxed();
            if let Some(status) = filter.status {
                query = query.filter(product_counts::status.eq(status));
            }
            let counts: Vec<i64> = query.load(conn).await?;
            return Ok(counts.into_iter().sum());
        }
        filtered!(products::table.into_boxed(), filter)
            .count()
            .get_result(conn)
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::Search;

    fn words(folded: &str) -> Vec<String> {
        Search::of_folded(folded).words().to_vec()
    }

    #[test]
    fn a_search_keeps_the_words_that_narrow_it() {
        assert_eq!(words("the garena 100k"), ["garena", "100k", "the"]);
        // A word inside another adds nothing: `the` is in `thep`; repeats count once.
        assert_eq!(words("the thep the"), ["thep"]);
        assert_eq!(words("a b a"), ["a", "b"]);
        assert!(words("").is_empty());
        let long = "ab ".repeat(66);
        assert_eq!(words(long.trim()), ["ab"]);
    }
}
