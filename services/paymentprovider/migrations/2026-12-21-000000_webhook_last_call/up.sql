-- SePay set up safely: when each provider's webhook was last called and with
-- what outcome, and the test deliveries staff send with "Gửi thử". Additive only: an older
-- binary still running during a rolling deploy never names these columns or this table.

-- Written by one UPDATE per delivery that names a live provider (accepted or refused),
-- outside any transaction: it locks only that provider's row, never another provider's.
-- The outcome is one of routes' WebhookOutcome values; the list is not pinned by a CHECK
-- so that a later binary can add one without a migration.
ALTER TABLE payment_providers
    ADD COLUMN last_webhook_at      timestamptz,
    ADD COLUMN last_webhook_outcome text CHECK (char_length(last_webhook_outcome) BETWEEN 1 AND 40);

-- Test deliveries: authenticated webhook deliveries whose body carries the test marker
-- (`shopTestDelivery`). Kept apart from payment_transactions on purpose: no query about
-- money (the transaction list, the unmatched count, Assign, the retry job, the
-- reconciliation, the dashboards) can ever see one, and none is ever sent to retailstore.
CREATE TABLE webhook_test_deliveries (
    id          uuid        PRIMARY KEY,
    provider_id uuid        NOT NULL REFERENCES payment_providers (id),
    -- The whole delivery as received.
    raw         jsonb       NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX webhook_test_deliveries_provider_idx
    ON webhook_test_deliveries (provider_id, received_at DESC);

-- "Gửi thử" is audited like the other provider actions.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN (
    'payment_transaction_assign', 'payment_provider_create', 'payment_provider_update',
    'payment_provider_delete', 'payment_provider_test_webhook'));
