//! The serial-code list (masked, filtered, paged) and the exact Search.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use support::*;
use uuid::Uuid;

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
    app.paid_order_of(&viettel, 1, "a@vidu.vn").await;
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
