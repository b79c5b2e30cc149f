-- The database states the reservation invariant too: a `reserved` or `sold` code belongs
-- to an order line (order_id and order_item_id set), an `available` or `disabled` one to
-- none. Every state the service writes fits: CreateOrder and a late payment reserve with
-- both columns, ReplaceCodes sells with both (the replaced code stays `sold` with its
-- order), Cancel and the expiry job release with both cleared, Update disables only an
-- available code. Expand: added NOT VALID (no scan under the strong lock); the next
-- migration validates it under SHARE UPDATE EXCLUSIVE. A row that breaks it makes that
-- validation fail and names the constraint: fix the row (scripts/reliability/
-- invariants.sql finds them), then migrate again.
ALTER TABLE serial_codes
    ADD CONSTRAINT serial_codes_order_state_check CHECK (
        CASE status
            WHEN 'reserved' THEN order_id IS NOT NULL AND order_item_id IS NOT NULL
            WHEN 'sold' THEN order_id IS NOT NULL AND order_item_id IS NOT NULL
            ELSE order_id IS NULL AND order_item_id IS NULL
        END
    ) NOT VALID;
