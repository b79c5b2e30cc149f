-- pg_trgm stays: other schemas of the database may use it.
DROP INDEX products_search_idx;
ALTER TABLE products DROP COLUMN search;
DROP FUNCTION product_fold(text);
