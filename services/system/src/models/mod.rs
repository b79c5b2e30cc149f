//! Table structs and their queries. Queries take the connection, never the pool.

pub mod app_configuration;

pub use app_configuration::{AppConfiguration, AppConfigurationChanges};
