-- Back to one counter row per product: the spill rows are added to it first (in the
-- migration's transaction, so no writer sees the tables between the steps).
UPDATE product_stock_base b
   SET available = b.available + s.available,
       reserved  = b.reserved + s.reserved,
       sold      = b.sold + s.sold,
       disabled  = b.disabled + s.disabled
  FROM (SELECT product_id, sum(available)::bigint AS available,
               sum(reserved)::bigint AS reserved, sum(sold)::bigint AS sold,
               sum(disabled)::bigint AS disabled
          FROM product_stock_spill GROUP BY product_id) s
 WHERE s.product_id = b.product_id;

DROP VIEW product_stock;
DROP TABLE product_stock_spill;
ALTER INDEX product_stock_base_pkey RENAME TO product_stock_pkey;
ALTER TABLE product_stock_base RENAME TO product_stock;

CREATE OR REPLACE FUNCTION product_stock_add(p_product uuid, p_available bigint,
                                             p_reserved bigint, p_sold bigint,
                                             p_disabled bigint) RETURNS void
LANGUAGE sql SET search_path FROM CURRENT AS $$
    UPDATE product_stock
       SET available = available + p_available,
           reserved  = reserved + p_reserved,
           sold      = sold + p_sold,
           disabled  = disabled + p_disabled
     WHERE product_id = p_product;
$$;

CREATE OR REPLACE FUNCTION products_create_stock() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    INSERT INTO product_stock (product_id) SELECT id FROM new_products;
    RETURN NULL;
END
$$;
