//! Reveal, the only way a code leaves in clear: audited, admin only (as Delete), and
//! never for a sealed row that does not match its own.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use shop_common::auth::Role;
use support::*;
use uuid::Uuid;

#[tokio::test(flavor = "multi_thread")]
async fn reveal_returns_the_code_and_audits_it() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Windows 11 Pro Key", "", 0).await;
    app.import(&product, &["W11P-ABCDE-12345".to_owned()]).await;
    let id = app.code_id(&product, "W11P-ABCDE-12345").await;
    let user = Uuid::new_v4();
    let token = app.tokens.token_named(user, "chu.shop", Role::Admin);

    let response = app
        .client
        .post(app.url(CODE_REVEAL))
        .bearer_auth(&token)
        .json(&json!({"id": id}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["result"], json!({"code": "W11P-ABCDE-12345"}));

    let row = app
        .lines(
            "SELECT concat_ws('|', actor, actor_id, action, target, detail) AS line FROM audit_log",
        )
        .await;
    assert_eq!(
        row,
        [format!(
            "chu.shop|{user}|serial_code_reveal|{id}|Windows 11 Pro Key: mã ••••••2345"
        )]
    );
    let again = app.post(CODE_REVEAL, json!({"id": id})).await;
    assert_eq!(again["result"]["code"], "W11P-ABCDE-12345");
    assert_eq!(app.audit().await.len(), 2);
    // The clear code is nowhere in the log.
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM audit_log WHERE target || detail LIKE '%ABCDE%'")
            .await,
        0
    );

    // Unknown code: 404 and no audit row.
    let answer = app.post(CODE_REVEAL, json!({"id": Uuid::new_v4()})).await;
    answer.error(404, 2);
    let answer = app.post(CODE_REVEAL, json!({})).await;
    answer.error(400, 1);
    assert_eq!(app.audit().await.len(), 2);

    // A ciphertext moved to another product no longer decrypts: 500, no audit row.
    let other = app.stocked("Khác", "", 0).await;
    app.execute(&format!(
        "UPDATE serial_codes SET product_id = '{other}' WHERE id = '{id}'"
    ))
    .await;
    let answer = app.post(CODE_REVEAL, json!({"id": id})).await;
    answer.error(500, 9);
    assert!(!answer.to_string().contains("W11P"));
    assert_eq!(app.audit().await.len(), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_ciphertext_copied_onto_another_row_never_reveals() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Thẻ Garena 100K", "", 0).await;
    app.import(
        &product,
        &["GRN-AAAA-1111".to_owned(), "GRN-BBBB-2222".to_owned()],
    )
    .await;
    let a = app.code_id(&product, "GRN-AAAA-1111").await;
    let b = app.code_id(&product, "GRN-BBBB-2222").await;
    // A database writer copies A's sealed columns onto B (same product, same key).
    app.execute(&format!(
        "UPDATE serial_codes b SET nonce = a.nonce, ciphertext = a.ciphertext, key_id = a.key_id \
         FROM serial_codes a WHERE a.id = '{a}' AND b.id = '{b}'"
    ))
    .await;
    let answer = app.post(CODE_REVEAL, json!({"id": b})).await;
    answer.error(500, 9);
    assert!(!answer.to_string().contains("GRN-AAAA"), "{answer}");
    assert!(app.audit().await.is_empty());
    // The original row still reveals.
    let answer = app.post(CODE_REVEAL, json!({"id": a})).await;
    assert_eq!(answer["result"]["code"], "GRN-AAAA-1111");
}

#[tokio::test(flavor = "multi_thread")]
async fn staff_may_manage_codes_but_not_reveal_or_delete_them() {
    let app = TestApp::spawn().await;
    let product = app.stocked("Mã giảm giá Shopee 20%", "", 0).await;
    let staff = Some(app.staff.as_str());
    let imported = app
        .call(
            Method::POST,
            BULK_PATH,
            staff,
            Some(&json!({"productId": product, "codes": ["SHP20-AAAA1111", "SHP20-BBBB2222"]})),
        )
        .await;
    assert_eq!(
        (imported.status, imported["result"]["inserted"].as_i64()),
        (200, Some(2))
    );
    let found = app
        .call(
            Method::POST,
            CODE_SEARCH,
            staff,
            Some(&json!({"code": "SHP20-AAAA1111"})),
        )
        .await;
    assert_eq!(found.status, 200);
    let id = found["result"]["items"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let status = app
        .call(
            Method::PUT,
            CODE_UPDATE,
            staff,
            Some(&json!({"id": id, "status": "disabled"})),
        )
        .await
        .status;
    assert_eq!(status, 200);
    let before = app.schema.dump("serial_codes").await;

    // Admin only: an unsold code in clear, and deleting one.
    let revealed = app
        .call(Method::POST, CODE_REVEAL, staff, Some(&json!({"id": id})))
        .await;
    revealed.error(403, 6);
    assert!(!revealed.to_string().contains("SHP20"));
    let answer = app
        .call(
            Method::DELETE,
            &format!("{}?id={id}", CODE_DELETE),
            staff,
            None,
        )
        .await;
    answer.error(403, 6);
    assert_eq!(app.schema.dump("serial_codes").await, before);
    assert!(app.audit().await.is_empty());

    // The admin may; each leaves one audit row naming the code by id, never in clear.
    let admin_id = Uuid::new_v4();
    let admin = app.tokens.token_named(admin_id, "chu.shop", Role::Admin);
    let status = app
        .call(
            Method::DELETE,
            &format!("{}?id={id}", CODE_DELETE),
            Some(&admin),
            None,
        )
        .await
        .status;
    assert_eq!(status, 200);
    assert_eq!(
        app.audit().await,
        [format!(
            "chu.shop|serial_code_delete|{id}|Mã giảm giá Shopee 20%: mã ••••••1111"
        )]
    );
    // A refused delete (already gone) writes nothing.
    let answer = app
        .call(
            Method::DELETE,
            &format!("{}?id={id}", CODE_DELETE),
            Some(&admin),
            None,
        )
        .await;
    answer.error(404, 2);
    assert_eq!(app.audit().await.len(), 1);
}
