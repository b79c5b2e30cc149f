-- Failed logins per (lower-cased user name, client IP), whether the user exists or not.
CREATE TABLE login_failures (
    user_name_key text NOT NULL,
    client_ip text NOT NULL,
    failures integer NOT NULL DEFAULT 0,
    locked_until timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_name_key, client_ip)
);

-- For the periodic purge of stale rows.
CREATE INDEX login_failures_updated_at_idx ON login_failures (updated_at);
