//! Products over HTTP (admin side): auth, CRUD, validation, slugs, the admin list,
//! staff access, delete and unknown routes. The storefront list is in `storefront.rs`.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use shop_common::auth::Role;
use support::*;
use uuid::Uuid;

#[tokio::test(flavor = "multi_thread")]
async fn admin_routes_need_a_valid_token() {
    let app = TestApp::spawn().await;
    let id = uuid::Uuid::new_v4();
    let calls: [(Method, String, Option<Value>); 11] = [
        (Method::GET, PRODUCT_PAGINATION.to_owned(), None),
        (Method::GET, format!("{}?id={id}", PRODUCT_READ), None),
        (
            Method::POST,
            PRODUCT_CREATE.to_owned(),
            Some(json!({"name": "x", "price": 1})),
        ),
        (
            Method::PUT,
            PRODUCT_UPDATE.to_owned(),
            Some(json!({"id": id})),
        ),
        (Method::DELETE, format!("{}?id={id}", PRODUCT_DELETE), None),
        (Method::GET, CODE_PAGINATION.to_owned(), None),
        (
            Method::POST,
            BULK_PATH.into(),
            Some(json!({"productId": id, "codes": ["A"]})),
        ),
        (Method::PUT, CODE_UPDATE.to_owned(), Some(json!({"id": id}))),
        (Method::DELETE, format!("{}?id={id}", CODE_DELETE), None),
        (
            Method::POST,
            CODE_REVEAL.to_owned(),
            Some(json!({"id": id})),
        ),
        // Malformed bodies still answer 401 first for an anonymous caller.
        (
            Method::POST,
            PRODUCT_CREATE.to_owned(),
            Some(json!("not an object")),
        ),
    ];
    for (method, path, body) in &calls {
        let answer = app.call(method.clone(), path, None, body.as_ref()).await;
        answer.error(401, 5);
        let answer = app
            .call(method.clone(), path, Some("not-a-jwt"), body.as_ref())
            .await;
        answer.error(401, 5);
    }
    // A token signed by another key.
    let stranger = shop_common::testing::TestTokens::new().token(shop_common::auth::Role::Admin);
    let answer = app
        .call(Method::GET, PRODUCT_PAGINATION, Some(&stranger), None)
        .await;
    answer.error(401, 5);
    // The storefront list is public, and ignores a stale token.
    let status = app
        .call(Method::GET, PRODUCT_WEB_PAGINATION, None, None)
        .await
        .status;
    assert_eq!(status, 200);
    let status = app
        .call(Method::GET, PRODUCT_WEB_PAGINATION, Some("stale"), None)
        .await
        .status;
    assert_eq!(status, 200);
    assert_eq!(app.scalar("SELECT count(*) AS n FROM products").await, 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn create_read_update_delete() {
    let app = TestApp::spawn().await;
    let created = app
        .post(
            PRODUCT_CREATE,
            json!({
                "name": "  Thẻ Garena 100K ",
                "summary": "Nạp Sò",
                "description": "Dòng 1\nDòng 2",
                "imageUrl": "/uploads/abc.png",
                "price": 96_000,
                "originalPrice": 100_000,
                "status": "active",
                "sortOrder": 3,
                "minPerOrder": 2,
                "maxPerOrder": 20,
                "lowStockThreshold": 5
            }),
        )
        .await
        .ok()
        .clone();
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["name"], "Thẻ Garena 100K");
    assert_eq!(created["slug"], "the-garena-100k");
    assert_eq!(created["originalPrice"], 100_000);
    assert_eq!(
        created["stock"],
        json!({"available": 0, "reserved": 0, "sold": 0})
    );
    assert!(created["createdAt"].as_str().unwrap().ends_with('Z'));

    // Defaults.
    let plain = app
        .post(PRODUCT_CREATE, json!({"name": "Đồng hồ", "price": 1}))
        .await
        .ok()
        .clone();
    assert_eq!(plain["slug"], "dong-ho");
    assert_eq!(plain["status"], "draft");
    assert_eq!(plain["minPerOrder"], 1);
    assert_eq!(plain["maxPerOrder"], 10);
    assert_eq!(plain["lowStockThreshold"], 10);
    assert_eq!(plain["sortOrder"], 0);
    assert_eq!(plain["originalPrice"], Value::Null);
    assert_eq!(plain["summary"], Value::Null);

    let read = app.get(&format!("{}?id={id}", PRODUCT_READ)).await;
    assert_eq!(read.status, 200);
    assert_eq!(read["result"], created);

    // Left out: unchanged. null: cleared. The slug stays when the name changes.
    let updated = app
        .put(
            PRODUCT_UPDATE,
            json!({"id": id, "name": "Thẻ Garena 200K", "summary": null,
                   "originalPrice": null, "price": 190_000}),
        )
        .await;
    assert_eq!(updated.status, 200, "{updated}");
    let updated = &updated["result"];
    assert_eq!(updated["name"], "Thẻ Garena 200K");
    assert_eq!(updated["slug"], "the-garena-100k");
    assert_eq!(updated["summary"], Value::Null);
    assert_eq!(updated["originalPrice"], Value::Null);
    assert_eq!(updated["description"], "Dòng 1\nDòng 2");
    assert_eq!(updated["price"], 190_000);
    assert_eq!(updated["minPerOrder"], 2);
    assert_ne!(updated["updatedAt"], created["updatedAt"]);

    // slug: null derives it again from the name.
    let reslugged = app
        .put(PRODUCT_UPDATE, json!({"id": id, "slug": null}))
        .await;
    assert_eq!(reslugged["result"]["slug"], "the-garena-200k");
    let given = app
        .put(PRODUCT_UPDATE, json!({"id": id, "slug": "garena-200"}))
        .await;
    assert_eq!(given["result"]["slug"], "garena-200");

    let deleted = app.delete(&format!("{}?id={id}", PRODUCT_DELETE)).await;
    assert_eq!(deleted.status, 200);
    assert_eq!(deleted["result"], true);
    let answer = app.get(&format!("{}?id={id}", PRODUCT_READ)).await;
    answer.error(404, 2);
    let answer = app.delete(&format!("{}?id={id}", PRODUCT_DELETE)).await;
    answer.error(404, 2);
    let answer = app
        .put(PRODUCT_UPDATE, json!({"id": id, "name": "x"}))
        .await;
    answer.error(404, 2);
    let answer = app.get(&format!("{}?id=not-a-uuid", PRODUCT_READ)).await;
    answer.error(400, 1);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM product_stock").await,
        1
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn validation_reports_fields_and_stores_nothing() {
    let app = TestApp::spawn().await;
    let cases = [
        (json!({"name": "A", "price": 0}), vec!["price"]),
        (
            json!({"name": "A", "price": 1_000_000_000_001_i64}),
            vec!["price"],
        ),
        (json!({"name": "A"}), vec!["price"]),
        (
            json!({"name": "A", "price": 100, "originalPrice": 99}),
            vec!["originalPrice"],
        ),
        (
            json!({"name": "A", "price": 100, "minPerOrder": 5, "maxPerOrder": 4}),
            vec!["maxPerOrder"],
        ),
        (
            json!({"name": "A", "price": 100, "maxPerOrder": 101}),
            vec!["maxPerOrder"],
        ),
        (
            json!({"name": "A", "price": 100, "minPerOrder": 0}),
            vec!["minPerOrder"],
        ),
        (
            json!({"name": "A", "price": 100, "lowStockThreshold": -1}),
            vec!["lowStockThreshold"],
        ),
        (json!({"name": "", "price": 100}), vec!["name"]),
        (json!({"name": "x".repeat(201), "price": 100}), vec!["name"]),
        (
            json!({"name": "A", "price": 100, "slug": "Có dấu"}),
            vec!["slug"],
        ),
        (
            json!({"name": "A", "price": 100, "slug": "a--b"}),
            vec!["slug"],
        ),
        (
            json!({"name": "A", "price": 100, "status": "sold"}),
            vec!["status"],
        ),
        (
            json!({"name": "A", "price": 100, "imageUrl": "ftp://x/a.png"}),
            vec!["imageUrl"],
        ),
        (
            json!({"name": "", "price": 0, "maxPerOrder": 101}),
            vec!["name", "price", "maxPerOrder"],
        ),
    ];
    for (body, fields) in cases {
        let answer = app.post(PRODUCT_CREATE, body.clone()).await;
        let details = answer.error(400, 1);
        assert_eq!(details, fields, "{body}");
    }
    // Unreadable JSON and wrong types answer code 1 in the envelope too.
    app.post_text(PRODUCT_CREATE, "{bad json")
        .await
        .error(400, 1);
    let answer = app
        .post(PRODUCT_CREATE, json!({"name": "A", "price": "nhiều"}))
        .await;
    answer.error(400, 1);
    assert_eq!(app.scalar("SELECT count(*) AS n FROM products").await, 0);

    // Update checks the merged product; a refused update changes nothing.
    let product = app
        .post(
            PRODUCT_CREATE,
            json!({"name": "Thẻ Viettel 50K", "price": 50_000, "originalPrice": 60_000}),
        )
        .await
        .ok()
        .clone();
    let id = product["id"].as_str().unwrap();
    let updates = [
        (json!({"id": id, "price": 70_000}), vec!["originalPrice"]),
        (json!({"id": id, "name": null}), vec!["name"]),
        (json!({"id": id, "price": null}), vec!["price"]),
        (
            json!({"id": id, "maxPerOrder": 101, "price": 0}),
            vec!["price", "maxPerOrder"],
        ),
    ];
    for (body, fields) in updates {
        let answer = app.put(PRODUCT_UPDATE, body.clone()).await;
        assert_eq!(answer.error(400, 1), fields, "{body}");
    }
    let read = app.get(&format!("{}?id={id}", PRODUCT_READ)).await;
    assert_eq!(read["result"], product);
}

#[tokio::test(flavor = "multi_thread")]
async fn slugs_are_folded_and_unique() {
    let app = TestApp::spawn().await;
    let first = app
        .post(
            PRODUCT_CREATE,
            json!({"name": "Thẻ Garena 100K", "price": 100_000}),
        )
        .await
        .ok()
        .clone();
    assert_eq!(first["slug"], "the-garena-100k");
    let dong_ho = app
        .post(PRODUCT_CREATE, json!({"name": "Đồng hồ", "price": 100_000}))
        .await
        .ok()
        .clone();
    assert_eq!(dong_ho["slug"], "dong-ho");

    // The same name derives the same slug: taken.
    let answer = app
        .post(
            PRODUCT_CREATE,
            json!({"name": "THẺ GARENA 100k", "price": 1}),
        )
        .await;
    answer.error(409, 301);
    let answer = app
        .post(
            PRODUCT_CREATE,
            json!({"name": "Khác", "slug": "dong-ho", "price": 1}),
        )
        .await;
    answer.error(409, 301);
    let answer = app
        .put(
            PRODUCT_UPDATE,
            json!({"id": dong_ho["id"], "slug": "the-garena-100k"}),
        )
        .await;
    answer.error(409, 301);
    // Keeping its own slug is no conflict.
    let status = app
        .put(
            PRODUCT_UPDATE,
            json!({"id": dong_ho["id"], "slug": "dong-ho"}),
        )
        .await
        .status;
    assert_eq!(status, 200);
    assert_eq!(app.scalar("SELECT count(*) AS n FROM products").await, 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn admin_list_filters_and_sorts() {
    let app = TestApp::spawn().await;
    for (name, price, status, sort) in [
        ("Bravo", 300, "active", 2),
        ("alpha", 100, "draft", 1),
        ("Charlie", 200, "hidden", 3),
        ("Delta", 400, "active", 0),
    ] {
        app.post(
            PRODUCT_CREATE,
            json!({"name": name, "price": price, "status": status, "sortOrder": sort}),
        )
        .await
        .ok();
    }
    let names = |answer: &Value| -> Vec<String> {
        answer["result"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let all = app.get(PRODUCT_PAGINATION).await;
    assert_eq!(all["result"]["totalCount"], 4);
    assert_eq!(names(&all.body), ["Delta", "alpha", "Bravo", "Charlie"]);
    assert!(all["result"]["items"][0]["stock"].is_object());

    let by_price = app
        .get(&format!("{}?sortBy=price&sortDir=desc", PRODUCT_PAGINATION))
        .await;
    assert_eq!(
        names(&by_price.body),
        ["Delta", "Bravo", "Charlie", "alpha"]
    );
    let by_created = app
        .get(&format!(
            "{}?sortBy=createdAt&sortDir=asc",
            PRODUCT_PAGINATION
        ))
        .await;
    assert_eq!(
        names(&by_created.body),
        ["Bravo", "alpha", "Charlie", "Delta"]
    );
    let by_sort = app
        .get(&format!(
            "{}?sortBy=sortOrder&sortDir=desc",
            PRODUCT_PAGINATION
        ))
        .await;
    assert_eq!(names(&by_sort.body), ["Charlie", "Bravo", "alpha", "Delta"]);
    let by_name = app
        .get(&format!("{}?sortBy=name", PRODUCT_PAGINATION))
        .await;
    assert_eq!(by_name["result"]["items"].as_array().unwrap().len(), 4);

    let active = app
        .get(&format!("{}?status=active", PRODUCT_PAGINATION))
        .await;
    assert_eq!(names(&active.body), ["Delta", "Bravo"]);
    assert_eq!(active["result"]["totalCount"], 2);
    let keyword = app
        .get(&format!(
            "{}?keyword=ALPHA&status=draft",
            PRODUCT_PAGINATION
        ))
        .await;
    assert_eq!(names(&keyword.body), ["alpha"]);
    let escaped = app
        .get(&format!("{}?keyword=%25", PRODUCT_PAGINATION))
        .await;
    assert_eq!(escaped["result"]["totalCount"], 0);

    for bad in ["sortBy=slug", "sortBy=price&sortDir=up", "status=sold"] {
        let answer = app.get(&format!("{}?{bad}", PRODUCT_PAGINATION)).await;
        answer.error(400, 1);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn delete_is_refused_while_codes_are_reserved_or_sold() {
    let app = TestApp::spawn().await;
    let id = app.stocked("Thẻ Garena 100K", "", 0).await;
    app.import(&id, &codes("GRN", 0..5)).await;
    // An unpaid order holds a code (reserved); then it is paid (sold).
    let order = app
        .anon()
        .post(CREATE_ORDER_PATH, order_body(&id, 1, "a@vidu.vn"))
        .await;
    let code = order.ok()["code"].as_str().unwrap().to_owned();
    for status in ["reserved", "sold"] {
        if status == "sold" {
            app.pay(&code, 50_000, "tx-1").await;
        }
        app.delete(&format!("{}?id={id}", PRODUCT_DELETE))
            .await
            .error(409, 302);
        // Nothing was deleted, not even the unsold codes.
        assert_eq!(
            app.scalar(&format!(
                "SELECT count(*) AS n FROM serial_codes WHERE product_id = '{id}'"
            ))
            .await,
            5
        );
        let read = app.get(&format!("{}?id={id}", PRODUCT_READ)).await;
        assert_eq!(read["success"], true);
        // A refused delete leaves no audit row.
        assert!(app.audit().await.is_empty());
    }
    // Once no code is reserved or sold (and no order names it), the product goes with
    // its unsold codes.
    app.execute(
        "UPDATE serial_codes SET status = 'available', order_id = NULL, \
                order_item_id = NULL, reserved_at = NULL, sold_at = NULL",
    )
    .await;
    app.execute("DELETE FROM orders").await;
    let admin = app
        .tokens
        .token_named(Uuid::new_v4(), "chu.shop", Role::Admin);
    let status = app
        .call(
            Method::DELETE,
            &format!("{}?id={id}", PRODUCT_DELETE),
            Some(&admin),
            None,
        )
        .await
        .status;
    assert_eq!(status, 200);
    assert_eq!(
        app.audit().await,
        [format!(
            "chu.shop|product_delete|Thẻ Garena 100K|Xóa sản phẩm {id} cùng 5 mã chưa bán"
        )]
    );
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM serial_codes").await,
        0
    );
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM product_stock").await,
        0
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn staff_may_manage_products_but_not_delete_them() {
    let app = TestApp::spawn().await;
    let staff = Some(app.staff.as_str());
    let created = app
        .call(
            Method::POST,
            PRODUCT_CREATE,
            staff,
            Some(&json!({"name": "Thẻ Zing 100K", "price": 100_000})),
        )
        .await;
    assert_eq!(created.status, 200, "{created}");
    let id = created["result"]["id"].as_str().unwrap();
    let status = app
        .call(
            Method::PUT,
            PRODUCT_UPDATE,
            staff,
            Some(&json!({"id": id, "status": "active"})),
        )
        .await
        .status;
    assert_eq!(status, 200);
    let status = app
        .call(
            Method::GET,
            &format!("{}?id={id}", PRODUCT_READ),
            staff,
            None,
        )
        .await
        .status;
    assert_eq!(status, 200);
    let list = app.call(Method::GET, PRODUCT_PAGINATION, staff, None).await;
    assert_eq!(
        (list.status, list["result"]["totalCount"].as_i64()),
        (200, Some(1))
    );
    app.import(id, &codes("ZING", 0..2)).await;
    let before = app.schema.dump("serial_codes").await;
    let answer = app
        .call(
            Method::DELETE,
            &format!("{}?id={id}", PRODUCT_DELETE),
            staff,
            None,
        )
        .await;
    answer.error(403, 6);
    assert_eq!(app.schema.dump("serial_codes").await, before);
    // Only staff's status change is in the log (money-relevant), not the refused delete.
    assert_eq!(
        app.audit().await,
        ["test-staff|product_status_change|Thẻ Zing 100K|Trạng thái: draft -> active"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn wrong_methods_and_paths_answer_in_the_envelope() {
    let app = TestApp::spawn().await;
    let answer = app
        .call(Method::POST, PRODUCT_PAGINATION, Some(&app.admin), None)
        .await;
    answer.error(404, 2);
    let answer = app
        .call(Method::GET, PRODUCT_CREATE, Some(&app.admin), None)
        .await;
    answer.error(404, 2);
    let answer = app.get("/retailstore/api/admin/v1/Product/Nope").await;
    answer.error(404, 2);
}
