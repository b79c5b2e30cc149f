//! Code shared by every service and the gateway: the response envelope and error
//! mapping, configuration, database access, token verification, telemetry,
//! pagination, health checks, internal calls and test support.

pub mod audit;
pub mod auth;
pub mod cache;
pub mod config;
pub mod db;
pub mod envelope;
pub mod error;
pub mod health;
pub mod input;
pub mod internal;
pub mod limits;
pub mod metrics;
pub mod net;
pub mod openapi;
pub mod outbox;
pub mod pagination;
pub mod payment_instruction;
pub mod route_table;
pub mod sealing;
pub mod server;
pub mod telemetry;
#[cfg(feature = "testing")]
pub mod testing;

pub use envelope::{Envelope, ok};
pub use error::{ApiError, FieldError};
