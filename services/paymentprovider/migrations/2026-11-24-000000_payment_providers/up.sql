-- Payment providers: the ways a shopper can pay (a bank account paid by VietQR transfer, or
-- manual instructions). Rows are soft-deleted (deleted_at) so that old orders' snapshots
-- and later bank transactions can still name them. Table names are never schema-qualified.

CREATE TABLE payment_providers (
    id                        uuid        PRIMARY KEY,
    name                      text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    type                      text        NOT NULL CHECK (type IN ('vietqr_bank', 'manual')),
    -- NAPAS BIN of the bank (6 digits), for vietqr_bank.
    bank_bin                  text        CHECK (bank_bin ~ '^[0-9]{6}$'),
    bank_name                 text        CHECK (char_length(bank_name) BETWEEN 1 AND 100),
    account_number            text        CHECK (account_number ~ '^[0-9]{4,19}$'),
    -- Upper case, no accents: what banks print and what VietQR apps show.
    account_name              text        CHECK (account_name ~ '^[A-Z0-9 ]{1,100}$'),
    instructions              text        CHECK (char_length(instructions) BETWEEN 1 AND 2000),
    logo_url                  text,
    is_active                 boolean     NOT NULL DEFAULT true,
    sort_order                integer     NOT NULL DEFAULT 0,
    webhook_enabled           boolean     NOT NULL DEFAULT false,
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now(),
    deleted_at                timestamptz,
    CONSTRAINT payment_providers_bank_check
        CHECK (type <> 'vietqr_bank'
               OR (bank_bin IS NOT NULL AND bank_name IS NOT NULL
                   AND account_number IS NOT NULL AND account_name IS NOT NULL)),
    CONSTRAINT payment_providers_manual_check
        CHECK (type <> 'manual' OR instructions IS NOT NULL)
);

-- The storefront list: active, not deleted, by sort_order then name.
CREATE INDEX payment_providers_public_idx ON payment_providers (sort_order, name, id)
    WHERE deleted_at IS NULL AND is_active;
-- The admin list's default order (created_at desc); the table stays small, so the other
-- sorts and the keyword filter scan it.
CREATE INDEX payment_providers_created_idx ON payment_providers (created_at, id)
    WHERE deleted_at IS NULL;

-- Webhook secrets, one per provider at most, AES-256-GCM encrypted with PAYMENT_SECRET_KEY
-- (random 12-byte nonce; associated data: the provider id). Never stored or returned in
-- clear. Kept apart from the provider row so that list queries never load them.
CREATE TABLE payment_provider_secrets (
    provider_id uuid        PRIMARY KEY REFERENCES payment_providers (id) ON DELETE CASCADE,
    nonce       bytea       NOT NULL CHECK (octet_length(nonce) = 12),
    ciphertext  bytea       NOT NULL CHECK (octet_length(ciphertext) > 16),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
