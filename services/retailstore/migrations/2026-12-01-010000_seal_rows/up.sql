-- Which associated data a code's ciphertext is sealed with. 1: its product only (every
-- row so far); 2: the row itself (code id, product id, key id), so that a ciphertext
-- copied onto another row no longer opens. SQL cannot decrypt, so the rows are re-sealed
-- by the service at start-up (src/reseal.rs), in batches, v1 rows only; v1 rows keep
-- opening until then. Written by old binaries during a rolling deploy, the default keeps
-- their rows honest (they seal v1).
ALTER TABLE serial_codes
    ADD COLUMN seal_version smallint NOT NULL DEFAULT 1 CHECK (seal_version IN (1, 2));

-- Finds what is left to re-seal without scanning every row.
CREATE INDEX serial_codes_legacy_seal_idx ON serial_codes (id) WHERE seal_version = 1;
