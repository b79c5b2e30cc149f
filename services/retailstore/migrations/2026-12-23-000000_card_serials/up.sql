-- Phone and game cards carry a serial ("Seri") printed beside their secret PIN ("Mã
-- thẻ"). The serial is not secret: staff look a card up by it and the shopper needs it
-- with the PIN to top up, so it is stored in clear. Null for codes without one.
ALTER TABLE serial_codes ADD COLUMN serial text;
-- Every existing row is null, so nothing is left to validate.
ALTER TABLE serial_codes ADD CONSTRAINT serial_codes_serial_len
    CHECK (char_length(serial) BETWEEN 1 AND 64) NOT VALID;
-- The admin list's search by serial (exact); most codes have none.
CREATE INDEX serial_codes_serial_idx ON serial_codes (serial) WHERE serial IS NOT NULL;

-- How to use what was bought (Markdown), shown on the order page under the codes.
ALTER TABLE products ADD COLUMN redeem_instructions text;
ALTER TABLE products ADD CONSTRAINT products_redeem_instructions_len
    CHECK (char_length(redeem_instructions) <= 5000) NOT VALID;
