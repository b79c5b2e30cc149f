//! The crate's black-box tests, one binary: each module is one area.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

mod attacks;
mod audit_log;
mod common_passwords;
mod internal_and_startup;
mod login;
mod openapi;
mod password_guessing;
mod self_service;
mod users_crud;
mod users_pagination;
mod users_rules;
