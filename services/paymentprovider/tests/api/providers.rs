//! Payment providers over HTTP: auth and roles, CRUD, validation, the webhook secret, the
//! storefront list and the bank list.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use shop_common::testing::openapi::check_document;
use support::*;

const PAGINATION: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Pagination";
const READ: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Read";
const BANKS: &str = "/paymentprovider/api/admin/v1/PaymentProvider/Banks";
const LIST_PUBLIC: &str = "/paymentprovider/api/web/v1/PaymentProvider/ListPaymentProviders";

const SECRET: &str = "sepay-Secret-Abc123456789xyz";

#[tokio::test(flavor = "multi_thread")]
async fn admin_routes_need_a_valid_token() {
    let app = TestApp::spawn().await;
    let id = uuid::Uuid::new_v4();
    let calls: [(Method, String, Option<Value>); 8] = [
        (Method::GET, PAGINATION.into(), None),
        (Method::GET, format!("{READ}?id={id}"), None),
        (
            Method::POST,
            CREATE.to_owned(),
            Some(json!({"name": "x", "type": "manual", "instructions": "y"})),
        ),
        (Method::PUT, UPDATE.to_owned(), Some(json!({"id": id}))),
        (
            Method::DELETE,
            format!("{ADMIN}/PaymentProvider/Delete?id={id}"),
            None,
        ),
        (Method::GET, BANKS.into(), None),
        // Malformed bodies still answer 401 first for an anonymous caller.
        (
            Method::POST,
            CREATE.to_owned(),
            Some(json!("not an object")),
        ),
        (Method::PUT, UPDATE.to_owned(), Some(json!([]))),
    ];
    for (method, path, body) in &calls {
        let answer = app.call(method.clone(), path, None, body.as_ref()).await;
        answer.error(401, 5);
        let answer = app
            .call(method.clone(), path, Some("not-a-jwt"), body.as_ref())
            .await;
        answer.error(401, 5);
    }
    // A token signed by another key.
    let stranger = shop_common::testing::TestTokens::new().token(shop_common::auth::Role::Admin);
    let answer = app
        .call(Method::GET, PAGINATION, Some(&stranger), None)
        .await;
    answer.error(401, 5);
    // The storefront list is public and ignores a stale token.
    let status = app.call(Method::GET, LIST_PUBLIC, None, None).await.status;
    assert_eq!(status, 200);
    let status = app
        .call(Method::GET, LIST_PUBLIC, Some("stale"), None)
        .await
        .status;
    assert_eq!(status, 200);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM payment_providers")
            .await,
        0
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn staff_reads_but_cannot_write() {
    let app = TestApp::spawn().await;
    let id = app.bank_provider("Vietcombank", 1).await;
    let staff = Some(app.staff.as_str());

    let answer = app.call(Method::GET, PAGINATION, staff, None).await;
    assert_eq!(answer.status, 200, "{answer}");
    assert_eq!(answer["result"]["totalCount"], 1);
    let answer = app
        .call(Method::GET, &format!("{READ}?id={id}"), staff, None)
        .await;
    assert_eq!(answer.status, 200, "{answer}");
    assert_eq!(answer["result"]["name"], "Vietcombank");
    let status = app.call(Method::GET, BANKS, staff, None).await.status;
    assert_eq!(status, 200);

    let before = app.schema.dump("payment_providers").await;
    let answer = app
        .call(
            Method::POST,
            CREATE,
            staff,
            Some(&json!({"name": "x", "type": "manual", "instructions": "y"})),
        )
        .await;
    answer.error(403, 6);
    let answer = app
        .call(
            Method::PUT,
            UPDATE,
            staff,
            Some(&json!({"id": id, "name": "Đổi tên", "isActive": false})),
        )
        .await;
    answer.error(403, 6);
    let answer = app
        .call(
            Method::DELETE,
            &format!("{ADMIN}/PaymentProvider/Delete?id={id}"),
            staff,
            None,
        )
        .await;
    answer.error(403, 6);
    assert_eq!(
        app.schema.dump("payment_providers").await,
        before,
        "staff changed something"
    );
    assert_eq!(
        app.anon()
            .get(LIST_PUBLIC)
            .await
            .ok()
            .as_array()
            .unwrap()
            .clone()
            .len(),
        1
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn create_read_update_delete() {
    let app = TestApp::spawn().await;
    let created = app
        .post(
            CREATE,
            json!({
                "name": "  Chuyển khoản Vietcombank ",
                "type": "vietqr_bank",
                "bankBin": "970436",
                "accountNumber": "0011001234567",
                "accountName": "Nguyễn Văn Đức",
                "instructions": "Ghi đúng nội dung chuyển khoản",
                "logoUrl": "/uploads/abc.png",
                "sortOrder": 2,
            }),
        )
        .await
        .ok()
        .clone();
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["name"], "Chuyển khoản Vietcombank");
    assert_eq!(created["type"], "vietqr_bank");
    assert_eq!(created["bankBin"], "970436");
    assert_eq!(created["bankName"], "Vietcombank");
    assert_eq!(created["accountNumber"], "0011001234567");
    assert_eq!(created["accountName"], "NGUYEN VAN DUC");
    assert_eq!(created["logoUrl"], "/uploads/abc.png");
    assert_eq!(created["isActive"], true);
    assert_eq!(created["sortOrder"], 2);
    assert_eq!(created["webhookEnabled"], false);
    assert_eq!(created["hasWebhookSecret"], false);
    assert_eq!(
        created["webhookUrl"],
        format!("{PUBLIC_BASE}/paymentprovider/api/web/v1/PaymentWebhook/SePay/{id}")
    );
    assert!(created["createdAt"].as_str().unwrap().contains('T'));
    assert!(created.get("webhookSecret").is_none());

    let read = app.get(&format!("{READ}?id={id}")).await;
    assert_eq!(read.status, 200, "{read}");
    assert_eq!(read["result"], created);

    // Omitted fields stay, explicit null clears an optional field, a new bank takes its
    // name from the list.
    let updated = app
        .put(
            UPDATE,
            json!({"id": id, "bankBin": "970418", "logoUrl": null, "isActive": false,
                   "sortOrder": 7}),
        )
        .await;
    assert_eq!(updated.status, 200, "{updated}");
    let updated = &updated["result"];
    assert_eq!(updated["bankBin"], "970418");
    assert_eq!(updated["bankName"], "BIDV");
    assert_eq!(updated["logoUrl"], Value::Null);
    assert_eq!(updated["isActive"], false);
    assert_eq!(updated["sortOrder"], 7);
    assert_eq!(updated["name"], "Chuyển khoản Vietcombank");
    assert_eq!(updated["instructions"], "Ghi đúng nội dung chuyển khoản");
    assert_eq!(updated["accountName"], "NGUYEN VAN DUC");

    // A required field cannot be cleared.
    let answer = app.put(UPDATE, json!({"id": id, "name": null})).await;
    assert_eq!(answer.error(400, 1), ["name"]);

    // Switch to manual: instructions are required, bank fields go.
    let manual = app
        .put(
            UPDATE,
            json!({"id": id, "type": "manual", "instructions": "Thanh toán tại quầy"}),
        )
        .await;
    assert_eq!(manual.status, 200, "{manual}");
    assert_eq!(manual["result"]["type"], "manual");
    assert_eq!(manual["result"]["bankBin"], Value::Null);
    assert_eq!(manual["result"]["accountNumber"], Value::Null);

    let answer = app
        .delete(&format!("{ADMIN}/PaymentProvider/Delete?id={id}"))
        .await;
    assert_eq!(answer.status, 200, "{answer}");
    assert_eq!(answer["result"], true);
    // Soft delete: the row stays, but the provider is gone for every API.
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM payment_providers")
            .await,
        1
    );
    let answer = app.get(&format!("{READ}?id={id}")).await;
    answer.error(404, 2);
    let answer = app.put(UPDATE, json!({"id": id, "name": "x"})).await;
    answer.error(404, 2);
    let answer = app
        .delete(&format!("{ADMIN}/PaymentProvider/Delete?id={id}"))
        .await;
    answer.error(404, 2);
    let page = app.get(PAGINATION).await;
    assert_eq!(page["result"]["totalCount"], 0);

    // Unknown ids and malformed ids.
    let answer = app
        .get(&format!("{READ}?id={}", uuid::Uuid::new_v4()))
        .await;
    answer.error(404, 2);
    let answer = app.get(&format!("{READ}?id=nope")).await;
    answer.error(400, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn validation_details_and_nothing_stored() {
    let app = TestApp::spawn().await;
    let base = json!({
        "name": "Ngân hàng",
        "type": "vietqr_bank",
        "bankBin": "970436",
        "accountNumber": "0011001234567",
        "accountName": "NGUYEN VAN A",
    });
    let with = |change: Value| {
        let mut body = base.clone();
        for (k, v) in change.as_object().unwrap() {
            if v.is_null() {
                body.as_object_mut().unwrap().remove(k);
            } else {
                body[k] = v.clone();
            }
        }
        body
    };
    let cases: Vec<(Value, Vec<&str>)> = vec![
        (with(json!({"bankBin": null})), vec!["bankBin"]),
        (with(json!({"bankBin": "999999"})), vec!["bankBin"]),
        (
            with(json!({"accountNumber": "00110012ab"})),
            vec!["accountNumber"],
        ),
        (with(json!({"accountNumber": "123"})), vec!["accountNumber"]),
        (
            with(json!({"accountName": "Nguyen Van A!"})),
            vec!["accountName"],
        ),
        (with(json!({"accountName": null})), vec!["accountName"]),
        (
            with(json!({"name": "", "type": null})),
            vec!["name", "type"],
        ),
        (with(json!({"type": "cash"})), vec!["type"]),
        (
            with(json!({"logoUrl": "http://x.vn/a.png"})),
            vec!["logoUrl"],
        ),
        (
            with(json!({"webhookSecret": "too-short"})),
            vec!["webhookSecret"],
        ),
        (with(json!({"webhookEnabled": true})), vec!["webhookSecret"]),
        (with(json!({"name": "x".repeat(101)})), vec!["name"]),
        (
            json!({"name": "Tiền mặt", "type": "manual"}),
            vec!["instructions"],
        ),
        (
            json!({"name": "Tiền mặt", "type": "manual", "instructions": "x".repeat(2001)}),
            vec!["instructions"],
        ),
    ];
    for (body, fields) in cases {
        let answer = app.post(CREATE, body.clone()).await;
        assert_eq!(answer.error(400, 1), fields, "{body}");
    }
    // Wrong JSON types answer code 1 as well.
    let answer = app.post(CREATE, with(json!({"sortOrder": "first"}))).await;
    answer.error(400, 1);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM payment_providers")
            .await,
        0
    );

    // The same rules on Update, and nothing changes.
    let id = app.bank_provider("Vietcombank", 0).await;
    let before = app.schema.dump("payment_providers").await;
    for patch in [
        json!({"id": id, "bankBin": null}),
        json!({"id": id, "bankBin": "111111"}),
        json!({"id": id, "accountNumber": "12a45"}),
        json!({"id": id, "type": "manual"}),
    ] {
        let answer = app.put(UPDATE, patch.clone()).await;
        assert_eq!(answer.error(400, 1).len(), 1, "{patch}");
    }
    assert_eq!(app.schema.dump("payment_providers").await, before);
}

#[tokio::test(flavor = "multi_thread")]
async fn webhook_secret_is_encrypted_and_never_returned() {
    let app = TestApp::spawn().await;
    let created = app
        .post(
            CREATE,
            json!({
                "name": "SePay MB",
                "type": "vietqr_bank",
                "bankBin": "970422",
                "accountNumber": "0123456789",
                "accountName": "CONG TY ABC",
                "webhookEnabled": true,
                "webhookSecret": SECRET,
            }),
        )
        .await
        .ok()
        .clone();
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["hasWebhookSecret"], true);
    assert_eq!(created["webhookEnabled"], true);

    let mut seen = vec![created.to_string()];
    seen.push(app.get(&format!("{READ}?id={id}")).await.body.to_string());
    seen.push(app.get(PAGINATION).await.body.to_string());
    seen.push(
        app.call(Method::GET, LIST_PUBLIC, None, None)
            .await
            .body
            .to_string(),
    );

    // Stored encrypted: neither the clear text nor its hex appears anywhere in the schema.
    let dump = app.schema.dump("payment_providers").await;
    assert!(!dump.contains(SECRET), "{dump}");
    assert!(!dump.contains(&hex_of(SECRET)), "{dump}");
    assert!(!dump.to_lowercase().contains("sepay-secret"), "{dump}");
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM payment_provider_secrets")
            .await,
        1
    );
    // The stored secret decrypts with the service key, bound to this provider.
    let stored = app
        .lines(&format!(
            "SELECT encode(nonce, 'hex') || ':' || encode(ciphertext, 'hex') AS line \
             FROM payment_provider_secrets WHERE provider_id = '{id}'"
        ))
        .await;
    let (nonce, ciphertext) = stored[0].split_once(':').unwrap();
    let (nonce, ciphertext) = (hex_decode(nonce), hex_decode(ciphertext));
    let provider: uuid::Uuid = id.parse().unwrap();
    assert_eq!(
        test_cipher()
            .decrypt(provider, &nonce, &ciphertext)
            .unwrap(),
        SECRET
    );
    assert!(
        test_cipher()
            .decrypt(uuid::Uuid::new_v4(), &nonce, &ciphertext)
            .is_err()
    );

    // Omitted: unchanged. Replaced: a new nonce. Cleared with null: gone (webhook off too).
    let kept = app
        .put(UPDATE, json!({"id": id, "name": "SePay MB 2"}))
        .await;
    assert_eq!(kept.status, 200, "{kept}");
    assert_eq!(kept["result"]["hasWebhookSecret"], true);
    seen.push(kept.to_string());
    let other = "another-Secret-0987654321";
    let replaced = app
        .put(UPDATE, json!({"id": id, "webhookSecret": other}))
        .await;
    assert_eq!(replaced.status, 200, "{replaced}");
    seen.push(replaced.to_string());
    assert!(!app.schema.dump("payment_providers").await.contains(other));
    // Clearing the secret while the webhook stays enabled is refused.
    let answer = app
        .put(UPDATE, json!({"id": id, "webhookSecret": null}))
        .await;
    assert_eq!(answer.error(400, 1), ["webhookSecret"]);
    let cleared = app
        .put(
            UPDATE,
            json!({"id": id, "webhookSecret": null, "webhookEnabled": false}),
        )
        .await;
    assert_eq!(cleared.status, 200, "{cleared}");
    assert_eq!(cleared["result"]["hasWebhookSecret"], false);
    assert_eq!(cleared["result"]["webhookEnabled"], false);
    seen.push(cleared.to_string());
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM payment_provider_secrets")
            .await,
        0
    );
    let set_again = app
        .put(UPDATE, json!({"id": id, "webhookSecret": SECRET}))
        .await;
    assert_eq!(set_again.status, 200);
    assert_eq!(set_again["result"]["hasWebhookSecret"], true);
    seen.push(set_again.to_string());

    for body in seen {
        assert!(!body.contains(SECRET) && !body.contains(other), "{body}");
        assert!(!body.contains("webhookSecret\""), "{body}");
    }
}

fn hex_of(text: &str) -> String {
    text.bytes().map(|b| format!("{b:02x}")).collect()
}

fn hex_decode(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn storefront_list_shows_active_providers_in_order() {
    let app = TestApp::spawn().await;
    let second = app.bank_provider("B Vietcombank", 2).await;
    let first_b = app.bank_provider("Z Techcombank", 1).await;
    let first_a = app.bank_provider("A ACB", 1).await;
    let manual = app
        .post(
            CREATE,
            json!({
                "name": "Liên hệ", "type": "manual", "instructions": "Nhắn tin cho shop",
                "sortOrder": 0, "logoUrl": "https://cdn.example.vn/logo.png"
            }),
        )
        .await
        .ok()
        .clone();
    let manual_id = manual["id"].as_str().unwrap().to_owned();
    let inactive = app.bank_provider("Ngừng", -5).await;
    let status = app
        .put(UPDATE, json!({"id": inactive, "isActive": false}))
        .await
        .status;
    assert_eq!(status, 200);
    let deleted = app.bank_provider("Đã xóa", -10).await;
    let status = app
        .delete(&format!("{ADMIN}/PaymentProvider/Delete?id={deleted}"))
        .await
        .status;
    assert_eq!(status, 200);

    let list = app
        .anon()
        .get(LIST_PUBLIC)
        .await
        .ok()
        .as_array()
        .unwrap()
        .clone();
    let ids: Vec<&str> = list.iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [manual_id.as_str(), &first_a, &first_b, &second]);
    // The public view only: no account details, no webhook data.
    let keys: Vec<&String> = list[0].as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["bankName", "id", "instructions", "logoUrl", "name", "type"]
    );
    assert_eq!(list[0]["type"], "manual");
    assert_eq!(list[0]["instructions"], "Nhắn tin cho shop");
    assert_eq!(list[1]["bankName"], "Vietcombank");

    // The admin list still shows the inactive provider, not the deleted one; filters and
    // sorting work.
    let page = app.get(PAGINATION).await;
    assert_eq!(page["result"]["totalCount"], 5);
    let page = app.get(&format!("{PAGINATION}?isActive=false")).await;
    assert_eq!(page["result"]["totalCount"], 1);
    assert_eq!(page["result"]["items"][0]["id"], inactive.as_str());
    let page = app.get(&format!("{PAGINATION}?type=manual")).await;
    assert_eq!(page["result"]["totalCount"], 1);
    let page = app.get(&format!("{PAGINATION}?keyword=techcom")).await;
    assert_eq!(page["result"]["totalCount"], 1);
    let page = app.get(&format!("{PAGINATION}?keyword=00110012")).await;
    assert_eq!(page["result"]["totalCount"], 4);
    let page = app
        .get(&format!(
            "{PAGINATION}?sortBy=sortOrder&sortDir=asc&pageSize=2"
        ))
        .await;
    let names: Vec<&str> = page["result"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ngừng", "Liên hệ"]);
    assert_eq!(page["result"]["pageSize"], 2);
    for bad in [
        "sortBy=accountNumber",
        "type=cash",
        "isActive=maybe",
        "pageSize=0",
    ] {
        let answer = app.get(&format!("{PAGINATION}?{bad}")).await;
        answer.error(400, 1);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn banks_lists_the_napas_banks() {
    let app = TestApp::spawn().await;
    let answer = app.get(BANKS).await;
    assert_eq!(answer.status, 200, "{answer}");
    let banks = answer["result"].as_array().unwrap();
    assert!(banks.len() >= 29);
    let vcb = banks.iter().find(|b| b["bin"] == "970436").unwrap();
    assert_eq!(vcb["shortName"], "Vietcombank");
    assert!(vcb["name"].as_str().unwrap().contains("Ngoại thương"));
}

#[tokio::test(flavor = "multi_thread")]
async fn openapi_document_describes_the_routes() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .get(app.url("/paymentprovider/openapi.json"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let doc: Value = response.json().await.unwrap();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    // Every route documented and every documented operation routed; examples valid.
    check_document(&doc, &paymentprovider::routes::table().operations());
    // Every reference points at something in the document.
    let text = doc.to_string();
    for target in text.split("\"$ref\":\"").skip(1) {
        let target = &target[..target.find('"').unwrap()];
        let pointer = target.strip_prefix('#').unwrap();
        assert!(doc.pointer(pointer).is_some(), "dangling $ref {target}");
    }
}
