//! Serial codes in bulk: the import of thousands at once ([`import`]) and the one-time
//! re-seal of codes sealed in an older format ([`reseal`]). Single-code actions are
//! handlers over `models::serial_code`.

pub mod import;
pub mod reseal;
