DROP TABLE IF EXISTS code_reveals;
DROP TABLE IF EXISTS serial_codes;
DROP FUNCTION IF EXISTS serial_codes_stock_insert();
DROP FUNCTION IF EXISTS serial_codes_stock_update();
DROP FUNCTION IF EXISTS serial_codes_stock_delete();
DROP FUNCTION IF EXISTS product_stock_add(uuid, bigint, bigint, bigint, bigint);
DROP TABLE IF EXISTS product_stock;
DROP TABLE IF EXISTS products;
DROP FUNCTION IF EXISTS products_create_stock();
