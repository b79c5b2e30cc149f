-- A serial code is unique across the whole shop, not per product: the same gift-card
-- code under two products would be sold twice.
--
-- An existing database may already hold one code under several products (the old key
-- was (code_hash, product_id)). This migration must not fail on it, and must not delete
-- stock or touch what was sold. Decision: in each such group the oldest row keeps the
-- code; every later copy is marked `duplicate_of` that row and left out of the new
-- unique index; the copies still `available` are disabled (never sold again) with a note
-- saying why, so staff find them (status disabled, note "Trùng mã...") and decide.
-- Reserved or sold copies stay as they are (an order holds them).
ALTER TABLE serial_codes ADD COLUMN duplicate_of uuid;

WITH ranked AS (
    SELECT id, first_value(id) OVER w AS keeper, row_number() OVER w AS n
      FROM serial_codes
     WHERE code_hash IN (SELECT code_hash FROM serial_codes
                          GROUP BY code_hash HAVING count(*) > 1)
    WINDOW w AS (PARTITION BY code_hash ORDER BY created_at, id)
)
UPDATE serial_codes s
   SET duplicate_of = r.keeper,
       status = CASE WHEN s.status = 'available' THEN 'disabled' ELSE s.status END,
       note = CASE WHEN s.status = 'available'
                   THEN left(concat_ws(' | ', 'Trùng mã với sản phẩm khác: đã tắt khi chuyển sang mã duy nhất toàn cửa hàng', s.note), 500)
                   ELSE s.note END,
       updated_at = now()
  FROM ranked r
 WHERE s.id = r.id AND r.n > 1;

-- One holder per code across the shop (CreateBulk: ON CONFLICT DO NOTHING; Update:
-- code 311). code_hash leads, so an exact search uses it too. The old per-product key
-- stays (it still covers the marked copies) until a later release drops it.
CREATE UNIQUE INDEX serial_codes_code_key ON serial_codes (code_hash)
    WHERE duplicate_of IS NULL;
