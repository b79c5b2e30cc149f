//! The generated OpenAPI document names exactly the routes the service registers, each
//! of its examples validates against its schema, and it is served as plain JSON (not
//! enveloped).

use crate::support;

use serde_json::Value;
use shop_common::testing::openapi::check_document;
use support::Api;

#[test]
fn the_document_matches_the_routes_and_its_examples() {
    let doc: Value =
        serde_json::from_str(identity::routes::openapi::json()).expect("the document is JSON");
    check_document(&doc, &identity::routes::routes().operations());
    // Login is public although it lives under /api/admin/, where the bearer is the default.
    let login = &doc["paths"][identity::routes::LOGIN]["post"];
    assert_eq!(login["security"], serde_json::json!([{}]));
    assert_eq!(
        doc["paths"][identity::routes::ME]["get"]["security"],
        serde_json::json!([{ "bearerAuth": [] }])
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn serves_its_openapi_document() {
    let api = Api::new().await;
    let resp = api
        .http
        .client
        .get(api.http.url(identity::routes::OPENAPI))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let content_type = resp.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    let doc: Value = resp.json().await.unwrap();
    assert!(doc.get("success").is_none());
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
    assert_eq!(
        doc,
        serde_json::from_str::<Value>(identity::routes::openapi::json()).unwrap()
    );
}
