DELETE FROM audit_log WHERE action IN ('order_deliver', 'order_record_refund',
    'product_price_change', 'product_status_change', 'serial_code_overwrite');
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log
    ADD CONSTRAINT audit_log_action_check CHECK (action IN (
        'serial_code_reveal', 'order_codes_reveal', 'product_delete',
        'serial_code_delete', 'order_confirm_payment', 'order_cancel',
        'order_replace_codes', 'order_regenerate_link'));
ALTER TABLE orders DROP CONSTRAINT orders_refunded_check;
ALTER TABLE orders DROP COLUMN refunded_amount, DROP COLUMN cancelled_at;
