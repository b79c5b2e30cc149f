//! The back office's orders: list and detail, Cancel, ReplaceCodes, RevealCodes,
//! RegenerateAccessLink, and order codes in the serial-code list.

mod actions;
mod list;
mod replace;
