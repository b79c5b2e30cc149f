-- The buying flow's hot paths as functions, so that the service reaches the database once
-- for each: CreateOrder's reservation (checkout_create_order) and the bank's
-- ConfirmPayment (confirm_bank_payment). A function runs as one statement: without an
-- explicit transaction it commits or rolls back as a whole, so a refusal raises an
-- exception (message `checkout:<reason>`, read by models::order::CheckoutRefusal) and
-- leaves nothing behind. The service computes what it can beforehand (ids, tokens, sealed
-- links and answers, e-mail data) and passes it in.

-- `100000` -> `100.000đ`, as domain::order::vnd writes amounts in timeline messages.
CREATE FUNCTION vnd(amount bigint) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT
AS $$
    SELECT CASE WHEN amount < 0 THEN '-' ELSE '' END
           || regexp_replace(ltrim(amount::text, '-'), '(\d)(?=(\d{3})+$)', '\1.', 'g') || 'đ'
$$;

-- The one reservation loop of the buying flow: locks up to `needs[i]` sellable codes for
-- line `item_ids[i]` of product `product_ids[i]` (available and not expiring within a
-- day, as models::serial_code::SELLABLE; oldest expiry first; FOR UPDATE SKIP LOCKED),
-- products in id order. `codes` and `code_items` (the line of each code) hold what was
-- locked for lines that got all they need; `short` maps each line that did not to the
-- codes it could have, and is empty when every line is covered. Lines needing nothing
-- are skipped. Call inside the transaction that reserves the codes.
CREATE FUNCTION lock_sellable_codes(p_item_ids uuid[], p_product_ids uuid[], p_needs integer[],
                                    OUT codes uuid[], OUT code_items uuid[], OUT short jsonb)
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
AS $$
DECLARE
    line record;
    got uuid[];
BEGIN
    codes := '{}';
    code_items := '{}';
    short := '{}';
    FOR line IN
        SELECT l.item_id, l.product_id, l.need
          FROM unnest(p_item_ids, p_product_ids, p_needs) AS l(item_id, product_id, need)
         WHERE l.need > 0
         ORDER BY l.product_id, l.item_id
    LOOP
        SELECT coalesce(array_agg(s.id), '{}') INTO got
          FROM (SELECT id FROM serial_codes
                 WHERE product_id = line.product_id AND status = 'available'
                   AND (expires_at IS NULL OR expires_at > now() + interval '1 day')
                 ORDER BY expires_at NULLS LAST, created_at
                 LIMIT line.need
                   FOR UPDATE SKIP LOCKED) s;
        IF cardinality(got) < line.need THEN
            short := short || jsonb_build_object(line.item_id::text, cardinality(got));
        ELSE
            codes := codes || got;
            code_items := code_items || array_fill(line.item_id, ARRAY[cardinality(got)]);
        END IF;
    END LOOP;
END
$$;

-- Reserves codes locked by lock_sellable_codes for an order, in one statement (the stock
-- triggers then move every product's counters at once, in product-id order).
CREATE FUNCTION reserve_locked_codes(p_order_id uuid, p_codes uuid[], p_code_items uuid[])
    RETURNS void
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
AS $$
DECLARE
    reserved bigint;
BEGIN
    IF cardinality(p_codes) = 0 THEN
        RETURN;
    END IF;
    UPDATE serial_codes s
       SET status = 'reserved', order_id = p_order_id, order_item_id = r.item_id,
           reserved_at = now(), updated_at = now()
      FROM unnest(p_codes, p_code_items) AS r(id, item_id)
     WHERE s.id = r.id AND s.status = 'available';
    GET DIAGNOSTICS reserved = ROW_COUNT;
    IF reserved <> cardinality(p_codes) THEN
        RAISE EXCEPTION 'checkout:inconsistent' USING DETAIL = 'locked codes changed before reservation';
    END IF;
END
$$;

-- Makes every line of an existing order hold its quantity of reserved codes, taking the
-- missing ones from stock (orders::reserve_lines: money for an expired order, Deliver).
-- `short` as lock_sellable_codes says (nothing reserved then, the locks go with the
-- transaction); `reserved` the codes taken. Call inside a transaction.
CREATE FUNCTION reserve_order_codes(p_order_id uuid, OUT reserved integer, OUT short jsonb)
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
AS $$
DECLARE
    locked record;
BEGIN
    SELECT l.codes, l.code_items, l.short INTO locked
      FROM (SELECT array_agg(i.id) AS item_ids, array_agg(i.product_id) AS product_ids,
                   array_agg(i.quantity - (SELECT count(*) FROM serial_codes c
                                            WHERE c.order_id = p_order_id
                                              AND c.order_item_id = i.id
                                              AND c.status = 'reserved')::integer) AS needs
              FROM order_items i WHERE i.order_id = p_order_id) n,
           lock_sellable_codes(coalesce(n.item_ids, '{}'), coalesce(n.product_ids, '{}'),
                               coalesce(n.needs, '{}')) l;
    short := locked.short;
    reserved := 0;
    IF short = '{}' THEN
        PERFORM reserve_locked_codes(p_order_id, locked.codes, locked.code_items);
        reserved := cardinality(locked.codes);
    END IF;
END
$$;

-- CreateOrder's transaction in one statement, in the order the service used to send it:
-- claim the Idempotency-Key (with its sealed answer: stored only if all the rest
-- commits), hold the products as priced (FOR KEY SHARE, id order; any change since the
-- pricing: `checkout:retry`), lock the codes (`checkout:out_of_stock`, DETAIL the codes
-- each short line could have), check the unpaid-order limits under a lock per e-mail then
-- per client (0: no limit, no lock; `checkout:too_many_unpaid`), then write the order,
-- its lines, the reservation, the first timeline event, the order_placed e-mail (its
-- token and outbox row) and low_stock rows for products it left low. Lines are given in
-- the order's order: `p_low_stock_ids[i]` is the outbox id for product `p_product_ids[i]`.
CREATE FUNCTION checkout_create_order(
    p_id uuid, p_code text, p_token_hash bytea, p_email text, p_email_key text, p_phone text,
    p_customer_name text, p_note text, p_ip text, p_client_key text, p_user_agent text,
    p_total bigint, p_item_count integer, p_provider_id uuid, p_provider_name text,
    p_payment jsonb, p_expires_at timestamptz, p_created_at timestamptz,
    p_item_ids uuid[], p_product_ids uuid[], p_positions integer[], p_names text[],
    p_image_urls text[], p_unit_prices bigint[], p_quantities integer[], p_line_totals bigint[],
    p_max_per_email bigint, p_max_per_client bigint,
    p_event_id uuid, p_event_type text, p_event_message text,
    p_mail_id uuid, p_mail_event text, p_mail_token_hash bytea, p_mail_data jsonb,
    p_mail_key_id integer, p_mail_nonce bytea, p_mail_sealed bytea,
    p_low_stock_event text, p_low_stock_ids uuid[],
    p_idem_scope text, p_idem_key text, p_idem_hash bytea, p_idem_key_id integer,
    p_idem_nonce bytea, p_idem_response bytea, p_idem_expires_at timestamptz)
    RETURNS void
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
AS $$
DECLARE
    n bigint;
    locked record;
BEGIN
    IF p_idem_scope IS NOT NULL THEN
        -- A concurrent request with this key waits here for this one to end.
        INSERT INTO idempotency_keys AS k
               (scope, key, request_hash, key_id, nonce, response, created_at, expires_at)
        VALUES (p_idem_scope, p_idem_key, p_idem_hash, p_idem_key_id, p_idem_nonce,
                p_idem_response, now(), p_idem_expires_at)
        ON CONFLICT (scope, key) DO UPDATE
           SET request_hash = EXCLUDED.request_hash, key_id = EXCLUDED.key_id,
               nonce = EXCLUDED.nonce, response = EXCLUDED.response, created_at = now(),
               expires_at = EXCLUDED.expires_at
         WHERE k.expires_at <= now();
        GET DIAGNOSTICS n = ROW_COUNT;
        IF n = 0 THEN
            RAISE EXCEPTION 'checkout:key_taken';
        END IF;
    END IF;

    SELECT count(*) INTO n
      FROM (SELECT p.id
              FROM products p
              JOIN unnest(p_product_ids, p_names, p_image_urls, p_unit_prices, p_quantities)
                   AS l(product_id, name, image_url, unit_price, quantity)
                ON l.product_id = p.id
             WHERE p.status = 'active' AND p.name = l.name
               AND p.image_url IS NOT DISTINCT FROM l.image_url AND p.price = l.unit_price
               AND l.quantity BETWEEN p.min_per_order AND p.max_per_order
             ORDER BY p.id
               FOR KEY SHARE OF p) same;
    IF n <> cardinality(p_product_ids) THEN
        RAISE EXCEPTION 'checkout:retry';
    END IF;

    -- Codes first: a buyer the stock cannot serve leaves before anything is written.
    SELECT * INTO locked FROM lock_sellable_codes(p_item_ids, p_product_ids, p_quantities);
    IF locked.short <> '{}' THEN
        RAISE EXCEPTION 'checkout:out_of_stock' USING DETAIL = locked.short::text;
    END IF;

    -- Always e-mail before client: two requests never wait for each other in a cycle.
    IF p_max_per_email > 0 THEN
        PERFORM pg_advisory_xact_lock(
            hashtextextended('retailstore:order-email:' || p_email_key, 0));
        SELECT count(*) INTO n FROM orders
         WHERE status = 'pending_payment' AND lower(email) = p_email_key;
        IF n >= p_max_per_email THEN
            RAISE EXCEPTION 'checkout:too_many_unpaid';
        END IF;
    END IF;
    IF p_client_key IS NOT NULL AND p_max_per_client > 0 THEN
        PERFORM pg_advisory_xact_lock(
            hashtextextended('retailstore:order-client:' || p_client_key, 0));
        SELECT count(*) INTO n FROM orders
         WHERE status = 'pending_payment' AND client_key = p_client_key;
        IF n >= p_max_per_client THEN
            RAISE EXCEPTION 'checkout:too_many_unpaid';
        END IF;
    END IF;

    INSERT INTO orders (id, code, access_token_hash, email, phone, customer_name, note, ip,
                        client_key, user_agent, total, item_count, provider_id, provider_name,
                        payment, expires_at, created_at, updated_at)
    VALUES (p_id, p_code, p_token_hash, p_email, p_phone, p_customer_name, p_note, p_ip,
            p_client_key, p_user_agent, p_total, p_item_count, p_provider_id, p_provider_name,
            p_payment, p_expires_at, p_created_at, p_created_at);
    INSERT INTO order_items (id, order_id, product_id, position, product_name, image_url,
                             unit_price, quantity, line_total)
    SELECT l.id, p_id, l.product_id, l.position, l.name, l.image_url, l.unit_price,
           l.quantity, l.line_total
      FROM unnest(p_item_ids, p_product_ids, p_positions, p_names, p_image_urls,
                  p_unit_prices, p_quantities, p_line_totals)
           AS l(id, product_id, position, name, image_url, unit_price, quantity, line_total);
    PERFORM reserve_locked_codes(p_id, locked.codes, locked.code_items);
    INSERT INTO order_events (id, order_id, at, type, message, actor)
    VALUES (p_event_id, p_id, p_created_at, p_event_type, p_event_message, NULL);

    INSERT INTO order_access_tokens (order_id, token_hash) VALUES (p_id, p_mail_token_hash);
    INSERT INTO outbox (id, event, order_code, recipient_email, data, link_key_id, link_nonce,
                        link_sealed)
    VALUES (p_mail_id, p_mail_event, p_code, p_email, p_mail_data, p_mail_key_id, p_mail_nonce,
            p_mail_sealed);

    -- As models::outbox::flag_low_stock: sellable stock (expiring codes set aside) at or
    -- below the threshold, at most once per product per 24 h, stamped in id order.
    WITH low AS (
           SELECT p.id, p.name, p.low_stock_threshold AS threshold,
                  greatest(s.available - (SELECT count(*) FROM serial_codes
                                           WHERE product_id = p.id AND status = 'available'
                                             AND expires_at <= now() + interval '1 day'), 0)
                      AS available
             FROM products p JOIN product_stock s ON s.product_id = p.id
            WHERE p.id = ANY (p_product_ids)),
         stamped AS (
           INSERT INTO low_stock_alerts AS a (product_id, alerted_at)
           SELECT id, now() FROM low WHERE available <= threshold ORDER BY id
           ON CONFLICT (product_id) DO UPDATE SET alerted_at = excluded.alerted_at
            WHERE a.alerted_at < now() - interval '24 hours'
           RETURNING product_id)
    INSERT INTO outbox (id, event, data)
    SELECT r.id, p_low_stock_event,
           jsonb_build_object('productId', low.id, 'productName', low.name,
                              'available', low.available, 'threshold', low.threshold)
      FROM low
      JOIN stamped ON stamped.product_id = low.id
      JOIN unnest(p_product_ids, p_low_stock_ids) AS r(product_id, id) ON r.product_id = low.id
     ORDER BY r.id;
END
$$;

-- The bank's ConfirmPayment in one statement for the plain case: the order (locked FOR
-- UPDATE, by code) waits for payment, the transfer is new, no unlinked manual payment of
-- the same amount may stand for it, and money that covers the total finds every code
-- still reserved. Then it records the payment and its timeline, settles the amounts, and
-- on completion sells the codes and writes the codes_ready e-mail. `outcome`:
-- `applied`, `already_applied` (nothing written), or `fallback`: nothing written, the
-- service applies the payment by its own rules (orders::apply_payment: late money,
-- cancelled orders, manual duplicates, codes to take again). `settled` is the order as
-- it now is. An unknown code raises `checkout:order_not_found`; money through another
-- provider than the order's, unless staff assigned it, `checkout:provider_mismatch`.
CREATE FUNCTION confirm_bank_payment(
    p_code text, p_amount bigint, p_provider_id uuid, p_transaction_id text,
    p_paid_at timestamptz, p_staff_assigned boolean, p_actor text, p_payment_id uuid,
    p_event_ids uuid[], p_event_types text[], p_at timestamptz,
    p_mail_id uuid, p_mail_event text, p_mail_token_hash bytea, p_mail_key_id integer,
    p_mail_nonce bytea, p_mail_sealed bytea,
    OUT outcome text, OUT settled orders)
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
AS $$
DECLARE
    paid bigint;
    covered boolean;
    sold bigint;
BEGIN
    SELECT * INTO settled FROM orders WHERE code = p_code FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'checkout:order_not_found';
    END IF;
    IF settled.provider_id <> p_provider_id AND NOT p_staff_assigned THEN
        RAISE EXCEPTION 'checkout:provider_mismatch';
    END IF;
    IF EXISTS (SELECT 1 FROM order_payments
                WHERE order_id = settled.id
                  AND (transaction_id = p_transaction_id
                       OR bank_transaction_id = p_transaction_id)) THEN
        outcome := 'already_applied';
        RETURN;
    END IF;
    outcome := 'fallback';
    IF settled.status <> 'pending_payment'
       OR p_amount > 9223372036854775807 - settled.paid_amount
       OR EXISTS (SELECT 1 FROM order_payments
                   WHERE order_id = settled.id AND source = 'manual' AND amount = p_amount
                     AND bank_transaction_id IS NULL) THEN
        RETURN;
    END IF;
    paid := settled.paid_amount + p_amount;
    covered := paid >= settled.total;
    IF covered THEN
        -- All the codes or none, as SerialCode::sell_all_reserved.
        UPDATE serial_codes SET status = 'sold', sold_at = now(), updated_at = now()
         WHERE order_id = settled.id AND status = 'reserved'
           AND (SELECT count(*) FROM serial_codes
                 WHERE order_id = settled.id AND status = 'reserved') = settled.item_count;
        GET DIAGNOSTICS sold = ROW_COUNT;
        IF sold = 0 THEN
            RETURN;
        END IF;
    END IF;

    INSERT INTO order_payments (id, order_id, transaction_id, amount, paid_at, source, actor,
                                provider_id)
    VALUES (p_payment_id, settled.id, p_transaction_id, p_amount, p_paid_at, 'webhook', p_actor,
            p_provider_id);
    -- The messages of orders::apply_payment.
    INSERT INTO order_events (id, order_id, at, type, message, actor)
    VALUES (p_event_ids[1], settled.id, p_at, p_event_types[1],
            format('Nhận %s qua chuyển khoản (giao dịch %s); đã nhận %s / %s',
                   vnd(p_amount), p_transaction_id, vnd(paid), vnd(settled.total)),
            p_actor);
    IF covered THEN
        INSERT INTO order_events (id, order_id, at, type, message, actor)
        VALUES (p_event_ids[2], settled.id, p_at, p_event_types[2],
                format('Đã thanh toán đủ, giao %s mã cho khách', sold), NULL);
    END IF;
    UPDATE orders
       SET paid_amount = paid,
           payment_status = CASE WHEN paid <= 0 THEN 'unpaid'
                                 WHEN paid < total THEN 'partially_paid'
                                 WHEN paid = total THEN 'paid'
                                 ELSE 'overpaid' END,
           paid_at = CASE WHEN covered AND paid_at IS NULL THEN p_paid_at ELSE paid_at END,
           status = CASE WHEN covered THEN 'completed' ELSE status END,
           completed_at = CASE WHEN covered THEN p_at ELSE completed_at END,
           updated_at = now()
     WHERE id = settled.id
    RETURNING * INTO settled;
    IF covered THEN
        -- As notifications::Notifier::codes_ready writes it.
        INSERT INTO order_access_tokens (order_id, token_hash)
        VALUES (settled.id, p_mail_token_hash);
        INSERT INTO outbox (id, event, order_code, recipient_email, data, link_key_id,
                            link_nonce, link_sealed)
        VALUES (p_mail_id, p_mail_event, settled.code, settled.email,
                jsonb_strip_nulls(jsonb_build_object(
                    'orderId', settled.id, 'customerName', settled.customer_name,
                    'total', settled.total, 'paidAmount', settled.paid_amount,
                    'items', (SELECT jsonb_agg(jsonb_build_object('name', i.product_name,
                                                                  'quantity', i.quantity)
                                               ORDER BY i.position)
                                FROM order_items i WHERE i.order_id = settled.id))),
                p_mail_key_id, p_mail_nonce, p_mail_sealed);
    END IF;
    outcome := 'applied';
END
$$;
