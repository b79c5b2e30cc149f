//! Notifications, retailstore's side (docs/notifications.md): the outbox rows written in
//! the transactions of the changes, the relay to a stubbed system, the e-mail tokens,
//! ResendAccessLink and RegenerateAccessLink's `sendEmail`, low stock, and the admin
//! detail's notifications.

use crate::support;

use retailstore::models::outbox::raise_low_stock;
use serde_json::{Value, json};
use support::*;
use uuid::Uuid;

const RESEND: &str = "/retailstore/api/web/v1/Order/ResendAccessLink";

/// The Enqueue bodies system received, in order.
fn enqueued(app: &TestApp) -> Vec<Value> {
    app.system.calls(ENQUEUE_PATH)
}

/// The token of an e-mail's link (after `#token=`).
fn token_of(link: &str) -> String {
    link.split_once("#token=").unwrap().1.to_owned()
}

/// The link system received for the latest `event` of `code`.
fn link_for(app: &TestApp, event: &str, code: &str) -> String {
    enqueued(app)
        .iter()
        .rev()
        .find(|b| b["event"] == event && b["orderCode"] == code)
        .unwrap_or_else(|| panic!("no {event} for {code}"))["accessLink"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn relay_all(app: &TestApp) {
    let relay = app.relay();
    while relay.relay_due().await.unwrap() > 0 {}
}

async fn resend(app: &TestApp, body: Value) -> Answer {
    app.anon().post(RESEND, body).await
}

#[tokio::test(flavor = "multi_thread")]
async fn create_order_writes_one_order_placed_row_whose_link_opens_the_order() {
    let app = TestApp::spawn().await;
    let (_, order, id) = app.ordered(20, 2, "Mua@Vidu.vn").await;
    let code = order["code"].as_str().unwrap();
    let page_token = order["accessToken"].as_str().unwrap();
    let rows = app.outbox("order_placed").await;
    assert_eq!(rows.len(), 1, "{rows:?}");
    let (row_code, rest) = rows[0].split_once('|').unwrap();
    let (recipient, data) = rest.split_once('|').unwrap();
    assert_eq!((row_code, recipient), (code, "Mua@Vidu.vn"));
    let data: Value = serde_json::from_str(data).unwrap();
    assert_eq!(data["orderId"], id);
    assert_eq!(data["total"], order["total"]);
    assert_eq!(data["items"][0]["quantity"], 2);
    assert_eq!(data["items"][0]["lineTotal"], order["total"]);
    assert_eq!(data["payment"]["transferContent"], code);
    assert_eq!(data["payment"]["amountDue"], order["total"]);
    assert_eq!(data["payment"]["accountNumber"], "0123456789");
    assert!(data["expiresAt"].is_string());
    assert!(!data.to_string().contains(page_token));
    // Sealed until relayed; the clear link travels only in the post.
    let sealed = "SELECT count(*) AS n FROM outbox WHERE link_sealed IS NOT NULL \
                  AND link_nonce IS NOT NULL AND link_key_id = 1 AND relayed_at IS NULL";
    assert_eq!(app.scalar(sealed).await, 1);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM order_access_tokens")
            .await,
        1
    );

    relay_all(&app).await;
    let posted = enqueued(&app);
    assert_eq!(posted.len(), 1);
    let row_id = app.lines("SELECT id::text AS line FROM outbox").await;
    assert_eq!(posted[0]["eventId"], row_id[0]);
    assert_eq!(posted[0]["event"], "order_placed");
    assert_eq!(posted[0]["recipientEmail"], "Mua@Vidu.vn");
    let link = posted[0]["accessLink"].as_str().unwrap();
    let prefix = format!("{PUBLIC_BASE}/order-detail?code={code}#token=");
    assert!(link.starts_with(&prefix), "{link}");
    let mail_token = token_of(link);
    assert_ne!(mail_token, page_token);
    let erased = "SELECT count(*) AS n FROM outbox WHERE relayed_at IS NOT NULL \
                  AND link_sealed IS NULL AND link_nonce IS NULL AND link_key_id IS NULL";
    assert_eq!(app.scalar(erased).await, 1);
    assert!(!app.schema.dump("outbox").await.contains(&mail_token));

    // Both tokens open the order; a wrong one does not.
    let by_mail = app.shopper_detail(code, &mail_token).await;
    assert_eq!(by_mail.ok()["code"], code);
    app.shopper_detail(code, page_token).await.ok();
    app.shopper_detail(code, "wrong-token")
        .await
        .error(404, 403);
}

#[tokio::test(flavor = "multi_thread")]
async fn paying_writes_one_codes_ready_and_a_repeat_adds_none() {
    let app = TestApp::spawn().await;
    let (_, order, id) = app.ordered(5, 2, "tra@vidu.vn").await;
    let code = order["code"].as_str().unwrap();
    let total = order["total"].as_i64().unwrap();
    app.pay(code, total / 2, "tx-1").await;
    assert_eq!(app.outbox_count("codes_ready").await, 0, "not paid yet");
    app.pay(code, total - total / 2, "tx-2").await;
    app.pay(code, total - total / 2, "tx-2").await;
    let rows = app.outbox("codes_ready").await;
    assert_eq!(rows.len(), 1, "{rows:?}");
    let data: Value = serde_json::from_str(rows[0].splitn(3, '|').nth(2).unwrap()).unwrap();
    assert_eq!(
        (&data["orderId"], &data["total"], &data["paidAmount"]),
        (&json!(id), &json!(total), &json!(total))
    );
    assert_eq!(data["items"][0]["quantity"], 2);
    assert!(data["items"][0].get("lineTotal").is_none());
    // The e-mail's link shows the codes.
    relay_all(&app).await;
    let link = link_for(&app, "codes_ready", code);
    let detail = app.shopper_detail(code, &token_of(&link)).await;
    assert_eq!(
        detail.ok()["items"][0]["codes"].as_array().unwrap().len(),
        2
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_relay_retries_while_system_is_down_then_posts() {
    let app = TestApp::spawn().await;
    app.system.set_down(true);
    app.ordered(20, 1, "cho@vidu.vn").await;
    let relay = app.relay();
    assert_eq!(relay.relay_due().await.unwrap(), 1);
    let waiting = "SELECT count(*) AS n FROM outbox WHERE relayed_at IS NULL \
                   AND last_error IS NOT NULL AND attempts = 1 AND link_sealed IS NOT NULL";
    assert_eq!(app.scalar(waiting).await, 1);
    app.system.set_down(false);
    tokio::time::sleep(std::time::Duration::from_millis(120)).await;
    assert_eq!(relay.relay_due().await.unwrap(), 1);
    let posts = enqueued(&app);
    assert_eq!(posts.len(), 2);
    assert_eq!(posts[0]["eventId"], posts[1]["eventId"]);
    let done = "SELECT count(*) AS n FROM outbox WHERE relayed_at IS NOT NULL \
                AND last_error IS NULL AND attempts = 2 AND link_sealed IS NULL";
    assert_eq!(app.scalar(done).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn resend_access_link_answers_alike_and_sends_at_most_three_an_hour() {
    let app = TestApp::spawn().await;
    let (_, order, _) = app.ordered(5, 1, "Lan@Vidu.vn").await;
    let code = order["code"].as_str().unwrap();
    let same = resend(&app, json!({"code": code, "email": "khac@vidu.vn"}))
        .await
        .ok()
        .clone();
    assert!(
        same["message"]
            .as_str()
            .unwrap()
            .contains("Nếu mã đơn hàng")
    );
    // Unknown code, a code of the wrong shape, an address of the wrong shape: the same.
    for body in [
        json!({"code": "DH00000000", "email": "lan@vidu.vn"}),
        json!({"code": "XYZ", "email": "lan@vidu.vn"}),
        json!({"code": code, "email": "not-an-address"}),
    ] {
        assert_eq!(resend(&app, body).await.ok(), &same);
    }
    assert_eq!(app.outbox_count("link_resent").await, 0);
    // Malformed: missing or over-long fields.
    let fields = resend(&app, json!({"code": code})).await.error(400, 1);
    assert_eq!(fields, ["email"]);
    let long = "a".repeat(65);
    let fields = resend(&app, json!({"code": long, "email": ""}))
        .await
        .error(400, 1);
    assert_eq!(fields, ["code", "email"]);

    for _ in 0..4 {
        let body = json!({"code": code.to_lowercase(), "email": " lan@VIDU.vn "});
        assert_eq!(resend(&app, body).await.ok(), &same);
    }
    let rows = app.outbox("link_resent").await;
    assert_eq!(rows.len(), 3, "the fourth in the hour writes nothing");
    assert!(rows[0].starts_with(&format!("{code}|Lan@Vidu.vn|")));
    // An hour later, one more.
    app.execute("UPDATE outbox SET created_at = now() - interval '61 minutes'")
        .await;
    resend(&app, json!({"code": code, "email": "lan@vidu.vn"}))
        .await
        .ok();
    assert_eq!(app.outbox_count("link_resent").await, 4);
    // Each link opens the order.
    relay_all(&app).await;
    let link = link_for(&app, "link_resent", code);
    app.shopper_detail(code, &token_of(&link)).await.ok();
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_resends_stay_within_the_limit() {
    let app = std::sync::Arc::new(TestApp::spawn().await);
    let (_, order, _) = app.ordered(5, 1, "dong@vidu.vn").await;
    let code = order["code"].as_str().unwrap().to_owned();
    let calls: Vec<_> = (0..10)
        .map(|_| {
            let (app, code) = (app.clone(), code.clone());
            tokio::spawn(async move {
                let body = json!({"code": code, "email": "dong@vidu.vn"});
                resend(&app, body).await.ok().clone()
            })
        })
        .collect();
    for call in calls {
        call.await.unwrap();
    }
    assert_eq!(app.outbox_count("link_resent").await, 3);
}

#[tokio::test(flavor = "multi_thread")]
async fn regenerate_access_link_revokes_every_older_token() {
    let app = TestApp::spawn().await;
    let (_, order, id) = app.ordered(5, 1, "mat@vidu.vn").await;
    let code = order["code"].as_str().unwrap();
    app.pay(code, order["total"].as_i64().unwrap(), "tx-relink")
        .await;
    relay_all(&app).await;
    let old = [
        order["accessToken"].as_str().unwrap().to_owned(),
        token_of(&link_for(&app, "order_placed", code)),
        token_of(&link_for(&app, "codes_ready", code)),
    ];
    for token in &old {
        app.shopper_detail(code, token).await.ok();
    }

    let url = app.post(ORDER_RELINK, json!({"id": id})).await;
    let url = url.ok()["url"].as_str().unwrap().to_owned();
    assert_eq!(app.outbox_count("link_resent").await, 0, "no e-mail asked");
    for token in &old {
        app.shopper_detail(code, token).await.error(404, 403);
    }
    app.shopper_detail(code, &token_of(&url)).await.ok();

    let again = app
        .post(ORDER_RELINK, json!({"id": id, "sendEmail": true}))
        .await;
    let again = token_of(again.ok()["url"].as_str().unwrap());
    assert_eq!(app.outbox_count("link_resent").await, 1);
    app.shopper_detail(code, &token_of(&url))
        .await
        .error(404, 403);
    relay_all(&app).await;
    let mailed = token_of(&link_for(&app, "link_resent", code));
    assert_ne!(mailed, again);
    app.shopper_detail(code, &mailed).await.ok();
    app.shopper_detail(code, &again).await.ok();
}

#[tokio::test(flavor = "multi_thread")]
async fn low_stock_is_raised_once_per_product_a_day() {
    let app = std::sync::Arc::new(TestApp::spawn_with(|c| c.max_unpaid_per_email = 0).await);
    let one_by_one = app.stocked("Thẻ A", "LSA", 20).await;
    let at_once = app.stocked("Thẻ B", "LSB", 20).await;
    app.execute("UPDATE products SET low_stock_threshold = 15")
        .await;
    for _ in 0..8 {
        let body = order_body(&one_by_one, 1, "mot@vidu.vn");
        app.anon().post(CREATE_ORDER_PATH, body).await.ok();
    }
    let calls: Vec<_> = (0..10)
        .map(|i| {
            let (app, product) = (app.clone(), at_once.clone());
            tokio::spawn(async move {
                let body = order_body(&product, 1, &format!("cung{i}@vidu.vn"));
                app.anon().post(CREATE_ORDER_PATH, body).await.ok().clone()
            })
        })
        .collect();
    for call in calls {
        call.await.unwrap();
    }
    let rows = app.outbox("low_stock").await;
    assert_eq!(rows.len(), 2, "{rows:?}");
    let data: Vec<Value> = rows
        .iter()
        .map(|r| serde_json::from_str(r.trim_start_matches("-|-|")).unwrap())
        .collect();
    let first = data.iter().find(|d| d["productId"] == one_by_one).unwrap();
    assert_eq!(
        (
            &first["productName"],
            &first["available"],
            &first["threshold"]
        ),
        (&json!("Thẻ A"), &json!(15), &json!(15))
    );
    assert!(data.iter().any(|d| d["productId"] == at_once));
    // A day later the next crossing raises it again.
    app.execute("UPDATE low_stock_alerts SET alerted_at = now() - interval '25 hours'")
        .await;
    let body = order_body(&one_by_one, 1, "mot@vidu.vn");
    app.anon().post(CREATE_ORDER_PATH, body).await.ok();
    assert_eq!(app.outbox_count("low_stock").await, 3);
}

/// The check CreateOrder runs after its commit, on its own: a product at or below its
/// threshold (here by a raised threshold, as when orders committed alongside left it
/// there) gets one alert, and the day's stamp keeps a second check quiet.
#[tokio::test(flavor = "multi_thread")]
async fn the_check_after_the_commit_raises_low_stock_once() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ C", "LSC", 20).await;
    let high = app.stocked("Thẻ D", "LSD", 20).await;
    app.execute(&format!(
        "UPDATE products SET low_stock_threshold = 25 WHERE id = '{product}'"
    ))
    .await;
    let mut ids: Vec<Uuid> = [&product, &high]
        .iter()
        .map(|id| id.parse().unwrap())
        .collect();
    ids.sort();
    let rows: Vec<Uuid> = ids.iter().map(|_| Uuid::now_v7()).collect();
    let mut conn = app.schema.connect().await;
    let raised = raise_low_stock(&mut conn, &ids, &rows, "low_stock")
        .await
        .unwrap();
    assert_eq!(raised, 1);
    let alerts = app.outbox("low_stock").await;
    assert_eq!(alerts.len(), 1, "{alerts:?}");
    assert!(alerts[0].contains(product.as_str()), "{alerts:?}");
    assert!(alerts[0].contains("\"threshold\": 25"), "{alerts:?}");
    let rows: Vec<Uuid> = ids.iter().map(|_| Uuid::now_v7()).collect();
    let again = raise_low_stock(&mut conn, &ids, &rows, "low_stock")
        .await
        .unwrap();
    assert_eq!(again, 0);
    assert_eq!(app.outbox_count("low_stock").await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn replaced_codes_and_money_to_handle_are_told() {
    let app = TestApp::spawn().await;
    let (_, order, id) = app.ordered(6, 2, "doi@vidu.vn").await;
    let code = order["code"].as_str().unwrap();
    app.pay(code, order["total"].as_i64().unwrap(), "tx-r")
        .await;
    let detail = app.get(&format!("{ORDER_ADMIN_DETAIL}?id={id}")).await;
    let item = detail.ok()["items"][0]["id"].clone();
    let body = json!({"id": id, "itemId": item, "quantity": 1, "reason": "Mã lỗi"});
    app.post(ORDER_REPLACE, body).await.ok();
    let rows = app.outbox("codes_replaced").await;
    assert_eq!(rows.len(), 1);
    assert!(rows[0].contains("\"quantity\": 1"), "{rows:?}");

    // Money for a cancelled order, and a short payment that expires.
    let (_, cancelled, cancelled_id) = app.ordered(3, 1, "huy@vidu.vn").await;
    let body = json!({"id": cancelled_id, "reason": "Khách hủy"});
    app.post(ORDER_CANCEL, body).await.ok();
    let cancelled_code = cancelled["code"].as_str().unwrap();
    app.pay(cancelled_code, 1000, "tx-c").await;
    let (_, short, short_id) = app.ordered(3, 1, "thieu@vidu.vn").await;
    app.pay(short["code"].as_str().unwrap(), 1000, "tx-s").await;
    app.make_due(&short_id).await;
    retailstore::orders::expiry::sweep(&app.pool, &app.notifier)
        .await
        .unwrap();
    let rows = app.outbox("needs_attention").await;
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows[0].starts_with(&format!("{cancelled_code}|huy@vidu.vn|")));
    assert!(rows[0].contains("đã hủy") && rows[0].contains("\"paidAmount\": 1000"));
    assert!(rows[1].contains("Hết hạn khi mới nhận một phần tiền"));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_admin_detail_lists_notifications_and_answers_without_system() {
    let app = TestApp::spawn().await;
    let (_, order, id) = app.ordered(3, 1, "xem@vidu.vn").await;
    let code = order["code"].as_str().unwrap().to_owned();
    let delivery = json!({
        "id": Uuid::new_v4(), "event": "order_placed", "channel": "email",
        "audience": "shopper", "recipient": "x***@vidu.vn", "status": "sent",
        "attempts": 1, "createdAt": "2026-12-10T01:00:00Z", "sentAt": "2026-12-10T01:00:05Z",
    });
    app.system.reply("GET", BY_ORDER_PATH, move |_| {
        (200, envelope_ok(json!({ "items": [delivery.clone()] })))
    });
    let path = format!("{ORDER_ADMIN_DETAIL}?id={id}");
    let detail = app.get(&path).await.ok().clone();
    assert_eq!(
        detail["notifications"],
        json!([{
            "event": "order_placed", "channel": "email", "status": "sent",
            "sentAt": "2026-12-10T01:00:05Z", "recipient": "x***@vidu.vn", "attempts": 1,
            "createdAt": "2026-12-10T01:00:00Z",
        }])
    );
    let asked = app.system.requests(BY_ORDER_PATH);
    assert_eq!(
        asked.last().unwrap().headers["x-internal-key"],
        caller_key(shop_common::internal::Caller::Retailstore)
    );
    assert_eq!(detail["code"], code);

    app.system.set_down(true);
    let detail = app.get(&path).await.ok().clone();
    assert_eq!(detail["notifications"], json!([]));
    assert_eq!(detail["code"], code);
    // The actions' answers do not carry the list.
    let cancelled = app
        .post(ORDER_CANCEL, json!({"id": id, "reason": "Thử"}))
        .await;
    assert!(cancelled.ok().get("notifications").is_none());
}
