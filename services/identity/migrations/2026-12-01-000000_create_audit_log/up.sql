-- identity's audit log: account changes and login lockouts, written in the same
-- transaction as the change. No foreign keys: entries outlive the accounts they name.
-- `at` is the statement's clock, not the transaction's, so that two entries of one
-- change keep their order.
CREATE TABLE audit_log (
    id       uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
    at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    actor    text        NOT NULL,
    actor_id uuid,
    action   text        NOT NULL CHECK (action IN (
                 'user_create', 'user_update', 'user_role_change', 'user_disable',
                 'user_enable', 'user_delete', 'password_reset', 'password_change',
                 'login_lockout')),
    target   text        NOT NULL,
    detail   text        NOT NULL DEFAULT ''
);

-- Newest first, alone or after an action filter.
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_action_at_idx ON audit_log (action, at DESC);
