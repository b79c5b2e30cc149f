-- The disabled copies stay disabled (their note says why): re-enabling stock that two
-- products hold is staff's decision.
DROP INDEX serial_codes_code_key;
ALTER TABLE serial_codes DROP COLUMN duplicate_of;
