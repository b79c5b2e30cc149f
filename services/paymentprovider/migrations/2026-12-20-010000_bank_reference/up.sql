-- One bank transfer is credited once, whichever provider's webhook (or the reconciliation)
-- brings it. Expand step of an expand/contract change:
-- - bank_ref: the transfer's natural id, `sepay:<SePay id>`, unique across providers. The
--   rows already stored get it too, the earliest row of each SePay id only (two providers
--   may already hold the same id: the later ones keep NULL, which the unique index
--   allows). An older binary still running during the deploy inserts NULL; a later
--   migration (contract) makes it NOT NULL once no such binary is left.
-- - legacy_confirm: whether retailstore knows the row by this service's row id (every row
--   stored before this change, and every row an older binary inserts, by the default)
--   rather than by bank_ref; so a row already sent under its old id is never sent again
--   under a new one (retailstore is idempotent on the id it was sent).
-- - flag: why a transfer was held back for staff although it names an order
--   (`provider_mismatch`: money for an order whose payment instruction named another
--   provider), stored `unmatched` and not applied.
-- - source: how the row arrived (`webhook`, or `reconciliation` from SePay's list).
ALTER TABLE payment_transactions
    ADD COLUMN bank_ref       text CHECK (char_length(bank_ref) BETWEEN 1 AND 100),
    ADD COLUMN legacy_confirm boolean NOT NULL DEFAULT true,
    ADD COLUMN flag           text CHECK (flag IN ('provider_mismatch')),
    ADD COLUMN source         text NOT NULL DEFAULT 'webhook'
        CHECK (source IN ('webhook', 'reconciliation'));

UPDATE payment_transactions t
   SET bank_ref = 'sepay:' || t.external_id
  FROM (SELECT DISTINCT ON (external_id) id
          FROM payment_transactions
         ORDER BY external_id, created_at, id) first
 WHERE t.id = first.id AND char_length(t.external_id) <= 94;

CREATE UNIQUE INDEX payment_transactions_bank_ref_key ON payment_transactions (bank_ref);

-- Which provider each order's payment instruction named (written by PaymentInstruction,
-- which retailstore calls once per new order): money for that order arriving through
-- another provider is flagged instead of applied. Orders older than this table have no
-- row and are matched as before.
CREATE TABLE order_providers (
    order_code  text        PRIMARY KEY CHECK (order_code ~ '^[A-Z0-9]{1,25}$'),
    provider_id uuid        NOT NULL REFERENCES payment_providers (id),
    created_at  timestamptz NOT NULL DEFAULT now()
);
