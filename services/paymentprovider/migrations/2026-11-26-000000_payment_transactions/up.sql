-- Bank transactions received by webhook (SePay), one row per provider transaction id,
-- stored before anything else happens so that no transfer is ever lost. Rows that need
-- retailstore wait as `pending` until it answers; the retry job finds them through
-- next_attempt_at. Table names are never schema-qualified.

CREATE TABLE payment_transactions (
    id               uuid        PRIMARY KEY,
    provider_id      uuid        NOT NULL REFERENCES payment_providers (id),
    -- SePay's `id`, as text.
    external_id      text        NOT NULL CHECK (char_length(external_id) BETWEEN 1 AND 100),
    gateway          text        NOT NULL,
    -- SePay's local "YYYY-MM-DD HH:MM:SS", read as Asia/Ho_Chi_Minh (+07:00).
    transaction_date timestamptz NOT NULL,
    account_number   text        NOT NULL,
    sub_account      text,
    code             text,
    content          text        NOT NULL,
    transfer_type    text        NOT NULL CHECK (transfer_type IN ('in', 'out')),
    amount           bigint      NOT NULL CHECK (amount > 0),
    accumulated      bigint,
    reference_code   text,
    description      text,
    -- The whole delivery as received.
    raw              jsonb       NOT NULL,
    status           text        NOT NULL
                     CHECK (status IN ('pending', 'matched', 'unmatched', 'duplicate', 'ignored')),
    -- The order it is (being) applied to: "DH" + 8 Crockford base32, upper case.
    order_code       text        CHECK (order_code ~ '^DH[0-9A-HJKMNP-TV-Z]{8}$'),
    -- Failed calls to retailstore so far, and the last failure (for staff).
    attempts         integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    -- Pending rows only: when the retry job may take it next; pushed forward while a
    -- worker holds it (a lease), then set by the backoff.
    next_attempt_at  timestamptz,
    last_error       text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    -- When the row reached its current final status.
    processed_at     timestamptz,
    -- The admin list's order: unmatched, then pending, then the rest.
    sort_rank        smallint    NOT NULL GENERATED ALWAYS AS (
                         CASE status WHEN 'unmatched' THEN 0 WHEN 'pending' THEN 1 ELSE 2 END
                     ) STORED,
    CONSTRAINT payment_transactions_external_key UNIQUE (provider_id, external_id),
    CONSTRAINT payment_transactions_pending_check
        CHECK (status <> 'pending' OR (order_code IS NOT NULL AND next_attempt_at IS NOT NULL)),
    CONSTRAINT payment_transactions_linked_check
        CHECK (status NOT IN ('matched', 'duplicate') OR order_code IS NOT NULL)
);

-- The admin list: unmatched first, then pending, then newest first; with and without the
-- provider filter. A status filter also pins sort_rank, so it uses these too.
CREATE INDEX payment_transactions_list_idx
    ON payment_transactions (sort_rank, created_at DESC, id DESC);
CREATE INDEX payment_transactions_provider_list_idx
    ON payment_transactions (provider_id, sort_rank, created_at DESC, id DESC);
-- The retry job: due pending rows, oldest due first.
CREATE INDEX payment_transactions_due_idx
    ON payment_transactions (next_attempt_at) WHERE status = 'pending';
