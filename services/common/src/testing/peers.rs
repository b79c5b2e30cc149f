//! Fakes of the calls one service makes to another, for the caller's own tests: a
//! [`Stub`] answering as paymentprovider's PaymentInstruction or as retailstore's
//! ConfirmPayment would.

use std::collections::HashSet;
use std::ops::Deref;
use std::sync::Mutex;

use serde_json::{Value, json};

use super::shop::{INACTIVE_PROVIDER, payment::INSTRUCTION_PATH, retail::CONFIRM_PAYMENT};
use super::{Stub, envelope_error, envelope_ok};

/// paymentprovider as retailstore calls it: PaymentInstruction answered by
/// [`instruction`].
pub struct FakePayments(pub Stub);

impl FakePayments {
    pub fn start() -> Self {
        let stub = Stub::start();
        stub.reply("POST", INSTRUCTION_PATH, instruction);
        Self(stub)
    }

    /// The PaymentInstruction bodies received, in order.
    pub fn instruction_calls(&self) -> Vec<Value> {
        self.calls(INSTRUCTION_PATH)
    }
}

impl Deref for FakePayments {
    type Target = Stub;
    fn deref(&self) -> &Stub {
        &self.0
    }
}

/// The fake's PaymentInstruction: a VietQR bank account, the memo the order code;
/// [`INACTIVE_PROVIDER`] is refused with code 500.
pub fn instruction(body: &Value) -> (u16, Value) {
    if body["providerId"] == INACTIVE_PROVIDER {
        let refusal = envelope_error(400, 500, "Phương thức thanh toán không khả dụng");
        return (400, refusal);
    }
    let code = body["orderCode"].as_str().unwrap_or_default();
    let instruction = json!({
        "providerId": body["providerId"], "providerName": "Vietcombank - Cửa hàng",
        "type": "vietqr_bank", "bankName": "Vietcombank", "bankBin": "970436",
        "accountNumber": "0123456789", "accountName": "NGUYEN VAN A",
        "transferContent": code, "amountDue": body["amount"], "instructions": null,
        "qrPayload": format!("00020101021238...62{:02}08{code}6304ABCD", code.len() + 4),
    });
    (200, envelope_ok(instruction))
}

/// retailstore as paymentprovider calls it: ConfirmPayment answers 404 code 2 until
/// [`orders`](Self::orders) says which orders exist.
pub struct FakeRetailstore(pub Stub);

impl FakeRetailstore {
    pub fn start() -> Self {
        Self(Stub::start())
    }

    /// ConfirmPayment as retailstore answers it: `orders` exist, idempotent on
    /// `transactionId`; `manual` ones hold a manual payment (`duplicate_of_manual` once).
    pub fn orders(&self, orders: &[&str], manual: &[&str]) {
        self.answer(orders, manual, None);
    }

    /// As [`orders`](Self::orders), every order to be paid through `provider`: money
    /// through another provider gets code 407 unless staff assigned it.
    pub fn orders_paid_through(&self, orders: &[&str], provider: &str) {
        self.answer(orders, &[], Some(provider.to_owned()));
    }

    fn answer(&self, orders: &[&str], manual: &[&str], provider: Option<String>) {
        let owned = |codes: &[&str]| codes.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let (orders, manual) = (owned(orders), owned(manual));
        let seen = Mutex::new(HashSet::new());
        self.reply("POST", CONFIRM_PAYMENT, move |body| {
            let code = body["orderCode"].as_str().unwrap_or_default().to_uppercase();
            let tx = body["transactionId"].as_str().unwrap_or_default().to_owned();
            if !orders.contains(&code) {
                return (404, envelope_error(404, 403, "Không tìm thấy đơn hàng"));
            }
            let other_provider = provider
                .as_deref()
                .is_some_and(|p| body["providerId"].as_str() != Some(p));
            if other_provider && body["staffAssigned"] != json!(true) {
                return (409, envelope_error(409, 407, "Tiền đến qua phương thức khác"));
            }
            let outcome = match (seen.lock().unwrap().insert(tx), manual.contains(&code)) {
                (false, _) => "already_applied",
                (true, true) => "duplicate_of_manual",
                (true, false) => "applied",
            };
            let order = json!({"orderId": uuid::Uuid::new_v4(), "orderCode": code, "status": "completed",
                               "paymentStatus": "paid", "applied": outcome == "applied", "outcome": outcome});
            (200, envelope_ok(order))
        });
    }

    /// The ConfirmPayment bodies received (down or not), in order.
    pub fn confirm_calls(&self) -> Vec<Value> {
        self.calls(CONFIRM_PAYMENT)
    }

    /// How many ConfirmPayment calls were answered `applied` (a payment counted).
    pub fn applied_count(&self) -> usize {
        let calls = self.requests(CONFIRM_PAYMENT);
        let applied = calls
            .iter()
            .filter(|c| c.answer["result"]["outcome"] == "applied");
        applied.count()
    }

    /// How many ConfirmPayment calls for `transaction_id` found their order (while up).
    pub fn confirms_for(&self, transaction_id: &str) -> usize {
        let calls = self.requests(CONFIRM_PAYMENT);
        let found = calls
            .iter()
            .filter(|c| c.status == 200 && c.body["transactionId"] == transaction_id);
        found.count()
    }
}

impl Deref for FakeRetailstore {
    type Target = Stub;
    fn deref(&self) -> &Stub {
        &self.0
    }
}
