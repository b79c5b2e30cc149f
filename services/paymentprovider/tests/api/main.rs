//! The crate's black-box tests, one binary: each module is one area.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

mod attacks;
mod audit;
mod bank_reference;
mod health;
mod instruction;
mod metrics;
mod notifications;
mod properties;
mod providers;
mod reconcile;
mod retry;
mod transactions;
mod webhook;
mod webhook_auth;
mod webhook_last_call;
