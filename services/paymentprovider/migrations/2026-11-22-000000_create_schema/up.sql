-- The paymentprovider schema itself is created by the migration runner; its tables arrive with
-- the features that own them.
SELECT 1;
