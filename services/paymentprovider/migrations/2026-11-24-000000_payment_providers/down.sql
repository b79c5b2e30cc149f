DROP TABLE IF EXISTS payment_provider_secrets;
DROP TABLE IF EXISTS payment_providers;
