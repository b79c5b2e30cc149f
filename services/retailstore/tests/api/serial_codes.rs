//! Serial codes over HTTP: listing, search, guarded edits, reveal, and stock counters.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use shop_common::auth::Role;
use support::*;
use uuid::Uuid;

async fn code_id(app: &TestApp, product_id: &str, code: &str) -> String {
    let found = app
        .post(
            CODE_SEARCH,
            json!({"code": code, "productId": Some(product_id)}),
        )
        .await
        .items();
    assert_eq!(found.len(), 1, "{code}: {found:?}");
    found[0]["id"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn list_shows_masked_codes_newest_first_and_filters() {
    let app = TestApp::spawn().await;
    let garena = app.stocked("Thẻ Garena 100K", "", 0).await;
    let viettel = app.stocked("Thẻ Viettel 50K", "", 0).await;
    app.import(&garena, &["GRN-OLD-AB12".to_owned()]).await;
    app.import(
        &garena,
        &["GRN-NEW-CD34".to_owned(), "GRN-NEW-EF56".to_owned()],
    )
    .await;
    app.import(&viettel, &codes("VT", 0..4)).await;

    let items = app
        .get(&format!(
            "{}?productId={}&pageSize=100",
            CODE_PAGINATION, &garena
        ))
        .await
        .items();
    assert_eq!(items.len(), 3);
    let masked: Vec<_> = items
        .iter()
        .map(|c| c["maskedCode"].as_str().unwrap())
        .collect();
    assert_eq!(masked[2], "••••••AB12");
    assert!(masked[..2].contains(&"••••••CD34") && masked[..2].contains(&"••••••EF56"));
    let first = &items[0];
    assert_eq!(first["productId"], garena.as_str());
    assert_eq!(first["productName"], "Thẻ Garena 100K");
    assert_eq!(first["status"], "available");
    for key in ["orderId", "orderCode", "expiresAt", "note", "soldAt"] {
        assert_eq!(first[key], Value::Null, "{key}");
    }
    let mut keys: Vec<_> = first.as_object().unwrap().keys().cloned().collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "createdAt",
            "expiresAt",
            "id",
            "maskedCode",
            "note",
            "orderCode",
            "orderId",
            "productId",
            "productName",
            "serial",
            "soldAt",
            "status"
        ]
    );

    // The whole list carries no clear text.
    let all = app.get(&format!("{}?pageSize=100", CODE_PAGINATION)).await;
    assert_eq!(all["result"]["totalCount"], 7);
    let text = all.to_string();
    assert!(!text.contains("GRN-") && !text.contains("VT-0"), "{text}");
    let oldest = app
        .get(&format!(
            "{}?productId={garena}&sortBy=createdAt&sortDir=asc",
            CODE_PAGINATION
        ))
        .await;
    assert_eq!(oldest["result"]["items"][0]["maskedCode"], "••••••AB12");

    // Status filter and counts from the counters.
    // One Viettel code sold through an order (the database refuses a sold code without
    // one).
    let order = app
        .anon()
        .post(CREATE_ORDER_PATH, order_body(&viettel, 1, "a@vidu.vn"))
        .await;
    app.pay(order.ok()["code"].as_str().unwrap(), 50_000, "tx-vt")
        .await;
    let sold = app
        .get(&format!(
            "{}?productId={viettel}&status=sold",
            CODE_PAGINATION
        ))
        .await;
    assert_eq!(sold["result"]["totalCount"], 1);
    assert_eq!(sold["result"]["items"].as_array().unwrap().len(), 1);
    let available = app
        .get(&format!("{}?status=available", CODE_PAGINATION))
        .await;
    assert_eq!(available["result"]["totalCount"], 6);
    let page2 = app
        .get(&format!("{}?pageSize=5&pageIndex=2", CODE_PAGINATION))
        .await;
    assert_eq!(page2["result"]["items"].as_array().unwrap().len(), 2);
    let unknown = app
        .get(&format!("{}?productId={}", CODE_PAGINATION, Uuid::new_v4()))
        .await;
    assert_eq!(unknown["result"]["totalCount"], 0);

    for bad in ["status=gone", "productId=123", "sortBy=code", "pageSize=0"] {
        let answer = app.get(&format!("{}?{bad}", CODE_PAGINATION)).await;
        answer.error(400, 1);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn search_matches_the_exact_code_only() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Steam Wallet 200K", "", 0).await;
    let other = app.stocked("Windows 11 Pro Key", "", 0).await;
    app.import(
        &product,
        &["AbC-123-xYz".to_owned(), "ABC-124-XYZ".to_owned()],
    )
    .await;
    // A code is unique across the shop: the other product cannot hold it too.
    let other_import = app.import(&other, &["AbC-123-xYz".to_owned()]).await;
    assert_eq!(other_import["inserted"], 0);
    assert_eq!(
        other_import["duplicates"][0]["productName"],
        "Steam Wallet 200K"
    );

    // Exact search goes in a POST body, never a URL.
    assert_eq!(
        app.post(
            CODE_SEARCH,
            json!({"code": "AbC-123-xYz", "productId": null})
        )
        .await
        .items()
        .len(),
        1
    );
    let found = app
        .post(
            CODE_SEARCH,
            json!({"code": " AbC-123-xYz ", "productId": Some(&product)}),
        )
        .await
        .items();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["maskedCode"], "••••••-xYz");
    assert_eq!(found[0]["productName"], "Steam Wallet 200K");
    for miss in ["abc-123-xyz", "ABC-123-XYZ", "AbC-123", "AbC-123-xYz0"] {
        assert_eq!(
            app.post(
                CODE_SEARCH,
                json!({"code": miss, "productId": Some(&product)})
            )
            .await
            .items(),
            Vec::<Value>::new(),
            "{miss}"
        );
    }
    // The list's keyword no longer finds a code in clear (only order codes).
    let answer = app
        .get(&format!("{}?keyword=AbC-123-xYz", CODE_PAGINATION))
        .await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer["result"]["totalCount"], 0);
    // Something that cannot be a code is a field error, in Search as in the list.
    let answer = app.get(&format!("{}?keyword=a%07b", CODE_PAGINATION)).await;
    answer.error(400, 1);
    assert_eq!(answer["error"]["details"][0]["field"], "keyword");
    for bad in [json!({"code": "a\u{7}b"}), json!({"code": "  "}), json!({})] {
        let answer = app.post(CODE_SEARCH, bad.clone()).await;
        answer.error(400, 1);
        assert_eq!(answer["error"]["details"][0]["field"], "code", "{bad}");
    }
    let answer = app
        .post(
            CODE_SEARCH,
            json!({"code": "AbC-123-xYz", "productId": "nope"}),
        )
        .await;
    answer.error(400, 1);
    // Staff search too; without a token nobody does.
    let answer = app
        .call(
            Method::POST,
            CODE_SEARCH,
            Some(&app.staff),
            Some(&json!({"code": "AbC-123-xYz"})),
        )
        .await;
    assert_eq!(
        (
            answer.status,
            answer["result"]["items"].as_array().map(Vec::len)
        ),
        (200, Some(1))
    );
    let answer = app
        .call(
            Method::POST,
            CODE_SEARCH,
            None,
            Some(&json!({"code": "AbC-123-xYz"})),
        )
        .await;
    answer.error(401, 5);
}

#[tokio::test(flavor = "multi_thread")]
async fn update_rewrites_and_guards_codes() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "", 0).await;
    app.import(&product, &codes("GRN", 0..3)).await;
    let id = code_id(&app, &product, "GRN-000000").await;

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
    assert_eq!(code_id(&app, &product, "GRN-NEW-9999").await, id);
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
    assert_eq!(code_id(&app, &product, "GRN-NEW-9999").await, id);
    // A code another product holds: 311 too (unique across the shop), no audit row.
    let other = app.stocked("Thẻ Viettel 50K", "VT", 1).await;
    let audit = app.audit().await;
    let answer = app
        .put(CODE_UPDATE, json!({"id": id, "code": "VT-000000"}))
        .await;
    answer.error(409, 311);
    assert_eq!(code_id(&app, &product, "GRN-NEW-9999").await, id);
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
    let held = app
        .anon()
        .post(CREATE_ORDER_PATH, order_body(&product, 1, "a@vidu.vn"))
        .await;
    held.ok();
    let paid = app
        .anon()
        .post(CREATE_ORDER_PATH, order_body(&product, 1, "b@vidu.vn"))
        .await;
    app.pay(paid.ok()["code"].as_str().unwrap(), 50_000, "tx-1")
        .await;
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
async fn reveal_returns_the_code_and_audits_it() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Windows 11 Pro Key", "", 0).await;
    app.import(&product, &["W11P-ABCDE-12345".to_owned()]).await;
    let id = code_id(&app, &product, "W11P-ABCDE-12345").await;
    let user = Uuid::new_v4();
    let token = app.tokens.token_named(user, "chu.shop", Role::Admin);

    let response = app
        .client
        .post(app.url(CODE_REVEAL))
        .bearer_auth(&token)
        .json(&json!({"id": id}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["result"], json!({"code": "W11P-ABCDE-12345"}));

    let row = app
        .lines(
            "SELECT concat_ws('|', actor, actor_id, action, target, detail) AS line FROM audit_log",
        )
        .await;
    assert_eq!(
        row,
        [format!(
            "chu.shop|{user}|serial_code_reveal|{id}|Windows 11 Pro Key: mã ••••••2345"
        )]
    );
    let again = app.post(CODE_REVEAL, json!({"id": id})).await;
    assert_eq!(again["result"]["code"], "W11P-ABCDE-12345");
    assert_eq!(app.audit().await.len(), 2);
    // The clear code is nowhere in the log.
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM audit_log WHERE target || detail LIKE '%ABCDE%'")
            .await,
        0
    );

    // Unknown code: 404 and no audit row.
    let answer = app.post(CODE_REVEAL, json!({"id": Uuid::new_v4()})).await;
    answer.error(404, 2);
    let answer = app.post(CODE_REVEAL, json!({})).await;
    answer.error(400, 1);
    assert_eq!(app.audit().await.len(), 2);

    // A ciphertext moved to another product no longer decrypts: 500, no audit row.
    let other = app.stocked("Khác", "", 0).await;
    app.execute(&format!(
        "UPDATE serial_codes SET product_id = '{other}' WHERE id = '{id}'"
    ))
    .await;
    let answer = app.post(CODE_REVEAL, json!({"id": id})).await;
    answer.error(500, 9);
    assert!(!answer.to_string().contains("W11P"));
    assert_eq!(app.audit().await.len(), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_ciphertext_copied_onto_another_row_never_reveals() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "", 0).await;
    app.import(
        &product,
        &["GRN-AAAA-1111".to_owned(), "GRN-BBBB-2222".to_owned()],
    )
    .await;
    let a = code_id(&app, &product, "GRN-AAAA-1111").await;
    let b = code_id(&app, &product, "GRN-BBBB-2222").await;
    // A database writer copies A's sealed columns onto B (same product, same key).
    app.execute(&format!(
        "UPDATE serial_codes b SET nonce = a.nonce, ciphertext = a.ciphertext, key_id = a.key_id \
         FROM serial_codes a WHERE a.id = '{a}' AND b.id = '{b}'"
    ))
    .await;
    let answer = app.post(CODE_REVEAL, json!({"id": b})).await;
    answer.error(500, 9);
    assert!(!answer.to_string().contains("GRN-AAAA"), "{answer}");
    assert!(app.audit().await.is_empty());
    // The original row still reveals.
    let answer = app.post(CODE_REVEAL, json!({"id": a})).await;
    assert_eq!(answer["result"]["code"], "GRN-AAAA-1111");
}

#[tokio::test(flavor = "multi_thread")]
async fn staff_may_manage_codes_but_not_reveal_or_delete_them() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Mã giảm giá Shopee 20%", "", 0).await;
    let staff = Some(app.staff.as_str());
    let imported = app
        .call(
            Method::POST,
            BULK_PATH,
            staff,
            Some(&json!({"productId": product, "codes": ["SHP20-AAAA1111", "SHP20-BBBB2222"]})),
        )
        .await;
    assert_eq!(
        (imported.status, imported["result"]["inserted"].as_i64()),
        (200, Some(2))
    );
    let found = app
        .call(
            Method::POST,
            CODE_SEARCH,
            staff,
            Some(&json!({"code": "SHP20-AAAA1111"})),
        )
        .await;
    assert_eq!(found.status, 200);
    let id = found["result"]["items"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let status = app
        .call(
            Method::PUT,
            CODE_UPDATE,
            staff,
            Some(&json!({"id": id, "status": "disabled"})),
        )
        .await
        .status;
    assert_eq!(status, 200);
    let before = app.schema.dump("serial_codes").await;

    // Admin only: an unsold code in clear, and deleting one.
    let revealed = app
        .call(Method::POST, CODE_REVEAL, staff, Some(&json!({"id": id})))
        .await;
    revealed.error(403, 6);
    assert!(!revealed.to_string().contains("SHP20"));
    let answer = app
        .call(
            Method::DELETE,
            &format!("{}?id={id}", CODE_DELETE),
            staff,
            None,
        )
        .await;
    answer.error(403, 6);
    assert_eq!(app.schema.dump("serial_codes").await, before);
    assert!(app.audit().await.is_empty());

    // The admin may; each leaves one audit row naming the code by id, never in clear.
    let admin_id = Uuid::new_v4();
    let admin = app.tokens.token_named(admin_id, "chu.shop", Role::Admin);
    let status = app
        .call(
            Method::DELETE,
            &format!("{}?id={id}", CODE_DELETE),
            Some(&admin),
            None,
        )
        .await
        .status;
    assert_eq!(status, 200);
    assert_eq!(
        app.audit().await,
        [format!(
            "chu.shop|serial_code_delete|{id}|Mã giảm giá Shopee 20%: mã ••••••1111"
        )]
    );
    // A refused delete (already gone) writes nothing.
    let answer = app
        .call(
            Method::DELETE,
            &format!("{}?id={id}", CODE_DELETE),
            Some(&admin),
            None,
        )
        .await;
    answer.error(404, 2);
    assert_eq!(app.audit().await.len(), 1);
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

    let a = code_id(&app, &product, "GRN-000000").await;
    let b = code_id(&app, &product, "GRN-000001").await;
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
    let held = app
        .anon()
        .post(CREATE_ORDER_PATH, order_body(&product, 2, "a@vidu.vn"))
        .await;
    held.ok();
    let paid = app
        .anon()
        .post(CREATE_ORDER_PATH, order_body(&product, 1, "b@vidu.vn"))
        .await;
    app.pay(paid.ok()["code"].as_str().unwrap(), 50_000, "tx-1")
        .await;
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
