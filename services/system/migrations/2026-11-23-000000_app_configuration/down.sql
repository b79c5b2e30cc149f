DROP TABLE IF EXISTS app_configuration;
