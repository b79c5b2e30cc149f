DROP TRIGGER product_counts_truncate ON products;
DROP TRIGGER product_counts_update ON products;
DROP TRIGGER product_counts_delete ON products;
DROP TRIGGER product_counts_insert ON products;
DROP FUNCTION product_counts_truncate();
DROP FUNCTION product_counts_update();
DROP FUNCTION product_counts_delete();
DROP FUNCTION product_counts_insert();
DROP TABLE product_counts;
