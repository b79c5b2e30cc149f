-- A product's earlier slugs, so that links shared before a rename keep finding it (the
-- storefront then moves to the current slug). A slug belongs to one product at a time:
-- a product that takes a slug as its own removes it from here first.
CREATE TABLE product_slugs (
    slug text PRIMARY KEY,
    product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    retired_at timestamptz NOT NULL DEFAULT now()
);
-- Deleting a product removes its old slugs through this index.
CREATE INDEX product_slugs_product_id_idx ON product_slugs (product_id);
