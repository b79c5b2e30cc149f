DROP TABLE low_stock_alerts;
DROP TABLE order_access_tokens;
DROP TABLE outbox;
