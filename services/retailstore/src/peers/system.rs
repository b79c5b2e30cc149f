//! system as retailstore calls it: an order's notification deliveries for the admin order
//! detail (internal route, shared key). The outbox relay posts events through its own
//! client (`shop_common::outbox`).

use std::time::Duration;

use shop_common::config::Secret;
use shop_common::internal::{InternalClient, http_client};
use shop_common::outbox::{BY_ORDER_PATH, Deliveries, Delivery};

/// The admin detail waits at most this long: it answers without the list rather than
/// late.
pub const TIMEOUT: Duration = Duration::from_secs(2);

/// The client, shared as app data.
#[derive(Clone)]
pub struct SystemClient(InternalClient);

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ByOrder<'a> {
    order_code: &'a str,
}

impl SystemClient {
    pub fn new(base_url: &str, internal_key: Secret) -> Self {
        Self(InternalClient::new(http_client(), base_url, internal_key))
    }

    /// The order's deliveries, oldest first as system lists them; empty (and a warning in
    /// the log) when system cannot answer: the order detail must still answer.
    pub async fn deliveries(&self, order_code: &str) -> Vec<Delivery> {
        let query = ByOrder { order_code };
        match self
            .0
            .get::<Deliveries>(BY_ORDER_PATH, &query, TIMEOUT)
            .await
        {
            Ok(list) => list.items,
            Err(error) => {
                tracing::warn!(order_code, %error, "order notifications unavailable from system");
                Vec::new()
            }
        }
    }
}
