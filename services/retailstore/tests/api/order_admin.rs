//! The back office's orders: list and detail, Cancel, ReplaceCodes, RevealCodes,
//! RegenerateAccessLink, and order codes in the serial-code list.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use shop_common::auth::Role;
use support::*;
use uuid::Uuid;

fn keys(value: &Value) -> Vec<String> {
    let mut keys: Vec<_> = value.as_object().unwrap().keys().cloned().collect();
    keys.sort_unstable();
    keys
}

/// A completed order of `quantity` codes: (product id, order result, order id).
async fn completed(app: &TestApp, stock: usize, quantity: i64) -> (String, Value, String) {
    let prefix = format!("C{}", &Uuid::new_v4().simple().to_string()[..6]);
    let product = app
        .stocked(&format!("Sản phẩm {prefix}"), &prefix, stock)
        .await;
    let order = app
        .anon()
        .post(
            CREATE_ORDER_PATH,
            &order_body(&product, quantity, &format!("{prefix}@vidu.vn")),
        )
        .await
        .ok()
        .clone();
    let code = order["code"].as_str().unwrap();
    app.pay(
        code,
        order["total"].as_i64().unwrap(),
        &format!("tx-{prefix}"),
    )
    .await;
    let id = app.order_id(code).await;
    (product, order, id)
}

fn codes_of(detail: &Value) -> Vec<String> {
    detail["items"][0]["codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["code"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_order_list_filters_and_sorts() {
    let app = TestApp::spawn_with(|c| c.max_unpaid_per_email = 0).await;
    let garena = app.stocked("Thẻ Garena 100K", "GRN", 10).await;
    let steam = app.stocked("Steam Wallet 200K", "STM", 10).await;
    let mut made = Vec::new();
    for (product, quantity, email, phone) in [
        (&garena, 1, "an@vidu.vn", "0912345678"),
        (&steam, 3, "binh@vidu.vn", "0987654321"),
        (&garena, 2, "chi@khac.vn", "0933333333"),
    ] {
        let mut body = order_body(product, quantity, email);
        body["phone"] = json!(phone);
        body["customerName"] = json!("Khách");
        made.push(app.anon().post(CREATE_ORDER_PATH, &body).await.ok().clone());
    }
    app.pay(made[1]["code"].as_str().unwrap(), 150_000, "tx-b")
        .await;
    app.pay(made[2]["code"].as_str().unwrap(), 10_000, "tx-c")
        .await;
    // Spread creation times for the range filter.
    for (i, order) in made.iter().enumerate() {
        app.execute(&format!(
            "UPDATE orders SET created_at = '2026-11-2{}T10:00:00+07:00' WHERE code = '{}'",
            i + 1,
            order["code"].as_str().unwrap()
        ))
        .await;
    }
    let list = |query: String| {
        let app = &app;
        async move {
            let answer = app.get(&format!("{}?{query}", ORDER_PAGINATION)).await;
            let page = answer.ok().clone();
            let codes: Vec<String> = page["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o["code"].as_str().unwrap().to_owned())
                .collect();
            (page, codes)
        }
    };
    let code = |i: usize| made[i]["code"].as_str().unwrap().to_owned();
    let (page, all) = list(String::new()).await;
    assert_eq!(all, [code(2), code(1), code(0)]);
    assert_eq!(page["totalCount"], 3);
    let first = &page["items"][2];
    assert_eq!(
        keys(first),
        [
            "code",
            "createdAt",
            "customerName",
            "email",
            "id",
            "itemCount",
            "paidAmount",
            "paidAt",
            "paymentStatus",
            "phone",
            "providerName",
            "status",
            "total"
        ]
    );
    assert_eq!(first["providerName"], "Vietcombank - Cửa hàng");
    assert_eq!(page["items"][1]["itemCount"], 3);
    for (query, expected) in [
        ("status=completed".to_owned(), vec![code(1)]),
        ("paymentStatus=partially_paid".to_owned(), vec![code(2)]),
        ("paymentStatus=unpaid".to_owned(), vec![code(0)]),
        (format!("productId={garena}"), vec![code(2), code(0)]),
        (
            "from=2026-11-22T00:00:00%2B07:00".to_owned(),
            vec![code(2), code(1)],
        ),
        ("to=2026-11-22T10:00:00%2B07:00".to_owned(), vec![code(0)]),
        ("keyword=BINH@VIDU".to_owned(), vec![code(1)]),
        ("keyword=khac.vn".to_owned(), vec![code(2)]),
        ("keyword=0912".to_owned(), vec![code(0)]),
        (format!("keyword={}", code(0).to_lowercase()), vec![code(0)]),
        ("keyword=nothing".to_owned(), vec![]),
        (
            "sortBy=total&sortDir=desc".to_owned(),
            vec![code(1), code(2), code(0)],
        ),
        (
            "sortBy=createdAt&sortDir=asc".to_owned(),
            vec![code(0), code(1), code(2)],
        ),
        (
            "sortBy=paidAt&sortDir=desc".to_owned(),
            vec![code(1), code(2), code(0)],
        ),
        ("pageSize=2&pageIndex=2".to_owned(), vec![code(0)]),
    ] {
        assert_eq!(list(query.clone()).await.1, expected, "{query}");
    }
    // The orders a transfer of exactly this amount may be for, newest first.
    for i in 0..made.len() {
        let total = made[i]["total"].as_i64().unwrap();
        let expected: Vec<String> = [2, 1, 0]
            .into_iter()
            .filter(|&j| made[j]["total"].as_i64() == Some(total))
            .map(code)
            .collect();
        assert!(expected.contains(&code(i)));
        let query = format!("total={total}");
        assert_eq!(list(query.clone()).await.1, expected, "{query}");
    }
    assert_eq!(list("total=1".to_owned()).await.1, Vec::<String>::new());
    for (query, field) in [
        ("status=paid", "status"),
        ("paymentStatus=done", "paymentStatus"),
        ("productId=123", "productId"),
        ("from=yesterday", "from"),
        ("from=2026-11-22T00:00:00Z&to=2026-11-21T00:00:00Z", "to"),
        ("sortBy=email", "sortBy"),
        ("pageSize=101", "pageSize"),
        ("keyword=DH%00", "keyword"),
        ("total=0", "total"),
        ("total=-5", "total"),
        ("total=abc", "total"),
    ] {
        let answer = app.get(&format!("{}?{query}", ORDER_PAGINATION)).await;
        assert_eq!(answer.error(400, 1), [field], "{query}");
    }
    let status = app
        .call(Method::GET, ORDER_PAGINATION, Some(&app.staff), None)
        .await
        .status;
    assert_eq!(status, 200);
    let answer = app.call(Method::GET, ORDER_PAGINATION, None, None).await;
    answer.error(401, 5);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_admin_detail_masks_codes() {
    let app = TestApp::spawn().await;
    let (product, order, id) = completed(&app, 3, 2).await;
    let detail = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
        .await
        .ok()
        .clone();
    assert_eq!(
        keys(&detail),
        [
            "cancelReason",
            "cancelledAt",
            "code",
            "completedAt",
            "createdAt",
            "customerName",
            "email",
            "events",
            "expiresAt",
            "id",
            "ip",
            "items",
            "note",
            "notifications",
            "paidAmount",
            "paidAt",
            "payment",
            "paymentStatus",
            "payments",
            "phone",
            "refundedAmount",
            "status",
            "total",
            "updatedAt",
            "userAgent"
        ]
    );
    assert_eq!(
        (
            detail["refundedAmount"].clone(),
            detail["cancelledAt"].clone()
        ),
        (serde_json::json!(0), Value::Null)
    );
    assert_eq!(detail["payment"], order["payment"]);
    assert_eq!(detail["ip"], "127.0.0.1");
    let item = &detail["items"][0];
    assert_eq!(item["productId"], product.as_str());
    assert!(item["id"].is_string());
    let codes = item["codes"].as_array().unwrap();
    assert_eq!(codes.len(), 2);
    assert_eq!(
        keys(&codes[0]),
        [
            "id",
            "maskedCode",
            "replaced",
            "replacement",
            "serial",
            "status"
        ]
    );
    assert!(
        codes[0]["maskedCode"]
            .as_str()
            .unwrap()
            .starts_with("••••••")
    );
    assert_eq!(codes[0]["status"], "sold");
    // No clear code anywhere in the back office's detail.
    assert!(!detail.to_string().contains("-00000"));
    assert_eq!(
        keys(&detail["events"][0]),
        ["actor", "at", "message", "type"]
    );
    let answer = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, Uuid::new_v4()))
        .await;
    answer.error(404, 403);
    let answer = app.get(&format!("{}?id=nope", ORDER_ADMIN_DETAIL)).await;
    answer.error(400, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn cancel_releases_reserved_codes() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "GRN", 3).await;
    let order = app
        .anon()
        .post(CREATE_ORDER_PATH, &order_body(&product, 2, "a@vidu.vn"))
        .await
        .ok()
        .clone();
    let id = app.order_id(order["code"].as_str().unwrap()).await;
    let before = app.schema.dump("serial_codes").await;
    for (body, fields) in [
        (json!({"id": id}), vec!["reason"]),
        (json!({"id": id, "reason": "  "}), vec!["reason"]),
        (json!({"reason": "x"}), vec!["id"]),
    ] {
        let answer = app.post(ORDER_CANCEL, body).await;
        assert_eq!(answer.error(400, 1), fields);
    }
    let answer = app
        .post(ORDER_CANCEL, json!({"id": Uuid::new_v4(), "reason": "x"}))
        .await;
    answer.error(404, 403);
    assert_eq!(app.schema.dump("serial_codes").await, before);

    let staff = app
        .tokens
        .token_named(Uuid::new_v4(), "nhanvien.an", Role::Staff);
    let answer = app
        .call(
            Method::POST,
            ORDER_CANCEL,
            Some(&staff),
            Some(&json!({"id": id, "reason": "Khách yêu cầu hủy"})),
        )
        .await;
    let detail = answer.ok();
    assert_eq!(detail["status"], "cancelled");
    assert_eq!(detail["cancelReason"], "Khách yêu cầu hủy");
    assert_eq!(detail["items"][0]["codes"], json!([]));
    let event = detail["events"].as_array().unwrap().last().unwrap();
    assert_eq!(
        (event["type"].clone(), event["actor"].clone()),
        (json!("cancelled"), json!("nhanvien.an"))
    );
    assert!(
        event["message"]
            .as_str()
            .unwrap()
            .contains("Khách yêu cầu hủy")
    );
    assert_eq!(app.stock(&product, false).await, (3, 0, 0, 0));
    assert_eq!(app.stock(&product, true).await, (3, 0, 0, 0));
    // Cancelled or completed orders cannot be cancelled.
    let answer = app
        .post(ORDER_CANCEL, json!({"id": id, "reason": "lần nữa"}))
        .await;
    answer.error(409, 404);
    let (_, _, done) = completed(&app, 1, 1).await;
    let answer = app
        .post(ORDER_CANCEL, json!({"id": done, "reason": "x"}))
        .await;
    answer.error(409, 404);
}

#[tokio::test(flavor = "multi_thread")]
async fn replace_codes_delivers_new_codes_free() {
    let app = TestApp::spawn().await;
    let (product, order, id) = completed(&app, 5, 2).await;
    let code = order["code"].as_str().unwrap();
    let token = order["accessToken"].as_str().unwrap();
    let detail = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
        .await
        .ok()
        .clone();
    let item = detail["items"][0]["id"].as_str().unwrap().to_owned();
    let shopper = app.shopper_detail(code, token).await;
    let old = codes_of(&shopper["result"]);
    assert_eq!(app.stock(&product, false).await, (3, 0, 2, 0));

    let before = app.schema.dump("serial_codes").await;
    for (body, fields) in [
        (
            json!({"id": id, "itemId": item, "quantity": 1}),
            vec!["reason"],
        ),
        (
            json!({"id": id, "itemId": item, "quantity": 0, "reason": "lỗi"}),
            vec!["quantity"],
        ),
        (
            json!({"id": id, "itemId": item, "quantity": 3, "reason": "lỗi"}),
            vec!["quantity"],
        ),
        (
            json!({"id": id, "itemId": Uuid::new_v4(), "quantity": 1, "reason": "lỗi"}),
            vec!["itemId"],
        ),
        (
            json!({"id": id, "quantity": 1, "reason": "lỗi"}),
            vec!["itemId"],
        ),
    ] {
        let answer = app.post(ORDER_REPLACE, body.clone()).await;
        assert_eq!(answer.error(400, 1), fields, "{body}");
    }
    assert_eq!(app.schema.dump("serial_codes").await, before);

    let answer = app
        .call(
            Method::POST,
            ORDER_REPLACE,
            Some(&app.staff),
            Some(&json!({"id": id, "itemId": item, "quantity": 1, "reason": "Mã đã bị dùng"})),
        )
        .await;
    let detail = answer.ok().clone();
    assert_eq!(detail["status"], "completed");
    let codes = detail["items"][0]["codes"].as_array().unwrap();
    assert_eq!(codes.len(), 3);
    let flags: Vec<(bool, bool)> = codes
        .iter()
        .map(|c| {
            (
                c["replacement"].as_bool().unwrap(),
                c["replaced"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(flags, [(false, true), (false, false), (true, false)]);
    assert!(codes.iter().all(|c| c["status"] == "sold"));
    let event = detail["events"].as_array().unwrap().last().unwrap();
    assert_eq!(event["type"], "codes_replaced");
    assert!(event["message"].as_str().unwrap().contains("Mã đã bị dùng"));
    assert_eq!(detail["paidAmount"], detail["total"]);
    assert_eq!(app.stock(&product, false).await, (2, 0, 3, 0));
    assert_eq!(app.stock(&product, true).await, (2, 0, 3, 0));
    // The shopper sees two codes: the kept one and the replacement.
    let shopper = app.shopper_detail(code, token).await;
    let now = codes_of(&shopper["result"]);
    assert_eq!(now.len(), 2);
    assert_eq!(now[0], old[1]);
    assert!(!old.contains(&now[1]));

    // Both codes again, then the stock is empty: 400, nothing changes.
    let answer = app
        .post(
            ORDER_REPLACE,
            json!({"id": id, "itemId": item, "quantity": 2, "reason": "x"}),
        )
        .await;
    answer.ok();
    assert_eq!(app.stock(&product, false).await, (0, 0, 5, 0));
    let before = app.schema.dump("serial_codes").await;
    let answer = app
        .post(
            ORDER_REPLACE,
            json!({"id": id, "itemId": item, "quantity": 1, "reason": "x"}),
        )
        .await;
    assert_eq!(answer.error(409, 400), ["quantity"]);
    assert_eq!(app.schema.dump("serial_codes").await, before);

    // Only completed orders.
    let other = app.stocked("Khác", "KH", 2).await;
    let pending = app
        .anon()
        .post(CREATE_ORDER_PATH, &order_body(&other, 1, "c@vidu.vn"))
        .await
        .ok()
        .clone();
    let pending_id = app.order_id(pending["code"].as_str().unwrap()).await;
    let pending_item = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &pending_id))
        .await
        .ok()
        .clone()["items"][0]["id"]
        .clone();
    let answer = app
        .post(
            ORDER_REPLACE,
            json!({"id": pending_id, "itemId": pending_item, "quantity": 1, "reason": "x"}),
        )
        .await;
    answer.error(409, 404);
}

/// Staff name the code the shopper reported: that one is replaced, not the earliest sold.
#[tokio::test(flavor = "multi_thread")]
async fn replace_codes_replaces_the_named_code() {
    let app = TestApp::spawn().await;
    let (_product, order, id) = completed(&app, 5, 2).await;
    let code = order["code"].as_str().unwrap();
    let token = order["accessToken"].as_str().unwrap();
    let detail = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
        .await
        .ok()
        .clone();
    let item = detail["items"][0]["id"].as_str().unwrap().to_owned();
    let held: Vec<String> = detail["items"][0]["codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect();
    let old = codes_of(&app.shopper_detail(code, token).await["result"]);

    // Wrong lists change nothing: another line's or an unknown code, twice the same, or
    // not as many as `quantity`.
    let before = app.schema.dump("serial_codes").await;
    for (body, status, fields) in [
        (
            json!({"id": id, "itemId": item, "quantity": 2, "reason": "x", "codeIds": [held[1]]}),
            400,
            vec!["codeIds"],
        ),
        (
            json!({"id": id, "itemId": item, "quantity": 2, "reason": "x", "codeIds": [held[1], held[1]]}),
            400,
            vec!["codeIds"],
        ),
        (
            json!({"id": id, "itemId": item, "quantity": 1, "reason": "x", "codeIds": []}),
            400,
            vec!["codeIds"],
        ),
        (
            json!({"id": id, "itemId": item, "quantity": 1, "reason": "x", "codeIds": [Uuid::new_v4()]}),
            400,
            vec!["codeIds"],
        ),
    ] {
        let answer = app.post(ORDER_REPLACE, body.clone()).await;
        assert_eq!(answer.error(status, 1), fields, "{body}");
    }
    assert_eq!(app.schema.dump("serial_codes").await, before);

    // The second code (not the earliest sold) is the one replaced.
    let answer = app
        .call(
            Method::POST,
            ORDER_REPLACE,
            Some(&app.staff),
            Some(
                &json!({"id": id, "itemId": item, "quantity": 1, "reason": "Khách báo mã lỗi",
                         "codeIds": [held[1]]}),
            ),
        )
        .await;
    let detail = answer.ok().clone();
    let codes = detail["items"][0]["codes"].as_array().unwrap();
    let replaced: Vec<&str> = codes
        .iter()
        .filter(|c| c["replaced"] == true)
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(replaced, [held[1].as_str()]);
    let now = codes_of(&app.shopper_detail(code, token).await["result"]);
    assert_eq!(now.len(), 2);
    assert_eq!(now[0], old[0]);
    assert!(!old.contains(&now[1]));

    // A code already replaced cannot be named again.
    let answer = app
        .post(
            ORDER_REPLACE,
            json!({"id": id, "itemId": item, "quantity": 1, "reason": "x", "codeIds": [held[1]]}),
        )
        .await;
    assert_eq!(answer.error(400, 1), ["codeIds"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn reveal_codes_is_audited() {
    let app = TestApp::spawn().await;
    let (product, order, id) = completed(&app, 3, 2).await;
    let shopper = app
        .shopper_detail(
            order["code"].as_str().unwrap(),
            order["accessToken"].as_str().unwrap(),
        )
        .await;
    let user = Uuid::new_v4();
    let staff = app.tokens.token_named(user, "cskh.lan", Role::Staff);
    let response = app
        .client
        .post(app.url(ORDER_REVEAL))
        .bearer_auth(&staff)
        .json(&json!({"id": id}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["cache-control"], "no-store");
    let revealed = shop_common::testing::Answer::of(response)
        .await
        .ok()
        .clone();
    let item = &revealed["items"][0];
    assert_eq!(keys(item), ["codes", "itemId", "productId", "productName"]);
    assert_eq!(item["productId"], product.as_str());
    let clear: Vec<String> = item["codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["code"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(clear, codes_of(&shopper["result"]));
    assert_eq!(
        keys(&item["codes"][0]),
        [
            "code",
            "expiresAt",
            "id",
            "replaced",
            "replacement",
            "serial",
            "status"
        ]
    );
    // Staff may (customer support): one audit row for the call, naming the order.
    let audit = app
        .lines(
            "SELECT concat_ws('|', actor, actor_id, action, target, detail) AS line FROM audit_log",
        )
        .await;
    assert_eq!(
        audit,
        [format!(
            "cskh.lan|{user}|order_codes_reveal|{}|Xem 2 mã của đơn hàng",
            order["code"].as_str().unwrap()
        )]
    );
    let detail = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
        .await
        .ok()
        .clone();
    let event = detail["events"].as_array().unwrap().last().unwrap();
    assert_eq!(
        (event["type"].clone(), event["actor"].clone()),
        (json!("codes_revealed"), json!("cskh.lan"))
    );
    // Not before the order is completed; unknown orders; no token.
    let pending = app
        .anon()
        .post(CREATE_ORDER_PATH, &order_body(&product, 1, "b@vidu.vn"))
        .await
        .ok()
        .clone();
    let pending_id = app.order_id(pending["code"].as_str().unwrap()).await;
    let answer = app.post(ORDER_REVEAL, json!({"id": pending_id})).await;
    answer.error(409, 404);
    let answer = app.post(ORDER_REVEAL, json!({"id": Uuid::new_v4()})).await;
    answer.error(404, 403);
    let answer = app
        .call(Method::POST, ORDER_REVEAL, None, Some(&json!({"id": id})))
        .await;
    answer.error(401, 5);
    assert_eq!(app.audit().await.len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_new_access_link_voids_the_old_token() {
    let app = TestApp::spawn().await;
    let (_, order, id) = completed(&app, 2, 1).await;
    let code = order["code"].as_str().unwrap();
    let old = order["accessToken"].as_str().unwrap();
    let answer = app
        .call(
            Method::POST,
            ORDER_RELINK,
            Some(&app.staff),
            Some(&json!({"id": id})),
        )
        .await;
    let url = answer.ok()["url"].as_str().unwrap().to_owned();
    let prefix = format!("{PUBLIC_BASE}/order-detail?code={code}#token=");
    assert!(url.starts_with(&prefix), "{url}");
    let new = &url[prefix.len()..];
    assert_eq!(new.len(), 43);
    let answer = app.shopper_detail(code, old).await;
    answer.error(404, 403);
    let answer = app.shopper_detail(code, new).await;
    assert_eq!(answer.ok()["status"], "completed");
    let detail = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
        .await
        .ok()
        .clone();
    assert_eq!(
        detail["events"].as_array().unwrap().last().unwrap()["type"],
        "access_link_regenerated"
    );
    assert!(!app.schema.dump("serial_codes").await.contains(new));
    // Not for an order that is not completed.
    let product = app.stocked("Khác", "KH", 1).await;
    let pending = app
        .anon()
        .post(CREATE_ORDER_PATH, &order_body(&product, 1, "b@vidu.vn"))
        .await
        .ok()
        .clone();
    let pending_id = app.order_id(pending["code"].as_str().unwrap()).await;
    let answer = app.post(ORDER_RELINK, json!({"id": pending_id})).await;
    answer.error(409, 404);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_serial_code_list_knows_orders() {
    let app = TestApp::spawn().await;
    let (product, order, id) = completed(&app, 4, 2).await;
    let code = order["code"].as_str().unwrap();
    let page = app
        .get(&format!(
            "{}?keyword={}",
            CODE_PAGINATION,
            code.to_lowercase()
        ))
        .await;
    assert_eq!(page["result"]["totalCount"], 2);
    for item in page["result"]["items"].as_array().unwrap() {
        assert_eq!(item["orderCode"], code);
        assert_eq!(item["orderId"], id.as_str());
        assert_eq!(item["status"], "sold");
        assert!(item["soldAt"].is_string());
    }
    let all = app
        .get(&format!(
            "{}?productId={product}&status=available",
            CODE_PAGINATION
        ))
        .await;
    assert_eq!(all["result"]["totalCount"], 2);
    assert_eq!(all["result"]["items"][0]["orderCode"], Value::Null);
    // An order code nobody has matches nothing.
    let none = app
        .get(&format!("{}?keyword=DH00000000", CODE_PAGINATION))
        .await;
    assert_eq!(none["result"]["totalCount"], 0);
}

/// Replacements are bounded: staff may replace at most the line's quantity in all over
/// the order's life (not per call), and only within 30 days of the order; beyond that
/// only an admin may (staff get code 6 and nothing changes). RevealCodes shows only the
/// codes the shopper holds now.
#[tokio::test(flavor = "multi_thread")]
async fn staff_replacements_are_bounded_over_the_order_s_life() {
    let app = TestApp::spawn().await;
    let staff = app.as_staff();
    let (product, order, id) = completed(&app, 10, 2).await;
    let code = order["code"].as_str().unwrap();
    let token = order["accessToken"].as_str().unwrap();
    let detail = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &id))
        .await
        .ok()
        .clone();
    let item = detail["items"][0]["id"].clone();
    let replace = |n: i64| json!({"id": id, "itemId": item, "quantity": n, "reason": "lỗi"});
    staff.post(ORDER_REPLACE, replace(1)).await.ok();
    staff.post(ORDER_REPLACE, replace(1)).await.ok();
    // Two of two replaced: a third is beyond the line's quantity.
    let before = app.schema.dump("serial_codes").await;
    let audit = app.audit().await;
    staff.post(ORDER_REPLACE, replace(1)).await.error(403, 6);
    assert_eq!(app.schema.dump("serial_codes").await, before);
    assert_eq!(app.audit().await, audit);
    // An admin may.
    app.post(ORDER_REPLACE, replace(2)).await.ok();
    assert_eq!(app.stock(&product, false).await, (4, 0, 6, 0));

    // RevealCodes: the two codes the shopper holds now, not the four replaced.
    let shopper = app.shopper_detail(code, token).await;
    let held = codes_of(&shopper["result"]);
    assert_eq!(held.len(), 2);
    let revealed = staff.post(ORDER_REVEAL, json!({"id": id})).await;
    let codes = revealed.ok()["items"][0]["codes"]
        .as_array()
        .unwrap()
        .clone();
    let clear: Vec<&str> = codes.iter().map(|c| c["code"].as_str().unwrap()).collect();
    assert_eq!(clear, held);
    assert!(codes.iter().all(|c| c["replaced"] == false));

    // An order older than 30 days: staff may not replace even one code; an admin may.
    let (_, _, old) = completed(&app, 3, 1).await;
    app.execute(&format!(
        "UPDATE orders SET created_at = now() - interval '31 days' WHERE id = '{old}'"
    ))
    .await;
    let old_item = app
        .get(&format!("{}?id={}", ORDER_ADMIN_DETAIL, &old))
        .await
        .ok()
        .clone()["items"][0]["id"]
        .clone();
    let body = json!({"id": old, "itemId": old_item, "quantity": 1, "reason": "lỗi"});
    staff.post(ORDER_REPLACE, &body).await.error(403, 6);
    app.post(ORDER_REPLACE, &body).await.ok();
}
