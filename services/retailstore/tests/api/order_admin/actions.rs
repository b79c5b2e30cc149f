//! Staff actions on one order besides ReplaceCodes: Cancel, RevealCodes and
//! RegenerateAccessLink.

use crate::support;

use reqwest::Method;
use serde_json::json;
use shop_common::auth::Role;
use support::*;
use uuid::Uuid;

#[tokio::test(flavor = "multi_thread")]
async fn cancel_releases_reserved_codes() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "GRN", 3).await;
    let (_, id) = app.order_of(&product, 2, "a@vidu.vn").await;
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
    let (_, _, done) = app.completed(1, 1).await;
    let answer = app
        .post(ORDER_CANCEL, json!({"id": done, "reason": "x"}))
        .await;
    answer.error(409, 404);
}

#[tokio::test(flavor = "multi_thread")]
async fn reveal_codes_is_audited() {
    let app = TestApp::spawn().await;
    let (product, order, id) = app.completed(3, 2).await;
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
    let detail = app.admin_detail(&id).await;
    let event = detail["events"].as_array().unwrap().last().unwrap();
    assert_eq!(
        (event["type"].clone(), event["actor"].clone()),
        (json!("codes_revealed"), json!("cskh.lan"))
    );
    // Not before the order is completed; unknown orders; no token.
    let (_, pending_id) = app.order_of(&product, 1, "b@vidu.vn").await;
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
    let (_, order, id) = app.completed(2, 1).await;
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
    let detail = app.admin_detail(&id).await;
    assert_eq!(
        detail["events"].as_array().unwrap().last().unwrap()["type"],
        "access_link_regenerated"
    );
    assert!(!app.schema.dump("serial_codes").await.contains(new));
    // Not for an order that is not completed.
    let (_, _, pending_id) = app.ordered(1, 1, "b@vidu.vn").await;
    let answer = app.post(ORDER_RELINK, json!({"id": pending_id})).await;
    answer.error(409, 404);
}
