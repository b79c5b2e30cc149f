-- The audit log: one row per money-relevant back-office action, written in
-- the same transaction as the action: a transfer assigned to an order by hand, and a
-- payment provider created, changed (the fields that changed; never a secret or token,
-- only that it changed) or deleted. The same table as identity's and retailstore's
-- (shop_common::audit lists it). No foreign keys: the log outlives what it names.
CREATE TABLE audit_log (
    id       uuid        PRIMARY KEY,
    at       timestamptz NOT NULL DEFAULT now(),
    actor    text        NOT NULL,
    actor_id uuid        NOT NULL,
    action   text        NOT NULL CHECK (action IN (
                 'payment_transaction_assign', 'payment_provider_create',
                 'payment_provider_update', 'payment_provider_delete')),
    target   text        NOT NULL,
    detail   text        NOT NULL DEFAULT ''
);

-- Newest first, alone or after an action or actor filter.
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_action_at_idx ON audit_log (action, at DESC);
CREATE INDEX audit_log_actor_at_idx ON audit_log (lower(actor), at DESC);
