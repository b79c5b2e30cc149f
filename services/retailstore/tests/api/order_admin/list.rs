//! The back office's order list and detail, and order codes in the serial-code list.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use support::*;
use uuid::Uuid;

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
    let (product, order, id) = app.completed(3, 2).await;
    let detail = app.admin_detail(&id).await;
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
async fn the_serial_code_list_knows_orders() {
    let app = TestApp::spawn().await;
    let (product, order, id) = app.completed(4, 2).await;
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
