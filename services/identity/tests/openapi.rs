#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The served OpenAPI document: plain JSON (not enveloped) describing every route.

mod common;

use common::{AUTH, Api, USER};
use serde_json::Value;

/// Every `$ref` in `node`, collected into `out`.
fn refs<'a>(node: &'a Value, out: &mut Vec<&'a str>) {
    match node {
        Value::Object(map) => {
            for (key, value) in map {
                match (key.as_str(), value) {
                    ("$ref", Value::String(target)) => out.push(target),
                    _ => refs(value, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| refs(item, out)),
        _ => {}
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn serves_its_openapi_document() {
    let api = Api::new().await;
    let resp = api
        .http
        .client
        .get(api.idp.url("/identity/openapi.json"))
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

    // Not the envelope: the document itself.
    assert!(doc.get("success").is_none());
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
    assert!(doc["paths"][format!("{AUTH}/Login")]["post"].is_object());

    let routes = [
        (format!("{AUTH}/Login"), "post"),
        (format!("{AUTH}/SelfChangePassword"), "post"),
        (format!("{AUTH}/Me"), "get"),
        (format!("{USER}/Pagination"), "get"),
        (format!("{USER}/Read"), "get"),
        (format!("{USER}/Create"), "post"),
        (format!("{USER}/Update"), "put"),
        (format!("{USER}/ResetPassword"), "post"),
        (format!("{USER}/Delete"), "delete"),
        (
            "/identity/api/admin/v1/AuditLog/Pagination".to_owned(),
            "get",
        ),
        ("/identity/.well-known/jwks.json".to_owned(), "get"),
        ("/identity/internal/v1/TokenStatus".to_owned(), "get"),
        ("/identity/openapi.json".to_owned(), "get"),
    ];
    for (path, method) in &routes {
        assert!(
            doc["paths"][path][method]["responses"]["200"].is_object(),
            "{method} {path} missing"
        );
    }
    assert_eq!(doc["paths"].as_object().unwrap().len(), routes.len());

    // Every reference points at something in the document.
    let mut targets = Vec::new();
    refs(&doc, &mut targets);
    assert!(!targets.is_empty());
    for target in targets {
        let pointer = target.strip_prefix('#').unwrap();
        assert!(doc.pointer(pointer).is_some(), "dangling $ref {target}");
    }
}
