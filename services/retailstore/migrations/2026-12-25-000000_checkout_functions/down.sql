DROP FUNCTION confirm_bank_payment;
DROP FUNCTION checkout_create_order;
DROP FUNCTION reserve_order_codes;
DROP FUNCTION reserve_locked_codes;
DROP FUNCTION lock_sellable_codes;
DROP FUNCTION vnd;
