//! The generated OpenAPI document names exactly the routes the service registers, and
//! each of its examples validates against its schema.

use shop_common::testing::openapi::check_document;

#[test]
fn the_document_matches_the_routes_and_its_examples() {
    let doc: serde_json::Value =
        serde_json::from_str(system::routes::openapi::json()).expect("the document is JSON");
    check_document(&doc, &system::routes::routes().operations());
}
