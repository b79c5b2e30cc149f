//! CreateOrder under pressure: many buyers at once for few codes, replays of an
//! Idempotency-Key, and the limits on unpaid orders per e-mail and client.

use crate::support;

use std::collections::HashSet;
use std::sync::Arc;

use serde_json::json;
use support::*;

#[tokio::test(flavor = "multi_thread")]
async fn idempotency_key_replays_the_same_answer() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "GRN", 10).await;
    let body = order_body(&product, 1, "a@vidu.vn");
    let key = [("idempotency-key", "0b6f1c8e-3d2a-4f5b-9c7d-1e2f3a4b5c61")];
    let first = app
        .anon()
        .with_headers(&key)
        .post(CREATE_ORDER_PATH, &body)
        .await;
    first.ok();
    let again = app
        .anon()
        .with_headers(&key)
        .post(CREATE_ORDER_PATH, &body)
        .await;
    again.ok();
    assert_eq!(again, first);
    assert_eq!(app.scalar("SELECT count(*) AS n FROM orders").await, 1);
    assert_eq!(app.payments.calls(INSTRUCTION_PATH).len(), 1);
    // Stored sealed: the token is nowhere in clear.
    let token = first["result"]["accessToken"].as_str().unwrap();
    assert!(!app.schema.dump("serial_codes").await.contains(token));
    assert_eq!(
        app.scalar(
            "SELECT count(*) AS n FROM idempotency_keys WHERE scope = 'create_order' \
                    AND expires_at > now() + interval '23 hours'"
        )
        .await,
        1
    );

    // The same key with another body: 406, nothing created.
    let before = app.schema.dump("serial_codes").await;
    let answer = app
        .anon()
        .with_headers(&key)
        .post(CREATE_ORDER_PATH, &order_body(&product, 2, "a@vidu.vn"))
        .await;
    answer.error(409, 406);
    assert_eq!(app.schema.dump("serial_codes").await, before);
    // Another key: another order.
    let other = app
        .anon()
        .with_headers(&[("idempotency-key", "0b6f1c8e-3d2a-4f5b-9c7d-1e2f3a4b5c62")])
        .post(CREATE_ORDER_PATH, &body)
        .await;
    assert_ne!(other.ok()["code"], first["result"]["code"]);

    // Concurrent requests with one new key: one order, one answer for all.
    let app = Arc::new(app);
    let tasks: Vec<_> = (0..10)
        .map(|_| {
            let app = app.clone();
            let body = order_body(&product, 1, "b@vidu.vn");
            tokio::spawn(async move {
                app.anon()
                    .with_headers(&[("idempotency-key", "race-key-Zm9vYmFyYmF6cXV4")])
                    .post(CREATE_ORDER_PATH, &body)
                    .await
            })
        })
        .collect();
    let mut answers = HashSet::new();
    for task in tasks {
        let answer = task.await.unwrap();
        answers.insert(answer.ok().to_string());
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
    let answer = app
        .anon()
        .with_headers(&[("idempotency-key", "k3-Zm9vYmFyYmF6cXV4cXV4")])
        .post(CREATE_ORDER_PATH, &body)
        .await;
    answer.error(409, 400);
    app.import(&empty, &codes("NONE", 0..1)).await;
    let answer = app
        .anon()
        .with_headers(&[("idempotency-key", "k3-Zm9vYmFyYmF6cXV4cXV4")])
        .post(CREATE_ORDER_PATH, &body)
        .await;
    answer.ok();
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
        let answer = app
            .anon()
            .with_headers(&from("198.51.100.1"))
            .post(CREATE_ORDER_PATH, &order_body(&product, 1, email))
            .await;
        answer.ok();
    }
    let calls = app.payments.calls(INSTRUCTION_PATH).len();
    // The e-mail (case-insensitive) from elsewhere, then another e-mail from the IP.
    let answer = app
        .anon()
        .with_headers(&from("198.51.100.2"))
        .post(CREATE_ORDER_PATH, &order_body(&product, 1, "a@Vidu.vn"))
        .await;
    answer.error(429, 405);
    let answer = app
        .anon()
        .with_headers(&from("198.51.100.1"))
        .post(CREATE_ORDER_PATH, &order_body(&product, 1, "b@vidu.vn"))
        .await;
    answer.error(429, 405);
    assert_eq!(app.payments.calls(INSTRUCTION_PATH).len(), calls);
    let answer = app
        .anon()
        .with_headers(&from("198.51.100.2"))
        .post(CREATE_ORDER_PATH, &order_body(&product, 1, "b@vidu.vn"))
        .await;
    answer.ok();
    // An order that stops being unpaid frees a place.
    let list = app
        .get(&format!("{}?keyword=a@vidu.vn", ORDER_PAGINATION))
        .await;
    let id = list["result"]["items"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let answer = app
        .post(ORDER_CANCEL, json!({"id": id, "reason": "khách đổi ý"}))
        .await;
    answer.ok();
    let answer = app
        .anon()
        .with_headers(&from("198.51.100.3"))
        .post(CREATE_ORDER_PATH, &order_body(&product, 1, "a@vidu.vn"))
        .await;
    answer.ok();
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
            tokio::spawn(async move { app.anon().post(CREATE_ORDER_PATH, &body).await })
        })
        .collect();
    let (mut created, mut sold_out) = (0, 0);
    for task in tasks {
        let answer = task.await.unwrap();
        match answer.status {
            200 => created += 1,
            _ => {
                answer.error(409, 400);
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
    assert_eq!(app.stock(&product, false).await, (0, 50, 0, 0));
    assert_eq!(app.stock(&product, true).await, (0, 50, 0, 0));
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
    app.payments.reply("POST", INSTRUCTION_PATH, |body| {
        std::thread::sleep(std::time::Duration::from_millis(300));
        answer_instruction(body)
    });
    let product = app.stocked("Thẻ Garena 100K", "GRN", 2).await;
    let tasks: Vec<_> = (0..12)
        .map(|i| {
            let app = app.clone();
            let body = order_body(&product, 1, &format!("khach{i}@vidu.vn"));
            tokio::spawn(async move { app.anon().post(CREATE_ORDER_PATH, &body).await })
        })
        .collect();
    let mut created = 0;
    for task in tasks {
        let answer = task.await.unwrap();
        if answer.status == 200 {
            created += 1;
        } else {
            answer.error(409, 400);
            assert_eq!(answer.detail_fields(), ["items[0].quantity"], "{answer}");
        }
    }
    assert_eq!(created, 2);
    // Only the two buyers who got a code cost a call to paymentprovider.
    assert_eq!(app.payments.calls(INSTRUCTION_PATH).len(), 2);
    assert_eq!(app.stock(&product, false).await, (0, 2, 0, 0));
}

/// The per-client limit counts an IPv6 /64 as one client (rotating addresses inside it
/// is one subscriber), and concurrent requests from it cannot pass the limit: CreateOrder
/// serialises per client key as it does per e-mail.
#[tokio::test(flavor = "multi_thread")]
async fn an_ipv6_64_is_one_client_even_under_concurrent_orders() {
    let app = Arc::new(
        TestApp::spawn_with(|c| {
            c.max_unpaid_per_email = 0;
            c.max_unpaid_per_ip = 2;
        })
        .await,
    );
    let product = app.stocked("Thẻ Garena 100K", "GRN", 40).await;
    let tasks: Vec<_> = (0..12)
        .map(|i| {
            let app = app.clone();
            let body = order_body(&product, 1, &format!("khach{i}@vidu.vn"));
            let ip = format!("2001:db8:1:2:{:x}::{:x}", i * 7 + 1, i + 1);
            tokio::spawn(async move {
                app.anon()
                    .with_headers(&[("x-forwarded-for", ip.as_str())])
                    .post(CREATE_ORDER_PATH, &body)
                    .await
            })
        })
        .collect();
    let mut created = 0;
    for task in tasks {
        let answer = task.await.unwrap();
        if answer.status == 200 {
            created += 1;
        } else {
            answer.error(429, 405);
        }
    }
    assert_eq!(created, 2);
    assert_eq!(
        app.lines("SELECT DISTINCT client_key AS line FROM orders")
            .await,
        ["2001:db8:1:2::/64"]
    );
    // The full address stays for staff.
    assert_eq!(
        app.scalar("SELECT count(DISTINCT ip) AS n FROM orders")
            .await,
        2
    );
    // Another /64 is another client; an IPv4 client is counted by its address.
    for ip in ["2001:db8:1:3::1", "203.0.113.9", "203.0.113.9"] {
        let body = order_body(&product, 1, &format!("{ip}@vidu.vn").replace(':', "-"));
        let answer = app
            .anon()
            .with_headers(&[("x-forwarded-for", ip)])
            .post(CREATE_ORDER_PATH, &body)
            .await;
        answer.ok();
    }

    // Concurrent requests from one IPv4 address: the limit holds as well.
    let tasks: Vec<_> = (0..10)
        .map(|i| {
            let app = app.clone();
            let body = order_body(&product, 1, &format!("v4-{i}@vidu.vn"));
            tokio::spawn(async move {
                app.anon()
                    .with_headers(&[("x-forwarded-for", "198.51.100.77")])
                    .post(CREATE_ORDER_PATH, &body)
                    .await
            })
        })
        .collect();
    let mut created = 0;
    for task in tasks {
        if task.await.unwrap().status == 200 {
            created += 1;
        }
    }
    assert_eq!(created, 2);
}
