//! CreateOrder, OrderDetail and OrderLookup over HTTP: what a shopper gets, what is
//! stored, merged lines, expiring codes and products with orders (the refusals are in
//! order_refusals.rs).

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use support::*;

fn is_order_code(code: &str) -> bool {
    code.len() == 10
        && code.starts_with("DH")
        && code[2..]
            .bytes()
            .all(|b| b"0123456789ABCDEFGHJKMNPQRSTVWXYZ".contains(&b))
}

#[tokio::test(flavor = "multi_thread")]
async fn create_order_reserves_codes_and_answers_the_order() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "GRN", 5).await;
    let body = json!({
        "items": [{"productId": product, "quantity": 2}],
        "email": " Khach.Hang@Vidu.vn ", "phone": "+84 912 345 678",
        "customerName": " Nguyễn Văn A ", "note": "Giao nhanh giúp",
        "paymentProviderId": PROVIDER,
    });
    let response = app
        .client
        .post(app.url(CREATE_ORDER_PATH))
        .header("user-agent", "Mozilla/5.0 (iPhone)")
        .header("x-forwarded-for", "203.0.113.9")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["cache-control"], "no-store");
    let answer = Answer::of(response).await;
    let order = answer.ok().clone();
    assert_eq!(
        keys(&order),
        [
            "accessToken",
            "code",
            "completedAt",
            "createdAt",
            "customerName",
            "email",
            "expiresAt",
            "items",
            "paidAmount",
            "paidAt",
            "payment",
            "paymentStatus",
            "phone",
            "status",
            "total"
        ]
    );
    let code = order["code"].as_str().unwrap().to_owned();
    let token = order["accessToken"].as_str().unwrap().to_owned();
    assert!(is_order_code(&code), "{code}");
    assert_eq!(token.len(), 43);
    assert_eq!(order["status"], "pending_payment");
    assert_eq!(order["paymentStatus"], "unpaid");
    assert_eq!(order["email"], "Khach.Hang@Vidu.vn");
    assert_eq!(order["phone"], "0912345678");
    assert_eq!(order["customerName"], "Nguyễn Văn A");
    assert_eq!(
        (order["total"].clone(), order["paidAmount"].clone()),
        (json!(100_000), json!(0))
    );
    assert_eq!(order["paidAt"], Value::Null);
    assert_eq!(order["completedAt"], Value::Null);
    let created =
        chrono::DateTime::parse_from_rfc3339(order["createdAt"].as_str().unwrap()).unwrap();
    let expires =
        chrono::DateTime::parse_from_rfc3339(order["expiresAt"].as_str().unwrap()).unwrap();
    assert!(
        (expires - created).num_seconds().abs_diff(900) <= 5,
        "{created} {expires}"
    );
    assert_eq!(
        order["items"],
        json!([{
            "productId": product, "productName": "Thẻ Garena 100K", "imageUrl": null,
            "unitPrice": 50_000, "quantity": 2, "lineTotal": 100_000, "codes": null,
            "redeemInstructions": null
        }])
    );
    let payment = &order["payment"];
    assert_eq!(
        keys(payment),
        [
            "accountName",
            "accountNumber",
            "amountDue",
            "bankBin",
            "bankName",
            "instructions",
            "providerId",
            "providerName",
            "qrPayload",
            "transferContent",
            "type"
        ]
    );
    assert_eq!(payment["transferContent"], code.as_str());
    assert_eq!(payment["amountDue"], 100_000);
    assert_eq!(payment["providerId"], PROVIDER);
    assert_eq!(payment["type"], "vietqr_bank");

    // paymentprovider was asked once, with retailstore's own key, the total and the code.
    let calls = app.payments.requests(INSTRUCTION_PATH);
    assert_eq!(calls.len(), 1);
    assert_eq!(
        calls[0].headers["x-internal-key"],
        shop_common::testing::caller_key(shop_common::internal::Caller::Retailstore)
    );
    assert_eq!(
        calls[0].body,
        json!({"providerId": PROVIDER, "amount": 100_000, "orderCode": code})
    );

    // Two codes reserved for this order; counters agree with a real count.
    assert_eq!(app.stock(&product, false).await, (3, 2, 0, 0));
    assert_eq!(app.stock(&product, true).await, (3, 2, 0, 0));
    let id = app.order_id(&code).await;
    assert_eq!(
        app.scalar(&format!(
            "SELECT count(*) AS n FROM serial_codes c JOIN order_items i \
             ON i.id = c.order_item_id AND i.order_id = c.order_id \
             WHERE c.order_id = '{id}' AND c.status = 'reserved' AND c.reserved_at IS NOT NULL"
        ))
        .await,
        2
    );
    // Only the token's hash is stored; client details are.
    let stored = app
        .lines(&format!(
            "SELECT concat_ws('|', encode(access_token_hash, 'hex'), ip, user_agent, note, \
             item_count, provider_name) AS line FROM orders WHERE id = '{id}'"
        ))
        .await;
    assert_eq!(
        stored,
        [format!(
            "{}|203.0.113.9|Mozilla/5.0 (iPhone)|Giao nhanh giúp|2|Vietcombank - Cửa hàng",
            hex::encode(Sha256::digest(token.as_bytes()))
        )]
    );
    assert!(!app.schema.dump("serial_codes").await.contains(&token));
    // The storefront's level follows the reservation.
    let web = app
        .call(Method::GET, PRODUCT_WEB_PAGINATION, None, None)
        .await;
    assert_eq!(web["result"]["items"][0]["stockLevel"], "low");

    // OrderDetail with the token: the same order, no token, no codes yet.
    let detail = app.shopper_detail(&code.to_lowercase(), &token).await;
    let detail = detail.ok().clone();
    let mut expected = order.clone();
    expected.as_object_mut().unwrap().remove("accessToken");
    assert_eq!(detail, expected);

    // Unknown code, wrong or missing token, malformed code: all code 403 (HTTP 404).
    for (path, token) in [
        (order_detail(&code), Some("x".repeat(43))),
        (order_detail(&code), None),
        (order_detail("DH00000000"), Some(token.clone())),
        (order_detail("nope"), Some(token.clone())),
    ] {
        let headers: Vec<(&str, &str)> = token
            .as_deref()
            .map(|t| vec![("x-order-token", t)])
            .unwrap_or_default();
        let answer = app.send(Method::GET, &path, None, &headers, None).await;
        answer.error(404, 403);
    }
    let answer = app
        .send(
            Method::GET,
            &format!("{WEB}/Order/OrderDetail"),
            None,
            &[("x-order-token", &token)],
            None,
        )
        .await;
    assert_eq!(answer.error(400, 1), ["code"]);

    // The timeline starts.
    let admin = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
        .await
        .ok()
        .clone();
    assert_eq!(admin["events"][0]["type"], "created");
}

#[tokio::test(flavor = "multi_thread")]
async fn lookup_by_code_and_email_shows_status_only() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Viettel 50K", "VT", 3).await;
    let order = app
        .anon()
        .post(
            CREATE_ORDER_PATH,
            &order_body(&product, 1, "An.Nguyen@Vidu.vn"),
        )
        .await
        .ok()
        .clone();
    let code = order["code"].as_str().unwrap();
    let answer = app
        .call(
            Method::GET,
            &format!(
                "{}?code={}&email=an.nguyen@VIDU.vn",
                ORDER_LOOKUP,
                code.to_lowercase()
            ),
            None,
            None,
        )
        .await;
    let found = answer.ok();
    assert_eq!(
        keys(found),
        [
            "code",
            "completedAt",
            "createdAt",
            "expiresAt",
            "paidAmount",
            "paidAt",
            "payment",
            "paymentStatus",
            "status",
            "total"
        ]
    );
    assert_eq!(found["code"], code);
    assert_eq!(found["payment"], order["payment"]);
    assert!(
        !answer
            .to_string()
            .contains(order["accessToken"].as_str().unwrap())
    );
    for query in [
        format!("code={code}&email=other@vidu.vn"),
        "code=DH00000000&email=an.nguyen@vidu.vn".to_owned(),
        format!("code={code}&email=not-an-email"),
    ] {
        let answer = app
            .call(
                Method::GET,
                &format!("{}?{query}", ORDER_LOOKUP),
                None,
                None,
            )
            .await;
        answer.error(404, 403);
    }
    let answer = app
        .call(
            Method::GET,
            &format!("{}?code={code}", ORDER_LOOKUP),
            None,
            None,
        )
        .await;
    assert_eq!(answer.error(400, 1), ["email"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn repeated_products_are_merged_into_one_line() {
    let app = TestApp::spawn().await;
    let a = app.stocked("Thẻ Garena 100K", "GRN", 5).await;
    let b = app
        .product(
            json!({"name": "Steam Wallet 200K", "price": 210_000, "status": "active",
                               "imageUrl": "/uploads/steam.png"}),
        )
        .await;
    app.import(&b, &codes("STM", 0..5)).await;
    let order = app
        .anon()
        .post(
            CREATE_ORDER_PATH,
            &json!({
                "items": [{"productId": a, "quantity": 1}, {"productId": b, "quantity": 2},
                          {"productId": a, "quantity": 2}],
                "email": "a@vidu.vn", "paymentProviderId": PROVIDER,
            }),
        )
        .await
        .ok()
        .clone();
    let items = order["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(
        (
            items[0]["productId"].as_str(),
            items[0]["quantity"].as_i64()
        ),
        (Some(a.as_str()), Some(3))
    );
    assert_eq!(items[1]["imageUrl"], "/uploads/steam.png");
    assert_eq!(items[1]["lineTotal"], 420_000);
    assert_eq!(order["total"], 3 * 50_000 + 420_000);
    assert_eq!(app.stock(&a, false).await, (2, 3, 0, 0));
    assert_eq!(app.stock(&b, false).await, (3, 2, 0, 0));
}

#[tokio::test(flavor = "multi_thread")]
async fn codes_expiring_within_a_day_are_neither_shown_nor_sold() {
    let app = TestApp::spawn().await;
    let product = app
        .product(
            json!({"name": "Thẻ Garena 100K", "price": 50_000, "status": "active",
                               "lowStockThreshold": 2}),
        )
        .await;
    let at = |hours: i64| (chrono::Utc::now() + chrono::Duration::hours(hours)).to_rfc3339();
    for (prefix, hours) in [("SOON", 12), ("LATE", 24 * 60), ("NEXT", 24 * 3)] {
        let answer = app
            .post(
                BULK_PATH,
                json!({"productId": product, "codes": codes(prefix, 0..2), "expiresAt": at(hours)}),
            )
            .await;
        assert_eq!(answer.status, 200, "{answer}");
    }
    app.import(&product, &codes("NEVER", 0..1)).await;
    // 7 available, 5 sellable: above the threshold of 2.
    // (Orders leave the storefront cache alone: each look uses its own page size, so
    // its own cache entry.)
    let web_level = |size: u32| {
        let app = &app;
        async move {
            let web = app
                .call(
                    Method::GET,
                    &format!("{}?pageSize={size}", PRODUCT_WEB_PAGINATION),
                    None,
                    None,
                )
                .await;
            web["result"]["items"][0]["stockLevel"]
                .as_str()
                .unwrap()
                .to_owned()
        }
    };
    assert_eq!(web_level(20).await, "in_stock");
    // The oldest expiry first, never the ones expiring within a day, the undated last.
    let order = app
        .anon()
        .post(CREATE_ORDER_PATH, &order_body(&product, 3, "a@vidu.vn"))
        .await
        .ok()
        .clone();
    let id = app.order_id(order["code"].as_str().unwrap()).await;
    let reserved = app
        .lines(&format!(
            "SELECT last4 AS line FROM serial_codes WHERE order_id = '{id}' ORDER BY last4"
        ))
        .await;
    assert_eq!(reserved.len(), 3);
    assert_eq!(
        app.scalar(&format!(
            "SELECT count(*) AS n FROM serial_codes WHERE order_id = '{id}' \
             AND expires_at < now() + interval '4 days'"
        ))
        .await,
        2
    );
    assert_eq!(web_level(21).await, "low");
    // 2 sellable left (one LATE, one NEVER): 3 is too many even though 4 are available.
    let answer = app
        .anon()
        .post(CREATE_ORDER_PATH, &order_body(&product, 3, "b@vidu.vn"))
        .await;
    answer.error(409, 400);
    assert!(
        answer["error"]["details"][0]["message"]
            .as_str()
            .unwrap()
            .contains("2 mã")
    );
    app.anon()
        .post(CREATE_ORDER_PATH, &order_body(&product, 2, "b@vidu.vn"))
        .await
        .ok();
    assert_eq!(web_level(22).await, "out_of_stock");
    assert_eq!(app.stock(&product, false).await, (2, 5, 0, 0));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_product_with_orders_cannot_be_deleted() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "GRN", 3).await;
    let order = app
        .anon()
        .post(CREATE_ORDER_PATH, &order_body(&product, 1, "a@vidu.vn"))
        .await
        .ok()
        .clone();
    let id = app.order_id(order["code"].as_str().unwrap()).await;
    let answer = app
        .post(
            ORDER_CANCEL,
            json!({"id": id, "reason": "thử xóa sản phẩm"}),
        )
        .await;
    answer.ok();
    // Every code is available again, yet the order line still references the product.
    assert_eq!(app.stock(&product, false).await, (3, 0, 0, 0));
    let before = app.schema.dump("serial_codes").await;
    let answer = app
        .delete(&format!("{}?id={product}", PRODUCT_DELETE))
        .await;
    answer.error(409, 302);
    assert_eq!(app.schema.dump("serial_codes").await, before);
}
