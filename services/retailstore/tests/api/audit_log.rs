//! The audit log over HTTP: every order action leaves exactly one row in its own
//! transaction (a refused one none), and AuditLog/Pagination lists, filters and is
//! admin only.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use shop_common::auth::Role;
use support::*;
use uuid::Uuid;

const AUDIT_LOG: &str = "/retailstore/api/admin/v1/AuditLog/Pagination";

/// A staff action's answer, asserted successful.
async fn act(app: &TestApp, token: &str, path: &str, key: Option<&str>, body: Value) -> Value {
    let headers: Vec<(&str, &str)> = key.map(|k| ("idempotency-key", k)).into_iter().collect();
    let answer = app
        .send(Method::POST, path, Some(token), &headers, Some(&body))
        .await;
    answer.ok().clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn every_order_action_leaves_one_row_and_a_refused_one_none() {
    let app = TestApp::spawn().await;
    let staff = app
        .tokens
        .token_named(Uuid::new_v4(), "cskh.lan", Role::Staff);

    // Cancel.
    let (_, first, first_id) = app.ordered(3, 1, "a@vidu.vn").await;
    let first_code = first["code"].as_str().unwrap();
    act(
        &app,
        &staff,
        ORDER_CANCEL,
        None,
        json!({"id": first_id, "reason": "Khách đổi ý"}),
    )
    .await;
    // Refused: already cancelled, an unknown order, a bad body.
    let answer = app
        .call(
            Method::POST,
            ORDER_CANCEL,
            Some(&staff),
            Some(&json!({"id": first_id, "reason": "x"})),
        )
        .await;
    answer.error(409, 404);
    let answer = app
        .call(
            Method::POST,
            ORDER_CANCEL,
            Some(&staff),
            Some(&json!({"id": Uuid::new_v4(), "reason": "x"})),
        )
        .await;
    answer.error(404, 403);
    assert_eq!(app.audit().await.len(), 1);

    // A manual payment completes the order; its replay writes nothing more.
    let (_, second, id) = app.ordered(4, 2, "b@vidu.vn").await;
    let code = second["code"].as_str().unwrap();
    let total = second["total"].as_i64().unwrap();
    let detail = act(
        &app,
        &staff,
        ORDER_CONFIRM,
        Some("k-1"),
        json!({"id": id, "amount": total}),
    )
    .await;
    assert_eq!(detail["status"], "completed");
    act(
        &app,
        &staff,
        ORDER_CONFIRM,
        Some("k-1"),
        json!({"id": id, "amount": total}),
    )
    .await;
    // Refused: a second confirmation of a completed order.
    let answer = app
        .send(
            Method::POST,
            ORDER_CONFIRM,
            Some(&staff),
            &[("idempotency-key", "k-2")],
            Some(&json!({"id": id, "amount": 1000})),
        )
        .await;
    answer.error(409, 404);

    // A replacement, refused when it asks for more than the line holds.
    let item = detail["items"][0]["id"].as_str().unwrap();
    let answer = app
        .call(
            Method::POST,
            ORDER_REPLACE,
            Some(&staff),
            Some(&json!({"id": id, "itemId": item, "quantity": 3, "reason": "Mã lỗi"})),
        )
        .await;
    answer.error(400, 1);
    act(
        &app,
        &staff,
        ORDER_REPLACE,
        None,
        json!({"id": id, "itemId": item, "quantity": 1, "reason": "Mã lỗi"}),
    )
    .await;

    // A new link, then the codes in clear (the two the shopper holds, not the replaced one).
    act(&app, &staff, ORDER_RELINK, None, json!({"id": id})).await;
    act(&app, &staff, ORDER_REVEAL, None, json!({"id": id})).await;

    let price = vnd_text(total);
    assert_eq!(
        app.audit().await,
        [
            format!(
                "cskh.lan|order_cancel|{first_code}|Hủy đơn hàng, trả 1 mã về kho. Lý do: Khách đổi ý"
            ),
            format!("cskh.lan|order_confirm_payment|{code}|Xác nhận thanh toán {price}"),
            format!(
                "cskh.lan|order_replace_codes|{code}|Đổi 1 mã {} miễn phí. Lý do: Mã lỗi",
                detail["items"][0]["productName"].as_str().unwrap()
            ),
            format!(
                "cskh.lan|order_regenerate_link|{code}|Tạo đường dẫn xem đơn hàng mới; đường dẫn cũ hết hiệu lực"
            ),
            format!("cskh.lan|order_codes_reveal|{code}|Xem 2 mã của đơn hàng"),
        ]
    );
}

/// `100000` as the order timeline writes it: `100.000đ`.
fn vnd_text(amount: i64) -> String {
    let digits = amount.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('.');
        }
        out.push(c);
    }
    format!("{out}đ")
}

async fn seed_rows(app: &TestApp) {
    app.execute(
        "INSERT INTO audit_log (id, at, actor, actor_id, action, target, detail) VALUES \
         ('018f0000-0000-7000-8000-000000000001', '2026-01-01T00:00:00+07:00', 'chu.shop', \
          '00000000-0000-4000-8000-000000000001', 'product_delete', 'Thẻ Garena', ''), \
         ('018f0000-0000-7000-8000-000000000002', '2026-01-02T00:00:00+07:00', 'cskh.lan', \
          '00000000-0000-4000-8000-000000000002', 'order_cancel', 'DH00000001', 'Lý do: x'), \
         ('018f0000-0000-7000-8000-000000000003', '2026-01-03T00:00:00+07:00', 'cskh.lan', \
          '00000000-0000-4000-8000-000000000002', 'order_codes_reveal', 'DH00000002', 'Xem 1 mã')",
    )
    .await;
}

fn targets(answer: &Value) -> Vec<String> {
    answer["result"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["target"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_log_lists_newest_first_with_filters() {
    let app = TestApp::spawn().await;
    seed_rows(&app).await;
    let answer = app.get(AUDIT_LOG).await;
    let page = answer.ok();
    assert_eq!(page["totalCount"], 3);
    assert_eq!(
        (page["pageIndex"].clone(), page["pageSize"].clone()),
        (json!(1), json!(20))
    );
    assert_eq!(
        targets(&answer.body),
        ["DH00000002", "DH00000001", "Thẻ Garena"]
    );
    assert_eq!(
        page["items"][2],
        json!({
            "id": "018f0000-0000-7000-8000-000000000001",
            "at": "2025-12-31T17:00:00Z",
            "actor": "chu.shop",
            "actorId": "00000000-0000-4000-8000-000000000001",
            "action": "product_delete",
            "target": "Thẻ Garena",
            "detail": "",
        })
    );

    let cases = [
        ("actor=CSKH.LAN", vec!["DH00000002", "DH00000001"]),
        ("actor=cskh", vec!["DH00000002", "DH00000001"]),
        ("actor=lan%25", vec![]),
        ("action=order_cancel", vec!["DH00000001"]),
        // Half-open: from included, to excluded.
        (
            "from=2026-01-02T00:00:00%2B07:00",
            vec!["DH00000002", "DH00000001"],
        ),
        ("to=2026-01-02T00:00:00%2B07:00", vec!["Thẻ Garena"]),
        (
            "actor=cskh.lan&action=order_codes_reveal&from=2026-01-01T00:00:00Z",
            vec!["DH00000002"],
        ),
        ("pageSize=1&pageIndex=2", vec!["DH00000001"]),
    ];
    for (query, expected) in cases {
        let answer = app.get(&format!("{AUDIT_LOG}?{query}")).await;
        assert_eq!(answer.status, 200, "{query}: {answer}");
        assert_eq!(targets(&answer.body), expected, "{query}");
    }
    let answer = app
        .get(&format!("{AUDIT_LOG}?pageSize=1&pageIndex=2"))
        .await;
    assert_eq!(answer["result"]["totalCount"], 3);

    for (query, field) in [
        ("action=delete_everything", "action"),
        ("from=yesterday", "from"),
        ("from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z", "to"),
        ("sortBy=actor", "sortBy"),
        ("pageSize=0", "pageSize"),
        ("actor=ad%00min", "actor"),
    ] {
        let answer = app.get(&format!("{AUDIT_LOG}?{query}")).await;
        let fields = answer.error(400, 1);
        assert_eq!(fields, [field], "{query}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_log_is_for_the_admin_only() {
    let app = TestApp::spawn().await;
    seed_rows(&app).await;
    let answer = app
        .call(Method::GET, AUDIT_LOG, Some(&app.staff), None)
        .await;
    answer.error(403, 6);
    assert!(!answer.to_string().contains("DH0000"));
    let answer = app.call(Method::GET, AUDIT_LOG, None, None).await;
    answer.error(401, 5);
    let answer = app
        .call(Method::POST, AUDIT_LOG, Some(&app.admin), None)
        .await;
    answer.error(404, 2);
}

/// Money-relevant catalogue writes are audited in their transaction: a product's price
/// and status changes (old -> new, one row each) and a serial code's value overwritten
/// (masks only, never the code). Other edits write nothing. The list filters them by
/// action and by actor.
#[tokio::test(flavor = "multi_thread")]
async fn price_status_and_code_overwrites_are_audited_and_filterable() {
    let app = TestApp::spawn().await;
    let staff = app
        .tokens
        .token_named(Uuid::new_v4(), "kho.minh", Role::Staff);
    let product = app.stocked("Thẻ Garena 100K", "GRN", 2).await;
    let put = |body: Value| {
        let staff = staff.clone();
        let app = &app;
        async move {
            let answer = app
                .send(Method::PUT, PRODUCT_UPDATE, Some(&staff), &[], Some(&body))
                .await;
            answer.ok().clone()
        }
    };
    put(json!({"id": product, "name": "Thẻ Garena 100K mới"})).await;
    assert!(app.audit().await.is_empty());
    put(json!({"id": product, "price": 55_000, "status": "hidden"})).await;
    put(json!({"id": product, "price": 55_000})).await;
    assert_eq!(
        app.audit().await,
        [
            "kho.minh|product_price_change|Thẻ Garena 100K mới|Giá: 50000 -> 55000",
            "kho.minh|product_status_change|Thẻ Garena 100K mới|Trạng thái: active -> hidden",
        ]
    );

    // A code's value overwritten: audited with masks; a note alone is not.
    let id = app
        .lines(&format!(
            "SELECT id::text AS line FROM serial_codes WHERE product_id = '{product}' \
              ORDER BY created_at, id LIMIT 1"
        ))
        .await
        .remove(0);
    let update = |body: Value| {
        let staff = staff.clone();
        let app = &app;
        async move {
            let answer = app
                .send(Method::PUT, CODE_UPDATE, Some(&staff), &[], Some(&body))
                .await;
            answer.ok().clone()
        }
    };
    update(json!({"id": id, "note": "lô mới"})).await;
    assert_eq!(app.audit().await.len(), 2);
    update(json!({"id": id, "code": "GRN-SECRET-9876"})).await;
    let rows = app.audit().await;
    assert_eq!(rows.len(), 3);
    assert!(
        rows[2].starts_with(&format!(
            "kho.minh|serial_code_overwrite|{id}|Thẻ Garena 100K mới:"
        )),
        "{rows:?}"
    );
    assert!(
        rows[2].contains("••••••9876") && !rows[2].contains("SECRET"),
        "{rows:?}"
    );
    // A refused overwrite (a code held by an order) writes nothing.
    let order = app
        .anon()
        .post(CREATE_ORDER_PATH, order_body(&product, 2, "a@vidu.vn"))
        .await;
    order.error(400, 402);
    put(json!({"id": product, "status": "active"})).await;
    app.anon()
        .post(CREATE_ORDER_PATH, order_body(&product, 2, "a@vidu.vn"))
        .await
        .ok();
    let answer = app
        .send(
            Method::PUT,
            CODE_UPDATE,
            Some(&staff),
            &[],
            Some(&json!({"id": id, "code": "GRN-OTHER-1111"})),
        )
        .await;
    answer.error(409, 312);
    assert_eq!(app.audit().await.len(), 4);

    // Filters by action and by actor.
    let by_action = app
        .get(&format!("{AUDIT_LOG}?action=product_status_change"))
        .await
        .items();
    assert_eq!(by_action.len(), 2);
    assert!(
        by_action
            .iter()
            .all(|r| r["action"] == "product_status_change")
    );
    let by_actor = app
        .get(&format!(
            "{AUDIT_LOG}?actor=KHO.MINH&action=serial_code_overwrite"
        ))
        .await
        .items();
    assert_eq!(by_actor.len(), 1);
    assert_eq!(by_actor[0]["actor"], "kho.minh");
    let nobody = app.get(&format!("{AUDIT_LOG}?actor=someone")).await.items();
    assert!(nobody.is_empty());
}
