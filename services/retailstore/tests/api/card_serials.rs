//! Phone and game cards: a serial ("Seri") beside the PIN ("Mã thẻ") through CreateBulk's
//! `items`, the admin list's search, the shopper's order and RevealCodes; and the product's
//! redemption steps on the order page.

use crate::support;

use serde_json::{Value, json};
use support::*;

/// Ten cards as a supplier's file lists them: serial, PIN.
fn cards(prefix: &str, n: usize) -> Vec<Value> {
    (0..n)
        .map(|i| json!({"serial": format!("{prefix}1000{i:06}"), "code": format!("{prefix}-PIN-{i:04}")}))
        .collect()
}

async fn import_items(app: &TestApp, product: &str, items: &[Value]) -> Answer {
    let body = json!({"productId": product, "items": items});
    app.post(BULK_PATH, body).await
}

async fn total_codes(app: &TestApp) -> i64 {
    app.scalar("SELECT count(*) AS n FROM serial_codes").await
}

#[tokio::test(flavor = "multi_thread")]
async fn create_bulk_takes_cards_with_serials_and_their_own_expiry() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Viettel 100K", "", 0).await;
    let later = (chrono::Utc::now() + chrono::Duration::days(200)).to_rfc3339();
    let mut items = cards("VT", 3);
    items[1]["expiresAt"] = json!(later);
    items.push(json!({"code": "BARE-PIN-0001"})); // 3: a code without a serial
    items.push(json!({"code": "  ", "serial": " "})); // 4: blank: skipped
    items.push(json!({"code": "VT-PIN-0000", "serial": "9999"})); // 5: repeated PIN
    let answer = import_items(&app, &product, &items).await;
    let result = answer.ok();
    assert_eq!(result["inserted"], 4, "{result}");
    assert_eq!(
        result["duplicates"],
        json!([{"index": 5, "code": "VT-PIN-0000", "reason": "repeated"}])
    );
    assert_eq!(result["invalid"], json!([]));

    // Stored in clear beside the sealed PIN, with the row's own expiry or none.
    let rows = app
        .lines(
            "SELECT concat_ws('|', coalesce(serial, '-'), (expires_at IS NOT NULL)::text) AS line \
             FROM serial_codes ORDER BY serial NULLS LAST",
        )
        .await;
    assert_eq!(
        rows,
        [
            "VT1000000000|false",
            "VT1000000001|true",
            "VT1000000002|false",
            "-|false"
        ]
    );

    // The list shows the serial, never the PIN.
    let page = app
        .get(&format!("{CODE_PAGINATION}?productId={product}"))
        .await
        .items();
    let mut serials: Vec<Value> = page.iter().map(|c| c["serial"].clone()).collect();
    serials.sort_by_key(|s| s.to_string());
    assert_eq!(
        serials,
        [
            json!("VT1000000000"),
            json!("VT1000000001"),
            json!("VT1000000002"),
            Value::Null
        ]
    );
    assert!(page.iter().all(|c| !c.to_string().contains("PIN-")));

    // The call's expiresAt still applies to rows without their own.
    let other = app.stocked("Thẻ Mobifone 50K", "", 0).await;
    let shared = (chrono::Utc::now() + chrono::Duration::days(30)).to_rfc3339();
    let body = json!({"productId": other, "expiresAt": shared, "items": cards("MB", 2)});
    assert_eq!(app.post(BULK_PATH, body).await.ok()["inserted"], 2);
    let with_expiry = format!(
        "SELECT count(*) AS n FROM serial_codes WHERE product_id = '{other}' AND expires_at IS NOT NULL"
    );
    assert_eq!(app.scalar(&with_expiry).await, 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_serial_without_its_pin_refuses_the_whole_call() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Vinaphone 20K", "", 0).await;
    let mut items = cards("VN", 10);
    items[6]["code"] = json!("   ");
    items[8].as_object_mut().unwrap().remove("code");
    let answer = import_items(&app, &product, &items).await;
    assert_eq!(
        answer.error(400, 1),
        ["items[6].code", "items[8].code"],
        "{answer}"
    );
    let message = answer["error"]["details"][0]["message"].as_str().unwrap();
    assert!(message.contains("VN1000000006"), "{message}");
    assert!(message.contains("thiếu mã thẻ"), "{message}");
    assert_eq!(total_codes(&app).await, 0, "nothing created");

    // A serial too long, a past expiry, and both lists at once are refused the same way.
    let too_long = json!([{"code": "A-1", "serial": "9".repeat(65)}]);
    assert_eq!(
        import_items(&app, &product, too_long.as_array().unwrap())
            .await
            .error(400, 1),
        ["items[0].serial"]
    );
    let past = json!([{"code": "A-1", "expiresAt": "2020-01-01T00:00:00Z"}]);
    assert_eq!(
        import_items(&app, &product, past.as_array().unwrap())
            .await
            .error(400, 1),
        ["items[0].expiresAt"]
    );
    let both = json!({"productId": product, "codes": ["A-1"], "items": [{"code": "A-2"}]});
    assert_eq!(app.post(BULK_PATH, both).await.error(400, 1), ["items"]);
    assert_eq!(total_codes(&app).await, 0);

    // A file wrong on every line gets a short answer.
    let broken: Vec<Value> = (0..500)
        .map(|i| json!({"serial": format!("S{i}")}))
        .collect();
    let fields = import_items(&app, &product, &broken).await.error(400, 1);
    assert_eq!(fields.len(), 21);
    assert_eq!(fields.last().unwrap(), "items");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_api_imports_a_header_row_it_is_given_as_a_code() {
    // Header detection belongs to the import screen; the API checks rules, not meaning.
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "", 0).await;
    let mut items = vec![json!({"serial": "Seri", "code": "Mã thẻ"})];
    items.extend(cards("GR", 2));
    assert_eq!(
        import_items(&app, &product, &items).await.ok()["inserted"],
        3
    );
    // Uniqueness stays shop-wide: the same PINs under another product are duplicates.
    let other = app.stocked("Thẻ Zing 100K", "", 0).await;
    let again = import_items(&app, &other, &cards("GR", 2)).await;
    assert_eq!(again.ok()["inserted"], 0);
    assert_eq!(
        again.ok()["duplicates"][0]["productName"],
        "Thẻ Garena 100K"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn serials_are_found_by_the_list_keyword_and_by_search() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Viettel 50K", "", 0).await;
    import_items(&app, &product, &cards("VT", 5)).await.ok();
    app.import(&product, &codes("PLAIN", 0..3)).await;

    let listed = app
        .get(&format!("{CODE_PAGINATION}?keyword=VT1000000003"))
        .await;
    let items = listed.items();
    assert_eq!(items.len(), 1, "{listed}");
    assert_eq!(items[0]["serial"], "VT1000000003");
    assert_eq!(listed.ok()["totalCount"], 1);
    assert_eq!(
        app.get(&format!("{CODE_PAGINATION}?keyword=VT100000000"))
            .await
            .items()
            .len(),
        0,
        "exact, not a prefix"
    );

    // Search takes either the PIN or the serial.
    let by_serial = app.post(CODE_SEARCH, json!({"code": "VT1000000002"})).await;
    assert_eq!(by_serial.items().len(), 1);
    assert_eq!(by_serial.items()[0]["serial"], "VT1000000002");
    let by_pin = app.post(CODE_SEARCH, json!({"code": "VT-PIN-0002"})).await;
    assert_eq!(by_pin.items()[0]["id"], by_serial.items()[0]["id"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_shopper_gets_serial_pin_replacement_flag_and_redemption_steps() {
    let app = TestApp::spawn().await;
    let steps =
        "1. Bấm **\\*100\\*mã thẻ#** rồi gọi.\n2. Xem [hướng dẫn](https://vietteltelecom.vn).";
    let product = app
        .product(
            json!({"name": "Thẻ Viettel 100K", "price": 100_000, "status": "active",
                        "redeemInstructions": steps}),
        )
        .await;
    import_items(&app, &product, &cards("VT", 4)).await.ok();
    let order = app
        .anon()
        .post(CREATE_ORDER_PATH, order_body(&product, 2, "khach@vidu.vn"))
        .await;
    let order = order.ok().clone();
    let (code, token) = (
        order["code"].as_str().unwrap(),
        order["accessToken"].as_str().unwrap(),
    );
    // Nothing before payment.
    let line = &order["items"][0];
    assert_eq!(line["codes"], Value::Null);
    assert_eq!(line["redeemInstructions"], Value::Null);

    app.pay(code, 200_000, "tx-cards-1").await;
    let detail = app.shopper_detail(code, token).await;
    let line = detail.ok()["items"][0].clone();
    assert_eq!(line["redeemInstructions"], steps);
    let delivered = line["codes"].as_array().unwrap().clone();
    assert_eq!(delivered.len(), 2);
    for card in &delivered {
        let pin = card["code"].as_str().unwrap();
        let serial = card["serial"].as_str().unwrap();
        assert_eq!(
            serial,
            format!("VT1000{:0>6}", &pin[pin.len() - 4..]),
            "each PIN with its own serial"
        );
        assert_eq!(card["replacement"], false);
    }

    // A replacement comes with its serial and is marked as one.
    let id = app.order_id(code).await;
    let admin = app.get(&format!("{ORDER_ADMIN_DETAIL}?id={id}")).await;
    let item = admin.ok()["items"][0]["id"].clone();
    assert!(admin.ok()["items"][0]["codes"][0]["serial"].is_string());
    let body = json!({"id": id, "itemId": item, "quantity": 1, "reason": "Thẻ lỗi"});
    app.post(ORDER_REPLACE, body).await.ok();
    let detail = app.shopper_detail(code, token).await;
    let delivered = detail.ok()["items"][0]["codes"].as_array().unwrap().clone();
    let flags: Vec<bool> = delivered
        .iter()
        .map(|c| c["replacement"].as_bool().unwrap())
        .collect();
    assert_eq!(flags, [false, true]);
    assert!(delivered.iter().all(|c| c["serial"].is_string()));

    let revealed = app.post(ORDER_REVEAL, json!({"id": id})).await;
    let codes = revealed.ok()["items"][0]["codes"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(codes.len(), 2);
    for card in &codes {
        let pin = card["code"].as_str().unwrap();
        assert_eq!(
            card["serial"].as_str().unwrap(),
            format!("VT1000{:0>6}", &pin[pin.len() - 4..])
        );
    }
    assert_eq!(codes.iter().filter(|c| c["replacement"] == true).count(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn redeem_instructions_are_saved_cleared_and_bounded() {
    let app = TestApp::spawn().await;
    let steps = "## Cách nạp\n\n- Mở ứng dụng\n- Nhập **mã thẻ**";
    let created = app
        .post(
            PRODUCT_CREATE,
            json!({"name": "Thẻ Garena 50K", "price": 50_000, "redeemInstructions": steps}),
        )
        .await;
    let id = created.ok()["id"].as_str().unwrap().to_owned();
    assert_eq!(created.ok()["redeemInstructions"], steps);
    let read = app.get(&format!("{PRODUCT_READ}?id={id}")).await;
    assert_eq!(read.ok()["redeemInstructions"], steps);

    // Too long: code 1 on the field, nothing changed.
    let long = "a".repeat(5_001);
    let refused = app
        .put(
            PRODUCT_UPDATE,
            json!({"id": id, "redeemInstructions": long}),
        )
        .await;
    assert_eq!(refused.error(400, 1), ["redeemInstructions"]);
    let refused = app
        .post(
            PRODUCT_CREATE,
            json!({"name": "Thẻ khác", "price": 1, "redeemInstructions": "a".repeat(5_001)}),
        )
        .await;
    assert_eq!(refused.error(400, 1), ["redeemInstructions"]);
    let read = app.get(&format!("{PRODUCT_READ}?id={id}")).await;
    assert_eq!(read.ok()["redeemInstructions"], steps);

    // Exactly the limit is fine; null clears; left out keeps.
    let exact = "b".repeat(5_000);
    let updated = app
        .put(
            PRODUCT_UPDATE,
            json!({"id": id, "redeemInstructions": exact}),
        )
        .await;
    assert_eq!(updated.ok()["redeemInstructions"], exact);
    let kept = app
        .put(PRODUCT_UPDATE, json!({"id": id, "price": 60_000}))
        .await;
    assert_eq!(kept.ok()["redeemInstructions"], exact);
    let cleared = app
        .put(
            PRODUCT_UPDATE,
            json!({"id": id, "redeemInstructions": null}),
        )
        .await;
    assert_eq!(cleared.ok()["redeemInstructions"], Value::Null);
}
