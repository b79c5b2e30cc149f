//! Domain types: raw input is parsed into these once, at the edge; handlers and models
//! only see checked values.

pub mod audit;
pub mod order_code;
pub mod provider;
pub mod sepay;
pub mod sepay_api;
pub mod text;
pub mod transaction;
pub mod webhook_auth;
pub mod webhook_call;
