-- Validates serial_codes' keys to orders (SHARE UPDATE EXCLUSIVE: codes stay readable and
-- writable meanwhile). Every existing code has null order columns, so nothing can fail.
ALTER TABLE serial_codes VALIDATE CONSTRAINT serial_codes_order_fkey;
ALTER TABLE serial_codes VALIDATE CONSTRAINT serial_codes_order_item_fkey;
