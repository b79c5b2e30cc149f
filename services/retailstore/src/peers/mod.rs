//! The clients of other services, as retailstore calls them over their internal routes:
//! paymentprovider for a new order's payment instruction, system for an order's
//! notification deliveries. The outbox relay posts events through its own client
//! (`shop_common::outbox`).

pub mod payment_provider;
pub mod system;
