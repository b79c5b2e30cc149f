ALTER TABLE serial_codes
    DROP CONSTRAINT IF EXISTS serial_codes_order_item_fkey,
    DROP CONSTRAINT IF EXISTS serial_codes_order_fkey,
    DROP COLUMN IF EXISTS replaced_at,
    DROP COLUMN IF EXISTS replacement;
DROP TABLE IF EXISTS idempotency_keys;
DROP TABLE IF EXISTS order_events;
DROP TABLE IF EXISTS order_payments;
DROP TABLE IF EXISTS order_items;
DROP TABLE IF EXISTS orders;
