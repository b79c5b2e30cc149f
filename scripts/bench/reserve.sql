-- pgbench: the bare reservation of one code (what CreateOrder does inside its
-- transaction, without the order rows), on a copy of serial_codes with its indexes.
BEGIN;
UPDATE bench_codes SET status = 'reserved', reserved_at = now()
 WHERE id = (SELECT id FROM bench_codes
              WHERE product_id = '00000000-0000-0000-0000-000000000001' AND status = 'available'
                AND (expires_at IS NULL OR expires_at > now() + interval '1 day')
              ORDER BY expires_at NULLS LAST, created_at
              LIMIT 1 FOR UPDATE SKIP LOCKED);
COMMIT;
