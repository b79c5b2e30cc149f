-- How many products have each status, kept by statement triggers on `products`: the
-- lists' totalCount without a keyword reads these rows instead of counting 100,000
-- products (50 ms each at that size, for every admin page and every storefront refresh).
-- Exact, in the same transaction as the write. An edit that keeps the status writes
-- nothing here, so only creating, deleting or re-statusing products meet on these rows.
CREATE TABLE product_counts (
    status text PRIMARY KEY,
    n bigint NOT NULL CHECK (n >= 0)
);

INSERT INTO product_counts (status, n)
SELECT status, count(*) FROM products GROUP BY status;
INSERT INTO product_counts (status, n)
VALUES ('draft', 0), ('active', 0), ('hidden', 0)
ON CONFLICT (status) DO NOTHING;

-- Adds each status's net change (from the statement's transition tables).
CREATE FUNCTION product_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO product_counts AS c (status, n)
    SELECT status, count(*) FROM new_rows GROUP BY status
    ON CONFLICT (status) DO UPDATE SET n = c.n + EXCLUDED.n;
    RETURN NULL;
END
$$;

CREATE FUNCTION product_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE product_counts AS c SET n = c.n - d.n
      FROM (SELECT status, count(*) AS n FROM old_rows GROUP BY status) AS d
     WHERE c.status = d.status;
    RETURN NULL;
END
$$;

CREATE FUNCTION product_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- An UPDATE, not an upsert: a negative change would break the CHECK as a new row.
    UPDATE product_counts AS c SET n = c.n + d.n
      FROM (SELECT status, sum(delta) AS n
              FROM (SELECT status, 1 AS delta FROM new_rows
                    UNION ALL
                    SELECT status, -1 FROM old_rows) AS changes
             GROUP BY status
            HAVING sum(delta) <> 0) AS d
     WHERE c.status = d.status;
    RETURN NULL;
END
$$;

CREATE FUNCTION product_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE product_counts SET n = 0;
    RETURN NULL;
END
$$;

CREATE TRIGGER product_counts_insert AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION product_counts_insert();
CREATE TRIGGER product_counts_delete AFTER DELETE ON products
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION product_counts_delete();
CREATE TRIGGER product_counts_update AFTER UPDATE ON products
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION product_counts_update();
CREATE TRIGGER product_counts_truncate AFTER TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION product_counts_truncate();
