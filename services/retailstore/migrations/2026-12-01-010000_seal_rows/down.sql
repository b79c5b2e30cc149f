-- v2 rows cannot be opened by the old binary: going back needs them re-sealed first.
DROP INDEX serial_codes_legacy_seal_idx;
ALTER TABLE serial_codes DROP COLUMN seal_version;
