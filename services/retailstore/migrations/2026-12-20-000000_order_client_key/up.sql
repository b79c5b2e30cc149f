-- The client the per-client unpaid-order limit counts (MAX_UNPAID_ORDERS_PER_IP): an IPv4
-- address in full, an IPv6 address by its /64 prefix (`2001:db8:1:2::/64`), as the login
-- lockout and the gateway's limiter key them: one subscriber usually holds a whole /64,
-- so rotating addresses inside it is one client. `ip` keeps the full address for staff.
ALTER TABLE orders ADD COLUMN client_key text;

-- Only unpaid orders are counted, so only they need a key now (a few minutes' worth).
-- `ip` is always an address the service printed; the pattern keeps anything else out
-- of the cast.
UPDATE orders
   SET client_key = CASE
           WHEN ip ~* '^::ffff:[0-9.]+$' THEN substring(ip FROM 8)
           WHEN family(ip::inet) = 6 THEN network(set_masklen(ip::inet, 64))::text
           ELSE ip
       END
 WHERE status = 'pending_payment' AND ip ~ '^[0-9A-Fa-f:.]+$';

-- The count per client, as orders_unpaid_ip_idx served the count per address (that one
-- stays while a replica of the previous release may still count by `ip`).
CREATE INDEX orders_unpaid_client_idx ON orders (client_key) WHERE status = 'pending_payment';
