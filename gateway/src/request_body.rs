//! The client's request body on its way upstream: streamed, never buffered whole, cut
//! at the route's byte limit, and ended by idle time-outs on either side. A cut body
//! never looks complete to the service: its connection is dropped mid-body.

use std::time::Duration;

use actix_web::dev::Payload;
use futures_util::StreamExt;

use crate::client::BodyWriter;
use crate::error::GatewayError;

/// A client's body with the route's limit; the upstream is written only as fast as it
/// reads (each chunk is flushed before the next is read from the client).
pub struct RequestBody {
    pub payload: Payload,
    pub limit: u64,
    /// How long either side may keep the other waiting for a chunk.
    pub idle: Duration,
}

impl RequestBody {
    /// Writes the body once the request head is out; the error is what the client is
    /// answered.
    pub async fn send(mut self, to: &mut BodyWriter<'_>) -> Result<(), GatewayError> {
        let mut seen: u64 = 0;
        loop {
            let chunk = match tokio::time::timeout(self.idle, self.payload.next()).await {
                Ok(None) => None,
                // An empty chunk would end a chunked body early.
                Ok(Some(Ok(bytes))) if bytes.is_empty() => continue,
                Ok(Some(Ok(bytes))) => {
                    seen += bytes.len() as u64;
                    if seen > self.limit {
                        return Err(GatewayError::TooLarge);
                    }
                    Some(bytes)
                }
                Ok(Some(Err(e))) => {
                    tracing::debug!(error = %e, "reading the request body");
                    return Err(GatewayError::BadBody);
                }
                Err(_) => {
                    tracing::debug!("client stopped sending the request body");
                    return Err(GatewayError::BadBody);
                }
            };
            let end = chunk.is_none();
            match tokio::time::timeout(self.idle, to.write(chunk)).await {
                Ok(Ok(())) if end => return Ok(()),
                Ok(Ok(())) => {}
                Ok(Err(e)) => {
                    tracing::debug!(error = %e, "writing the request body upstream");
                    return Err(GatewayError::BadGateway);
                }
                Err(_) => {
                    tracing::warn!("upstream stopped taking the request body");
                    return Err(GatewayError::Timeout);
                }
            }
        }
    }
}
