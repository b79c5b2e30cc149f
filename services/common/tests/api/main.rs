//! The crate's black-box tests, one binary: each module is one area.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod auth;
mod db_roles;
mod db_tls;
mod metrics;
