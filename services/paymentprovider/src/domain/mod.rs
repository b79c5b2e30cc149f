//! Domain types: raw input is parsed into these once, at the edge; handlers and models
//! only see checked values.

pub mod provider;
pub mod text;

pub use shop_common::input::nullable;
