DROP INDEX orders_unpaid_client_idx;
ALTER TABLE orders DROP COLUMN client_key;
