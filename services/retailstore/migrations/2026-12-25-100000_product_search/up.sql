-- Storefront search: a stored, folded copy of each product's name with a trigram index,
-- so that a keyword finds `Thẻ Game` typed as `the game` or `THẺ GAME` without scanning
-- the catalogue.
--
-- pg_trgm lives once per database, not per schema: it goes into the `extensions` schema
-- (created when missing) unless the database already has it somewhere, so dropping one
-- service's schema (or one test's) never drops it under another. The owner of the
-- migrations needs CREATE on the database for that; pg_trgm is a trusted extension since
-- PostgreSQL 13. Where that right is not given, a DBA runs once, beforehand:
--   CREATE SCHEMA extensions; CREATE EXTENSION pg_trgm SCHEMA extensions;
-- Schemas migrating at the same time (parallel tests, several services) take turns here.
SELECT pg_advisory_xact_lock(hashtext('shop: CREATE EXTENSION pg_trgm'));

DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_extension WHERE extname = 'pg_trgm') THEN
        IF NOT EXISTS (SELECT FROM pg_namespace WHERE nspname = 'extensions') THEN
            CREATE SCHEMA extensions;
        END IF;
        CREATE EXTENSION pg_trgm SCHEMA extensions;
    END IF;
END
$$;

-- THE fold of search: lower case, Vietnamese (and common Latin) diacritics removed,
-- `đ` -> `d`, every run of anything but a-z 0-9 one space, trimmed. The same letters as
-- the URL slug's fold (src/slug.rs): `Thẻ Garena 100K` -> `the garena 100k`. Both sides
-- of a search go through it: the stored column below, and each keyword (the service
-- asks `SELECT product_fold($1)` before searching). Upper-case accented letters are
-- listed too, so the result does not depend on the database's LC_CTYPE.
CREATE FUNCTION product_fold(text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
SELECT btrim(regexp_replace(
    translate(
        regexp_replace(lower($1), '[\u0300-\u036f]', '', 'g'),
        'àÀáÁảẢãÃạẠăĂằẰắẮẳẲẵẴặẶâÂầẦấẤẩẨẫẪậẬäÄåÅāĀąĄçÇćĆčČđĐďĎèÈéÉẻẺẽẼẹẸêÊềỀếẾểỂễỄệỆëËēĒęĘěĚìÌíÍỉỈĩĨịỊîÎïÏīĪñÑńŃňŇòÒóÓỏỎõÕọỌôÔồỒốỐổỔỗỖộỘơƠờỜớỚởỞỡỠợỢöÖøØōŌřŘśŚšŠşŞťŤţŢùÙúÚủỦũŨụỤưƯừỪứỨửỬữỮựỰûÛüÜūŪůŮỳỲýÝỷỶỹỸỵỴÿŸźŹżŻžŽ',
        'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaccccccddddeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeiiiiiiiiiiiiiiiinnnnnnoooooooooooooooooooooooooooooooooooooooorrssssssttttuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuyyyyyyyyyyyyzzzzzz'),
    '[^a-z0-9]+', ' ', 'g'))
$$;

-- Kept by the database on every insert and rename: no writer can forget it.
ALTER TABLE products
    ADD COLUMN search text GENERATED ALWAYS AS (product_fold(name)) STORED NOT NULL;

-- `search LIKE '%word%'` reads this index (one LIKE per keyword word).
DO $$
DECLARE
    trgm_schema name := (SELECT n.nspname FROM pg_extension e
                           JOIN pg_namespace n ON n.oid = e.extnamespace
                          WHERE e.extname = 'pg_trgm');
BEGIN
    EXECUTE format('CREATE INDEX products_search_idx ON products USING gin (search %I.gin_trgm_ops)',
                   trgm_schema);
END
$$;
