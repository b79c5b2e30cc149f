//! The outbox relay (docs/notifications.md, section 1): a service writes an `outbox` row
//! in the same transaction as the change that causes an event; this relay, running in
//! every replica, hands each row to system's internal `Notification/Enqueue` and marks it
//! relayed. Nothing here holds a transaction open across HTTP.
//!
//! - Claim: `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n) RETURNING`
//!   sets a lease on due rows in one autocommitted statement; a replica that runs the same
//!   statement meanwhile skips them (locked), and afterwards finds them leased. A replica
//!   that dies holding a lease only delays its rows until the lease runs out.
//! - Post: the row's id is the `eventId`, so a repeated post (a crash between the post
//!   and the mark, a lease that ran out mid-batch) is ignored by system.
//! - Mark: relayed rows lose their sealed link at once; a failure sets `next_attempt_at`
//!   (1 s doubling, at most 5 minutes) and `last_error`, and the row is retried for as
//!   long as it takes.
//! - Wake: a commit that wrote a row calls [`Wake::now`]; otherwise the relay polls every
//!   `OUTBOX_POLL_INTERVAL_MS` \[1000\].
//! - Cleanup: relayed rows older than 7 days are deleted (retailstore's ResendAccessLink
//!   limit counts the recent ones).
//!
//! The sealed link (`link_key_id`, `link_nonce`, `link_sealed`) is opened by the service,
//! which owns the keys: it hands the relay a [`LinkOpener`].
//!
//! This module holds the contract with system (its routes, the Enqueue and ByOrder
//! wire types) and the settings; [`relay`] holds the relay itself.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::config::{self, ConfigError};
use crate::internal::{CallError, InternalClient};

mod relay;

pub use relay::*;

/// system's internal route that takes an event.
pub const ENQUEUE_PATH: &str = "/system/internal/v1/Notification/Enqueue";
/// system's internal route that lists an order's deliveries (`?orderCode=`).
pub const BY_ORDER_PATH: &str = "/system/internal/v1/Notification/ByOrder";

/// `SYSTEM_URL` \[http://127.0.0.1:8082\]: where system's internal routes are (the relay
/// posts events there).
pub const SYSTEM_URL: &str = "SYSTEM_URL";
pub const DEFAULT_SYSTEM_URL: &str = "http://127.0.0.1:8082";
/// `OUTBOX_POLL_INTERVAL_MS` \[1000\]: how often the relay looks for due rows when no
/// commit woke it (50..=600000).
pub const OUTBOX_POLL_INTERVAL_MS: &str = "OUTBOX_POLL_INTERVAL_MS";

/// `SYSTEM_URL`, checked, without a trailing slash.
pub fn system_url() -> Result<String, ConfigError> {
    config::http_url(SYSTEM_URL, &config::or(SYSTEM_URL, DEFAULT_SYSTEM_URL))
}

// ---- Wire types ------------------------------------------------------------------------

/// Enqueue's body (docs/notifications.md, section 2). `accessLink` is the only secret.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EnqueueRequest {
    pub event_id: Uuid,
    pub event: String,
    pub occurred_at: DateTime<Utc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recipient_email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub access_link: Option<String>,
    pub data: serde_json::Value,
}

/// Enqueue's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accepted {
    pub accepted: bool,
}

/// One delivery of an order's notifications, as system's `ByOrder` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub id: Uuid,
    pub event: String,
    pub channel: String,
    pub audience: String,
    pub recipient: String,
    pub status: String,
    pub attempts: i32,
    pub created_at: DateTime<Utc>,
    #[serde(default)]
    pub sent_at: Option<DateTime<Utc>>,
}

/// `ByOrder`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deliveries {
    pub items: Vec<Delivery>,
}
