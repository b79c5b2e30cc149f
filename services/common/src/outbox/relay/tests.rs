//! The relay against a real PostgreSQL table and a stand-in for system: claims, leases,
//! retries with backoff, the sealed link, cleanup.

use super::*;
use crate::config::Secret;
use crate::internal::Caller;
use crate::testing::{Stub, TestSchema, caller_key, envelope_ok};
use serde_json::json;

const TABLE: &str = "CREATE TABLE outbox (
    id uuid PRIMARY KEY, event text NOT NULL, order_code text, recipient_email text,
    data jsonb NOT NULL DEFAULT '{}', link_key_id integer, link_nonce bytea,
    link_sealed bytea, created_at timestamptz NOT NULL DEFAULT now(),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(), lease_until timestamptz,
    relayed_at timestamptz, last_error text)";

/// `TestSchema::execute` (diesel's `RunQueryDsl::execute` is in scope here too).
async fn sql(schema: &TestSchema, text: &str) {
    TestSchema::execute(schema, text).await;
}

async fn table() -> TestSchema {
    let schema = TestSchema::new();
    let mut conn = schema.connect().await;
    diesel::sql_query(format!("CREATE SCHEMA \"{}\"", schema.name))
        .execute(&mut conn)
        .await
        .unwrap();
    drop(conn);
    sql(&schema, TABLE).await;
    schema
}

/// A test "seal": the link reversed; the opener checks the row id is bound to it.
async fn insert(schema: &TestSchema, n: usize) -> Vec<Uuid> {
    let mut ids = Vec::new();
    for i in 0..n {
        let id = Uuid::new_v4();
        let sealed: String = format!("https://shop/o?{id}#token=t{i}")
            .chars()
            .rev()
            .collect();
        sql(
            schema,
            &format!(
                "INSERT INTO outbox (id, event, order_code, recipient_email, data, \
                 link_key_id, link_nonce, link_sealed) \
                 VALUES ('{id}', 'codes_ready', 'DH0000000{i}', 'a@b.vn', '{{\"n\": {i}}}', \
                 1, '\\x00', convert_to('{sealed}', 'UTF8'))"
            ),
        )
        .await;
        ids.push(id);
    }
    ids
}

fn opener(id: Uuid, link: &SealedLink) -> Result<String, String> {
    let clear: String = String::from_utf8(link.sealed.clone())
        .map_err(|_| "not utf-8".to_owned())?
        .chars()
        .rev()
        .collect();
    if clear.contains(&id.to_string()) && link.key_id == 1 {
        Ok(clear)
    } else {
        Err("wrong row".into())
    }
}

fn relay(schema: &TestSchema, stub: &Stub, config: RelayConfig) -> Relay {
    let client = InternalClient::new(
        crate::internal::http_client(),
        &stub.base_url,
        Secret::new(caller_key(Caller::Retailstore)),
    );
    Relay::new(schema.pool(2), client, opener, config, Wake::default())
}

fn accepting(stub: &Stub) {
    stub.reply("POST", ENQUEUE_PATH, |_| {
        (200, envelope_ok(json!({ "accepted": true })))
    });
}

fn fast() -> RelayConfig {
    RelayConfig {
        poll_interval: Duration::from_millis(50),
        backoff_base: Duration::from_millis(20),
        backoff_max: Duration::from_millis(100),
        ..RelayConfig::default()
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn posts_each_row_with_its_link_then_erases_the_link() {
    let schema = table().await;
    let stub = Stub::start();
    accepting(&stub);
    let ids = insert(&schema, 3).await;
    let relay = relay(&schema, &stub, fast());
    assert_eq!(relay.relay_due().await.unwrap(), 3);
    assert_eq!(relay.relay_due().await.unwrap(), 0, "nothing left due");
    let calls = stub.requests(ENQUEUE_PATH);
    assert_eq!(calls.len(), 3);
    for (call, id) in calls.iter().zip(&ids) {
        assert_eq!(
            call.headers["x-internal-key"],
            caller_key(Caller::Retailstore)
        );
        assert_eq!(call.body["eventId"], id.to_string());
        assert_eq!(call.body["event"], "codes_ready");
        assert_eq!(call.body["recipientEmail"], "a@b.vn");
        assert!(call.body["occurredAt"].is_string());
        assert!(call.body["data"]["n"].is_number());
        let link = call.body["accessLink"].as_str().unwrap();
        assert!(link.starts_with("https://shop/o?") && link.contains(&id.to_string()));
    }
    let left = "SELECT count(*) AS n FROM outbox WHERE relayed_at IS NOT NULL \
                AND link_sealed IS NULL AND link_nonce IS NULL AND link_key_id IS NULL \
                AND lease_until IS NULL AND attempts = 1";
    assert_eq!(schema.scalar(left).await, 3);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_failing_system_is_retried_with_backoff_until_it_accepts() {
    let schema = table().await;
    let stub = Stub::start();
    accepting(&stub);
    stub.set_down(true);
    insert(&schema, 1).await;
    // Long enough that the second claim below comes before the backoff is over.
    let config = RelayConfig {
        backoff_base: Duration::from_millis(300),
        backoff_max: Duration::from_secs(1),
        ..fast()
    };
    let relay = relay(&schema, &stub, config);
    assert_eq!(relay.relay_due().await.unwrap(), 1);
    // Not due again before its backoff.
    assert_eq!(relay.relay_due().await.unwrap(), 0);
    let failed = "SELECT count(*) AS n FROM outbox WHERE relayed_at IS NULL \
                  AND last_error LIKE 'application error 8:%' AND next_attempt_at > created_at \
                  AND link_sealed IS NOT NULL";
    assert_eq!(schema.scalar(failed).await, 1);
    tokio::time::sleep(Duration::from_millis(350)).await;
    assert_eq!(
        relay.relay_due().await.unwrap(),
        1,
        "retried after its backoff"
    );
    stub.set_down(false);
    tokio::time::sleep(Duration::from_millis(650)).await;
    assert_eq!(relay.relay_due().await.unwrap(), 1);
    let done = "SELECT count(*) AS n FROM outbox WHERE relayed_at IS NOT NULL \
                AND attempts = 3 AND last_error IS NULL AND link_sealed IS NULL";
    assert_eq!(schema.scalar(done).await, 1);
    assert_eq!(stub.requests(ENQUEUE_PATH).len(), 3);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unopenable_link_is_kept_and_retried() {
    let schema = table().await;
    let stub = Stub::start();
    accepting(&stub);
    insert(&schema, 1).await;
    sql(&schema, "UPDATE outbox SET link_key_id = 7").await;
    let relay = relay(&schema, &stub, fast());
    assert_eq!(relay.relay_due().await.unwrap(), 1);
    assert!(stub.requests(ENQUEUE_PATH).is_empty());
    let kept = "SELECT count(*) AS n FROM outbox WHERE relayed_at IS NULL \
                AND last_error = 'wrong row' AND link_sealed IS NOT NULL";
    assert_eq!(schema.scalar(kept).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn two_replicas_post_each_row_once() {
    let schema = table().await;
    let stub = Stub::start();
    accepting(&stub);
    let ids = insert(&schema, 60).await;
    let config = RelayConfig { batch: 7, ..fast() };
    let (one, two) = (
        relay(&schema, &stub, config.clone()),
        relay(&schema, &stub, config),
    );
    let drain = |r: Relay| async move { while r.relay_due().await.unwrap() > 0 {} };
    let (a, b) = tokio::join!(tokio::spawn(drain(one)), tokio::spawn(drain(two)));
    a.unwrap();
    b.unwrap();
    let mut posted: Vec<String> = stub
        .calls(ENQUEUE_PATH)
        .iter()
        .map(|b| b["eventId"].as_str().unwrap().to_owned())
        .collect();
    posted.sort();
    let mut want: Vec<String> = ids.iter().map(Uuid::to_string).collect();
    want.sort();
    assert_eq!(posted, want, "every row, each once");
    let relayed = "SELECT count(*) AS n FROM outbox WHERE relayed_at IS NOT NULL";
    assert_eq!(schema.scalar(relayed).await, 60);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wake_relays_at_once_and_cleanup_keeps_recent_rows() {
    let schema = table().await;
    let stub = Stub::start();
    accepting(&stub);
    let wake = Wake::default();
    let relay = Relay {
        wake: wake.clone(),
        ..relay(
            &schema,
            &stub,
            RelayConfig {
                poll_interval: Duration::from_secs(60),
                ..fast()
            },
        )
    };
    let (stop, stopped) = watch::channel(false);
    let task = tokio::spawn(relay.clone().run(stopped));
    tokio::time::sleep(Duration::from_millis(200)).await;
    insert(&schema, 1).await;
    wake.now();
    let mut waited = 0;
    while stub.requests(ENQUEUE_PATH).is_empty() {
        assert!(waited < 100, "the wake did not reach the relay");
        tokio::time::sleep(Duration::from_millis(20)).await;
        waited += 1;
    }
    stop.send(true).unwrap();
    task.await.unwrap();

    sql(
        &schema,
        "UPDATE outbox SET created_at = now() - interval '8 days'",
    )
    .await;
    insert(&schema, 1).await;
    sql(
        &schema,
        "UPDATE outbox SET relayed_at = now() WHERE created_at > now() - interval '1 day'",
    )
    .await;
    insert(&schema, 1).await;
    sql(
        &schema,
        "UPDATE outbox SET created_at = now() - interval '9 days' WHERE relayed_at IS NULL",
    )
    .await;
    assert_eq!(
        relay.cleanup().await.unwrap(),
        1,
        "only the old relayed row"
    );
    let left = "SELECT count(*) AS n FROM outbox";
    assert_eq!(schema.scalar(left).await, 2);
}
