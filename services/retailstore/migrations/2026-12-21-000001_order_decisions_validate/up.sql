-- Validates the previous migration's checks (SHARE UPDATE EXCLUSIVE: rows stay readable
-- and writable meanwhile).
ALTER TABLE orders VALIDATE CONSTRAINT orders_refunded_check;
ALTER TABLE audit_log VALIDATE CONSTRAINT audit_log_action_check;
