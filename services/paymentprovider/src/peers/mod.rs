//! The clients of other services, as paymentprovider calls them over their internal
//! routes: retailstore's ConfirmPayment. Events for system leave through the outbox
//! relay's own client (`shop_common::outbox`).

pub mod retailstore;
