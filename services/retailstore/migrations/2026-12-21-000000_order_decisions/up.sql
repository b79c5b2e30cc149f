-- Money that cannot complete an order by itself waits for staff's decision (Order/Deliver
-- or Order/RecordRefund), and the audit log names the new money-relevant actions.

-- When staff cancelled the order: money arriving afterwards never completes it by itself.
-- Refunds staff recorded (integer VND; at most what was paid, checked by the service).
-- Metadata-only changes (constant defaults): no table rewrite.
ALTER TABLE orders
    ADD COLUMN cancelled_at    timestamptz,
    ADD COLUMN refunded_amount bigint NOT NULL DEFAULT 0;

-- Orders cancelled before this migration: their cancel is the last time they changed.
UPDATE orders SET cancelled_at = updated_at WHERE status = 'cancelled';

-- Refunds never exceed the payments. Expand: NOT VALID here, validated by the next
-- migration (every existing row holds 0).
ALTER TABLE orders
    ADD CONSTRAINT orders_refunded_check
        CHECK (refunded_amount >= 0 AND refunded_amount <= paid_amount) NOT VALID;

-- The audit log's actions: the old list plus Deliver, RecordRefund, product price and
-- status changes and a serial code's value overwritten. The new list is added NOT VALID
-- (every existing row is in the old list, a subset) and validated by the next migration.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log
    ADD CONSTRAINT audit_log_action_check CHECK (action IN (
        'serial_code_reveal', 'order_codes_reveal', 'product_delete',
        'serial_code_delete', 'order_confirm_payment', 'order_cancel',
        'order_replace_codes', 'order_regenerate_link', 'order_deliver',
        'order_record_refund', 'product_price_change', 'product_status_change',
        'serial_code_overwrite')) NOT VALID;
