//! The shop's vocabulary for black-box tests, shared by every crate: the paths tests
//! call, the bodies of the buying flow, and fixtures that stock, order, pay and sign in
//! through the services' own APIs (methods on [`TestService`] and [`TestClient`]).

use serde_json::{Value, json};

use super::{Answer, TestClient, TestService};

/// `PREFIX "/Controller/": NAME "Action", ...;` defines each `NAME` as that route.
macro_rules! paths {
    ($($p:literal $c:literal: $($name:ident $a:literal),+;)+) => {$($(
        pub const $name: &str = concat!($p, $c, $a);
    )+)+};
}

/// retailstore's routes that several test files or the fixtures call.
pub mod retail {
    paths! {
        "/retailstore/api/admin/v1" "/Product/": PRODUCT_CREATE "Create", PRODUCT_READ "Read",
            PRODUCT_UPDATE "Update", PRODUCT_DELETE "Delete", PRODUCT_PAGINATION "Pagination";
        "/retailstore/api/admin/v1" "/ProductSerialCode/": CODE_PAGINATION "Pagination",
            CODE_UPDATE "Update", CODE_DELETE "Delete", CODE_REVEAL "Reveal", CODE_SEARCH "Search";
        "/retailstore/api/admin/v1" "/Order/": ORDER_PAGINATION "Pagination",
            ORDER_ADMIN_DETAIL "Detail", ORDER_CONFIRM "ConfirmPayment", ORDER_CANCEL "Cancel",
            ORDER_REPLACE "ReplaceCodes", ORDER_REVEAL "RevealCodes",
            ORDER_RELINK "RegenerateAccessLink";
        "/retailstore/api/web/v1" "/Product/": PRODUCT_WEB_PAGINATION "Pagination";
        "/retailstore/api/web/v1" "/Order/": ORDER_LOOKUP "OrderLookup";
        "/retailstore/internal/v1" "/Order/": CONFIRM_PAYMENT "ConfirmPayment";
    }
    pub use crate::limits::{BULK_PATH, CREATE_ORDER_PATH};
}

/// paymentprovider's routes that several test files or the fixtures call.
pub mod payment {
    paths! {
        "/paymentprovider/api/admin/v1" "/PaymentProvider/": PROVIDER_CREATE "Create",
            PROVIDER_UPDATE "Update";
        "/paymentprovider/api/web/v1" "/PaymentWebhook/": SEPAY "SePay";
    }
    pub use crate::payment_instruction::PATH as INSTRUCTION_PATH;
}

pub const PUBLIC_BASE: &str = "https://shop.example.vn";
/// The provider of [`order_body`].
pub const PROVIDER: &str = "0190a4c1-7b2e-7c3d-8e4f-5a6b7c8d9e0f";
/// A provider the fake paymentprovider calls inactive (code 500).
pub const INACTIVE_PROVIDER: &str = "00000000-0000-4000-8000-000000000500";
/// The provider account the SePay bodies pay into.
pub const ACCOUNT: &str = "0011001234567";
/// The webhook secret of [`Payments::webhook_provider`].
pub const WEBHOOK_KEY: &str = "sepay-Webhook-Key-0123456789";
/// Where nothing listens: a peer service that is unreachable.
pub const NOWHERE: &str = "http://127.0.0.1:1";

/// `n` distinct codes `PREFIX-000000`.
pub fn codes(prefix: &str, range: std::ops::Range<usize>) -> Vec<String> {
    range.map(|i| format!("{prefix}-{i:06}")).collect()
}

/// A CreateOrder body for one line, paid with [`PROVIDER`].
pub fn order_body(product_id: &str, quantity: i64, email: &str) -> Value {
    let items = [json!({"productId": product_id, "quantity": quantity})];
    json!({"items": items, "email": email, "paymentProviderId": PROVIDER})
}

/// The shopper's OrderDetail of the order `code`.
pub fn order_detail(code: &str) -> String {
    format!("/retailstore/api/web/v1/Order/OrderDetail?code={code}")
}

/// The `type` of each event of an admin order detail, oldest first.
pub fn event_types(detail: &Value) -> Vec<String> {
    let events = detail["events"].as_array().unwrap().iter();
    events
        .map(|e| e["type"].as_str().unwrap().to_owned())
        .collect()
}

/// A SePay body: an incoming transfer of `amount` into [`ACCOUNT`] with memo `content`.
pub fn sepay(id: i64, content: &str, amount: i64) -> Value {
    json!({
        "id": id, "gateway": "Vietcombank", "transactionDate": "2026-03-25 14:02:37",
        "accountNumber": ACCOUNT, "subAccount": null, "code": null, "content": content,
        "transferType": "in", "transferAmount": amount, "accumulated": 19_077_000,
        "referenceCode": "MBVCB.3278907687", "description": format!("BankAPINotify {content}"),
    })
}

/// Stocking, ordering and paying through retailstore (its tests' `TestService`).
pub trait Retail {
    /// A product with these fields (Create's body); returns its id.
    fn product(&self, fields: Value) -> impl Future<Output = String>;
    /// An active product named `name` with `n` codes `PREFIX-000000...`; returns its id.
    fn stocked(&self, name: &str, prefix: &str, n: usize) -> impl Future<Output = String>;
    /// Imports codes into a product and returns the result.
    fn import(&self, product_id: &str, codes: &[String]) -> impl Future<Output = Value>;
    /// (available, reserved, sold, disabled) of a product: from its counters, or counted.
    fn stock(&self, product_id: &str, counted: bool) -> impl Future<Output = (i64, i64, i64, i64)>;
    /// OrderDetail as the shopper holding `token`.
    fn shopper_detail(&self, code: &str, token: &str) -> impl Future<Output = Answer>;
    /// The id of the order with this code.
    fn order_id(&self, code: &str) -> impl Future<Output = String>;
    /// A bank transfer of `amount` for `code`, as transaction `tx` (paymentprovider's call).
    fn pay(&self, code: &str, amount: i64, tx: &str) -> impl Future<Output = Value>;
    /// An order of `quantity` codes of a fresh product holding `stock` codes: (product
    /// id, order result, order id).
    fn ordered(
        &self,
        stock: usize,
        quantity: i64,
        email: &str,
    ) -> impl Future<Output = (String, Value, String)>;
    /// Makes the unpaid order `id` due for expiry.
    fn make_due(&self, id: &str) -> impl Future<Output = ()>;
}

impl Retail for TestService {
    async fn product(&self, fields: Value) -> String {
        let product = self.post(retail::PRODUCT_CREATE, fields).await;
        product.ok()["id"].as_str().unwrap().to_owned()
    }

    async fn stocked(&self, name: &str, prefix: &str, n: usize) -> String {
        let fields = json!({"name": name, "price": 50_000, "status": "active"});
        let id = self.product(fields).await;
        if n > 0 {
            self.import(&id, &codes(prefix, 0..n)).await;
        }
        id
    }

    async fn import(&self, product_id: &str, codes: &[String]) -> Value {
        let body = json!({"productId": product_id, "codes": codes});
        self.post(retail::BULK_PATH, body).await.ok().clone()
    }

    async fn stock(&self, product_id: &str, counted: bool) -> (i64, i64, i64, i64) {
        let count = |s: &str| match counted {
            false => {
                format!("SELECT {s} AS n FROM product_stock WHERE product_id = '{product_id}'")
            }
            true => format!(
                "SELECT count(*) AS n FROM serial_codes WHERE product_id = '{product_id}' AND status = '{s}'"
            ),
        };
        let [a, r, s, d] = ["available", "reserved", "sold", "disabled"].map(count);
        let (a, r) = (self.scalar(&a).await, self.scalar(&r).await);
        (a, r, self.scalar(&s).await, self.scalar(&d).await)
    }

    async fn shopper_detail(&self, code: &str, token: &str) -> Answer {
        let shopper = self.anon().with_headers(&[("x-order-token", token)]);
        shopper.get(&order_detail(code)).await
    }

    async fn order_id(&self, code: &str) -> String {
        let sql = format!("SELECT id::text AS line FROM orders WHERE code = '{code}'");
        self.lines(&sql).await.remove(0)
    }

    async fn pay(&self, code: &str, amount: i64, tx: &str) -> Value {
        let paid_at = chrono::Utc::now().to_rfc3339();
        let body = json!({"orderCode": code, "amount": amount, "providerId": PROVIDER,
                          "transactionId": tx, "paidAt": paid_at});
        let paid = self
            .as_caller(crate::internal::Caller::Paymentprovider)
            .post(retail::CONFIRM_PAYMENT, body)
            .await;
        paid.ok().clone()
    }

    async fn ordered(&self, stock: usize, quantity: i64, email: &str) -> (String, Value, String) {
        let prefix = format!("P{}", &uuid::Uuid::new_v4().simple().to_string()[..6]);
        let name = format!("Sản phẩm {prefix}");
        let product = self.stocked(&name, &prefix, stock).await;
        let body = order_body(&product, quantity, email);
        let order = self.anon().post(retail::CREATE_ORDER_PATH, body).await;
        let id = self.order_id(order.ok()["code"].as_str().unwrap()).await;
        (product, order.ok().clone(), id)
    }

    async fn make_due(&self, id: &str) {
        let due = "UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = ";
        self.execute(&format!("{due}'{id}'")).await;
    }
}

/// Providers, SePay deliveries and stored transactions of paymentprovider (its tests'
/// `TestService`).
pub trait Payments {
    /// A Vietcombank provider into [`ACCOUNT`] named `name` with `extra` fields; its id.
    fn provider(&self, name: &str, extra: Value) -> impl Future<Output = String>;
    /// A Vietcombank provider with this sort order; returns its id.
    fn bank_provider(&self, name: &str, sort_order: i32) -> impl Future<Output = String> {
        self.provider(name, json!({"sortOrder": sort_order}))
    }
    /// A provider whose SePay webhook is enabled with [`WEBHOOK_KEY`]; returns its id.
    fn webhook_provider(&self, name: &str) -> impl Future<Output = String> {
        let webhook = json!({"webhookEnabled": true, "webhookSecret": WEBHOOK_KEY,
                             "accountName": "Nguyen Van A"});
        self.provider(name, webhook)
    }
    /// Posts a SePay delivery for `provider_id` with `Authorization: Apikey <key>`.
    fn deliver(
        &self,
        provider: &str,
        key: Option<&str>,
        body: &Value,
    ) -> impl Future<Output = Answer>;
    /// [`deliver`](Self::deliver) with the right key, expecting success: `{id, status}`.
    fn deliver_ok(&self, provider_id: &str, body: &Value) -> impl Future<Output = Value> {
        async move {
            let answer = self.deliver(provider_id, Some(WEBHOOK_KEY), body).await;
            answer.ok().clone()
        }
    }
    /// Makes every pending transaction due now (as if its wait had passed).
    fn make_transactions_due(&self) -> impl Future<Output = ()>;
    /// `external_id|status|order_code|attempts` of every stored transaction, oldest first.
    fn transactions(&self) -> impl Future<Output = Vec<String>>;
}

impl Payments for TestService {
    async fn provider(&self, name: &str, extra: Value) -> String {
        let body = json!({"name": name, "type": "vietqr_bank", "bankBin": "970436",
                          "accountNumber": ACCOUNT, "accountName": "Nguyễn Văn A"});
        let created = self
            .post(payment::PROVIDER_CREATE, super::with(body, extra))
            .await;
        created.ok()["id"].as_str().unwrap().to_owned()
    }

    async fn deliver(&self, provider_id: &str, key: Option<&str>, body: &Value) -> Answer {
        let auth = key.map(|key| format!("Apikey {key}"));
        let headers: Vec<_> = auth.iter().map(|a| ("authorization", a.as_str())).collect();
        let bank = self.anon().with_headers(&headers);
        bank.post(&format!("{}/{provider_id}", payment::SEPAY), body)
            .await
    }

    async fn make_transactions_due(&self) {
        self.execute(
            "UPDATE payment_transactions SET next_attempt_at = now() - interval '1 second' \
             WHERE status = 'pending'",
        )
        .await;
    }

    async fn transactions(&self) -> Vec<String> {
        let sql = "SELECT concat_ws('|', external_id, status, coalesce(order_code, '-'), attempts) \
                   AS line FROM payment_transactions ORDER BY created_at, external_id";
        self.lines(sql).await
    }
}

/// Signing in and managing users through identity.
pub trait Staff {
    /// Login, from client `ip` when given (`X-Forwarded-For`; the tests' caller is a
    /// trusted proxy).
    fn login_from(&self, user: &str, password: &str, ip: &str) -> impl Future<Output = Answer>;
    fn login(&self, user: &str, password: &str) -> impl Future<Output = Answer>;
    /// Logs in and returns the access token.
    fn token(&self, user: &str, password: &str) -> impl Future<Output = String>;
    /// Creates a user (`role`) through the API as `admin`; returns it.
    fn create_user(
        &self,
        admin: &str,
        user: &str,
        password: &str,
        role: &str,
    ) -> impl Future<Output = Value>;
}

impl Staff for TestClient {
    async fn login_from(&self, user: &str, password: &str, ip: &str) -> Answer {
        let client = self.anon().with_headers(&[("x-forwarded-for", ip)]);
        client.login(user, password).await
    }

    async fn login(&self, user: &str, password: &str) -> Answer {
        let body = json!({ "userName": user, "password": password });
        self.anon().post(crate::limits::LOGIN_PATH, body).await
    }

    async fn token(&self, user: &str, password: &str) -> String {
        let answer = self.login(user, password).await;
        answer.ok()["accessToken"].as_str().unwrap().to_owned()
    }

    async fn create_user(&self, admin: &str, user: &str, password: &str, role: &str) -> Value {
        let body = json!({ "userName": user, "fullName": format!("Người dùng {user}"),
                           "email": format!("{user}@shop.vn"), "password": password, "role": role });
        let created = self.with_token(Some(admin)).post(USER_CREATE, body).await;
        created.ok().clone()
    }
}

/// identity's Create user route.
pub const USER_CREATE: &str = "/identity/api/admin/v1/User/Create";
