-- The catalogue: products, their stock counters, serial codes (encrypted) and the audit of
-- revealed codes. Table names are never schema-qualified: the connection's search_path is
-- the service schema (or a test's private schema).

------------------------------------------------------------------------------------------
-- Products
------------------------------------------------------------------------------------------
CREATE TABLE products (
    id                  uuid        PRIMARY KEY,
    name                text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    slug                text        NOT NULL
                        CHECK (char_length(slug) <= 200 AND slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    summary             text,
    description         text,
    image_url           text,
    -- Money: integer VND.
    price               bigint      NOT NULL CHECK (price > 0 AND price <= 1000000000000),
    original_price      bigint      CHECK (original_price >= price),
    status              text        NOT NULL DEFAULT 'draft'
                        CHECK (status IN ('draft', 'active', 'hidden')),
    sort_order          integer     NOT NULL DEFAULT 0,
    min_per_order       integer     NOT NULL DEFAULT 1,
    max_per_order       integer     NOT NULL DEFAULT 10,
    low_stock_threshold integer     NOT NULL DEFAULT 10 CHECK (low_stock_threshold >= 0),
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    -- Product/Create and Product/Update map a violation of this name to code 301.
    CONSTRAINT products_slug_key UNIQUE (slug),
    CONSTRAINT products_per_order_check
        CHECK (1 <= min_per_order AND min_per_order <= max_per_order AND max_per_order <= 100)
);

-- Storefront list: WHERE status = 'active' ORDER BY sort_order, created_at DESC, id.
-- Its totalCount is an index-only scan of the same index.
CREATE INDEX products_status_sort_idx ON products (status, sort_order, created_at DESC, id);
-- Admin list: the default order and each sortable column (tie-broken by id, so pages are
-- stable; a descending sort scans the same index backwards).
CREATE INDEX products_sort_idx ON products (sort_order, created_at DESC, id);
CREATE INDEX products_created_idx ON products (created_at, id);
CREATE INDEX products_name_idx ON products (name, id);
CREATE INDEX products_price_idx ON products (price, id);
-- The keyword filter is `name ILIKE '%kw%' OR slug LIKE '%folded-kw%'`: a filter on one of
-- the scans above, not an index lookup. pg_trgm would need CREATE EXTENSION, which lives
-- once per database (not per schema) and so does not fit one-schema-per-service nor the
-- tests' private schemas; a scan of 100k short names stays in the tens of milliseconds.

------------------------------------------------------------------------------------------
-- Stock counters: one row per product, kept by triggers (never counted per request)
------------------------------------------------------------------------------------------
CREATE TABLE product_stock (
    product_id uuid   PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
    available  bigint NOT NULL DEFAULT 0,
    reserved   bigint NOT NULL DEFAULT 0,
    sold       bigint NOT NULL DEFAULT 0,
    disabled   bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION products_create_stock() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    INSERT INTO product_stock (product_id) SELECT id FROM new_products;
    RETURN NULL;
END
$$;

CREATE TRIGGER products_create_stock
    AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_products
    FOR EACH STATEMENT EXECUTE FUNCTION products_create_stock();

-- Adds per-status deltas to one product's counters.
CREATE FUNCTION product_stock_add(p_product uuid, p_available bigint, p_reserved bigint,
                                  p_sold bigint, p_disabled bigint) RETURNS void
LANGUAGE sql SET search_path FROM CURRENT AS $$
    UPDATE product_stock
       SET available = available + p_available,
           reserved  = reserved + p_reserved,
           sold      = sold + p_sold,
           disabled  = disabled + p_disabled
     WHERE product_id = p_product;
$$;

-- Statement-level triggers with transition tables: one counter update per product per
-- statement (an import of 50,000 codes is one UPDATE of one row). Products are visited in
-- product_id order so that concurrent statements lock counter rows in the same order.
CREATE FUNCTION serial_codes_stock_insert() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM product_stock_add(d.product_id, d.available, d.reserved, d.sold, d.disabled)
       FROM (SELECT product_id,
                    count(*) FILTER (WHERE status = 'available') AS available,
                    count(*) FILTER (WHERE status = 'reserved')  AS reserved,
                    count(*) FILTER (WHERE status = 'sold')      AS sold,
                    count(*) FILTER (WHERE status = 'disabled')  AS disabled
               FROM new_codes
              GROUP BY product_id
              ORDER BY product_id) d;
    RETURN NULL;
END
$$;

CREATE FUNCTION serial_codes_stock_delete() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM product_stock_add(d.product_id, -d.available, -d.reserved, -d.sold, -d.disabled)
       FROM (SELECT product_id,
                    count(*) FILTER (WHERE status = 'available') AS available,
                    count(*) FILTER (WHERE status = 'reserved')  AS reserved,
                    count(*) FILTER (WHERE status = 'sold')      AS sold,
                    count(*) FILTER (WHERE status = 'disabled')  AS disabled
               FROM old_codes
              GROUP BY product_id
              ORDER BY product_id) d;
    RETURN NULL;
END
$$;

CREATE FUNCTION serial_codes_stock_update() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM product_stock_add(d.product_id, d.available, d.reserved, d.sold, d.disabled)
       FROM (SELECT product_id,
                    coalesce(sum(n) FILTER (WHERE status = 'available'), 0) AS available,
                    coalesce(sum(n) FILTER (WHERE status = 'reserved'), 0)  AS reserved,
                    coalesce(sum(n) FILTER (WHERE status = 'sold'), 0)      AS sold,
                    coalesce(sum(n) FILTER (WHERE status = 'disabled'), 0)  AS disabled
               FROM (SELECT product_id, status, 1 AS n FROM new_codes
                     UNION ALL
                     SELECT product_id, status, -1 AS n FROM old_codes) c
              GROUP BY product_id
              ORDER BY product_id) d
      WHERE d.available <> 0 OR d.reserved <> 0 OR d.sold <> 0 OR d.disabled <> 0;
    RETURN NULL;
END
$$;

------------------------------------------------------------------------------------------
-- Serial codes: money. Never stored in clear text.
------------------------------------------------------------------------------------------
CREATE TABLE serial_codes (
    id            uuid        PRIMARY KEY,
    -- RESTRICT: a product cannot disappear from under a reserved or sold code. Product/Delete
    -- removes the unsold codes first and maps a violation of this key to code 302.
    product_id    uuid        NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
    -- AES-256-GCM: the keyring id of the key, a random 96-bit nonce, ciphertext || 16-byte
    -- tag. The associated data binds the ciphertext to product_id.
    key_id        integer     NOT NULL,
    nonce         bytea       NOT NULL CHECK (octet_length(nonce) = 12),
    ciphertext    bytea       NOT NULL CHECK (octet_length(ciphertext) > 16),
    -- HMAC-SHA256(CODE_HASH_KEY, normalised code): duplicate detection and exact search.
    code_hash     bytea       NOT NULL CHECK (octet_length(code_hash) = 32),
    -- At most the last 4 characters (at most half of a short code), for the masked view.
    last4         text        NOT NULL CHECK (char_length(last4) <= 4),
    status        text        NOT NULL DEFAULT 'available'
                  CHECK (status IN ('available', 'reserved', 'sold', 'disabled')),
    -- Set by the orders feature (no foreign key yet: orders arrive in a later migration).
    order_id      uuid,
    order_item_id uuid,
    expires_at    timestamptz,
    note          text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    reserved_at   timestamptz,
    sold_at       timestamptz,
    -- Duplicate detection per product (CreateBulk: ON CONFLICT DO NOTHING; Update: code 311).
    -- code_hash leads so that an exact-code search without a product uses it too.
    CONSTRAINT serial_codes_hash_key UNIQUE (code_hash, product_id)
);

-- Reservation (buying flow): WHERE product_id = $1 AND status = 'available'
--   AND (expires_at IS NULL OR expires_at > now() + interval '1 day')
--   ORDER BY expires_at NULLS LAST, created_at LIMIT n FOR UPDATE SKIP LOCKED.
-- Also serves the admin list filtered by product and status.
CREATE INDEX serial_codes_reserve_idx ON serial_codes (product_id, status, expires_at, created_at);
-- Admin list of one product's codes, newest first.
CREATE INDEX serial_codes_product_created_idx ON serial_codes (product_id, created_at, id);
-- Admin list across products, newest first.
CREATE INDEX serial_codes_created_idx ON serial_codes (created_at, id);
-- An order's codes. Partial: imported codes have no order and cost this index nothing.
CREATE INDEX serial_codes_order_idx ON serial_codes (order_id) WHERE order_id IS NOT NULL;

CREATE TRIGGER serial_codes_stock_insert
    AFTER INSERT ON serial_codes
    REFERENCING NEW TABLE AS new_codes
    FOR EACH STATEMENT EXECUTE FUNCTION serial_codes_stock_insert();

CREATE TRIGGER serial_codes_stock_update
    AFTER UPDATE ON serial_codes
    REFERENCING OLD TABLE AS old_codes NEW TABLE AS new_codes
    FOR EACH STATEMENT EXECUTE FUNCTION serial_codes_stock_update();

CREATE TRIGGER serial_codes_stock_delete
    AFTER DELETE ON serial_codes
    REFERENCING OLD TABLE AS old_codes
    FOR EACH STATEMENT EXECUTE FUNCTION serial_codes_stock_delete();

------------------------------------------------------------------------------------------
-- Audit of revealed codes
------------------------------------------------------------------------------------------
CREATE TABLE code_reveals (
    id             uuid        PRIMARY KEY,
    -- No foreign keys: the audit trail outlives a deleted code or product.
    serial_code_id uuid        NOT NULL,
    product_id     uuid        NOT NULL,
    user_id        uuid        NOT NULL,
    user_name      text        NOT NULL,
    revealed_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX code_reveals_code_idx ON code_reveals (serial_code_id, revealed_at);
CREATE INDEX code_reveals_user_idx ON code_reveals (user_id, revealed_at);
