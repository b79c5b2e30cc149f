-- What must hold after the chaos run (scripts/reliability.sh), once retries and sweeps
-- have settled. Expects the temporary tables chaos_orders (email, code: every order a
-- buyer was answered), chaos_transactions (external_id: every SePay delivery the
-- webhook acknowledged) and chaos_late (code, kind: every order whose money the bank
-- held back until after its expiry, `late` or `late_cancelled` when staff cancelled the
-- expired order first), and the psql variables provider (the run's provider id) and
-- overdue (seconds: the expiry sweep interval plus a grace for the sweep itself).
-- Prints one `invariant|violations` line per invariant. A transaction is known to
-- retailstore (order_payments.transaction_id) by its bank reference (`sepay:<SePay id>`),
-- or by paymentprovider's row id for rows stored before bank references.

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
         WHERE p.source = 'webhook' AND p.transaction_id = (CASE WHEN t.bank_ref IS NOT NULL AND NOT t.legacy_confirm THEN t.bank_ref ELSE t.id::text END)) <> 1
UNION ALL
SELECT 'order payment without its matched transaction', count(*)
  FROM retailstore.order_payments p
 WHERE p.source = 'webhook'
   AND NOT EXISTS (SELECT 1 FROM paymentprovider.payment_transactions t
                    WHERE (CASE WHEN t.bank_ref IS NOT NULL AND NOT t.legacy_confirm THEN t.bank_ref ELSE t.id::text END) = p.transaction_id AND t.status = 'matched')
UNION ALL
SELECT 'transaction applied to another order or amount', count(*)
  FROM retailstore.order_payments p
  JOIN retailstore.orders o ON o.id = p.order_id
  JOIN paymentprovider.payment_transactions t ON (CASE WHEN t.bank_ref IS NOT NULL AND NOT t.legacy_confirm THEN t.bank_ref ELSE t.id::text END) = p.transaction_id
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
 WHERE status = 'pending_payment' AND expires_at < now() - make_interval(secs => :overdue)
UNION ALL
-- One code, one sale: the same code (its hash) is never sold or held twice.
SELECT 'code sold or held twice', count(*)
  FROM (SELECT code_hash FROM retailstore.serial_codes
         WHERE status IN ('reserved', 'sold') GROUP BY code_hash HAVING count(*) > 1) d
UNION ALL
-- Late money (stored after the order's expiry): the order either took its codes again
-- (completed, each line with exactly its quantity of sold codes) or waits for staff
-- holding no code at all.
SELECT 'money after expiry: neither completed with its codes nor needs_attention without codes', count(*)
  FROM retailstore.orders o
 WHERE EXISTS (SELECT 1 FROM retailstore.order_payments p
                WHERE p.order_id = o.id AND p.created_at > o.expires_at)
   AND NOT (
         (o.status = 'completed'
          AND NOT EXISTS (SELECT 1 FROM retailstore.order_items i
                           WHERE i.order_id = o.id
                             AND i.quantity <> (SELECT count(*) FROM retailstore.serial_codes c
                                                 WHERE c.order_item_id = i.id AND c.status = 'sold'
                                                   AND c.replaced_at IS NULL)))
      OR (o.status = 'needs_attention'
          AND NOT EXISTS (SELECT 1 FROM retailstore.serial_codes c
                           WHERE c.order_id = o.id AND c.status IN ('reserved', 'sold'))))
UNION ALL
-- The late-money bounds: an order that expired and then completed without staff took
-- its codes only while every line's product was still active at the line's unit price
-- (the run changes one price once, before any order can expire) and only if staff had
-- not cancelled it.
SELECT 'expired order completed by late money beyond the bounds (price, status, cancelled)', count(*)
  FROM retailstore.orders o
 WHERE o.status = 'completed'
   AND EXISTS (SELECT 1 FROM retailstore.order_events e WHERE e.order_id = o.id AND e.type = 'expired')
   AND NOT EXISTS (SELECT 1 FROM retailstore.order_events e
                    WHERE e.order_id = o.id AND e.type = 'completed' AND e.actor IS NOT NULL)
   AND (o.cancelled_at IS NOT NULL
        OR EXISTS (SELECT 1 FROM retailstore.order_items i
                     JOIN retailstore.products p ON p.id = i.product_id
                    WHERE i.order_id = o.id AND (p.status <> 'active' OR p.price <> i.unit_price)))
UNION ALL
SELECT 'cancelled order holding money still cancelled', count(*)
  FROM retailstore.orders
 WHERE status = 'cancelled' AND paid_amount > 0
UNION ALL
-- Every late payment the bank was acknowledged for was stored, after its order's expiry
-- (the run's own claim; reliability.sh also requires late money on swept orders).
SELECT 'late payment not stored after its order expired', count(*)
  FROM chaos_late l
  LEFT JOIN retailstore.orders o ON o.code = l.code
 WHERE NOT EXISTS (SELECT 1 FROM retailstore.order_payments p
                    WHERE p.order_id = o.id AND p.created_at > o.expires_at)
UNION ALL
SELECT 'late payment to a cancelled order not waiting for staff', count(*)
  FROM chaos_late l
  JOIN retailstore.orders o ON o.code = l.code
 WHERE l.kind = 'late_cancelled' AND (o.status <> 'needs_attention' OR o.cancelled_at IS NULL);
