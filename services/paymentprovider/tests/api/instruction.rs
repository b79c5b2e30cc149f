//! The internal PaymentInstruction call: key check, VietQR payload, manual providers and
//! unavailable providers.

use crate::support;

use paymentprovider::vietqr::crc16_ccitt_false;
use reqwest::Method;
use serde_json::{Value, json};
use shop_common::internal::Caller;
use shop_common::internal::HEADER;
use shop_common::testing::caller_key;
use support::*;

const INSTRUCTION: &str = "/paymentprovider/internal/v1/PaymentProvider/PaymentInstruction";

async fn instruction(app: &TestApp, key: Option<&str>, body: Value) -> Answer {
    let headers: Vec<(&str, &str)> = key.map(|k| (HEADER, k)).into_iter().collect();
    app.send(Method::POST, INSTRUCTION, None, &headers, Some(&body))
        .await
}

/// (tag, value) pairs of a TLV string.
fn tlv(mut s: &str) -> Vec<(String, String)> {
    let mut fields = Vec::new();
    while !s.is_empty() {
        let len: usize = s[2..4].parse().unwrap();
        fields.push((s[..2].to_owned(), s[4..4 + len].to_owned()));
        s = &s[4 + len..];
    }
    fields
}

fn tag<'a>(fields: &'a [(String, String)], t: &str) -> &'a str {
    &fields.iter().find(|(k, _)| k == t).unwrap().1
}

#[tokio::test(flavor = "multi_thread")]
async fn vietqr_instruction_with_a_valid_payload() {
    let app = TestApp::spawn().await;
    let id = app.bank_provider("Vietcombank", 0).await;
    let answer = instruction(
        &app,
        Some(caller_key(Caller::Retailstore)),
        json!({"providerId": id, "amount": 100_000, "orderCode": "DH12345678"}),
    )
    .await;
    assert_eq!(answer.status, 200, "{answer}");
    let r = &answer["result"];
    assert_eq!(r["providerName"], "Vietcombank");
    assert_eq!(r["type"], "vietqr_bank");
    assert_eq!(r["bankName"], "Vietcombank");
    assert_eq!(r["bankBin"], "970436");
    assert_eq!(r["accountNumber"], "0011001234567");
    assert_eq!(r["accountName"], "NGUYEN VAN A");
    assert_eq!(r["transferContent"], "DH12345678");
    assert_eq!(r["amountDue"], 100_000);
    assert_eq!(r["instructions"], Value::Null);

    let qr = r["qrPayload"].as_str().unwrap();
    let (covered, crc) = qr.split_at(qr.len() - 4);
    assert!(covered.ends_with("6304"));
    assert_eq!(
        u16::from_str_radix(crc, 16).unwrap(),
        crc16_ccitt_false(covered.as_bytes())
    );
    assert_eq!(crc, crc.to_uppercase());
    let fields = tlv(qr);
    assert_eq!(tag(&fields, "00"), "01");
    assert_eq!(tag(&fields, "01"), "12");
    assert_eq!(tag(&fields, "53"), "704");
    assert_eq!(tag(&fields, "54"), "100000");
    assert_eq!(tag(&fields, "58"), "VN");
    let merchant = tlv(tag(&fields, "38"));
    assert_eq!(tag(&merchant, "00"), "A000000727");
    assert_eq!(tag(&merchant, "02"), "QRIBFTTA");
    let account = tlv(tag(&merchant, "01"));
    assert_eq!(tag(&account, "00"), "970436");
    assert_eq!(tag(&account, "01"), "0011001234567");
    assert_eq!(tag(&tlv(tag(&fields, "62")), "08"), "DH12345678");
}

#[tokio::test(flavor = "multi_thread")]
async fn manual_instruction_has_no_payload() {
    let app = TestApp::spawn().await;
    let manual = app
        .post(
            CREATE,
            json!({"name": "Tiền mặt", "type": "manual", "instructions": "Trả tại quầy"}),
        )
        .await
        .ok()
        .clone();
    let answer = instruction(
        &app,
        Some(caller_key(Caller::Retailstore)),
        json!({"providerId": manual["id"], "amount": 50_000, "orderCode": "DHABCDEFGH"}),
    )
    .await;
    assert_eq!(answer.status, 200, "{answer}");
    let r = &answer["result"];
    assert_eq!(r["type"], "manual");
    assert_eq!(r["qrPayload"], Value::Null);
    assert_eq!(r["instructions"], "Trả tại quầy");
    assert_eq!(r["transferContent"], "DHABCDEFGH");
    assert_eq!(r["amountDue"], 50_000);
}

#[tokio::test(flavor = "multi_thread")]
async fn internal_key_is_required() {
    let app = TestApp::spawn().await;
    let id = app.bank_provider("Vietcombank", 0).await;
    let body = json!({"providerId": id, "amount": 1000, "orderCode": "DH12345678"});
    let answer = instruction(&app, None, body.clone()).await;
    answer.error(401, 5);
    let answer = instruction(&app, Some("wrong-key-0123456789"), body.clone()).await;
    answer.error(401, 5);
    // An admin token is no substitute for the key.
    let answer = app
        .call(Method::POST, INSTRUCTION, Some(&app.admin), Some(&body))
        .await;
    answer.error(401, 5);
}

#[tokio::test(flavor = "multi_thread")]
async fn unavailable_providers_answer_code_500() {
    let app = TestApp::spawn().await;
    let inactive = app.bank_provider("Ngừng", 0).await;
    let status = app
        .put(UPDATE, json!({"id": inactive, "isActive": false}))
        .await
        .status;
    assert_eq!(status, 200);
    let deleted = app.bank_provider("Đã xóa", 0).await;
    let status = app
        .delete(&format!("{ADMIN}/PaymentProvider/Delete?id={deleted}"))
        .await
        .status;
    assert_eq!(status, 200);
    for id in [inactive, deleted, uuid::Uuid::new_v4().to_string()] {
        let answer = instruction(
            &app,
            Some(caller_key(Caller::Retailstore)),
            json!({"providerId": id, "amount": 1000, "orderCode": "DH12345678"}),
        )
        .await;
        answer.error(400, 500);
        assert_eq!(
            answer["error"]["message"],
            "Phương thức thanh toán không tồn tại hoặc đã ngừng hoạt động"
        );
    }
    // Bad input is code 1.
    let id = app.bank_provider("Vietcombank", 0).await;
    let answer = instruction(
        &app,
        Some(caller_key(Caller::Retailstore)),
        json!({"providerId": id, "amount": 0, "orderCode": "DH 1"}),
    )
    .await;
    assert_eq!(answer.error(400, 1), ["amount", "orderCode"]);
}
