//! ProductSerialCode/CreateBulk: normalisation, duplicate and invalid reporting, limits,
//! concurrency, and no clear text at rest.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use support::*;
use uuid::Uuid;

async fn total_codes(app: &TestApp) -> i64 {
    app.scalar("SELECT count(*) AS n FROM serial_codes").await
}

#[tokio::test(flavor = "multi_thread")]
async fn reports_duplicates_and_invalid_lines_exactly() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "", 0).await;
    let other = app.stocked("Thẻ Viettel 50K", "", 0).await;
    app.import(
        &product,
        &["STORED-0001".to_owned(), "STORED-0002".to_owned()],
    )
    .await;
    // A code is unique across the shop: another product's code is a duplicate too.
    app.import(&other, &["SHARED-0001".to_owned()]).await;

    let batch = vec![
        "\u{FEFF}NEW-0001\r".to_owned(), // 0: BOM and CR stripped -> NEW-0001
        "".to_owned(),                   // 1: blank, not reported
        "NEW-0002".to_owned(),           // 2
        "  NEW-0001  ".to_owned(),       // 3: repeated (of 0)
        "STORED-0001".to_owned(),        // 4: exists
        "x".repeat(201),                 // 5: too long
        "BAD\u{7}CODE".to_owned(),       // 6: control character
        "new-0002".to_owned(),           // 7: case kept: a different code
        "STORED-0002\r".to_owned(),      // 8: exists
        "\t \r".to_owned(),              // 9: blank
        "STORED-0001".to_owned(),        // 10: repeated (of 4)
        "SHARED-0001".to_owned(),        // 11: exists, under the other product
        "y".repeat(200),                 // 12: exactly 200: fine
    ];
    let result = app.import(&product, &batch).await;
    assert_eq!(result["inserted"], 4, "{result}");
    assert_eq!(
        result["duplicates"],
        json!([
            {"index": 3, "code": "NEW-0001", "reason": "repeated"},
            {"index": 4, "code": "STORED-0001", "reason": "exists"},
            {"index": 8, "code": "STORED-0002", "reason": "exists"},
            {"index": 10, "code": "STORED-0001", "reason": "repeated"},
            {"index": 11, "code": "SHARED-0001", "reason": "exists",
             "productName": "Thẻ Viettel 50K"},
        ])
    );
    assert_eq!(
        result["invalid"],
        json!([
            {"index": 5, "reason": "too_long"},
            {"index": 6, "reason": "control_character"},
        ])
    );
    assert_eq!(app.stock(&product, false).await, (6, 0, 0, 0));
    assert_eq!(total_codes(&app).await, 7);
    // Stored normalised: the BOM/CR-stripped code is found as typed.
    assert_eq!(
        app.post(
            CODE_SEARCH,
            json!({"code": "NEW-0001", "productId": Some(&product)})
        )
        .await
        .items()
        .len(),
        1
    );

    // Expiry and note are stored with every inserted code.
    let expires = (chrono::Utc::now() + chrono::Duration::days(90)).to_rfc3339();
    let answer = app
        .post(
            BULK_PATH,
            json!({"productId": product, "codes": ["EXP-1", "EXP-2"],
                   "expiresAt": expires, "note": "Lô tháng 11"}),
        )
        .await;
    assert_eq!(
        (answer.status, answer["result"]["inserted"].as_i64()),
        (200, Some(2))
    );
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM serial_codes WHERE note = 'Lô tháng 11' AND expires_at > now()")
            .await,
        2
    );
    // Nothing new: all blank.
    let nothing = app.import(&product, &["".to_owned(), " ".to_owned()]).await;
    assert_eq!(
        nothing,
        json!({"inserted": 0, "duplicates": [], "invalid": []})
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn refused_batches_store_nothing() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Steam Wallet 200K", "", 0).await;

    let too_many = codes("BIG", 0..50_001);
    let answer = app
        .post(BULK_PATH, json!({"productId": product, "codes": too_many}))
        .await;
    answer.error(400, 313);
    assert_eq!(total_codes(&app).await, 0);

    let answer = app
        .post(
            BULK_PATH,
            json!({"productId": Uuid::new_v4(), "codes": ["A-1"]}),
        )
        .await;
    answer.error(404, 2);

    let past = (chrono::Utc::now() - chrono::Duration::hours(1)).to_rfc3339();
    for (body, fields) in [
        (json!({"codes": ["A-1"]}), vec!["productId"]),
        (json!({"productId": product}), vec!["codes"]),
        (
            json!({"productId": product, "codes": ["A-1"], "expiresAt": past}),
            vec!["expiresAt"],
        ),
        (
            json!({"productId": product, "codes": ["A-1"], "note": "n".repeat(501)}),
            vec!["note"],
        ),
    ] {
        let answer = app.post(BULK_PATH, body.clone()).await;
        assert_eq!(answer.error(400, 1), fields, "{body}");
    }
    for body in [
        json!({"productId": "nope", "codes": ["A-1"]}),
        json!({"productId": product, "codes": "A-1"}),
        json!({"productId": product, "codes": [1, 2]}),
    ] {
        let answer = app.post(BULK_PATH, body.clone()).await;
        answer.error(400, 1);
    }
    assert_eq!(total_codes(&app).await, 0);
    assert_eq!(app.stock(&product, false).await, (0, 0, 0, 0));
}

#[tokio::test(flavor = "multi_thread")]
async fn accepts_bodies_up_to_8_mib() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Windows 11 Pro Key", "", 0).await;
    // ~2.3 MB: over the 1 MiB default of other routes.
    let long: Vec<String> = (0..12_000)
        .map(|i| format!("{i:08}-{}", "K".repeat(180)))
        .collect();
    let result = app.import(&product, &long).await;
    assert_eq!(result["inserted"], 12_000);
    assert_eq!(app.stock(&product, false).await, (12_000, 0, 0, 0));

    // Over 8 MiB: code 7 (HTTP 413), nothing stored.
    let huge: Vec<String> = (0..45_000)
        .map(|i| format!("{i:08}-{}", "H".repeat(190)))
        .collect();
    let answer = app
        .post(BULK_PATH, json!({"productId": product, "codes": huge}))
        .await;
    answer.error(413, 7);
    assert_eq!(total_codes(&app).await, 12_000);
    // Other routes keep the default limit.
    let answer = app
        .post(
            PRODUCT_CREATE,
            json!({"name": "A", "price": 1, "description": "d".repeat(1_100_000)}),
        )
        .await;
    answer.error(413, 7);
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_overlapping_imports_never_duplicate() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "", 0).await;
    // 0..5000 and 2500..7500: 2,500 codes in both.
    let first = codes("RACE", 0..5_000);
    let second = codes("RACE", 2_500..7_500);
    let (a, b) = tokio::join!(app.import(&product, &first), app.import(&product, &second));
    let inserted = a["inserted"].as_i64().unwrap() + b["inserted"].as_i64().unwrap();
    let exists = |r: &Value| {
        r["duplicates"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["reason"] == "exists")
            .count()
    };
    assert_eq!(inserted, 7_500);
    assert_eq!(exists(&a) + exists(&b), 2_500);
    assert_eq!(total_codes(&app).await, 7_500);
    assert_eq!(
        app.scalar("SELECT count(DISTINCT code_hash) AS n FROM serial_codes")
            .await,
        7_500
    );
    assert_eq!(app.stock(&product, false).await, (7_500, 0, 0, 0));
}

#[tokio::test(flavor = "multi_thread")]
async fn no_clear_text_code_at_rest() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Netflix 1 tháng", "", 0).await;
    let imported = vec![
        "NFX-SECRET-PLAIN-0001".to_owned(),
        "nfx-lower-case-secret".to_owned(),
        "Mã-Bí-Mật-Tiếng-Việt-99".to_owned(),
        "LONGCODE".repeat(20),
    ];
    app.import(&product, &imported).await;
    // Touch every other table too: an edit and a reveal.
    let list = app
        .get(&format!("{}?productId={product}", CODE_PAGINATION))
        .await;
    let id = list["result"]["items"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    app.put(CODE_UPDATE, json!({"id": id, "note": "đã kiểm tra"}))
        .await;
    app.post(CODE_REVEAL, json!({"id": id})).await;

    let dump = app.schema.dump("serial_codes").await;
    assert!(
        dump.contains("code_hash") && dump.contains("đã kiểm tra"),
        "{dump}"
    );
    for code in &imported {
        assert!(!dump.contains(code.as_str()), "{code} in clear text");
        let hex: String = code.bytes().map(|b| format!("{b:02x}")).collect();
        assert!(!dump.contains(&hex), "{code} as hex");
        // No long piece of it either (the masked tail is at most 4 characters).
        let chars: Vec<char> = code.chars().collect();
        for window in chars.windows(8) {
            let piece: String = window.iter().collect();
            assert!(!dump.contains(&piece), "{piece} of {code}");
        }
    }
    // The list never carries it either.
    let list = app
        .call(
            Method::GET,
            &format!("{}?pageSize=100", CODE_PAGINATION),
            Some(&app.staff),
            None,
        )
        .await;
    for code in &imported {
        assert!(!list.to_string().contains(code.as_str()));
    }
}
