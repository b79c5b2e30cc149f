//! Serial-code use cases: the import of thousands at once ([`import`]), the staff's
//! audited actions on one code: Update, Delete, Reveal ([`edit`]), and the one-time
//! re-seal of codes sealed in an older format ([`reseal`]).

pub mod edit;
pub mod import;
pub mod reseal;
