//! The crate's black-box tests, one binary: each module is one area.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

mod attacks;
mod audit_log;
mod bench;
mod bulk_import;
mod card_serials;
mod checkout_statements;
mod dashboard;
mod docs_and_seed;
mod health;
mod metrics;
mod migrations;
mod notifications;
mod order_admin;
mod order_concurrency;
mod order_decisions;
mod order_expiry;
mod order_payments;
mod order_refusals;
mod orders;
mod product_page;
mod products;
mod properties;
mod seal_binding;
mod search;
mod serial_codes;
mod storefront;
