DROP TABLE product_slugs;
