//! Update and Delete of one code: guarded while an order holds it, and the stock
//! counters that follow.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use support::*;
use uuid::Uuid;

#[tokio::test(flavor = "multi_thread")]
async fn update_rewrites_and_guards_codes() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "", 0).await;
    app.import(&product, &codes("GRN", 0..3)).await;
    let id = app.code_id(&product, "GRN-000000").await;

    let expires = (chrono::Utc::now() + chrono::Duration::days(30)).to_rfc3339();
    let answer = app
        .put(
            CODE_UPDATE,
            json!({"id": id, "code": " GRN-NEW-9999\r", "note": "đổi mã", "expiresAt": expires}),
        )
        .await;
    assert_eq!(answer.status, 200, "{answer}");
    let view = &answer["result"];
    assert_eq!(view["maskedCode"], "••••••9999");
    assert_eq!(view["note"], "đổi mã");
    assert!(view["expiresAt"].is_string());
    // The new code is found, the old one is gone, and Reveal shows the new one.
    assert_eq!(app.code_id(&product, "GRN-NEW-9999").await, id);
    assert!(
        app.post(
            CODE_SEARCH,
            json!({"code": "GRN-000000", "productId": null})
        )
        .await
        .items()
        .is_empty()
    );
    let revealed = app.post(CODE_REVEAL, json!({"id": id})).await;
    assert_eq!(revealed["result"]["code"], "GRN-NEW-9999");

    // null clears; left out stays; disabling moves the counters.
    let cleared = app
        .put(
            CODE_UPDATE,
            json!({"id": id, "note": null, "status": "disabled"}),
        )
        .await;
    assert_eq!(cleared["result"]["note"], Value::Null);
    assert!(cleared["result"]["expiresAt"].is_string());
    assert_eq!(cleared["result"]["status"], "disabled");
    assert_eq!(app.stock(&product, false).await, (2, 0, 0, 1));

    // Another code of the same product: 311, nothing changes.
    let answer = app
        .put(CODE_UPDATE, json!({"id": id, "code": "GRN-000001"}))
        .await;
    answer.error(409, 311);
    assert_eq!(app.code_id(&product, "GRN-NEW-9999").await, id);
    // A code another product holds: 311 too (unique across the shop), no audit row.
    let other = app.stocked("Thẻ Viettel 50K", "VT", 1).await;
    let audit = app.audit().await;
    let answer = app
        .put(CODE_UPDATE, json!({"id": id, "code": "VT-000000"}))
        .await;
    answer.error(409, 311);
    assert_eq!(app.code_id(&product, "GRN-NEW-9999").await, id);
    assert_eq!(app.audit().await, audit);
    assert_eq!(app.stock(&other, false).await, (1, 0, 0, 0));

    // Field checks.
    let past = (chrono::Utc::now() - chrono::Duration::days(1)).to_rfc3339();
    for (body, fields) in [
        (json!({"id": id, "code": ""}), vec!["code"]),
        (json!({"id": id, "code": null}), vec!["code"]),
        (json!({"id": id, "code": "x".repeat(201)}), vec!["code"]),
        (json!({"id": id, "code": "a\u{1}b"}), vec!["code"]),
        (json!({"id": id, "status": "sold"}), vec!["status"]),
        (json!({"id": id, "status": null}), vec!["status"]),
        (json!({"id": id, "expiresAt": past}), vec!["expiresAt"]),
        (json!({"id": id, "note": "n".repeat(501)}), vec!["note"]),
    ] {
        let answer = app.put(CODE_UPDATE, body.clone()).await;
        assert_eq!(answer.error(400, 1), fields, "{body}");
    }
    let answer = app
        .put(CODE_UPDATE, json!({"id": Uuid::new_v4(), "note": "x"}))
        .await;
    answer.error(404, 2);
    let answer = app
        .put(CODE_UPDATE, json!({"id": Uuid::new_v4(), "code": "NEW"}))
        .await;
    answer.error(404, 2);

    // Delete an unsold code.
    let answer = app.delete(&format!("{}?id={id}", CODE_DELETE)).await;
    assert_eq!(
        (answer.status, answer["result"].clone()),
        (200, json!(true))
    );
    assert_eq!(app.stock(&product, false).await, (2, 0, 0, 0));
    let answer = app.delete(&format!("{}?id={id}", CODE_DELETE)).await;
    answer.error(404, 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn reserved_and_sold_codes_cannot_change() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Viettel 50K", "", 0).await;
    app.import(&product, &codes("VT", 0..2)).await;
    // One code held by an unpaid order, the other sold to a paid one.
    app.order_of(&product, 1, "a@vidu.vn").await;
    app.paid_order_of(&product, 1, "b@vidu.vn").await;
    for status in ["reserved", "sold"] {
        let id = app
            .lines(&format!(
                "SELECT id::text AS line FROM serial_codes \
                  WHERE product_id = '{product}' AND status = '{status}'"
            ))
            .await
            .remove(0);
        app.execute(&format!(
            "UPDATE serial_codes SET note = 'giữ' WHERE id = '{id}'"
        ))
        .await;
        let snapshot = app
            .lines(&format!(
                "SELECT row_to_json(t)::text AS line FROM serial_codes t WHERE id = '{id}'"
            ))
            .await;
        for body in [
            json!({"id": id, "note": "khác"}),
            json!({"id": id, "code": "VT-OTHER"}),
            json!({"id": id, "status": "available"}),
            json!({"id": id}),
        ] {
            app.put(CODE_UPDATE, body).await.error(409, 312);
        }
        app.delete(&format!("{}?id={id}", CODE_DELETE))
            .await
            .error(409, 312);
        let after = app
            .lines(&format!(
                "SELECT row_to_json(t)::text AS line FROM serial_codes t WHERE id = '{id}'"
            ))
            .await;
        assert_eq!(after, snapshot, "{status} code changed");
    }
    assert_eq!(app.stock(&product, false).await, (0, 1, 1, 0));
}

#[tokio::test(flavor = "multi_thread")]
async fn stock_counts_follow_import_disable_and_delete() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "", 0).await;
    let read_stock = || async {
        let read = app.get(&format!("{}?id={product}", PRODUCT_READ)).await;
        read["result"]["stock"].clone()
    };
    assert_eq!(
        read_stock().await,
        json!({"available": 0, "reserved": 0, "sold": 0})
    );
    app.import(&product, &codes("GRN", 0..12)).await;
    assert_eq!(
        read_stock().await,
        json!({"available": 12, "reserved": 0, "sold": 0})
    );

    let a = app.code_id(&product, "GRN-000000").await;
    let b = app.code_id(&product, "GRN-000001").await;
    app.put(CODE_UPDATE, json!({"id": a, "status": "disabled"}))
        .await;
    assert_eq!(
        read_stock().await,
        json!({"available": 11, "reserved": 0, "sold": 0})
    );
    app.delete(&format!("{}?id={b}", CODE_DELETE)).await;
    assert_eq!(
        read_stock().await,
        json!({"available": 10, "reserved": 0, "sold": 0})
    );
    app.put(CODE_UPDATE, json!({"id": a, "status": "available"}))
        .await;
    assert_eq!(
        read_stock().await,
        json!({"available": 11, "reserved": 0, "sold": 0})
    );
    // Orders reserve, then sell: one order holds two codes, another paid for one.
    app.order_of(&product, 2, "a@vidu.vn").await;
    app.paid_order_of(&product, 1, "b@vidu.vn").await;
    assert_eq!(
        read_stock().await,
        json!({"available": 8, "reserved": 2, "sold": 1})
    );
    // The counters equal a real count.
    let real = app
        .scalar(&format!(
            "SELECT count(*) AS n FROM serial_codes WHERE product_id = '{product}' AND status = 'available'"
        ))
        .await;
    assert_eq!(real, 8);
    // The storefront: 8 available, threshold 10 -> low.
    let web = app
        .call(Method::GET, PRODUCT_WEB_PAGINATION, None, None)
        .await;
    assert_eq!(web["result"]["items"][0]["stockLevel"], "low");
}
