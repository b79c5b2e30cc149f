//! The crate's black-box tests, one binary: each module is one area.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

mod auth;
mod hsts;
mod internal_calls;
mod limits;
mod metrics;
mod notifications;
mod routing;
mod seo;
mod spa;
mod trace;
