//! The storefront product list: what it shows, and that it follows catalogue writes.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use support::*;

#[tokio::test(flavor = "multi_thread")]
async fn storefront_lists_active_products_with_a_stock_level_only() {
    let app = TestApp::spawn().await;
    let plenty = app
        .post(
            PRODUCT_CREATE,
            json!({"name": "Steam Wallet 200K", "price": 210_000,
                               "status": "active", "sortOrder": 1, "lowStockThreshold": 2}),
        )
        .await
        .ok()
        .clone();
    let low = app
        .post(
            PRODUCT_CREATE,
            json!({"name": "Thẻ Viettel 50K", "price": 48_000,
                               "originalPrice": 50_000, "status": "active", "sortOrder": 2}),
        )
        .await
        .ok()
        .clone();
    let none = app
        .post(
            PRODUCT_CREATE,
            json!({"name": "Netflix 1 tháng", "price": 79_000,
                               "status": "active", "sortOrder": 2}),
        )
        .await
        .ok()
        .clone();
    app.post(
        PRODUCT_CREATE,
        json!({"name": "Nháp", "price": 1, "status": "draft"}),
    )
    .await
    .ok();
    app.post(
        PRODUCT_CREATE,
        json!({"name": "Ẩn", "price": 1, "status": "hidden"}),
    )
    .await
    .ok();
    app.import(plenty["id"].as_str().unwrap(), &codes("STEAM", 0..3))
        .await;
    app.import(low["id"].as_str().unwrap(), &codes("VT", 0..2))
        .await;

    let answer = app
        .call(Method::GET, PRODUCT_WEB_PAGINATION, None, None)
        .await;
    assert_eq!(answer.status, 200);
    let result = &answer["result"];
    assert_eq!(result["totalCount"], 3);
    assert_eq!(result["pageIndex"], 1);
    assert_eq!(result["pageSize"], 20);
    let items = result["items"].as_array().unwrap();
    // sortOrder asc, then the newest first.
    let names: Vec<_> = items.iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["Steam Wallet 200K", "Netflix 1 tháng", "Thẻ Viettel 50K"]
    );
    let levels: Vec<_> = items
        .iter()
        .map(|p| {
            (
                p["inStock"].as_bool().unwrap(),
                p["stockLevel"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        levels,
        [(true, "in_stock"), (false, "out_of_stock"), (true, "low")]
    );
    let keys: Vec<_> = items[2].as_object().unwrap().keys().cloned().collect();
    let mut expected = vec![
        "description",
        "id",
        "imageUrl",
        "inStock",
        "maxPerOrder",
        "minPerOrder",
        "name",
        "originalPrice",
        "price",
        "redeemInstructions",
        "slug",
        "stockLevel",
        "summary",
    ];
    expected.sort_unstable();
    assert_eq!(keys, expected);
    assert!(!answer.to_string().contains("available"));
    assert_eq!(items[2]["originalPrice"], 50_000);
    assert_eq!(none["status"], "active");

    // Keyword: accents and case do not matter through the slug; ILIKE on the name.
    let found = app
        .call(
            Method::GET,
            &format!("{}?keyword=the%20viettel", PRODUCT_WEB_PAGINATION),
            None,
            None,
        )
        .await;
    assert_eq!(found["result"]["totalCount"], 1);
    assert_eq!(found["result"]["items"][0]["name"], "Thẻ Viettel 50K");
    let found = app
        .call(
            Method::GET,
            &format!("{}?keyword=Th%E1%BA%BB", PRODUCT_WEB_PAGINATION),
            None,
            None,
        )
        .await;
    assert_eq!(found["result"]["totalCount"], 1);
    let hidden = app
        .call(
            Method::GET,
            &format!("{}?keyword=nh%C3%A1p", PRODUCT_WEB_PAGINATION),
            None,
            None,
        )
        .await;
    assert_eq!(hidden["result"]["totalCount"], 0);
    // Paging and refused parameters.
    let second = app
        .call(
            Method::GET,
            &format!("{}?pageIndex=2&pageSize=2", PRODUCT_WEB_PAGINATION),
            None,
            None,
        )
        .await;
    assert_eq!(second["result"]["items"].as_array().unwrap().len(), 1);
    assert_eq!(second["result"]["totalCount"], 3);
    for bad in [
        "sortBy=price",
        "pageSize=101",
        "pageIndex=0",
        "pageSize=abc",
        "keyword=th%E1%BA%BB%00",
    ] {
        let answer = app
            .call(
                Method::GET,
                &format!("{}?{bad}", PRODUCT_WEB_PAGINATION),
                None,
                None,
            )
            .await;
        answer.error(400, 1);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn storefront_answers_follow_catalogue_writes_at_once() {
    let app = TestApp::spawn().await;
    let id = app.stocked("Thẻ Garena 100K", "", 0).await;
    let items = storefront_items(&app).await;
    assert_eq!(items.len(), 1);
    assert_eq!(items[0]["stockLevel"], "out_of_stock");

    // The list is now cached; an import and a rename show on the very next read.
    app.import(&id, &codes("GAR", 0..20)).await;
    let status = app
        .put(PRODUCT_UPDATE, json!({"id": id, "name": "Thẻ Garena 200K"}))
        .await
        .status;
    assert_eq!(status, 200);
    let items = storefront_items(&app).await;
    assert_eq!(items[0]["name"], "Thẻ Garena 200K");
    assert_eq!(items[0]["stockLevel"], "in_stock");

    // Hidden products leave the storefront at once too.
    let status = app
        .put(PRODUCT_UPDATE, json!({"id": id, "status": "hidden"}))
        .await
        .status;
    assert_eq!(status, 200);
    assert!(storefront_items(&app).await.is_empty());
}

async fn storefront_items(app: &TestApp) -> Vec<Value> {
    let answer = app
        .call(Method::GET, PRODUCT_WEB_PAGINATION, None, None)
        .await;
    assert_eq!(answer.status, 200);
    answer["result"]["items"].as_array().unwrap().clone()
}
