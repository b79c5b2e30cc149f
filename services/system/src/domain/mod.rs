//! Domain types: raw input becomes one of these once, at the edge, so handlers and
//! queries never see unchecked values.

pub mod configuration;
pub mod image;
pub mod notification;
