//! The crate's black-box tests, one binary: each module is one area.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

mod attacks;
mod configuration;
mod health;
mod notification;
mod openapi;
mod upload;
mod upload_s3;
