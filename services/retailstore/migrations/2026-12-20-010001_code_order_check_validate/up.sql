-- Validates serial_codes_order_state_check (SHARE UPDATE EXCLUSIVE: codes stay readable
-- and writable meanwhile).
ALTER TABLE serial_codes VALIDATE CONSTRAINT serial_codes_order_state_check;
