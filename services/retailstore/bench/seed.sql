-- Bench data for explain.sql: 100,000 products and 1,000,000 serial codes.
-- Run inside a scratch schema that holds the retailstore migrations, e.g. through
-- `cargo nextest run -p retailstore --run-ignored only -E 'test(explain_list_queries)' --no-capture`
-- (tests/bench.rs), or by hand:
--   psql "$DATABASE_URL?options=-c%20search_path%3Dbench" -f bench/seed.sql -f bench/explain.sql
--
-- Products: ids 00000000-0000-0000-0000-<g in hex>; 80% active, 10% draft, 10% hidden;
-- every 1,000th is a 'Thẻ Garena' product (the keyword searches look for it).
-- Codes: 300,000 for product 1 (a best seller), then 100 each for products 2..7001;
-- 90% available, 5% sold, 3% reserved, 2% disabled; a third with an expiry. The bytes are
-- stand-ins of the right sizes (no encryption needed to measure plans).

INSERT INTO products (id, name, slug, price, status, sort_order, created_at)
SELECT ('00000000-0000-0000-0000-' || lpad(to_hex(g), 12, '0'))::uuid,
       CASE WHEN g % 1000 = 0 THEN 'Thẻ Garena ' || g ELSE 'Sản phẩm ' || g END,
       CASE WHEN g % 1000 = 0 THEN 'the-garena-' || g ELSE 'san-pham-' || g END,
       1000 + (g % 500) * 1000,
       CASE g % 10 WHEN 0 THEN 'draft' WHEN 5 THEN 'hidden' ELSE 'active' END,
       g % 50,
       now() - g * interval '1 minute'
FROM generate_series(1, 100000) AS g;

INSERT INTO serial_codes (id, product_id, key_id, nonce, ciphertext, code_hash, last4, status,
                          expires_at, created_at)
SELECT gen_random_uuid(),
       ('00000000-0000-0000-0000-'
        || lpad(to_hex(CASE WHEN g <= 300000 THEN 1 ELSE 2 + (g - 300001) / 100 END), 12, '0'))::uuid,
       1,
       substring(sha256(('n' || g)::bytea) FROM 1 FOR 12),
       sha256(('c' || g)::bytea) || decode(md5(g::text), 'hex'),
       sha256(('bench-code-' || g)::bytea),
       right(g::text, 4),
       CASE WHEN g % 100 < 90 THEN 'available'
            WHEN g % 100 < 95 THEN 'sold'
            WHEN g % 100 < 98 THEN 'reserved'
            ELSE 'disabled' END,
       CASE WHEN g % 3 = 0 THEN now() + (g % 365) * interval '1 day' END,
       now() - (1000000 - g) * interval '1 second'
FROM generate_series(1, 1000000) AS g;

ANALYZE;
