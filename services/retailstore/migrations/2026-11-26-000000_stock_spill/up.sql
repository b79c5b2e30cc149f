-- Stock counters without a hot row. Every reservation and sale of a product used to add
-- its deltas to the product's one product_stock row and hold that row locked until
-- commit (WAL flush included), so all orders of one product ran one after another.
--
-- Now the per-product row stays (renamed product_stock_base) and gains spill rows: a
-- statement adds its deltas to the base row when no other transaction holds it
-- (FOR UPDATE SKIP LOCKED), else to the spill row of its own backend's stripe (at most
-- 64 per product, upserted). Additions commute, so the sum is exact whichever row takes
-- them; two orders of one product wait for each other only when their backends share a
-- stripe. The view product_stock keeps the old name and columns (base + spill) for
-- every reader. Spill rows are few (only products bought concurrently) and updated in
-- place; nothing needs to fold them back.

ALTER TABLE product_stock RENAME TO product_stock_base;
ALTER INDEX product_stock_pkey RENAME TO product_stock_base_pkey;

CREATE TABLE product_stock_spill (
    product_id uuid    NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    stripe     integer NOT NULL CHECK (stripe BETWEEN 0 AND 63),
    available  bigint  NOT NULL DEFAULT 0,
    reserved   bigint  NOT NULL DEFAULT 0,
    sold       bigint  NOT NULL DEFAULT 0,
    disabled   bigint  NOT NULL DEFAULT 0,
    PRIMARY KEY (product_id, stripe)
);

CREATE VIEW product_stock AS
SELECT b.product_id,
       b.available + coalesce(s.available, 0) AS available,
       b.reserved + coalesce(s.reserved, 0)   AS reserved,
       b.sold + coalesce(s.sold, 0)           AS sold,
       b.disabled + coalesce(s.disabled, 0)   AS disabled
  FROM product_stock_base b
  LEFT JOIN (SELECT product_id,
                    sum(available)::bigint AS available,
                    sum(reserved)::bigint  AS reserved,
                    sum(sold)::bigint      AS sold,
                    sum(disabled)::bigint  AS disabled
               FROM product_stock_spill
              GROUP BY product_id) s ON s.product_id = b.product_id;

CREATE OR REPLACE FUNCTION products_create_stock() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    INSERT INTO product_stock_base (product_id) SELECT id FROM new_products;
    RETURN NULL;
END
$$;

-- Same signature as before, so the statement triggers on serial_codes stay as they are.
CREATE OR REPLACE FUNCTION product_stock_add(p_product uuid, p_available bigint,
                                             p_reserved bigint, p_sold bigint,
                                             p_disabled bigint) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE product_stock_base
       SET available = available + p_available,
           reserved  = reserved + p_reserved,
           sold      = sold + p_sold,
           disabled  = disabled + p_disabled
     WHERE product_id = (SELECT product_id FROM product_stock_base
                          WHERE product_id = p_product FOR UPDATE SKIP LOCKED);
    IF NOT FOUND THEN
        -- The base row is held by another transaction (or the product has none: then
        -- the foreign key refuses the spill row as it refused nothing before).
        INSERT INTO product_stock_spill AS s
               (product_id, stripe, available, reserved, sold, disabled)
        VALUES (p_product, pg_backend_pid() % 64, p_available, p_reserved, p_sold,
                p_disabled)
        ON CONFLICT (product_id, stripe) DO UPDATE
           SET available = s.available + excluded.available,
               reserved  = s.reserved + excluded.reserved,
               sold      = s.sold + excluded.sold,
               disabled  = s.disabled + excluded.disabled;
    END IF;
END
$$;
