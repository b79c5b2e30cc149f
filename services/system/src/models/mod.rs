//! Table structs and their queries. Queries take the connection, never the pool.

pub mod app_configuration;
pub mod notification;
pub mod notification_settings;

pub use app_configuration::{AppConfigurationChanges, AppConfigurationRow};
pub use notification_settings::{NotificationSettingsChanges, NotificationSettingsRow};
