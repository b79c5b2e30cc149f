//! The storefront's product page: one active product by its slug, and by an earlier
//! slug after a rename (with the current one to move to).

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use support::*;

const BY_SLUG: &str = "/retailstore/api/web/v1/Product/BySlug";

async fn by_slug(app: &TestApp, slug: &str) -> shop_common::testing::Answer {
    app.call(Method::GET, &format!("{BY_SLUG}?slug={slug}"), None, None)
        .await
}

async fn create(app: &TestApp, body: Value) -> Value {
    app.post(PRODUCT_CREATE, body).await.ok().clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn an_active_product_is_found_by_its_slug_with_a_stock_level_only() {
    let app = TestApp::spawn().await;
    let product = create(
        &app,
        json!({"name": "Thẻ Garena 100K", "price": 95_000, "originalPrice": 100_000,
               "status": "active", "lowStockThreshold": 5, "minPerOrder": 1, "maxPerOrder": 4,
               "summary": "Nạp ngay", "description": "# Cách dùng\n\n**Nạp** tại garena.vn",
               "redeemInstructions": "Vào trang nạp"}),
    )
    .await;
    app.import(product["id"].as_str().unwrap(), &codes("GR", 0..3))
        .await;

    let answer = by_slug(&app, "the-garena-100k").await;
    let page = answer.ok();
    assert_eq!(page["id"], product["id"]);
    assert_eq!(page["name"], "Thẻ Garena 100K");
    assert_eq!(page["slug"], "the-garena-100k");
    assert_eq!(page["canonicalSlug"], "the-garena-100k");
    assert_eq!(page["status"], "active");
    assert_eq!(page["price"], 95_000);
    assert_eq!(page["originalPrice"], 100_000);
    assert_eq!(page["description"], "# Cách dùng\n\n**Nạp** tại garena.vn");
    assert_eq!(page["redeemInstructions"], "Vào trang nạp");
    assert_eq!(page["stockLevel"], "low");
    assert_eq!(page["inStock"], true);
    assert_eq!(page["minPerOrder"], 1);
    assert_eq!(page["maxPerOrder"], 4);
    let text = answer.to_string();
    assert!(!text.contains("available"), "{text}");
    assert!(!text.contains("lowStockThreshold"), "{text}");
    assert!(!text.contains("sortOrder"), "{text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn drafts_hidden_and_unknown_slugs_are_not_found_and_bad_slugs_are_refused() {
    let app = TestApp::spawn().await;
    create(&app, json!({"name": "Nháp", "price": 1, "status": "draft"})).await;
    create(&app, json!({"name": "Ẩn", "price": 1, "status": "hidden"})).await;
    let before = app.scalar("SELECT count(*) AS n FROM products").await;

    by_slug(&app, "nhap").await.error(404, 2);
    by_slug(&app, "an").await.error(404, 2);
    by_slug(&app, "khong-co").await.error(404, 2);
    for bad in ["", "C%C3%B3-d%E1%BA%A5u", "a--b", "a%20b", &"a".repeat(201)] {
        let fields = by_slug(&app, bad).await.error(400, 1);
        assert_eq!(fields, ["slug"], "{bad}");
    }
    let missing = app.call(Method::GET, BY_SLUG, None, None).await;
    assert_eq!(missing.status, 400);

    // Refused calls change nothing.
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM products").await,
        before
    );
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM product_slugs").await,
        0
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_old_slug_answers_with_the_current_one_after_a_rename() {
    let app = TestApp::spawn().await;
    let product = create(
        &app,
        json!({"name": "Thẻ Garena 100K", "price": 100_000, "status": "active"}),
    )
    .await;
    let id = product["id"].clone();

    // Renamed and re-slugged twice: both earlier slugs lead to the product.
    app.put(
        PRODUCT_UPDATE,
        json!({"id": id, "name": "Thẻ Garena 200K", "slug": null}),
    )
    .await
    .ok();
    app.put(PRODUCT_UPDATE, json!({"id": id, "slug": "garena-200"}))
        .await
        .ok();
    for old in ["the-garena-100k", "the-garena-200k"] {
        let answer = by_slug(&app, old).await;
        let page = answer.ok();
        assert_eq!(page["id"], id, "{old}");
        assert_eq!(page["slug"], "garena-200");
        assert_eq!(page["canonicalSlug"], "garena-200");
        assert_eq!(page["name"], "Thẻ Garena 200K");
    }
    assert_eq!(by_slug(&app, "garena-200").await.ok()["id"], id);

    // Taking an old slug back removes it from the history.
    app.put(PRODUCT_UPDATE, json!({"id": id, "slug": "the-garena-100k"}))
        .await
        .ok();
    assert_eq!(
        by_slug(&app, "garena-200").await.ok()["canonicalSlug"],
        "the-garena-100k"
    );
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM product_slugs WHERE slug = 'the-garena-100k'")
            .await,
        0
    );

    // Another product may take an old slug: the live product wins.
    let other = create(
        &app,
        json!({"name": "Khác", "slug": "the-garena-200k", "price": 1, "status": "active"}),
    )
    .await;
    assert_eq!(
        by_slug(&app, "the-garena-200k").await.ok()["id"],
        other["id"]
    );

    // A refused rename (the slug is a live product's) keeps the history as it was.
    let history = app.scalar("SELECT count(*) AS n FROM product_slugs").await;
    app.put(PRODUCT_UPDATE, json!({"id": id, "slug": "the-garena-200k"}))
        .await
        .error(409, 301);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM product_slugs").await,
        history
    );
    assert_eq!(by_slug(&app, "the-garena-100k").await.ok()["id"], id);

    // Hiding the product hides it under every slug.
    app.put(PRODUCT_UPDATE, json!({"id": id, "status": "hidden"}))
        .await
        .ok();
    by_slug(&app, "garena-200").await.error(404, 2);
    by_slug(&app, "the-garena-100k").await.error(404, 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn deleting_a_product_deletes_its_old_slugs() {
    let app = TestApp::spawn().await;
    let product = create(&app, json!({"name": "Tạm", "price": 1, "status": "active"})).await;
    let id = product["id"].as_str().unwrap().to_owned();
    app.put(PRODUCT_UPDATE, json!({"id": id, "slug": "tam-2"}))
        .await
        .ok();
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM product_slugs").await,
        1
    );
    app.delete(&format!("{PRODUCT_DELETE}?id={id}")).await.ok();
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM product_slugs").await,
        0
    );
    by_slug(&app, "tam").await.error(404, 2);
}
