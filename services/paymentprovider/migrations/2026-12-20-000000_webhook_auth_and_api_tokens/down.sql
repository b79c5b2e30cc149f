DROP TABLE payment_provider_api_tokens;
ALTER TABLE payment_providers
    DROP COLUMN reconcile_lease_until,
    DROP COLUMN reconcile_last_id,
    DROP COLUMN last_reconciled_at,
    DROP COLUMN webhook_auth;
