//! ReplaceCodes: new codes for reported ones, free, the named ones first, and bounded
//! for staff over the order's life.

use crate::support;

use reqwest::Method;
use serde_json::json;
use support::*;
use uuid::Uuid;

#[tokio::test(flavor = "multi_thread")]
async fn replace_codes_delivers_new_codes_free() {
    let app = TestApp::spawn().await;
    let (product, order, id) = app.completed(5, 2).await;
    let code = order["code"].as_str().unwrap();
    let token = order["accessToken"].as_str().unwrap();
    let item = app.first_item(&id).await;
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
    let (_, _, pending_id) = app.ordered(2, 1, "c@vidu.vn").await;
    let pending_item = app.first_item(&pending_id).await;
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
    let (_product, order, id) = app.completed(5, 2).await;
    let code = order["code"].as_str().unwrap();
    let token = order["accessToken"].as_str().unwrap();
    let detail = app.admin_detail(&id).await;
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

/// Replacements are bounded: staff may replace at most the line's quantity in all over
/// the order's life (not per call), and only within 30 days of the order; beyond that
/// only an admin may (staff get code 6 and nothing changes). RevealCodes shows only the
/// codes the shopper holds now.
#[tokio::test(flavor = "multi_thread")]
async fn staff_replacements_are_bounded_over_the_order_s_life() {
    let app = TestApp::spawn().await;
    let staff = app.as_staff();
    let (product, order, id) = app.completed(10, 2).await;
    let code = order["code"].as_str().unwrap();
    let token = order["accessToken"].as_str().unwrap();
    let item = app.first_item(&id).await;
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
    let (_, _, old) = app.completed(3, 1).await;
    app.execute(&format!(
        "UPDATE orders SET created_at = now() - interval '31 days' WHERE id = '{old}'"
    ))
    .await;
    let old_item = app.first_item(&old).await;
    let body = json!({"id": old, "itemId": old_item, "quantity": 1, "reason": "lỗi"});
    staff.post(ORDER_REPLACE, &body).await.error(403, 6);
    app.post(ORDER_REPLACE, &body).await.ok();
}
