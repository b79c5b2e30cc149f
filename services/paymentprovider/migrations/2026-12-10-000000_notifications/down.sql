DROP TABLE alert_marks;
DROP TABLE outbox;
