//! A missed webhook is recovered: the reconciliation reads SePay's transaction
//! list (a local stand-in of SePay's user API here) and feeds each incoming transfer
//! through the webhook's own path; a webhook arriving afterwards changes nothing; SePay's
//! rate limit is honoured on a clock the test moves (no real waiting); replicas read each
//! provider once per interval.

use crate::support;

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use chrono::{DateTime, Utc};
use paymentprovider::clock::{ManualClock, Sleeper};
use paymentprovider::reconcile::{MIN_CALL_GAP, Reconciler, SepayApi};
use serde_json::{Value, json};
use support::*;

const CODE: &str = "DHAB12CD34";
const TOKEN: &str = "SEPAYTOKEN0123456789ABCDEFGHIJKLMNOPQRSTUV";
const OTHER_ACCOUNT: &str = "999888777";

/// One call the stand-in received.
#[derive(Debug, Clone)]
struct ApiCall {
    query: HashMap<String, String>,
    authorization: String,
}

#[derive(Default)]
struct StandInState {
    rows: Vec<Value>,
    calls: Vec<ApiCall>,
    /// Answers 429 with this `x-sepay-userapi-retry-after` first, one per call.
    throttle: VecDeque<&'static str>,
}

/// SePay's `GET /userapi/transactions/list`, as its documents describe it.
struct SepayStandIn {
    base_url: String,
    state: Arc<Mutex<StandInState>>,
}

async fn list(req: HttpRequest, state: web::Data<Mutex<StandInState>>) -> HttpResponse {
    let query: HashMap<String, String> =
        web::Query::<HashMap<String, String>>::from_query(req.query_string())
            .unwrap()
            .into_inner();
    let authorization = req
        .headers()
        .get("authorization")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let mut state = state.lock().unwrap();
    state.calls.push(ApiCall {
        query: query.clone(),
        authorization: authorization.clone(),
    });
    if let Some(after) = state.throttle.pop_front() {
        return HttpResponse::TooManyRequests()
            .insert_header(("x-sepay-userapi-retry-after", after))
            .json(json!({"status": 429, "error": "Too Many Requests"}));
    }
    if authorization != format!("Bearer {TOKEN}") {
        return HttpResponse::Unauthorized()
            .json(json!({"status": 401, "error": "Unauthorized", "messages": {"success": false}}));
    }
    let since: i64 = query.get("since_id").map_or(0, |s| s.parse().unwrap());
    let account = query.get("account_number").cloned().unwrap_or_default();
    // Newest first, as SePay lists them.
    let mut rows: Vec<Value> = state
        .rows
        .iter()
        .filter(|r| r["account_number"] == account.as_str())
        .filter(|r| r["id"].as_str().unwrap().parse::<i64>().unwrap() >= since)
        .cloned()
        .collect();
    rows.reverse();
    HttpResponse::Ok().json(json!({
        "status": 200, "error": null, "messages": {"success": true}, "transactions": rows
    }))
}

impl SepayStandIn {
    fn start(rows: Vec<Value>) -> Self {
        let state = Arc::new(Mutex::new(StandInState {
            rows,
            ..StandInState::default()
        }));
        let data = web::Data::from(state.clone());
        let (listener, base_url) = shop_common::testing::listener();
        let server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .route("/userapi/transactions/list", web::get().to(list))
        })
        .workers(1)
        .listen(listener)
        .unwrap()
        .run();
        tokio::spawn(server);
        Self { base_url, state }
    }

    fn calls(&self) -> Vec<ApiCall> {
        self.state.lock().unwrap().calls.clone()
    }

    fn throttle(&self, after: &'static str) {
        self.state.lock().unwrap().throttle.push_back(after);
    }
}

/// A row of SePay's list: an incoming transfer of `amount` into `account`.
fn row(id: u32, account: &str, content: &str, amount_in: i64, amount_out: i64) -> Value {
    json!({
        "id": id.to_string(), "bank_brand_name": "Vietcombank", "account_number": account,
        "transaction_date": "2026-03-25 14:02:37", "amount_out": format!("{amount_out}.00"),
        "amount_in": format!("{amount_in}.00"), "accumulated": "19077000.00",
        "transaction_content": content, "reference_number": format!("FT{id}"),
        "code": null, "sub_account": null, "bank_account_id": "19"
    })
}

fn t0() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-03-25T08:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

struct Paced {
    clock: ManualClock,
    pauses: Arc<Mutex<Vec<Duration>>>,
}

fn reconciler(app: &TestApp, api_base: &str, due_after: Duration) -> (Reconciler, Paced) {
    let clock = ManualClock::new(t0());
    let pauses = Arc::new(Mutex::new(Vec::new()));
    let api = SepayApi::new(
        shop_common::testing::client(),
        api_base,
        clock.clock(),
        Sleeper::manual(clock.clone(), pauses.clone()),
    );
    let reconciler = Reconciler {
        pool: app.pool.clone(),
        retailstore: app.retailstore(),
        wake: Wake::default(),
        cipher: test_cipher(),
        api,
        due_after,
    };
    (reconciler, Paced { clock, pauses })
}

async fn token_provider(app: &TestApp, name: &str, account: &str) -> String {
    app.provider(
        name,
        json!({"accountNumber": account, "webhookEnabled": true, "webhookSecret": WEBHOOK_KEY,
               "sepayApiToken": TOKEN}),
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_missed_webhook_is_recovered_and_a_late_webhook_changes_nothing() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = token_provider(&app, "Vietcombank", ACCOUNT).await;
    let sepay_api = SepayStandIn::start(vec![
        row(
            92_704,
            ACCOUNT,
            &format!("CT DEN:123 {CODE} chuyen tien"),
            150_000,
            0,
        ),
        row(92_705, ACCOUNT, "tra tien dien", 0, 80_000),
        row(92_706, OTHER_ACCOUNT, CODE, 150_000, 0),
    ]);
    let (reconciler, _paced) = reconciler(&app, &sepay_api.base_url, Duration::ZERO);

    // SePay never delivered the webhook: the reconciliation applies the transfer.
    assert_eq!(reconciler.pass().await.unwrap(), 1);
    let calls = app.retail.confirm_calls();
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert_eq!(calls[0]["transactionId"], "sepay:92704");
    assert_eq!(calls[0]["orderCode"], CODE);
    assert_eq!(calls[0]["amount"], 150_000);
    assert_eq!(calls[0]["providerId"], provider.as_str());
    assert_eq!(app.retail.applied_count(), 1, "the order completes");
    assert_eq!(
        app.lines(
            "SELECT concat_ws('|', external_id, status, source, bank_ref) AS line \
             FROM payment_transactions"
        )
        .await,
        ["92704|matched|reconciliation|sepay:92704"]
    );
    let api_calls = sepay_api.calls();
    assert_eq!(api_calls.len(), 1);
    assert_eq!(api_calls[0].authorization, format!("Bearer {TOKEN}"));
    assert_eq!(api_calls[0].query["account_number"], ACCOUNT);
    assert_eq!(api_calls[0].query["transaction_date_min"], "2026-03-23");
    assert!(!api_calls[0].query.contains_key("since_id"));

    // The admin view says when, and never shows the token.
    let read = app
        .get(&format!("{ADMIN}/PaymentProvider/Read?id={provider}"))
        .await;
    assert_eq!(read.ok()["hasSepayApiToken"], true);
    assert!(read.ok()["lastReconciledAt"].is_string());
    assert!(!read.ok().to_string().contains(TOKEN));

    // The webhook arrives late: the same transfer, nothing new.
    let late = app
        .deliver_ok(
            &provider,
            &sepay(92_704, &format!("CT DEN:123 {CODE}"), 150_000),
        )
        .await;
    assert_eq!(late["status"], "matched");
    assert_eq!(app.retail.confirm_calls().len(), 1);
    assert_eq!(app.retail.applied_count(), 1);
    assert_eq!(
        app.scalar("SELECT count(*) AS n FROM payment_transactions")
            .await,
        1
    );

    // The next pass asks from the cursor and finds nothing new.
    assert_eq!(reconciler.pass().await.unwrap(), 1);
    let api_calls = sepay_api.calls();
    assert_eq!(api_calls.len(), 2);
    assert_eq!(api_calls[1].query["since_id"], "92705");
    assert_eq!(app.retail.confirm_calls().len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_transfer_the_webhook_already_brought_is_not_applied_again() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    let provider = token_provider(&app, "Vietcombank", ACCOUNT).await;
    let delivered = app.deliver_ok(&provider, &sepay(501, CODE, 10_000)).await;
    assert_eq!(delivered["status"], "matched");
    let sepay_api = SepayStandIn::start(vec![
        row(501, ACCOUNT, CODE, 10_000, 0),
        row(502, ACCOUNT, "khong co ma", 20_000, 0),
    ]);
    let (reconciler, _paced) = reconciler(&app, &sepay_api.base_url, Duration::ZERO);
    assert_eq!(reconciler.pass().await.unwrap(), 1);
    assert_eq!(app.retail.confirm_calls().len(), 1);
    assert_eq!(
        app.transactions().await,
        [
            format!("501|matched|{CODE}|0"),
            "502|unmatched|-|0".to_owned()
        ]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn sepays_rate_limit_and_retry_after_are_honoured_without_waiting() {
    let app = TestApp::spawn().await;
    token_provider(&app, "Vietcombank", ACCOUNT).await;
    token_provider(&app, "MB", OTHER_ACCOUNT).await;
    let sepay_api = SepayStandIn::start(vec![row(1, ACCOUNT, "x", 1_000, 0)]);
    sepay_api.throttle("7");
    let (reconciler, paced) = reconciler(&app, &sepay_api.base_url, Duration::ZERO);

    assert_eq!(reconciler.pass().await.unwrap(), 2);
    // A 429, its retry once the 7 s have passed, then the second provider's call, paced
    // to 3 calls a second: the only pauses asked for, all of them on the test's clock
    // (none is a real wait, and no assertion here depends on this machine's speed).
    assert_eq!(sepay_api.calls().len(), 3);
    assert_eq!(
        *paced.pauses.lock().unwrap(),
        [Duration::from_secs(7), MIN_CALL_GAP]
    );
    assert_eq!(
        paced.clock.now(),
        t0() + chrono::TimeDelta::from_std(Duration::from_secs(7) + MIN_CALL_GAP).unwrap()
    );

    // Rate-limited for good: the pass gives up on the provider, which keeps its cursor
    // and has no new lastReconciledAt.
    for _ in 0..4 {
        sepay_api.throttle("1");
    }
    let before = app
        .lines("SELECT coalesce(last_reconciled_at::text, '-') AS line FROM payment_providers ORDER BY id")
        .await;
    assert_eq!(reconciler.pass().await.unwrap(), 1);
    let after = app
        .lines("SELECT coalesce(last_reconciled_at::text, '-') AS line FROM payment_providers ORDER BY id")
        .await;
    assert_eq!(
        before.iter().zip(&after).filter(|(b, a)| b == a).count(),
        1,
        "{before:?} {after:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn replicas_read_each_provider_once_per_interval() {
    let app = TestApp::spawn().await;
    app.retail.orders(&[CODE], &[]);
    token_provider(&app, "Vietcombank", ACCOUNT).await;
    let sepay_api = SepayStandIn::start(vec![row(9, ACCOUNT, CODE, 10_000, 0)]);
    let interval = Duration::from_secs(600);
    let (first, _) = reconciler(&app, &sepay_api.base_url, interval);
    let (second, _) = reconciler(&app, &sepay_api.base_url, interval);

    let (a, b) = tokio::join!(first.pass(), second.pass());
    assert_eq!(a.unwrap() + b.unwrap(), 1);
    assert_eq!(sepay_api.calls().len(), 1);
    assert_eq!(app.retail.confirm_calls().len(), 1);
    // Not due again within the interval, whichever replica asks.
    assert_eq!(first.pass().await.unwrap(), 0);
    assert_eq!(second.pass().await.unwrap(), 0);
    assert_eq!(sepay_api.calls().len(), 1);
    // Due once the interval has passed.
    app.execute("UPDATE payment_providers SET last_reconciled_at = now() - interval '601 seconds'")
        .await;
    assert_eq!(first.pass().await.unwrap(), 1);
    assert_eq!(sepay_api.calls().len(), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_token_is_write_only_and_for_bank_accounts_only() {
    let app = TestApp::spawn().await;
    let id = token_provider(&app, "Vietcombank", ACCOUNT).await;
    let stored = app
        .scalar("SELECT count(*) AS n FROM payment_provider_api_tokens WHERE position('SEPAYTOKEN' in encode(ciphertext, 'escape')) = 0")
        .await;
    assert_eq!(stored, 1, "sealed, not in clear");
    let cleared = app
        .put(UPDATE, json!({"id": id, "sepayApiToken": null}))
        .await;
    assert_eq!(cleared.ok()["hasSepayApiToken"], false);
    let short = app
        .put(UPDATE, json!({"id": id, "sepayApiToken": "short"}))
        .await;
    assert_eq!(short.error(400, 1), ["sepayApiToken"]);
    let manual = app
        .post(
            CREATE,
            json!({"name": "Tiền mặt", "type": "manual", "instructions": "Liên hệ",
                   "sepayApiToken": TOKEN}),
        )
        .await;
    assert_eq!(manual.error(400, 1), ["sepayApiToken"]);
}
