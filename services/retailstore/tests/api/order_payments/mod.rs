//! Money reaching orders: the internal ConfirmPayment (paymentprovider's bank transfers),
//! staff's manual ConfirmPayment, the order state machine (docs/buying-flow.md), and the
//! expiry job, including their races.

mod internal;
mod manual;
mod transfers;
