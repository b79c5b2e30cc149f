#![allow(clippy::unwrap_used, clippy::expect_used)]
//! CreateOrder under pressure: many buyers at once for few codes, replays of an
//! Idempotency-Key, and the limits on unpaid orders per e-mail and client.

mod support;

use std::collections::HashSet;
use std::sync::Arc;

use serde_json::json;
use support::*;

#[tokio::test(flavor = "multi_thread")]
async fn idempotency_key_replays_the_same_answer() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "GRN", 10).await;
    let body = order_body(&product, 1, "a@vidu.vn");
    let key = [("idempotency-key", "0b6f1c8e-key-1")];
    let (status, first) = app.create_order_with(&key, &body).await;
    assert_ok(status, &first);
    let (status, again) = app.create_order_with(&key, &body).await;
    assert_ok(status, &again);
    assert_eq!(again, first);
    assert_eq!(app.scalar("SELECT count(*) AS n FROM orders").await, 1);
    assert_eq!(app.payments.calls(INSTRUCTION).len(), 1);
    // Stored sealed: the token is nowhere in clear.
    let token = first["result"]["accessToken"].as_str().unwrap();
    assert!(!app.dump().await.contains(token));
    assert_eq!(
        app.scalar(
            "SELECT count(*) AS n FROM idempotency_keys WHERE scope = 'create_order' \
                    AND expires_at > now() + interval '23 hours'"
        )
        .await,
        1
    );

    // The same key with another body: 406, nothing created.
    let before = app.dump().await;
    let (status, answer) = app
        .create_order_with(&key, &order_body(&product, 2, "a@vidu.vn"))
        .await;
    assert_error(status, &answer, 409, 406);
    assert_eq!(app.dump().await, before);
    // Another key: another order.
    let (status, other) = app
        .create_order_with(&[("idempotency-key", "0b6f1c8e-key-2")], &body)
        .await;
    assert_ne!(assert_ok(status, &other)["code"], first["result"]["code"]);

    // Concurrent requests with one new key: one order, one answer for all.
    let app = Arc::new(app);
    let tasks: Vec<_> = (0..10)
        .map(|_| {
            let app = app.clone();
            let body = order_body(&product, 1, "b@vidu.vn");
            tokio::spawn(async move {
                app.create_order_with(&[("idempotency-key", "race-key")], &body)
                    .await
            })
        })
        .collect();
    let mut answers = HashSet::new();
    for task in tasks {
        let (status, answer) = task.await.unwrap();
        answers.insert(assert_ok(status, &answer).to_string());
    }
    assert_eq!(answers.len(), 1);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM orders WHERE email = 'b@vidu.vn'")
            .await,
        1
    );
    // A failed request is not stored: the key works once stock arrives.
    let empty = app.stocked("Hết hàng", "NONE", 0).await;
    let body = order_body(&empty, 1, "c@vidu.vn");
    let (status, answer) = app
        .create_order_with(&[("idempotency-key", "k-3")], &body)
        .await;
    assert_error(status, &answer, 409, 400);
    app.import(&empty, &codes("NONE", 0..1)).await;
    let (status, answer) = app
        .create_order_with(&[("idempotency-key", "k-3")], &body)
        .await;
    assert_ok(status, &answer);
}

#[tokio::test(flavor = "multi_thread")]
async fn unpaid_orders_are_limited_per_email_and_client() {
    let app = TestApp::spawn_with(|c| {
        c.max_unpaid_per_email = 2;
        c.max_unpaid_per_ip = 2;
    })
    .await;
    let product = app.stocked("Thẻ Garena 100K", "GRN", 20).await;
    let from = |ip: &'static str| [("x-forwarded-for", ip)];
    for email in ["a@vidu.vn", "A@VIDU.VN"] {
        let (status, answer) = app
            .create_order_with(&from("198.51.100.1"), &order_body(&product, 1, email))
            .await;
        assert_ok(status, &answer);
    }
    let calls = app.payments.calls(INSTRUCTION).len();
    // The e-mail (case-insensitive) from elsewhere, then another e-mail from the IP.
    let (status, answer) = app
        .create_order_with(&from("198.51.100.2"), &order_body(&product, 1, "a@Vidu.vn"))
        .await;
    assert_error(status, &answer, 429, 405);
    let (status, answer) = app
        .create_order_with(&from("198.51.100.1"), &order_body(&product, 1, "b@vidu.vn"))
        .await;
    assert_error(status, &answer, 429, 405);
    assert_eq!(app.payments.calls(INSTRUCTION).len(), calls);
    let (status, answer) = app
        .create_order_with(&from("198.51.100.2"), &order_body(&product, 1, "b@vidu.vn"))
        .await;
    assert_ok(status, &answer);
    // An order that stops being unpaid frees a place.
    let (_, list) = app
        .get(&format!("{ORDER_PAGINATION}?keyword=a@vidu.vn"))
        .await;
    let id = list["result"]["items"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, answer) = app
        .post(ORDER_CANCEL, json!({"id": id, "reason": "khách đổi ý"}))
        .await;
    assert_ok(status, &answer);
    let (status, answer) = app
        .create_order_with(&from("198.51.100.3"), &order_body(&product, 1, "a@vidu.vn"))
        .await;
    assert_ok(status, &answer);
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_orders_never_share_or_lose_a_code() {
    let app = Arc::new(
        TestApp::spawn_with(|c| {
            c.max_unpaid_per_email = 0;
            c.max_unpaid_per_ip = 0;
        })
        .await,
    );
    let product = app.stocked("Thẻ Garena 100K", "GRN", 50).await;
    let tasks: Vec<_> = (0..200)
        .map(|i| {
            let app = app.clone();
            let body = order_body(&product, 1, &format!("khach{i}@vidu.vn"));
            tokio::spawn(async move { app.create_order(&body).await })
        })
        .collect();
    let (mut created, mut sold_out) = (0, 0);
    for task in tasks {
        let (status, answer) = task.await.unwrap();
        match status {
            200 => created += 1,
            _ => {
                assert_error(status, &answer, 409, 400);
                sold_out += 1;
            }
        }
    }
    assert_eq!((created, sold_out), (50, 150));
    assert_eq!(app.scalar("SELECT count(*) AS n FROM orders").await, 50);
    assert_eq!(
        app.scalar("SELECT count(DISTINCT id) AS n FROM serial_codes WHERE status = 'reserved'")
            .await,
        50
    );
    // Every order holds exactly one code; no available code points at an order.
    assert_eq!(
        app.scalar(
            "SELECT count(*) AS n FROM orders o WHERE (SELECT count(*) FROM serial_codes c \
             WHERE c.order_id = o.id AND c.status = 'reserved') <> 1"
        )
        .await,
        0
    );
    assert_eq!(
        app.scalar(
            "SELECT count(*) AS n FROM serial_codes WHERE status = 'available' \
             AND (order_id IS NOT NULL OR order_item_id IS NOT NULL)"
        )
        .await,
        0
    );
    assert_eq!(app.stock(&product).await, (0, 50, 0, 0));
    assert_eq!(app.real_stock(&product).await, (0, 50, 0, 0));
}

#[tokio::test(flavor = "multi_thread")]
async fn buyers_the_stock_in_flight_cannot_serve_never_reach_paymentprovider() {
    let app = Arc::new(
        TestApp::spawn_with(|c| {
            c.max_unpaid_per_email = 0;
            c.max_unpaid_per_ip = 0;
        })
        .await,
    );
    // A slow payment service: the winners' instructions are still on their way while
    // every other buyer arrives, and the counters still show both codes.
    app.payments.reply("POST", INSTRUCTION, |body| {
        std::thread::sleep(std::time::Duration::from_millis(300));
        answer_instruction(body)
    });
    let product = app.stocked("Thẻ Garena 100K", "GRN", 2).await;
    let tasks: Vec<_> = (0..12)
        .map(|i| {
            let app = app.clone();
            let body = order_body(&product, 1, &format!("khach{i}@vidu.vn"));
            tokio::spawn(async move { app.create_order(&body).await })
        })
        .collect();
    let mut created = 0;
    for task in tasks {
        let (status, answer) = task.await.unwrap();
        if status == 200 {
            created += 1;
        } else {
            assert_error(status, &answer, 409, 400);
            assert_eq!(
                shop_common::testing::detail_fields(&answer),
                ["items[0].quantity"],
                "{answer}"
            );
        }
    }
    assert_eq!(created, 2);
    // Only the two buyers who got a code cost a call to paymentprovider.
    assert_eq!(app.payments.calls(INSTRUCTION).len(), 2);
    assert_eq!(app.stock(&product).await, (0, 2, 0, 0));
}
