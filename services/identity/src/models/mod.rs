//! Table structs with their insert/update forms and queries. Every query takes the
//! connection (`&mut AsyncPgConnection`), so callers decide about transactions.

pub mod audit_entry;
pub mod login_failure;
pub mod user;

pub use audit_entry::NewAuditEntry;
pub use login_failure::{Attempt, Failure, LoginFailure};
pub use user::{NewUser, UserChanges, UserFilter, UserRow};
