DROP TABLE payment_transactions;
