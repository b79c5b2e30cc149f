-- EXPLAIN ANALYZE of the catalogue's list queries, as diesel sends them (binds inlined).
-- Load bench/seed.sql first. Every statement ends with ';' at the end of a line;
-- tests/bench.rs runs them one by one and prints the plans (psql -f works as well).

-- 1. Storefront list, page 1: index scan of products_status_sort_idx, no sort.
EXPLAIN (ANALYZE, BUFFERS)
SELECT products.id, products.name, products.slug, products.price, product_stock.available
FROM (products INNER JOIN product_stock ON (product_stock.product_id = products.id))
WHERE (products.status = 'active')
ORDER BY products.sort_order ASC, products.created_at DESC, products.id ASC
LIMIT 20 OFFSET 0;

-- 2. Storefront totalCount: index-only scan of products_status_sort_idx.
EXPLAIN (ANALYZE, BUFFERS)
SELECT COUNT(*) FROM products WHERE (products.status = 'active');

-- 3. Storefront keyword search, as the service sends it for `Thẻ garena`: the keyword
-- folded (product_fold) into words, one LIKE per word on the folded name, most relevant
-- first: a bitmap scan of products_search_idx (trigrams), then a top-N sort of the matches.
EXPLAIN (ANALYZE, BUFFERS)
SELECT products.id, products.name, product_stock.available
FROM (products INNER JOIN product_stock ON (product_stock.product_id = products.id))
WHERE (((products.status = 'active') AND (products.search LIKE '%garena%'))
       AND (products.search LIKE '%the%'))
ORDER BY CASE WHEN (products.search = 'the garena') THEN 0
              WHEN (products.search LIKE 'the garena%') THEN 1
              WHEN (products.search LIKE '% the garena%') THEN 2
              WHEN (products.search LIKE '%the garena%') THEN 3 ELSE 4 END ASC,
         products.sort_order ASC, products.created_at DESC, products.id ASC
LIMIT 20 OFFSET 0;

-- 4. Its totalCount: the same bitmap scan.
EXPLAIN (ANALYZE, BUFFERS)
SELECT COUNT(*) FROM products
WHERE (((products.status = 'active') AND (products.search LIKE '%garena%'))
       AND (products.search LIKE '%the%'));

-- 4b. A keyword matching most of the catalogue (`san pham`: 100,000 names).
EXPLAIN (ANALYZE, BUFFERS)
SELECT COUNT(*) FROM products
WHERE (((products.status = 'active') AND (products.search LIKE '%san%'))
       AND (products.search LIKE '%pham%'));

-- 5. Admin list sorted by price, descending: backward scan of products_price_idx.
EXPLAIN (ANALYZE, BUFFERS)
SELECT products.id, products.name, product_stock.available, product_stock.reserved,
       product_stock.sold
FROM (products INNER JOIN product_stock ON (product_stock.product_id = products.id))
ORDER BY products.price DESC, products.id DESC
LIMIT 20 OFFSET 0;

-- 6. Admin list, default order, deep page: products_sort_idx.
EXPLAIN (ANALYZE, BUFFERS)
SELECT products.id, products.name, product_stock.available
FROM (products INNER JOIN product_stock ON (product_stock.product_id = products.id))
ORDER BY products.sort_order ASC, products.created_at DESC, products.id ASC
LIMIT 20 OFFSET 2000;

-- 7. Codes of the best seller (300,000 codes), newest first: serial_codes_product_created_idx.
EXPLAIN (ANALYZE, BUFFERS)
SELECT serial_codes.id, serial_codes.last4, serial_codes.status, serial_codes.created_at,
       products.name
FROM (serial_codes INNER JOIN products ON (serial_codes.product_id = products.id))
WHERE (serial_codes.product_id = '00000000-0000-0000-0000-000000000001')
ORDER BY serial_codes.created_at DESC, serial_codes.id DESC
LIMIT 20 OFFSET 0;

-- 8. Its sold codes.
EXPLAIN (ANALYZE, BUFFERS)
SELECT serial_codes.id, serial_codes.last4, serial_codes.created_at, products.name
FROM (serial_codes INNER JOIN products ON (serial_codes.product_id = products.id))
WHERE ((serial_codes.product_id = '00000000-0000-0000-0000-000000000001')
       AND (serial_codes.status = 'sold'))
ORDER BY serial_codes.created_at DESC, serial_codes.id DESC
LIMIT 20 OFFSET 0;

-- 9. All codes, newest first: backward scan of serial_codes_created_idx.
EXPLAIN (ANALYZE, BUFFERS)
SELECT serial_codes.id, serial_codes.last4, serial_codes.created_at, products.name
FROM (serial_codes INNER JOIN products ON (serial_codes.product_id = products.id))
ORDER BY serial_codes.created_at DESC, serial_codes.id DESC
LIMIT 20 OFFSET 0;

-- 10. The list's totalCount without a keyword comes from the counters (100,000 rows, not
-- 1,000,000 codes).
EXPLAIN (ANALYZE, BUFFERS)
SELECT coalesce(sum(available + reserved + sold + disabled), 0)::bigint AS n FROM product_stock;

EXPLAIN (ANALYZE, BUFFERS)
SELECT coalesce(sum(sold), 0)::bigint AS n FROM product_stock
WHERE product_id = '00000000-0000-0000-0000-000000000001';

-- 11. Exact-code search without a product: serial_codes_hash_key (code_hash leads).
EXPLAIN (ANALYZE, BUFFERS)
SELECT serial_codes.id, serial_codes.last4, products.name
FROM (serial_codes INNER JOIN products ON (serial_codes.product_id = products.id))
WHERE (serial_codes.code_hash = sha256('bench-code-123456'::bytea))
ORDER BY serial_codes.created_at DESC, serial_codes.id DESC
LIMIT 20 OFFSET 0;

-- 12. Stock of a product page: the counter row by primary key, no count over codes.
EXPLAIN (ANALYZE, BUFFERS)
SELECT products.id, product_stock.available, product_stock.reserved, product_stock.sold
FROM (products INNER JOIN product_stock ON (product_stock.product_id = products.id))
WHERE (products.id = '00000000-0000-0000-0000-000000000001');

-- 13. The buying flow's reservation (orders, later): serial_codes_reserve_idx, oldest
-- expiry first, skipping codes that expire within a day.
EXPLAIN (ANALYZE, BUFFERS)
SELECT id FROM serial_codes
WHERE product_id = '00000000-0000-0000-0000-000000000001'
  AND status = 'available'
  AND (expires_at IS NULL OR expires_at > now() + interval '1 day')
ORDER BY expires_at ASC NULLS LAST, created_at ASC
LIMIT 5
FOR UPDATE SKIP LOCKED;
