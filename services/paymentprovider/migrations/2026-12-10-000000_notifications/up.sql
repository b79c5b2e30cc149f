-- Notifications (docs/notifications.md): the outbox the relay hands to system, and the
-- last time each once-an-hour alert went out (replicas agree through the row).

-- Written in the transaction of the change that raises the event; relayed by
-- shop_common::outbox, deleted 7 days after. paymentprovider's events carry no link, so
-- the link columns stay empty here (the relay is shared with retailstore).
CREATE TABLE outbox (
    id              uuid        PRIMARY KEY,
    event           text        NOT NULL,
    order_code      text,
    recipient_email text,
    data            jsonb       NOT NULL DEFAULT '{}',
    link_key_id     integer,
    link_nonce      bytea,
    link_sealed     bytea,
    created_at      timestamptz NOT NULL DEFAULT now(),
    attempts        integer     NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    lease_until     timestamptz,
    relayed_at      timestamptz,
    last_error      text
);

CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE relayed_at IS NULL;
CREATE INDEX outbox_created_idx ON outbox (created_at);

-- An alert raised at most once an hour: a guarded UPDATE on its row decides which
-- replica writes it.
CREATE TABLE alert_marks (
    name       text        PRIMARY KEY,
    alerted_at timestamptz NOT NULL
);
INSERT INTO alert_marks (name, alerted_at) VALUES ('webhook_refused', '-infinity');
