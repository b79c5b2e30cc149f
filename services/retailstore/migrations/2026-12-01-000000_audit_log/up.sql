-- The audit log: one row per sensitive back-office action (a code revealed in clear, a
-- delete, a manual payment, a cancel, a replacement, a regenerated order link), written
-- in the same transaction as the action. Never a code in clear: targets are order codes,
-- product names and row ids. No foreign keys: the log outlives what it names.
CREATE TABLE audit_log (
    id       uuid        PRIMARY KEY,
    at       timestamptz NOT NULL DEFAULT now(),
    actor    text        NOT NULL,
    actor_id uuid        NOT NULL,
    action   text        NOT NULL CHECK (action IN (
                 'serial_code_reveal', 'order_codes_reveal', 'product_delete',
                 'serial_code_delete', 'order_confirm_payment', 'order_cancel',
                 'order_replace_codes', 'order_regenerate_link')),
    target   text        NOT NULL,
    detail   text        NOT NULL DEFAULT ''
);

-- Newest first, alone or after an action or actor filter.
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_action_at_idx ON audit_log (action, at DESC);
CREATE INDEX audit_log_actor_at_idx ON audit_log (lower(actor), at DESC);

-- Earlier reveals carry over. code_reveals is no longer written; it stays until a later
-- migration drops it (expand/contract: a replica still running the old binary during a
-- rolling deploy writes there).
INSERT INTO audit_log (id, at, actor, actor_id, action, target, detail)
SELECT id, revealed_at, user_name, user_id, 'serial_code_reveal', serial_code_id::text,
       'Sản phẩm ' || product_id::text
FROM code_reveals;
