-- Bench data for explain.sql: 100,000 products and 1,000,000 serial codes.
-- Run inside a scratch schema that holds the retailstore migrations, e.g. through
-- `cargo nextest run -p retailstore --run-ignored only -E 'test(explain_list_queries)' --no-capture`
-- (tests/bench.rs), or by hand:
--   psql "$DATABASE_URL?options=-c%20search_path%3Dbench" -f bench/seed.sql -f bench/explain.sql
--
-- Products: ids 00000000-0000-0000-0000-<g in hex>; 80% active, 10% draft, 10% hidden;
-- every 1,000th is a 'Thẻ Garena' product (the keyword searches look for it). Their
-- folded `search` column is computed by the database as they are inserted.
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

-- One bench order holds every sold and reserved code (the database refuses such a code
-- without an order line): one line per product that has codes.
INSERT INTO orders (id, code, access_token_hash, status, email, total, item_count,
                    provider_id, provider_name, payment, expires_at)
VALUES ('00000000-0000-0000-0001-000000000000', 'DHBENCH000', sha256('bench'::bytea),
        'completed', 'bench@vidu.vn', 1000, 1, '00000000-0000-0000-0003-000000000000',
        'VCB', '{}', now());

INSERT INTO order_items (id, order_id, product_id, position, product_name, unit_price,
                         quantity, line_total)
SELECT ('00000000-0000-0000-0002-' || lpad(to_hex(g), 12, '0'))::uuid,
       '00000000-0000-0000-0001-000000000000',
       ('00000000-0000-0000-0000-' || lpad(to_hex(g), 12, '0'))::uuid,
       g, 'Bench', 1000, 1, 1000
FROM generate_series(1, 7001) AS g;

INSERT INTO serial_codes (id, product_id, key_id, nonce, ciphertext, code_hash, last4, status,
                          order_id, order_item_id, expires_at, created_at)
SELECT gen_random_uuid(),
       ('00000000-0000-0000-0000-' || lpad(to_hex(c.p), 12, '0'))::uuid,
       1,
       substring(sha256(('n' || c.g)::bytea) FROM 1 FOR 12),
       sha256(('c' || c.g)::bytea) || decode(md5(c.g::text), 'hex'),
       sha256(('bench-code-' || c.g)::bytea),
       right(c.g::text, 4),
       c.status,
       CASE WHEN c.status IN ('sold', 'reserved')
            THEN '00000000-0000-0000-0001-000000000000'::uuid END,
       CASE WHEN c.status IN ('sold', 'reserved')
            THEN ('00000000-0000-0000-0002-' || lpad(to_hex(c.p), 12, '0'))::uuid END,
       CASE WHEN c.g % 3 = 0 THEN now() + (c.g % 365) * interval '1 day' END,
       now() - (1000000 - c.g) * interval '1 second'
FROM (SELECT g,
             CASE WHEN g <= 300000 THEN 1 ELSE 2 + (g - 300001) / 100 END AS p,
             CASE WHEN g % 100 < 90 THEN 'available'
                  WHEN g % 100 < 95 THEN 'sold'
                  WHEN g % 100 < 98 THEN 'reserved'
                  ELSE 'disabled' END AS status
        FROM generate_series(1, 1000000) AS g) c;

ANALYZE;
