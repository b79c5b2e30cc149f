//! SePay's user API, as the reconciliation reads it: `GET {SEPAY_API_BASE}/userapi/
//! transactions/list?account_number=…&since_id=…&limit=…` with `Authorization: Bearer
//! <API token>`, answered
//! `{status: 200, error: null, messages: {success: true}, transactions: [row…]}`, each row
//! `{id, bank_brand_name, account_number, sub_account, transaction_date ("YYYY-MM-DD
//! HH:MM:SS", Vietnam time), amount_in, amount_out, accumulated (decimal text such as
//! "18067000.00", or numbers), transaction_content, reference_number, code,
//! bank_account_id}` (SePay's "API Giao dịch" page). At most 3 calls a second; a 429
//! carries `x-sepay-userapi-retry-after` (seconds).
//!
//! A row's `id` is SePay's transaction id, the webhook's `id` for the same transfer, so a
//! row becomes the webhook body SePay would have sent ([`webhook_body`]) and goes through
//! the webhook's own parsing ([`super::sepay::Delivery::parse`]) and path.

use serde_json::{Value, json};

pub const LIST_PATH: &str = "/userapi/transactions/list";
/// The rate limit's header on a 429: seconds to wait.
pub const RETRY_AFTER_HEADER: &str = "x-sepay-userapi-retry-after";

/// Why an answer of the list cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListError {
    #[error("SePay answered without a transactions list")]
    Malformed,
    #[error("SePay refused: {0}")]
    Refused(String),
}

/// The rows of a list answer.
pub fn rows(answer: &Value) -> Result<&[Value], ListError> {
    let success = answer
        .pointer("/messages/success")
        .and_then(Value::as_bool)
        .unwrap_or(true);
    let status_ok = answer
        .get("status")
        .and_then(Value::as_i64)
        .is_none_or(|s| s == 200);
    if !success || !status_ok {
        let why = answer
            .get("error")
            .and_then(Value::as_str)
            .unwrap_or("status")
            .chars()
            .take(200)
            .collect();
        return Err(ListError::Refused(why));
    }
    answer
        .get("transactions")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .ok_or(ListError::Malformed)
}

/// Whole VND from SePay's decimal text ("18067000.00") or a number; `None` for anything
/// else, a fraction of a đồng included.
pub fn vnd(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.as_i64().or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && f.abs() < 1e15)
                .map(|f| f as i64)
        }),
        Value::String(s) => {
            let s = s.trim();
            let (whole, fraction) = s.split_once('.').unwrap_or((s, ""));
            if !fraction.bytes().all(|b| b == b'0') {
                return None;
            }
            whole.parse().ok()
        }
        _ => None,
    }
}

/// A row's SePay id as a number (the `since_id` cursor), if it is one.
pub fn row_id(row: &Value) -> Option<i64> {
    match row.get("id")? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|id| *id >= 0)
}

/// The webhook body SePay would have sent for an incoming row; `None` for an outgoing
/// (or empty) one, which the shop never needs.
pub fn webhook_body(row: &Value) -> Option<Value> {
    let amount_in = row.get("amount_in").and_then(vnd).unwrap_or(0);
    if amount_in <= 0 {
        return None;
    }
    let text = |name: &str| row.get(name).cloned().unwrap_or(Value::Null);
    let gateway = row
        .get("bank_brand_name")
        .and_then(Value::as_str)
        .filter(|g| !g.trim().is_empty())
        .unwrap_or("SePay");
    Some(json!({
        "id": text("id"),
        "gateway": gateway,
        "transactionDate": text("transaction_date"),
        "accountNumber": text("account_number"),
        "subAccount": text("sub_account"),
        "code": text("code"),
        "content": text("transaction_content"),
        "transferType": "in",
        "transferAmount": amount_in,
        "accumulated": row.get("accumulated").and_then(vnd),
        "referenceCode": text("reference_number"),
        "description": null,
    }))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::domain::sepay::Delivery;

    fn sample() -> Value {
        json!({
            "id": "49682", "bank_brand_name": "Vietcombank", "account_number": "0071000888888",
            "transaction_date": "2023-05-05 19:59:48", "amount_out": "0.00",
            "amount_in": "18067000.00", "accumulated": "1200541768.00",
            "transaction_content": "DUONG THUY ANH chuyen tien DHAB12CD34",
            "reference_number": "677760.050523.080001", "code": null,
            "sub_account": "VCB0011ABC004", "bank_account_id": "19"
        })
    }

    #[test]
    fn a_row_reads_as_the_webhook_would_have_said_it() {
        let body = webhook_body(&sample()).unwrap();
        let d = Delivery::parse(&body).unwrap();
        assert_eq!(d.external_id, "49682");
        assert_eq!(d.amount, 18_067_000);
        assert_eq!(d.accumulated, Some(1_200_541_768));
        assert_eq!(d.reference_code.as_deref(), Some("677760.050523.080001"));
        assert_eq!(d.sub_account.as_deref(), Some("VCB0011ABC004"));
        assert_eq!(d.transaction_date.to_rfc3339(), "2023-05-05T12:59:48+00:00");
        assert_eq!(row_id(&sample()), Some(49_682));
        // Outgoing rows are not the shop's business.
        let mut out = sample();
        out["amount_in"] = json!("0.00");
        out["amount_out"] = json!("500000.00");
        assert_eq!(webhook_body(&out), None);
    }

    #[test]
    fn amounts_and_envelopes() {
        assert_eq!(vnd(&json!("18067000.00")), Some(18_067_000));
        assert_eq!(vnd(&json!("5000")), Some(5_000));
        assert_eq!(vnd(&json!(5000.0)), Some(5_000));
        assert_eq!(vnd(&json!("5000.50")), None);
        assert_eq!(vnd(&json!("x")), None);
        let ok = json!({"status": 200, "error": null, "messages": {"success": true},
                        "transactions": [sample()]});
        assert_eq!(rows(&ok).unwrap().len(), 1);
        let refused =
            json!({"status": 401, "error": "Unauthorized", "messages": {"success": false}});
        assert_eq!(
            rows(&refused).unwrap_err(),
            ListError::Refused("Unauthorized".into())
        );
        assert_eq!(
            rows(&json!({"status": 200})).unwrap_err(),
            ListError::Malformed
        );
    }
}
