//! The OpenAPI document matches the routes; `seed-demo` fills an empty catalogue once.

use crate::support;

use reqwest::Method;
use retailstore::seed::{CODES_PER_PRODUCT, SeedOutcome, seed_demo};
use serde_json::Value;
use shop_common::testing::openapi::check_document;
use support::*;

#[tokio::test(flavor = "multi_thread")]
async fn openapi_document_describes_the_routes() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .get(app.url("/retailstore/openapi.json"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    let doc: Value = response.json().await.unwrap();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    // Not enveloped.
    assert!(doc.get("success").is_none());
    // Every route documented and every documented operation routed; examples valid.
    check_document(&doc, &retailstore::routes::table().operations());
    let paths = doc["paths"].as_object().unwrap();
    assert_eq!(paths.len(), 30);
    // The API routes (this document itself is public and not enveloped).
    for (path, operations) in paths
        .iter()
        .filter(|(p, _)| p.as_str() != "/retailstore/openapi.json")
    {
        for (method, operation) in operations.as_object().unwrap() {
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let answer = app.call(method.clone(), path, None, None).await;
            let public = path.contains("/api/web/");
            // Without a token (or internal key) only public routes answer; the order
            // ones want their input (code 1).
            let expected = match (public, path.ends_with("/Product/Pagination")) {
                (true, true) => 200,
                (true, false) => 400,
                (false, _) => 401,
            };
            assert_eq!(answer.status, expected, "{method} {path}: {answer}");
            assert_eq!(answer["status"], expected, "{path}");
            assert_eq!(operation.get("security").is_none(), public, "{path}");
        }
    }
    // Every $ref resolves.
    let text = doc.to_string();
    for piece in text.split("#/components/schemas/").skip(1) {
        let name = piece.split('"').next().unwrap();
        assert!(doc["components"]["schemas"].get(name).is_some(), "{name}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn seed_demo_fills_an_empty_catalogue_once() {
    let app = TestApp::spawn().await;
    let cipher = test_cipher();
    let mut conn = app.pool.get().await.unwrap();
    let first = seed_demo(&mut conn, &cipher).await.unwrap();
    assert_eq!(
        first,
        SeedOutcome::Seeded {
            products: 6,
            codes: 5 * CODES_PER_PRODUCT
        }
    );
    assert_eq!(
        seed_demo(&mut conn, &cipher).await.unwrap(),
        SeedOutcome::AlreadySeeded
    );
    assert_eq!(app.scalar("SELECT count(*) AS n FROM products").await, 6);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM serial_codes").await,
        5 * CODES_PER_PRODUCT as i64
    );

    let web = app
        .call(Method::GET, PRODUCT_WEB_PAGINATION, None, None)
        .await;
    let items = web["result"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 6);
    assert_eq!(items[0]["name"], "Thẻ Garena 100K");
    assert_eq!(items[0]["slug"], "the-garena-100k");
    assert_eq!(items[0]["originalPrice"], 100_000);
    let out: Vec<_> = items
        .iter()
        .filter(|p| p["stockLevel"] == "out_of_stock")
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(out, ["Netflix 1 tháng"]);
    // The phone card comes with serials and redemption steps, to try the order page with.
    let viettel = items
        .iter()
        .find(|p| p["name"] == "Thẻ Viettel 50K")
        .unwrap();
    assert!(
        viettel["redeemInstructions"]
            .as_str()
            .unwrap()
            .contains("mã thẻ#")
    );
    let with_serial = format!(
        "SELECT count(*) AS n FROM serial_codes WHERE product_id = '{}' AND serial LIKE '1000%'",
        viettel["id"].as_str().unwrap()
    );
    assert_eq!(app.scalar(&with_serial).await, CODES_PER_PRODUCT as i64);
    // Demo codes decrypt like any other.
    let garena = items[0]["id"].as_str().unwrap();
    let codes = app
        .get(&format!(
            "{}?productId={}&pageSize=100",
            CODE_PAGINATION, garena
        ))
        .await
        .items();
    let revealed = app
        .post(CODE_REVEAL, serde_json::json!({"id": codes[0]["id"]}))
        .await;
    assert!(
        revealed["result"]["code"]
            .as_str()
            .unwrap()
            .starts_with("GRN")
    );

    // A catalogue that already has a product is left alone.
    let other = TestApp::spawn().await;
    other.stocked("Sản phẩm thật", "", 0).await;
    let mut conn = other.pool.get().await.unwrap();
    assert_eq!(
        seed_demo(&mut conn, &cipher).await.unwrap(),
        SeedOutcome::AlreadySeeded
    );
    assert_eq!(other.scalar("SELECT count(*) AS n FROM products").await, 1);
}
