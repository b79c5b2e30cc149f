-- Notifications (docs/notifications.md): the outbox the relay hands to system, the
-- order's extra access tokens (one per e-mail), and the low-stock alerts' last times.

-- Written in the transaction of the change that raises the event; relayed (and its
-- sealed link erased) by shop_common::outbox, deleted 7 days after.
CREATE TABLE outbox (
    id              uuid        PRIMARY KEY,
    event           text        NOT NULL,
    order_code      text,
    recipient_email text,
    data            jsonb       NOT NULL DEFAULT '{}',
    -- The order link with its access token, sealed (AES-256-GCM, bound to the row id).
    link_key_id     integer,
    link_nonce      bytea,
    link_sealed     bytea,
    created_at      timestamptz NOT NULL DEFAULT now(),
    attempts        integer     NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    lease_until     timestamptz,
    relayed_at      timestamptz,
    last_error      text,
    CHECK ((link_key_id IS NULL) = (link_sealed IS NULL)
           AND (link_nonce IS NULL) = (link_sealed IS NULL))
);

-- The relay's claim reads due rows only.
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE relayed_at IS NULL;
-- ResendAccessLink counts an order's recent link_resent rows; the cleanup reads by age.
CREATE INDEX outbox_order_idx ON outbox (order_code, event, created_at)
    WHERE order_code IS NOT NULL;
CREATE INDEX outbox_created_idx ON outbox (created_at);

-- Tokens beside the page's own (orders.access_token_hash): each shopper e-mail carries
-- a fresh one. RegenerateAccessLink deletes them all.
CREATE TABLE order_access_tokens (
    order_id   uuid        NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    token_hash bytea       NOT NULL CHECK (octet_length(token_hash) = 32),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (order_id, token_hash)
);

-- When each product last raised low_stock: at most once per 24 h. A table apart from
-- products, because reservations hold products FOR KEY SHARE and an UPDATE of the
-- product row there would deadlock two concurrent orders of one product.
CREATE TABLE low_stock_alerts (
    product_id uuid        PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
    alerted_at timestamptz NOT NULL
);
