//! A SePay webhook delivery, checked, and what it means for the shop.
//!
//! SePay posts one JSON object per bank transaction:
//! `{id, gateway, transactionDate: "YYYY-MM-DD HH:MM:SS", accountNumber, subAccount, code,
//! content, transferType: "in"|"out", transferAmount, accumulated, referenceCode,
//! description}`. `transactionDate` is the bank's local time, Asia/Ho_Chi_Minh, which is
//! UTC+07:00 all year (Vietnam has no daylight saving time).
//!
//! A body that cannot be read is rejected (code 1): SePay retries a delivery that gets no
//! 2xx, which is right for data that was damaged on the way, and nothing is stored.

use chrono::{DateTime, FixedOffset, NaiveDateTime, Offset, TimeZone, Utc};
use serde_json::{Map, Value};
use shop_common::FieldError;
use shop_common::input::{Invalid, Problems};
use subtle::ConstantTimeEq;

use super::order_code::{self, OrderCode};
use super::transaction::TransferType;

/// Asia/Ho_Chi_Minh: UTC+07:00, no daylight saving time.
pub const VIETNAM_OFFSET_SECS: i32 = 7 * 3600;
/// The longest SePay `id` kept (stored as text; `sepay:` and the id, the transfer's
/// natural id, then fit retailstore's 100-character `transactionId`).
pub const MAX_ID: usize = 94;
/// Names, numbers and codes.
pub const MAX_SHORT: usize = 255;
/// The memo and the bank's description.
pub const MAX_LONG: usize = 4_000;
/// The largest amount accepted (what a VietQR amount tag can carry).
pub const MAX_AMOUNT: i64 = 9_999_999_999_999;

/// Asia/Ho_Chi_Minh as a fixed offset.
pub fn vietnam() -> FixedOffset {
    match FixedOffset::east_opt(VIETNAM_OFFSET_SECS) {
        Some(offset) => offset,
        None => Utc.fix(),
    }
}

/// SePay's `transactionDate`: `YYYY-MM-DD HH:MM:SS` in Vietnam time (a `T` separator and
/// fractional seconds are tolerated), or an RFC 3339 time with its own offset.
pub fn parse_transaction_date(text: &str) -> Option<DateTime<Utc>> {
    let text = text.trim();
    if let Ok(at) = DateTime::parse_from_rfc3339(text) {
        return Some(at.with_timezone(&Utc));
    }
    let local = NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f")
        .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S%.f"))
        .ok()?;
    vietnam()
        .from_local_datetime(&local)
        .single()
        .map(|at| at.with_timezone(&Utc))
}

/// A checked delivery. Text fields are trimmed; optional ones are `None` when blank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    /// SePay's transaction id, as text.
    pub external_id: String,
    pub gateway: String,
    pub transaction_date: DateTime<Utc>,
    pub account_number: String,
    pub sub_account: Option<String>,
    pub code: Option<String>,
    pub content: String,
    pub transfer_type: TransferType,
    /// VND, > 0.
    pub amount: i64,
    pub accumulated: Option<i64>,
    pub reference_code: Option<String>,
    pub description: Option<String>,
}

/// What the shop does with a delivery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Outgoing, or to another account: kept, never applied.
    Ignore,
    /// Incoming, but no order code in `code` or `content`: for staff.
    Unmatched,
    /// Incoming with an order code: ask retailstore to apply it.
    Confirm(OrderCode),
}

/// True when `value` holds a NUL character anywhere (keys included): PostgreSQL text and
/// jsonb cannot store one.
fn has_nul(value: &Value) -> bool {
    match value {
        Value::String(s) => s.contains('\0'),
        Value::Array(items) => items.iter().any(has_nul),
        Value::Object(map) => map.iter().any(|(k, v)| k.contains('\0') || has_nul(v)),
        Value::Null | Value::Bool(_) | Value::Number(_) => false,
    }
}

/// An integral JSON number (SePay sends integers; `2277000.0` is accepted too).
fn integer(value: &Value) -> Option<i64> {
    value.as_i64().or_else(|| {
        value
            .as_f64()
            .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15)
            // In range and integral: exact.
            .map(|f| f as i64)
    })
}

/// Reads the fields of one object, collecting every problem.
struct Reader<'a> {
    body: &'a Map<String, Value>,
    problems: Problems,
}

impl Reader<'_> {
    /// Trimmed text; `None` when missing, null or blank; a problem when not a string or
    /// longer than `max` characters.
    fn text(&mut self, field: &str, max: usize) -> Option<String> {
        match self.body.get(field) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => {
                let s = s.trim();
                if s.chars().count() > max {
                    self.problems.push(field, format!("Tối đa {max} ký tự"));
                }
                (!s.is_empty()).then(|| s.to_owned())
            }
            Some(_) => {
                self.problems.push(field, "Phải là chuỗi ký tự");
                None
            }
        }
    }

    /// [`text`](Self::text), with a problem when it is missing or blank too.
    fn required_text(&mut self, field: &str, max: usize) -> Option<String> {
        let wrong_type = self
            .body
            .get(field)
            .is_some_and(|v| !v.is_string() && !v.is_null());
        let text = self.text(field, max);
        if text.is_none() && !wrong_type {
            self.problems.push(field, "Thiếu dữ liệu");
        }
        text
    }

    /// SePay's id: an integer, or a non-blank string.
    fn id(&mut self) -> Option<String> {
        let id = match self.body.get("id") {
            Some(n @ Value::Number(_)) => integer(n).map(|i| i.to_string()),
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_owned()),
            _ => None,
        };
        match &id {
            None => self.problems.push("id", "Thiếu mã giao dịch"),
            Some(id) if id.chars().count() > MAX_ID || id.chars().any(char::is_control) => {
                self.problems
                    .push("id", format!("Mã giao dịch tối đa {MAX_ID} ký tự"));
            }
            Some(_) => {}
        }
        id
    }

    fn amount(&mut self) -> Option<i64> {
        let amount = self.body.get("transferAmount").and_then(integer);
        match amount {
            Some(a) if (1..=MAX_AMOUNT).contains(&a) => Some(a),
            _ => {
                self.problems
                    .push("transferAmount", "Số tiền phải là số nguyên lớn hơn 0");
                None
            }
        }
    }

    fn accumulated(&mut self) -> Option<i64> {
        match self.body.get("accumulated") {
            None | Some(Value::Null) => None,
            Some(v) => {
                let n = integer(v);
                if n.is_none() {
                    self.problems.push("accumulated", "Số dư phải là số nguyên");
                }
                n
            }
        }
    }
}

impl Delivery {
    /// Reads a SePay body; every problem at once (code 1 with `details`).
    pub fn parse(raw: &Value) -> Result<Self, Invalid> {
        let Some(body) = raw.as_object() else {
            return Err(Invalid(vec![FieldError::new(
                "body",
                "Dữ liệu phải là một đối tượng JSON",
            )]));
        };
        let mut r = Reader {
            body,
            problems: Problems::default(),
        };
        if has_nul(raw) {
            r.problems.push("body", "Dữ liệu chứa ký tự NUL");
        }
        let external_id = r.id();
        let gateway = r.required_text("gateway", MAX_SHORT);
        let date_text = r.required_text("transactionDate", MAX_SHORT);
        let transaction_date = date_text.as_deref().and_then(parse_transaction_date);
        if date_text.is_some() && transaction_date.is_none() {
            r.problems.push(
                "transactionDate",
                "Thời gian giao dịch có dạng YYYY-MM-DD HH:MM:SS",
            );
        }
        let account_number = r.required_text("accountNumber", MAX_SHORT);
        let sub_account = r.text("subAccount", MAX_SHORT);
        let code = r.text("code", MAX_SHORT);
        let content = r.text("content", MAX_LONG).unwrap_or_default();
        let transfer_type = r
            .body
            .get("transferType")
            .and_then(Value::as_str)
            .and_then(|t| TransferType::parse(t.trim()));
        if transfer_type.is_none() {
            r.problems
                .push("transferType", "Loại giao dịch là in hoặc out");
        }
        let amount = r.amount();
        let accumulated = r.accumulated();
        let reference_code = r.text("referenceCode", MAX_SHORT);
        let description = r.text("description", MAX_LONG);
        // Every value missing here pushed a problem above.
        r.problems.finish(|| Self {
            external_id: external_id.unwrap_or_default(),
            gateway: gateway.unwrap_or_default(),
            transaction_date: transaction_date.unwrap_or_default(),
            account_number: account_number.unwrap_or_default(),
            sub_account,
            code,
            content,
            transfer_type: transfer_type.unwrap_or(TransferType::In),
            amount: amount.unwrap_or_default(),
            accumulated,
            reference_code,
            description,
        })
    }

    /// Whether the money went into `account` (the provider's account number): the
    /// digits of `accountNumber`, or of `subAccount` (a virtual account), equal its
    /// digits.
    pub fn is_to(&self, account: Option<&str>) -> bool {
        let digits = |s: &str| -> String { s.chars().filter(char::is_ascii_digit).collect() };
        let Some(account) = account.map(digits).filter(|a| !a.is_empty()) else {
            return false;
        };
        digits(&self.account_number) == account
            || self.sub_account.as_deref().map(digits).as_ref() == Some(&account)
    }

    /// What to do with this delivery for a provider whose account number is `account`.
    pub fn decide(&self, account: Option<&str>) -> Decision {
        if self.transfer_type == TransferType::Out || !self.is_to(account) {
            return Decision::Ignore;
        }
        match order_code::find(self.code.as_deref(), &self.content) {
            Some(code) => Decision::Confirm(code),
            None => Decision::Unmatched,
        }
    }
}

/// The scheme of SePay's API-key mode: `Authorization: Apikey <secret>`.
pub const APIKEY_SCHEME: &str = "Apikey";

/// The secret of an `Authorization: Apikey <secret>` header (the scheme in any case).
pub fn apikey(header: &[u8]) -> Option<&[u8]> {
    let scheme = header.get(..APIKEY_SCHEME.len())?;
    let rest = header.get(APIKEY_SCHEME.len()..)?;
    if !scheme.eq_ignore_ascii_case(APIKEY_SCHEME.as_bytes()) || !rest.starts_with(b" ") {
        return None;
    }
    let secret = rest.trim_ascii();
    (!secret.is_empty()).then_some(secret)
}

/// Compared against when there is no secret to compare with, so that an unknown or
/// disabled provider takes the same path as a wrong key.
const DUMMY_SECRET: &[u8] = b"no-webhook-secret-for-this-provider-0000";

/// Whether `presented` is `expected`, compared in constant time. Without an expected
/// secret a dummy is compared and the answer is no.
pub fn key_matches(expected: Option<&str>, presented: Option<&[u8]>) -> bool {
    let presented = presented.unwrap_or_default();
    let same: bool = expected
        .map_or(DUMMY_SECRET, str::as_bytes)
        .ct_eq(presented)
        .into();
    same && expected.is_some()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn sample() -> Value {
        json!({
            "id": 92704,
            "gateway": "Vietcombank",
            "transactionDate": "2026-03-25 14:02:37",
            "accountNumber": "0011001234567",
            "code": null,
            "content": "CT DEN:123 DHAB12CD34 chuyen tien",
            "transferType": "in",
            "transferAmount": 2277000,
            "accumulated": 19077000,
            "subAccount": null,
            "referenceCode": "MBVCB.3278907687",
            "description": ""
        })
    }

    fn with(patch: Value) -> Value {
        let mut body = sample();
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    }

    fn fields(raw: Value) -> Vec<String> {
        Delivery::parse(&raw)
            .unwrap_err()
            .0
            .into_iter()
            .map(|f| f.field)
            .collect()
    }

    #[test]
    fn reads_a_sepay_body() {
        let d = Delivery::parse(&sample()).unwrap();
        assert_eq!(d.external_id, "92704");
        assert_eq!(d.gateway, "Vietcombank");
        // 14:02:37 in Hanoi is 07:02:37 UTC.
        assert_eq!(d.transaction_date.to_rfc3339(), "2026-03-25T07:02:37+00:00");
        assert_eq!(d.account_number, "0011001234567");
        assert_eq!(d.sub_account, None);
        assert_eq!(d.code, None);
        assert_eq!(d.transfer_type, TransferType::In);
        assert_eq!(d.amount, 2_277_000);
        assert_eq!(d.accumulated, Some(19_077_000));
        assert_eq!(d.reference_code.as_deref(), Some("MBVCB.3278907687"));
        assert_eq!(d.description, None);
        // A string id, a float amount, missing optional fields.
        let d = Delivery::parse(&json!({
            "id": " 123abc ", "gateway": "MBBank", "transactionDate": "2026-01-01 00:00:00",
            "accountNumber": "1", "transferType": "out", "transferAmount": 5000.0
        }))
        .unwrap();
        assert_eq!(d.external_id, "123abc");
        assert_eq!(d.amount, 5_000);
        assert_eq!(d.content, "");
        assert_eq!(d.transaction_date.to_rfc3339(), "2025-12-31T17:00:00+00:00");
    }

    #[test]
    fn api_keys() {
        assert_eq!(apikey(b"Apikey s3cret"), Some(&b"s3cret"[..]));
        assert_eq!(apikey(b"apikey   s3cret "), Some(&b"s3cret"[..]));
        assert_eq!(apikey(b"APIKEY s3cret"), Some(&b"s3cret"[..]));
        for bad in [
            &b""[..],
            b"Apikey",
            b"Apikey ",
            b"Apikeys3cret",
            b"Bearer s3cret",
            b"Api",
        ] {
            assert_eq!(apikey(bad), None, "{bad:?}");
        }
        assert!(key_matches(Some("s3cret"), Some(b"s3cret")));
        assert!(!key_matches(Some("s3cret"), Some(b"s3creT")));
        assert!(!key_matches(Some("s3cret"), Some(b"s3cret2")));
        assert!(!key_matches(Some("s3cret"), None));
        assert!(!key_matches(None, Some(DUMMY_SECRET)));
        assert!(!key_matches(None, None));
    }

    #[test]
    fn dates() {
        let at = |s: &str| parse_transaction_date(s).map(|d| d.to_rfc3339());
        assert_eq!(
            at("2026-03-25 00:30:00").as_deref(),
            Some("2026-03-24T17:30:00+00:00")
        );
        assert_eq!(
            at("2026-03-25T00:30:00").as_deref(),
            Some("2026-03-24T17:30:00+00:00")
        );
        assert_eq!(
            at("2026-03-25T00:30:00Z").as_deref(),
            Some("2026-03-25T00:30:00+00:00")
        );
        assert_eq!(
            at("2026-03-25 00:30:00.5").as_deref(),
            Some("2026-03-24T17:30:00.500+00:00")
        );
        for bad in [
            "",
            "25/03/2026 00:30:00",
            "2026-02-30 00:00:00",
            "2026-03-25",
        ] {
            assert_eq!(at(bad), None, "{bad}");
        }
    }

    #[test]
    fn reports_every_problem() {
        assert_eq!(fields(json!([])), ["body"]);
        assert_eq!(fields(json!({})).len(), 6);
        assert_eq!(
            fields(with(json!({
                "id": null,
                "transactionDate": "hôm qua",
                "transferType": "IN",
                "transferAmount": 0,
                "content": 5,
                "accumulated": "x",
            }))),
            [
                "id",
                "transactionDate",
                "content",
                "transferType",
                "transferAmount",
                "accumulated"
            ]
        );
        assert_eq!(
            fields(with(json!({"transferAmount": -5, "gateway": " "}))),
            ["gateway", "transferAmount"]
        );
        assert_eq!(
            fields(with(json!({"transferAmount": 1.5}))),
            ["transferAmount"]
        );
        assert_eq!(fields(with(json!({"id": 1.5}))), ["id"]);
        assert_eq!(fields(with(json!({"id": "x".repeat(95)}))), ["id"]);
        assert_eq!(fields(with(json!({"code": "x".repeat(256)}))), ["code"]);
        assert_eq!(fields(with(json!({"extra": {"a": "b\u{0}"}}))), ["body"]);
        assert_eq!(
            fields(with(json!({"accountNumber": 12345}))),
            ["accountNumber"]
        );
    }

    #[test]
    fn decisions() {
        let d = Delivery::parse(&sample()).unwrap();
        let code = OrderCode::parse("DHAB12CD34").unwrap();
        assert_eq!(
            d.decide(Some("0011001234567")),
            Decision::Confirm(code.clone())
        );
        // Digits only on both sides.
        let spaced = Delivery {
            account_number: "0011 0012 34567".into(),
            ..d.clone()
        };
        assert_eq!(
            spaced.decide(Some("0011001234567")),
            Decision::Confirm(code.clone())
        );
        // Another account, unless the virtual sub-account is ours.
        assert_eq!(d.decide(Some("999999")), Decision::Ignore);
        assert_eq!(d.decide(None), Decision::Ignore);
        let va = Delivery {
            account_number: "1234567890".into(),
            sub_account: Some("VQR 0011001234567".into()),
            ..d.clone()
        };
        assert_eq!(
            va.decide(Some("0011001234567")),
            Decision::Confirm(code.clone())
        );
        // Outgoing.
        let out = Delivery {
            transfer_type: TransferType::Out,
            ..d.clone()
        };
        assert_eq!(out.decide(Some("0011001234567")), Decision::Ignore);
        // No code anywhere.
        let none = Delivery {
            content: "chuyen tien mua iphone".into(),
            ..d.clone()
        };
        assert_eq!(none.decide(Some("0011001234567")), Decision::Unmatched);
        // SePay's `code` wins over the memo.
        let coded = Delivery {
            code: Some("dhzz99zz99".into()),
            ..d
        };
        assert_eq!(
            coded.decide(Some("0011001234567")),
            Decision::Confirm(OrderCode::parse("DHZZ99ZZ99").unwrap())
        );
    }
}
