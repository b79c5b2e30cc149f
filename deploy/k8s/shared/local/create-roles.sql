-- The local cluster's copy of the SQL a DBA runs once per environment (README,
-- "Database roles"): one login role per service, owning its schema and nothing else.
-- Trust authentication inside the namespace, so no passwords here.
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
