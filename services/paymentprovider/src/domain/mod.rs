//! Domain types: the checked values raw input is parsed into once, at the edge, and the
//! rules that need no database. Handlers and models only see checked values; the request
//! and response structs they are read from and shown as live beside their routes.

pub mod audit;
pub mod order_code;
pub mod provider;
pub mod sepay;
pub mod sepay_api;
pub mod text;
pub mod transaction;
pub mod webhook_auth;
pub mod webhook_call;
