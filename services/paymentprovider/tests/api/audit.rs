//! Every money-relevant action of this service is audited in the same transaction as the
//! action: Assign, provider Create/Update/Delete with the fields that changed
//! (never a secret), and the admin-only AuditLog/Pagination with its filters.

use crate::support;

use serde_json::json;
use support::*;

const CODE: &str = "DHAB12CD34";
const NEW_KEY: &str = "a-New-Webhook-Key-0123456789";
const TOKEN: &str = "SEPAYTOKEN0123456789ABCDEFGHIJKLMNOPQRSTUV";
const LOG: &str = "/paymentprovider/api/admin/v1/AuditLog/Pagination";

#[tokio::test(flavor = "multi_thread")]
async fn provider_writes_are_audited_with_what_changed_and_never_a_secret() {
    let app = TestApp::spawn().await;
    let id = app.webhook_provider("Vietcombank").await;
    let updated = app
        .put(
            UPDATE,
            json!({"id": id, "name": "VCB", "accountNumber": "1234567890",
                   "webhookSecret": NEW_KEY, "sepayApiToken": TOKEN, "isActive": false}),
        )
        .await;
    updated.ok();
    // A refused write leaves no row (the record is in the action's transaction).
    let refused = app.put(UPDATE, json!({"id": id, "name": ""})).await;
    refused.error(400, 1);
    let cleared = app
        .put(
            UPDATE,
            json!({"id": id, "webhookSecret": null, "webhookEnabled": false}),
        )
        .await;
    cleared.ok();
    let deleted = app
        .delete(&format!("{ADMIN}/PaymentProvider/Delete?id={id}"))
        .await;
    deleted.ok();

    let audit = app.audit().await;
    assert_eq!(audit.len(), 4, "{audit:#?}");
    let target = format!("VCB ({id})");
    assert_eq!(
        audit[0],
        format!(
            "test-admin|payment_provider_create|Vietcombank ({id})|name: Vietcombank; \
             type: vietqr_bank; bankBin: 970436; bankName: Vietcombank; \
             accountNumber: {ACCOUNT}; accountName: NGUYEN VAN A; instructions: ; logoUrl: ; \
             isActive: true; sortOrder: 0; webhookEnabled: true; webhookAuth: apikey; \
             webhookSecret: secret changed"
        )
    );
    assert_eq!(
        audit[1],
        format!(
            "test-admin|payment_provider_update|{target}|name: Vietcombank → VCB; \
             accountNumber: {ACCOUNT} → 1234567890; isActive: true → false; \
             webhookSecret: secret changed; sepayApiToken: token changed"
        )
    );
    assert_eq!(
        audit[2],
        format!(
            "test-admin|payment_provider_update|{target}|webhookEnabled: true → false; \
             webhookSecret: secret removed"
        )
    );
    assert!(audit[3].starts_with(&format!("test-admin|payment_provider_delete|{target}|")));
    let all = audit.join("\n");
    for secret in [WEBHOOK_KEY, NEW_KEY, TOKEN] {
        assert!(!all.contains(secret), "{secret} in the log");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn assign_is_audited_and_the_log_is_for_admins_with_filters() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = app.webhook_provider("Vietcombank").await;
    let unmatched = app
        .deliver_ok(&provider, &sepay(42, "chuyen tien", 120_000))
        .await;
    let assigned = app
        .as_staff()
        .post(
            &format!("{ADMIN}/PaymentTransaction/Assign"),
            json!({"id": unmatched["id"], "orderCode": CODE}),
        )
        .await;
    assert_eq!(assigned.ok()["status"], "matched");
    // A second Assign changes nothing and records nothing.
    let again = app
        .post(
            &format!("{ADMIN}/PaymentTransaction/Assign"),
            json!({"id": unmatched["id"], "orderCode": CODE}),
        )
        .await;
    again.error(409, 404);

    let audit = app.audit().await;
    assert_eq!(
        audit.last().unwrap(),
        &format!(
            "test-staff|payment_transaction_assign|{CODE}|Gán giao dịch sepay:42 (120000 đ, \
             Vietcombank, nội dung \"chuyen tien\") cho đơn {CODE}"
        )
    );
    assert_eq!(audit.len(), 2, "{audit:#?}");

    // The list: admin only, newest first, filtered by action, actor and date.
    app.as_staff().get(LOG).await.error(403, 6);
    app.anon().get(LOG).await.error(401, 5);
    let page = app.get(LOG).await;
    let items = page.items();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["action"], "payment_transaction_assign");
    assert_eq!(items[0]["actor"], "test-staff");
    assert!(items[0]["actorId"].is_string());
    let by_action = app
        .get(&format!("{LOG}?action=payment_provider_create"))
        .await;
    assert_eq!(by_action.items().len(), 1);
    let by_actor = app.get(&format!("{LOG}?actor=STAFF")).await;
    assert_eq!(by_actor.items().len(), 1);
    let future = app
        .get(&format!("{LOG}?from=2999-01-01T00:00:00%2B07:00"))
        .await;
    assert!(future.items().is_empty());
    let bad = app.get(&format!("{LOG}?action=order_cancel")).await;
    assert_eq!(bad.error(400, 1), ["action"]);
}
