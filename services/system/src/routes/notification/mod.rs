//! Notifications: the settings (admin), a test send, the deliveries list and Resend
//! (admin), and the internal Enqueue (retailstore's and paymentprovider's outbox relays)
//! and ByOrder (retailstore's admin order page).

mod deliveries;
mod enqueue;
mod settings;
mod test_send;

pub use deliveries::*;
pub use enqueue::*;
pub use settings::*;
pub use test_send::*;
