ALTER TABLE products DROP COLUMN redeem_instructions;
DROP INDEX serial_codes_serial_idx;
ALTER TABLE serial_codes DROP COLUMN serial;
