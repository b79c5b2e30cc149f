//! The expiry job: unpaid orders past `expiresAt` release their codes, racing payments
//! safely, and the sweep stops on shutdown.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use support::*;

/// The two orderings the race below can take, each forced and each outcome checked.
#[tokio::test(flavor = "multi_thread")]
async fn payment_before_the_sweep_and_sweep_before_the_payment_each_end_as_they_should() {
    let app = TestApp::spawn_with(|c| c.max_unpaid_per_email = 0).await;
    let product = app.stocked("Thẻ Zing 50K", "ZNG", 4).await;
    let sold_to = |id: &str| {
        format!(
            "SELECT count(*) AS n FROM serial_codes WHERE order_id = '{id}' AND status = 'sold'"
        )
    };

    // Payment first: the order completes; the sweep that comes after finds nothing due.
    let first = app
        .anon()
        .post(CREATE_ORDER_PATH, &order_body(&product, 2, "truoc@vidu.vn"))
        .await
        .ok()
        .clone();
    let code = first["code"].as_str().unwrap().to_owned();
    let id = app.order_id(&code).await;
    app.make_due(&id).await;
    assert_eq!(
        app.pay(&code, 100_000, "paid-first").await["status"],
        "completed"
    );
    let swept = retailstore::orders::expiry::sweep(&app.pool, &app.notifier)
        .await
        .unwrap();
    assert_eq!(swept, retailstore::orders::expiry::Swept::default());
    assert_eq!(app.scalar(&sold_to(&id)).await, 2);
    let detail = app
        .get(&format!("{ORDER_ADMIN_DETAIL}?id={id}"))
        .await
        .ok()
        .clone();
    assert_eq!(detail["status"], "completed");
    assert_eq!(
        event_types(&detail),
        ["created", "payment_received", "completed"]
    );

    // Sweep first: the order expires and its codes go back to stock; the payment that
    // comes after (well within a day, the product unchanged) takes codes again.
    let second = app
        .anon()
        .post(CREATE_ORDER_PATH, &order_body(&product, 2, "sau@vidu.vn"))
        .await
        .ok()
        .clone();
    let code = second["code"].as_str().unwrap().to_owned();
    let id = app.order_id(&code).await;
    app.make_due(&id).await;
    let swept = retailstore::orders::expiry::sweep(&app.pool, &app.notifier)
        .await
        .unwrap();
    assert_eq!(
        swept,
        retailstore::orders::expiry::Swept {
            orders: 1,
            codes: 2
        }
    );
    assert_eq!(app.stock(&product, false).await, (2, 0, 2, 0));
    let expired = app
        .get(&format!("{ORDER_ADMIN_DETAIL}?id={id}"))
        .await
        .ok()
        .clone();
    assert_eq!(expired["status"], "expired");
    assert_eq!(
        app.pay(&code, 100_000, "paid-late").await["status"],
        "completed"
    );
    assert_eq!(app.scalar(&sold_to(&id)).await, 2);
    assert_eq!(app.stock(&product, false).await, (0, 0, 4, 0));
    let detail = app
        .get(&format!("{ORDER_ADMIN_DETAIL}?id={id}"))
        .await
        .ok()
        .clone();
    assert_eq!(
        event_types(&detail),
        [
            "created",
            "expired",
            "payment_received",
            "codes_reserved",
            "completed"
        ]
    );
}

/// Run at the same time, either may win (the test above pins each ordering's outcome):
/// whichever does, the paid order ends completed with its codes, never both expired and
/// sold nor sold twice.
#[tokio::test(flavor = "multi_thread")]
async fn expiry_racing_a_payment_never_does_both() {
    let app = Arc::new(TestApp::spawn_with(|c| c.max_unpaid_per_email = 0).await);
    let product = app.stocked("Thẻ Garena 100K", "GRN", 2).await;
    for round in 0..25 {
        let order = app
            .anon()
            .post(CREATE_ORDER_PATH, &order_body(&product, 2, "a@vidu.vn"))
            .await
            .ok()
            .clone();
        let code = order["code"].as_str().unwrap().to_owned();
        let id = app.order_id(&code).await;
        app.make_due(&id).await;
        let sweeper = {
            let app = app.clone();
            tokio::spawn(async move {
                retailstore::orders::expiry::sweep(&app.pool, &app.notifier)
                    .await
                    .unwrap()
            })
        };
        let payer = {
            let app = app.clone();
            let code = code.clone();
            tokio::spawn(async move { app.pay(&code, 100_000, &format!("race-{round}")).await })
        };
        sweeper.await.unwrap();
        let paid = payer.await.unwrap();
        // Paid: completed, both codes sold to this order, none reserved or back in stock.
        assert_eq!(paid["status"], "completed", "round {round}");
        assert_eq!(
            app.scalar(&format!(
                "SELECT count(*) AS n FROM serial_codes WHERE order_id = '{id}' AND status = 'sold'"
            ))
            .await,
            2,
            "round {round}"
        );
        assert_eq!(
            app.stock(&product, false).await,
            (0, 0, 2, 0),
            "round {round}"
        );
        assert_eq!(
            app.stock(&product, true).await,
            (0, 0, 2, 0),
            "round {round}"
        );
        let events = event_types(
            &app.get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
                .await
                .ok()
                .clone(),
        );
        assert!(
            events == ["created", "payment_received", "completed"]
                || events
                    == [
                        "created",
                        "expired",
                        "payment_received",
                        "codes_reserved",
                        "completed"
                    ],
            "round {round}: {events:?}"
        );
        // Back to stock for the next round.
        app.execute(&format!(
            "UPDATE serial_codes SET status = 'available', order_id = NULL, order_item_id = NULL, \
             sold_at = NULL WHERE product_id = '{product}'"
        ))
        .await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_sweep_expires_only_due_orders_and_stops_on_shutdown() {
    let app = TestApp::spawn_with(|c| c.max_unpaid_per_email = 0).await;
    let product = app.stocked("Thẻ Garena 100K", "GRN", 450).await;
    let mut ids = Vec::new();
    for i in 0..3 {
        let order = app
            .anon()
            .post(
                CREATE_ORDER_PATH,
                &order_body(&product, 1, &format!("k{i}@vidu.vn")),
            )
            .await
            .ok()
            .clone();
        ids.push(app.order_id(order["code"].as_str().unwrap()).await);
    }
    // Many due orders: more than one batch.
    app.execute(&format!(
        "INSERT INTO orders (id, code, access_token_hash, email, total, item_count, provider_id, \
                             provider_name, payment, expires_at) \
         SELECT gen_random_uuid(), 'DH' || lpad(i::text, 8, '0'), sha256(i::text::bytea), \
                'bulk@vidu.vn', 50000, 1, '{PROVIDER}', 'VCB', '{{}}'::jsonb, \
                now() - interval '1 hour' \
         FROM generate_series(1, 250) i"
    ))
    .await;
    app.execute(
        "INSERT INTO order_items (id, order_id, product_id, position, product_name, unit_price, \
                                  quantity, line_total) \
         SELECT gen_random_uuid(), o.id, (SELECT id FROM products LIMIT 1), 0, 'x', 50000, 1, 50000 \
         FROM orders o WHERE o.email = 'bulk@vidu.vn'",
    )
    .await;
    app.execute(
        "UPDATE serial_codes c SET status = 'reserved', order_id = i.order_id, order_item_id = i.id \
         FROM (SELECT i.id, i.order_id, row_number() OVER () AS n FROM order_items i \
               JOIN orders o ON o.id = i.order_id WHERE o.email = 'bulk@vidu.vn') i, \
              (SELECT id, row_number() OVER (ORDER BY id) AS n FROM serial_codes \
               WHERE status = 'available') f \
         WHERE f.n = i.n AND c.id = f.id",
    )
    .await;
    assert_eq!(app.stock(&product, false).await, (450 - 253, 253, 0, 0));
    app.make_due(&ids[0]).await;
    app.execute(
        "INSERT INTO idempotency_keys (scope, key, request_hash, key_id, nonce, response, expires_at) \
         VALUES ('create_order', 'old', sha256('x'), 1, '\\x000000000000000000000000', '', \
                 now() - interval '1 second')",
    )
    .await;

    let (stop, stopped) = tokio::sync::watch::channel(false);
    let job = tokio::spawn(retailstore::orders::expiry::run(
        app.pool.clone(),
        app.notifier.clone(),
        Duration::from_millis(100),
        stopped,
    ));
    let mut waited = 0;
    while app
        .scalar("SELECT count(*) AS n FROM orders WHERE status = 'expired'")
        .await
        < 251
    {
        waited += 1;
        assert!(waited < 100, "the sweep did not expire the due orders");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    stop.send(true).unwrap();
    tokio::time::timeout(Duration::from_secs(10), job)
        .await
        .expect("the job stops on shutdown")
        .unwrap();
    assert_eq!(app.stock(&product, false).await, (450 - 2, 2, 0, 0));
    assert_eq!(app.stock(&product, true).await, (450 - 2, 2, 0, 0));
    for (id, status) in [
        (&ids[0], "expired"),
        (&ids[1], "pending_payment"),
        (&ids[2], "pending_payment"),
    ] {
        assert_eq!(
            app.get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, id))
                .await
                .ok()
                .clone()["status"],
            status
        );
    }
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM order_events WHERE type = 'expired'")
            .await,
        251
    );
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM idempotency_keys")
            .await,
        0
    );
    // An expired order's shopper still sees it, without codes.
    let list = app
        .get(&format!("{}?status=expired&pageSize=1", ORDER_PAGINATION))
        .await;
    assert_eq!(list["result"]["totalCount"], 251);
}
