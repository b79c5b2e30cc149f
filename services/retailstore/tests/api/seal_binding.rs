//! Serial-code ciphertexts are bound to their row: one copied onto another row neither
//! reveals nor is delivered, and rows sealed in the old product-bound format still
//! open, before and after the start-up re-seal.

use crate::support;

use retailstore::serial_codes::reseal::{ResealReport, reseal_product_bound};
use serde_json::json;
use shop_common::sealing::{SealKey, record_aad};
use support::*;

/// Rewrites every code of `product` the way the previous release sealed it: associated
/// data = "retailstore/serial_code/v1:" + product id, key 1, seal_version 1.
async fn seal_like_before(app: &TestApp, product: &str, codes: &[&str]) {
    let key: [u8; 32] = hex::decode(ENCRYPTION_KEY).unwrap().try_into().unwrap();
    let key = SealKey::new(&key);
    let product_id: uuid::Uuid = product.parse().unwrap();
    for code in codes {
        let id = app
            .post(
                CODE_SEARCH,
                json!({"code": code, "productId": Some(product)}),
            )
            .await
            .items()[0]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let sealed = key
            .seal(
                &record_aad(b"retailstore/serial_code/v1:", product_id),
                code.as_bytes(),
            )
            .unwrap();
        app.execute(&format!(
            "UPDATE serial_codes SET seal_version = 1, key_id = 1, \
             nonce = decode('{}', 'hex'), ciphertext = decode('{}', 'hex') WHERE id = '{id}'",
            hex::encode(&sealed.nonce),
            hex::encode(&sealed.ciphertext)
        ))
        .await;
    }
}

async fn reveal(app: &TestApp, code: &str, product: &str) -> Answer {
    let id = app
        .post(
            CODE_SEARCH,
            json!({"code": code, "productId": Some(product)}),
        )
        .await
        .items()[0]["id"]
        .clone();
    app.post(CODE_REVEAL, json!({"id": id})).await
}

#[tokio::test(flavor = "multi_thread")]
async fn product_bound_rows_reveal_before_and_after_the_reseal() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "", 0).await;
    let all = ["OLD-0001", "OLD-0002", "OLD-0003", "OLD-0004", "OLD-0005"];
    app.import(&product, &all.map(str::to_owned)).await;
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM serial_codes WHERE seal_version = 2")
            .await,
        5
    );
    seal_like_before(&app, &product, &all).await;
    let before = app
        .lines("SELECT encode(ciphertext, 'hex') AS line FROM serial_codes ORDER BY id")
        .await;
    // Old rows still open.
    let answer = reveal(&app, "OLD-0001", &product).await;
    assert_eq!(
        (answer.status, answer["result"]["code"].as_str()),
        (200, Some("OLD-0001"))
    );

    // A v1 ciphertext copied onto another row of the same product opens under the old
    // format, but is not the row's code: refused, left alone, never revealed.
    let (a, b) = (
        app.post(CODE_SEARCH, json!({"code": "OLD-0004", "productId": null}))
            .await
            .items()[0]["id"]
            .as_str()
            .unwrap()
            .to_owned(),
        app.post(CODE_SEARCH, json!({"code": "OLD-0005", "productId": null}))
            .await
            .items()[0]["id"]
            .as_str()
            .unwrap()
            .to_owned(),
    );
    app.execute(&format!(
        "UPDATE serial_codes b SET nonce = a.nonce, ciphertext = a.ciphertext \
         FROM serial_codes a WHERE a.id = '{a}' AND b.id = '{b}'"
    ))
    .await;
    let answer = app.post(CODE_REVEAL, json!({"id": b})).await;
    answer.error(500, 9);
    assert!(!answer.to_string().contains("OLD-"), "{answer}");

    // Batches of two: every good row moves to v2, the copied one stays.
    let cipher = test_cipher();
    let report = reseal_product_bound(&app.pool, &cipher, 2).await.unwrap();
    assert_eq!(
        report,
        ResealReport {
            resealed: 4,
            refused: 1
        }
    );
    assert_eq!(
        app.lines("SELECT id::text || ':' || seal_version AS line FROM serial_codes WHERE seal_version = 1")
            .await,
        [format!("{b}:1")]
    );
    let after = app
        .lines("SELECT encode(ciphertext, 'hex') AS line FROM serial_codes ORDER BY id")
        .await;
    assert_eq!(before.len(), after.len());
    assert_eq!(before.iter().zip(&after).filter(|(x, y)| x == y).count(), 0);
    for code in ["OLD-0001", "OLD-0002", "OLD-0003", "OLD-0004"] {
        let answer = reveal(&app, code, &product).await;
        assert_eq!(
            (answer.status, answer["result"]["code"].as_str()),
            (200, Some(code))
        );
    }
    let status = app.post(CODE_REVEAL, json!({"id": b})).await.status;
    assert_eq!(status, 500);

    // Idempotent: a second run (another replica, the next start) rewrites nothing.
    let stable = app
        .lines("SELECT encode(ciphertext, 'hex') AS line FROM serial_codes ORDER BY id")
        .await;
    let again = reseal_product_bound(&app.pool, &cipher, 2).await.unwrap();
    assert_eq!(
        again,
        ResealReport {
            resealed: 0,
            refused: 1
        }
    );
    assert_eq!(
        app.lines("SELECT encode(ciphertext, 'hex') AS line FROM serial_codes ORDER BY id")
            .await,
        stable
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_copied_ciphertext_is_never_delivered_to_the_shopper() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Viettel 50K", "VT", 3).await;
    let order = app
        .anon()
        .post(CREATE_ORDER_PATH, &order_body(&product, 1, "a@vidu.vn"))
        .await
        .ok()
        .clone();
    let code = order["code"].as_str().unwrap();
    let token = order["accessToken"].as_str().unwrap();
    app.pay(code, order["total"].as_i64().unwrap(), "tx-1")
        .await;
    let shopper = app.shopper_detail(code, token).await;
    assert_eq!(shopper.status, 200);
    let sold = shopper["result"]["items"][0]["codes"][0]["code"]
        .as_str()
        .unwrap()
        .to_owned();
    // Someone copies an unsold code's sealed columns onto the sold row, hoping the
    // shopper receives (and the shop sells twice) that other code.
    let sold_id = app
        .post(CODE_SEARCH, json!({"code": &sold, "productId": null}))
        .await
        .items()[0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    app.execute(&format!(
        "UPDATE serial_codes s SET nonce = u.nonce, ciphertext = u.ciphertext, key_id = u.key_id \
         FROM (SELECT * FROM serial_codes WHERE status = 'available' LIMIT 1) u \
         WHERE s.id = '{sold_id}'"
    ))
    .await;
    let answer = app.shopper_detail(code, token).await;
    answer.error(500, 9);
    assert!(!answer.to_string().contains("VT-"), "{answer}");
    let id = app.order_id(code).await;
    let answer = app.post(ORDER_REVEAL, json!({"id": id})).await;
    answer.error(500, 9);
    assert!(!answer.to_string().contains("VT-"), "{answer}");
    assert!(app.audit().await.is_empty());
}
