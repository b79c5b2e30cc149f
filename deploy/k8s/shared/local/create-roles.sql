-- The local cluster's copy of the owner part of the SQL a DBA runs once per environment
-- (README, "Database roles"): one login role per service, owning its schema and nothing
-- else. Locally the owner migrates (init container) and the service logs in as it too, so
-- no runtime roles here. Trust authentication inside the namespace, so no passwords.
REVOKE ALL ON DATABASE shop FROM PUBLIC;
REVOKE ALL ON SCHEMA public FROM PUBLIC;

CREATE ROLE identity LOGIN;
CREATE ROLE system LOGIN;
CREATE ROLE retailstore LOGIN;
CREATE ROLE paymentprovider LOGIN;

GRANT CONNECT ON DATABASE shop TO identity, system, retailstore, paymentprovider;

CREATE SCHEMA identity AUTHORIZATION identity;
CREATE SCHEMA system AUTHORIZATION system;
CREATE SCHEMA retailstore AUTHORIZATION retailstore;
CREATE SCHEMA paymentprovider AUTHORIZATION paymentprovider;

-- retailstore's product search uses pg_trgm; creating an extension needs CREATE on the
-- database, which no service role has.
CREATE SCHEMA extensions;
CREATE EXTENSION pg_trgm SCHEMA extensions;
GRANT USAGE ON SCHEMA extensions TO retailstore;
