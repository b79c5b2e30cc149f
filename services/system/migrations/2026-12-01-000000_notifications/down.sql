DROP TABLE notification_deliveries;
DROP TABLE notification_events;
DROP TABLE notification_settings;
