-- Orders: the order itself, its lines, its payments, its timeline, and the idempotent
-- replays of CreateOrder and the manual ConfirmPayment. serial_codes gains its keys to
-- orders (added NOT VALID here, validated by the next migration) and the replacement
-- flags of ReplaceCodes.

------------------------------------------------------------------------------------------
-- Orders
------------------------------------------------------------------------------------------
CREATE TABLE orders (
    id                uuid        PRIMARY KEY,
    -- DH + 8 Crockford base32 characters: the bank-transfer memo.
    code              text        NOT NULL CHECK (code ~ '^DH[0-9A-HJKMNP-TV-Z]{8}$'),
    -- SHA-256 of the access token; the token itself is never stored.
    access_token_hash bytea       NOT NULL CHECK (octet_length(access_token_hash) = 32),
    status            text        NOT NULL DEFAULT 'pending_payment'
                      CHECK (status IN ('pending_payment', 'completed', 'expired', 'cancelled',
                                        'needs_attention')),
    payment_status    text        NOT NULL DEFAULT 'unpaid'
                      CHECK (payment_status IN ('unpaid', 'partially_paid', 'paid', 'overpaid')),
    email             text        NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
    phone             text,
    customer_name     text,
    note              text,
    ip                text,
    user_agent        text,
    -- Money: integer VND. item_count is the sum of the lines' quantities.
    total             bigint      NOT NULL CHECK (total > 0),
    paid_amount       bigint      NOT NULL DEFAULT 0 CHECK (paid_amount >= 0),
    item_count        integer     NOT NULL CHECK (item_count > 0),
    -- The payment instruction as paymentprovider gave it at CreateOrder (the web order
    -- detail's `payment`); later edits of the provider do not change it.
    provider_id       uuid        NOT NULL,
    provider_name     text        NOT NULL,
    payment           jsonb       NOT NULL,
    expires_at        timestamptz NOT NULL,
    -- When the payments first covered the total.
    paid_at           timestamptz,
    completed_at      timestamptz,
    cancel_reason     text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT orders_code_key UNIQUE (code)
);

-- Admin list: the default order (created_at desc) and the from/to range on created_at;
-- each sortable column tie-broken by id.
CREATE INDEX orders_created_idx ON orders (created_at, id);
CREATE INDEX orders_total_idx ON orders (total, id);
CREATE INDEX orders_paid_idx ON orders (paid_at, id);
-- Filters by status and payment status, newest first.
CREATE INDEX orders_status_created_idx ON orders (status, created_at, id);
CREATE INDEX orders_payment_status_created_idx ON orders (payment_status, created_at, id);
-- Dashboard: completed orders by completion time.
CREATE INDEX orders_completed_idx ON orders (completed_at) WHERE status = 'completed';
-- The expiry sweep: due unpaid orders, oldest first. Small: only unpaid orders.
CREATE INDEX orders_expiry_idx ON orders (expires_at) WHERE status = 'pending_payment';
-- The unpaid-order limits per e-mail (case-insensitive) and per client IP.
CREATE INDEX orders_unpaid_email_idx ON orders (lower(email)) WHERE status = 'pending_payment';
CREATE INDEX orders_unpaid_ip_idx ON orders (ip) WHERE status = 'pending_payment';

------------------------------------------------------------------------------------------
-- Order lines: a snapshot of the product at CreateOrder
------------------------------------------------------------------------------------------
CREATE TABLE order_items (
    id           uuid    PRIMARY KEY,
    order_id     uuid    NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    -- RESTRICT: Product/Delete maps the violation to code 302 (hide the product instead).
    product_id   uuid    NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
    -- The line's place in the order as submitted (after merging repeated products).
    position     integer NOT NULL CHECK (position >= 0),
    product_name text    NOT NULL,
    image_url    text,
    unit_price   bigint  NOT NULL CHECK (unit_price > 0),
    quantity     integer NOT NULL CHECK (quantity > 0),
    line_total   bigint  NOT NULL CHECK (line_total = unit_price * quantity),
    -- Target of serial_codes' (order_item_id, order_id) key: a code's line belongs to the
    -- code's order.
    CONSTRAINT order_items_id_order_key UNIQUE (id, order_id)
);

CREATE INDEX order_items_order_idx ON order_items (order_id, position);
-- The admin productId filter, the dashboard's top products, and the RESTRICT check of
-- Product/Delete.
CREATE INDEX order_items_product_idx ON order_items (product_id, order_id);

------------------------------------------------------------------------------------------
-- Payments: one row per applied transfer (webhook) or staff confirmation (manual)
------------------------------------------------------------------------------------------
CREATE TABLE order_payments (
    id                  uuid        PRIMARY KEY,
    order_id            uuid        NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    -- paymentprovider's transaction id, or `manual:<id derived from the Idempotency-Key>`.
    transaction_id      text        NOT NULL CHECK (char_length(transaction_id) BETWEEN 1 AND 100),
    amount              bigint      NOT NULL CHECK (amount > 0),
    paid_at             timestamptz NOT NULL,
    source              text        NOT NULL CHECK (source IN ('webhook', 'manual')),
    -- The staff member's user name for manual payments.
    actor               text,
    provider_id         uuid,
    -- A manual payment later recognised in a bank transfer: that transfer's id.
    bank_transaction_id text        CHECK (source = 'manual' OR bank_transaction_id IS NULL),
    note                text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    -- ConfirmPayment is idempotent on the transaction id.
    CONSTRAINT order_payments_transaction_key UNIQUE (order_id, transaction_id)
);

CREATE UNIQUE INDEX order_payments_bank_transaction_key
    ON order_payments (order_id, bank_transaction_id) WHERE bank_transaction_id IS NOT NULL;

------------------------------------------------------------------------------------------
-- Timeline: every change of an order writes one row
------------------------------------------------------------------------------------------
CREATE TABLE order_events (
    id       uuid        PRIMARY KEY,
    order_id uuid        NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    at       timestamptz NOT NULL DEFAULT now(),
    type     text        NOT NULL,
    message  text        NOT NULL,
    -- A staff member's user name; null for the shopper and the system.
    actor    text
);

CREATE INDEX order_events_order_idx ON order_events (order_id, at, id);

------------------------------------------------------------------------------------------
-- Idempotency keys: the answer of a request, replayed for the same key and body
------------------------------------------------------------------------------------------
CREATE TABLE idempotency_keys (
    -- The action the key belongs to (create_order, confirm_payment).
    scope        text        NOT NULL,
    key          text        NOT NULL CHECK (char_length(key) BETWEEN 1 AND 200),
    -- SHA-256 of the request's canonical body (and target).
    request_hash bytea       NOT NULL CHECK (octet_length(request_hash) = 32),
    -- The answer, sealed like the serial codes (AES-256-GCM under the code keyring; the
    -- associated data binds it to scope and key): it carries the order's access token.
    key_id       integer     NOT NULL,
    nonce        bytea       NOT NULL CHECK (octet_length(nonce) = 12),
    response     bytea       NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    PRIMARY KEY (scope, key)
);

-- The sweep deletes expired keys.
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);

------------------------------------------------------------------------------------------
-- serial_codes: keys to orders, replacement flags
------------------------------------------------------------------------------------------
-- Metadata-only changes (constant defaults): no table rewrite.
ALTER TABLE serial_codes
    ADD COLUMN replacement boolean NOT NULL DEFAULT false,
    ADD COLUMN replaced_at timestamptz;

-- Expand: added NOT VALID (no scan of existing codes under a strong lock); the next
-- migration validates them with a weaker lock.
ALTER TABLE serial_codes
    ADD CONSTRAINT serial_codes_order_fkey
        FOREIGN KEY (order_id) REFERENCES orders (id) NOT VALID,
    ADD CONSTRAINT serial_codes_order_item_fkey
        FOREIGN KEY (order_item_id, order_id) REFERENCES order_items (id, order_id) NOT VALID;
