//! CreateOrder's refusals over HTTP: bad input, products not on sale, quantities, the
//! stock, an unavailable or inconsistent payment provider. Each one changes nothing: no
//! code reserved, no order stored.

use crate::support;

use serde_json::{Value, json};
use support::*;
use uuid::Uuid;

/// An instruction for another provider, amount or memo than asked is never kept as what
/// the shopper must pay: the order is refused (code 9) and nothing is reserved.
#[tokio::test(flavor = "multi_thread")]
async fn an_instruction_that_is_not_what_was_asked_is_refused() {
    let app = TestApp::spawn().await;
    let garena = app.stocked("Thẻ Garena 100K", "GRN", 3).await;
    let before = app.schema.dump("serial_codes").await;
    let other_provider = json!(Uuid::new_v4());
    for (field, value) in [
        ("providerId", other_provider),
        ("amountDue", json!(1)),
        ("transferContent", json!("DH00000000")),
    ] {
        app.payments.reply("POST", INSTRUCTION_PATH, move |body| {
            let (status, mut answer) = answer_instruction(body);
            answer["result"][field] = value.clone();
            (status, answer)
        });
        let body = order_body(&garena, 1, "khach@vidu.vn");
        app.anon()
            .post(CREATE_ORDER_PATH, &body)
            .await
            .error(500, 9);
    }
    assert_eq!(app.schema.dump("serial_codes").await, before);
    assert_eq!(app.scalar("SELECT count(*) AS n FROM orders").await, 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn refused_orders_change_nothing() {
    let app = TestApp::spawn().await;
    let garena = app.stocked("Thẻ Garena 100K", "GRN", 3).await;
    let single = app.stocked("Steam Wallet 200K", "STM", 1).await;
    let hidden = app
        .product(json!({"name": "Ẩn", "price": 1000, "status": "hidden"}))
        .await;
    let pairs = app
        .product(json!({"name": "Cặp", "price": 1000, "status": "active",
                               "minPerOrder": 2, "maxPerOrder": 4}))
        .await;
    app.import(&pairs, &codes("CP", 0..5)).await;
    let before = app.schema.dump("serial_codes").await;
    let line = |id: &str, q: i64| json!({"productId": id, "quantity": q});
    let with =
        |items: Value| json!({"items": items, "email": "a@vidu.vn", "paymentProviderId": PROVIDER});

    // Code 1, every field at once; the payment provider is never asked.
    let too_many: Vec<Value> = (0..21).map(|_| line(&garena, 1)).collect();
    let cases: Vec<(Value, Vec<&str>)> = vec![
        (json!({}), vec!["items", "email", "paymentProviderId"]),
        (with(json!([])), vec!["items"]),
        (with(json!(too_many)), vec!["items"]),
        (
            with(json!([line(&garena, 0), {"quantity": 1}])),
            vec!["items[0].quantity", "items[1].productId"],
        ),
        (with(json!([line(&garena, -1)])), vec!["items[0].quantity"]),
        (
            json!({"items": [line(&garena, 1)], "email": "khong-hop-le", "phone": "12345",
                   "customerName": "x".repeat(101), "note": "n".repeat(501),
                   "paymentProviderId": PROVIDER}),
            vec!["email", "phone", "customerName", "note"],
        ),
    ];
    for (body, fields) in cases {
        let answer = app.anon().post(CREATE_ORDER_PATH, &body).await;
        assert_eq!(answer.error(400, 1), fields, "{body}");
    }
    let answer = app
        .anon()
        .with_headers(&[("idempotency-key", "có dấu")])
        .post(CREATE_ORDER_PATH, &with(json!([line(&garena, 1)])))
        .await;
    assert_eq!(answer.error(400, 1), ["Idempotency-Key"]);
    let malformed = app
        .anon()
        .post_text(CREATE_ORDER_PATH, "{\"items\": [")
        .await;
    malformed.error(400, 1);
    assert!(app.payments.calls(INSTRUCTION_PATH).is_empty());

    // Not on sale (402) before quantity (401); both name the line.
    let unknown = Uuid::new_v4().to_string();
    for (items, code, fields) in [
        (
            json!([line(&garena, 1), line(&unknown, 1)]),
            402,
            vec!["items[1].productId"],
        ),
        (json!([line(&hidden, 1)]), 402, vec!["items[0].productId"]),
        (json!([line(&garena, 11)]), 401, vec!["items[0].quantity"]),
        (
            json!([line(&garena, 6), line(&pairs, 2), line(&garena, 5)]),
            401,
            vec!["items[0].quantity"],
        ),
        (json!([line(&pairs, 1)]), 401, vec!["items[0].quantity"]),
    ] {
        let answer = app
            .anon()
            .post(CREATE_ORDER_PATH, &with(items.clone()))
            .await;
        assert_eq!(answer.error(400, code), fields, "{items}");
    }
    assert!(app.payments.calls(INSTRUCTION_PATH).is_empty());

    // Not enough stock: code 400 (HTTP 409) naming the short line; nothing reserved,
    // not even the line that could be covered.
    let answer = app
        .anon()
        .post(
            CREATE_ORDER_PATH,
            &with(json!([line(&garena, 2), line(&single, 2)])),
        )
        .await;
    assert_eq!(answer.error(409, 400), ["items[1].quantity"]);
    let message = answer["error"]["details"][0]["message"].as_str().unwrap();
    assert!(
        message.contains("Steam Wallet 200K") && message.contains("1 mã"),
        "{message}"
    );

    // The provider inactive (500), paymentprovider down (8, HTTP 503).
    let answer = app
        .anon()
        .post(
            CREATE_ORDER_PATH,
            &json!({"items": [line(&garena, 1)], "email": "a@vidu.vn",
                              "paymentProviderId": INACTIVE_PROVIDER}),
        )
        .await;
    answer.error(400, 500);
    app.payments.set_down(true);
    let answer = app
        .anon()
        .post(CREATE_ORDER_PATH, &with(json!([line(&garena, 1)])))
        .await;
    answer.error(503, 8);
    app.payments.set_down(false);

    assert_eq!(app.schema.dump("serial_codes").await, before);
    assert_eq!(app.scalar("SELECT count(*) AS n FROM orders").await, 0);
}

/// The shopper's Idempotency-Key guards a replay that carries the order's access token:
/// a key of fewer than 128 bits (not a UUID, fewer than 22 base64url characters) is
/// code 1, and nothing is reserved, stored or asked of paymentprovider.
#[tokio::test(flavor = "multi_thread")]
async fn a_guessable_idempotency_key_creates_nothing() {
    let app = TestApp::spawn().await;
    let garena = app.stocked("Thẻ Garena 100K", "GRN", 3).await;
    let body = order_body(&garena, 1, "khach@vidu.vn");
    let before = app.schema.dump("serial_codes").await;
    for weak in [
        "k-1",
        "order-12345",
        "AbCdEfGhIjKlMnOpQrStU",
        "00000000-0000-0000-0000-000000000000",
        "AbCdEfGhIjKlMnOpQrSt.Uv",
    ] {
        let answer = app
            .anon()
            .with_headers(&[("idempotency-key", weak)])
            .post(CREATE_ORDER_PATH, &body)
            .await;
        assert_eq!(answer.error(400, 1), ["Idempotency-Key"], "{weak}");
    }
    assert_eq!(app.schema.dump("serial_codes").await, before);
    assert_eq!(app.scalar("SELECT count(*) AS n FROM orders").await, 0);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM idempotency_keys")
            .await,
        0
    );
    assert!(app.payments.calls(INSTRUCTION_PATH).is_empty());
    // A UUID, or 22 base64url characters, is enough.
    for strong in [
        "0b6f1c8e-3d2a-4f5b-9c7d-1e2f3a4b5c6d",
        "AbCdEfGhIjKlMnOpQrSt-_",
    ] {
        let answer = app
            .anon()
            .with_headers(&[("idempotency-key", strong)])
            .post(CREATE_ORDER_PATH, &body)
            .await;
        answer.ok();
    }
    assert_eq!(app.scalar("SELECT count(*) AS n FROM orders").await, 2);
}
