//! The product lists, admin and storefront alike: the keyword search (folded words over
//! a trigram index), the filters and sort orders, one page and its count.

use std::collections::HashMap;

use diesel::dsl::case_when;
use diesel::prelude::*;
use diesel::sql_types::Integer;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use shop_common::pagination::SortDir;
use uuid::Uuid;

use super::{Product, StockCounts};
use crate::domain::product::ProductStatus;
use crate::schema::{product_counts, product_stock, products};

diesel::define_sql_function! {
    /// The one fold of search (migration product_search): lower case, no diacritics,
    /// `đ` -> `d`, words of a-z 0-9 joined by single spaces. `products.search` is
    /// `product_fold(name)`; keywords are folded by the same function.
    fn product_fold(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
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
