-- What must hold after the chaos run (scripts/reliability.sh), once retries and sweeps
-- have settled. Expects the temporary tables chaos_orders (email, code: every order a
-- buyer was answered) and chaos_transactions (external_id: every SePay delivery the
-- webhook acknowledged), and the psql variables provider (the run's provider id) and
-- overdue (seconds: the expiry sweep interval plus a grace for the sweep itself).
-- Prints one `invariant|violations` line per invariant.

SELECT 'code reserved or sold without an order' AS invariant, count(*) AS violations
  FROM retailstore.serial_codes
 WHERE status IN ('reserved', 'sold') AND (order_id IS NULL OR order_item_id IS NULL)
UNION ALL
SELECT 'code in stock still tied to an order', count(*)
  FROM retailstore.serial_codes
 WHERE status IN ('available', 'disabled') AND (order_id IS NOT NULL OR order_item_id IS NOT NULL)
UNION ALL
SELECT 'code held by a line of another product or order', count(*)
  FROM retailstore.serial_codes c
  JOIN retailstore.order_items i ON i.id = c.order_item_id
 WHERE i.product_id <> c.product_id OR i.order_id <> c.order_id
UNION ALL
-- A code is one row with one order: a code sold twice would leave its first order short
-- (checked below) or sit sold under an order that is not completed.
SELECT 'code reserved for an order that is not waiting for money', count(*)
  FROM retailstore.serial_codes c
  JOIN retailstore.orders o ON o.id = c.order_id
 WHERE c.status = 'reserved' AND o.status <> 'pending_payment'
UNION ALL
SELECT 'code sold to an order that is not completed', count(*)
  FROM retailstore.serial_codes c
  JOIN retailstore.orders o ON o.id = c.order_id
 WHERE c.status = 'sold' AND o.status <> 'completed'
UNION ALL
SELECT 'completed order line without exactly its quantity of codes', count(*)
  FROM retailstore.order_items i
  JOIN retailstore.orders o ON o.id = i.order_id
 WHERE o.status = 'completed'
   AND i.quantity <> (SELECT count(*) FROM retailstore.serial_codes c
                       WHERE c.order_item_id = i.id AND c.status = 'sold' AND c.replaced_at IS NULL)
UNION ALL
SELECT 'unpaid order line without exactly its quantity of reserved codes', count(*)
  FROM retailstore.order_items i
  JOIN retailstore.orders o ON o.id = i.order_id
 WHERE o.status = 'pending_payment'
   AND i.quantity <> (SELECT count(*) FROM retailstore.serial_codes c
                       WHERE c.order_item_id = i.id AND c.status = 'reserved')
UNION ALL
SELECT 'stock counters differ from the codes', count(*)
  FROM retailstore.products p
  LEFT JOIN retailstore.product_stock s ON s.product_id = p.id
  LEFT JOIN (SELECT product_id,
                    count(*) FILTER (WHERE status = 'available') AS available,
                    count(*) FILTER (WHERE status = 'reserved') AS reserved,
                    count(*) FILTER (WHERE status = 'sold') AS sold,
                    count(*) FILTER (WHERE status = 'disabled') AS disabled
               FROM retailstore.serial_codes GROUP BY product_id) c ON c.product_id = p.id
 WHERE (coalesce(s.available, 0), coalesce(s.reserved, 0), coalesce(s.sold, 0), coalesce(s.disabled, 0))
    <> (coalesce(c.available, 0), coalesce(c.reserved, 0), coalesce(c.sold, 0), coalesce(c.disabled, 0))
UNION ALL
SELECT 'matched transaction not applied exactly once', count(*)
  FROM paymentprovider.payment_transactions t
 WHERE t.status = 'matched'
   AND (SELECT count(*) FROM retailstore.order_payments p
         WHERE p.source = 'webhook' AND p.transaction_id = t.id::text) <> 1
UNION ALL
SELECT 'order payment without its matched transaction', count(*)
  FROM retailstore.order_payments p
 WHERE p.source = 'webhook'
   AND NOT EXISTS (SELECT 1 FROM paymentprovider.payment_transactions t
                    WHERE t.id::text = p.transaction_id AND t.status = 'matched')
UNION ALL
SELECT 'transaction applied to another order or amount', count(*)
  FROM retailstore.order_payments p
  JOIN retailstore.orders o ON o.id = p.order_id
  JOIN paymentprovider.payment_transactions t ON t.id::text = p.transaction_id
 WHERE p.source = 'webhook' AND (t.order_code IS DISTINCT FROM o.code OR t.amount <> p.amount)
UNION ALL
SELECT 'transaction still waiting for retailstore', count(*)
  FROM paymentprovider.payment_transactions
 WHERE status = 'pending'
UNION ALL
SELECT 'transfer for an existing order left unmatched', count(*)
  FROM paymentprovider.payment_transactions t
 WHERE t.status = 'unmatched'
   AND EXISTS (SELECT 1 FROM retailstore.orders o WHERE o.code = t.order_code)
UNION ALL
SELECT 'acknowledged delivery not stored', count(*)
  FROM chaos_transactions d
 WHERE NOT EXISTS (SELECT 1 FROM paymentprovider.payment_transactions t
                    WHERE t.provider_id = :'provider' AND t.external_id = d.external_id)
UNION ALL
SELECT 'order paid amount differs from its payments', count(*)
  FROM retailstore.orders o
 WHERE o.paid_amount <> coalesce((SELECT sum(p.amount) FROM retailstore.order_payments p
                                   WHERE p.order_id = o.id), 0)
UNION ALL
SELECT 'order paid in full but still waiting', count(*)
  FROM retailstore.orders
 WHERE status = 'pending_payment' AND paid_amount >= total
UNION ALL
SELECT 'answered order not stored', count(*)
  FROM chaos_orders a
 WHERE NOT EXISTS (SELECT 1 FROM retailstore.orders o WHERE o.code = a.code AND o.email = a.email)
UNION ALL
-- Every buyer's attempt has its own e-mail and Idempotency-Key, retried as is.
SELECT 'one attempt made several orders', count(*)
  FROM (SELECT email FROM retailstore.orders GROUP BY email HAVING count(*) > 1) e
UNION ALL
SELECT 'order pending past expiry plus one sweep', count(*)
  FROM retailstore.orders
 WHERE status = 'pending_payment' AND expires_at < now() - make_interval(secs => :overdue);
