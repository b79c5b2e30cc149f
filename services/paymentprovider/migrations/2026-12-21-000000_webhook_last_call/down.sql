DELETE FROM audit_log WHERE action = 'payment_provider_test_webhook';
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN (
    'payment_transaction_assign', 'payment_provider_create', 'payment_provider_update',
    'payment_provider_delete'));
DROP TABLE webhook_test_deliveries;
ALTER TABLE payment_providers
    DROP COLUMN last_webhook_outcome,
    DROP COLUMN last_webhook_at;
