DROP TABLE order_providers;
DROP INDEX payment_transactions_bank_ref_key;
ALTER TABLE payment_transactions
    DROP COLUMN source,
    DROP COLUMN flag,
    DROP COLUMN legacy_confirm,
    DROP COLUMN bank_ref;
