-- SePay's signature mode and its user API. Additive only: an
-- older binary still running during a rolling deploy never names these columns, and the
-- defaults keep its inserts valid (apikey, as before).

-- How SePay authenticates the provider's webhook: `apikey` (Authorization: Apikey) or
-- `hmac` (X-SePay-Signature over `{X-SePay-Timestamp}.{raw body}`).
ALTER TABLE payment_providers
    ADD COLUMN webhook_auth text NOT NULL DEFAULT 'apikey'
        CHECK (webhook_auth IN ('apikey', 'hmac')),
    -- Reconciliation with SePay's transaction list: the last successful pass, the highest
    -- SePay id fed (the next pass's since_id) and the lease of the replica running it.
    ADD COLUMN last_reconciled_at    timestamptz,
    ADD COLUMN reconcile_last_id     bigint CHECK (reconcile_last_id >= 0),
    ADD COLUMN reconcile_lease_until timestamptz;

-- SePay user-API tokens (Bearer), one per provider at most, AES-256-GCM encrypted with
-- PAYMENT_SECRET_KEY under associated data of their own (a sealed webhook secret copied
-- here does not open). Kept apart from the provider row, like the webhook secrets.
CREATE TABLE payment_provider_api_tokens (
    provider_id uuid        PRIMARY KEY REFERENCES payment_providers (id) ON DELETE CASCADE,
    nonce       bytea       NOT NULL CHECK (octet_length(nonce) = 12),
    ciphertext  bytea       NOT NULL CHECK (octet_length(ciphertext) > 16),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
