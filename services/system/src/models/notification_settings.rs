//! The single `notification_settings` row (id 1). Secrets stay sealed here; opening
//! them is the caller's business.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use crate::schema::notification_settings;

/// The id of the one row.
pub const ROW_ID: i16 = 1;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = notification_settings, check_for_backend(diesel::pg::Pg))]
pub struct NotificationSettingsRow {
    pub id: i16,
    pub smtp_host: String,
    pub smtp_port: i32,
    pub smtp_security: String,
    pub smtp_user_name: String,
    pub smtp_password_nonce: Option<Vec<u8>>,
    pub smtp_password_sealed: Option<Vec<u8>>,
    pub mail_from: String,
    pub mail_reply_to: Option<String>,
    pub seller_emails: Vec<String>,
    pub telegram_token_nonce: Option<Vec<u8>>,
    pub telegram_token_sealed: Option<Vec<u8>>,
    pub telegram_chat_id: String,
    pub events: Value,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
    pub updated_by_id: Option<Uuid>,
}

/// The columns a save changes: `None` leaves a column alone, `Some(None)` sets NULL.
#[derive(Debug, Default, AsChangeset)]
#[diesel(table_name = notification_settings)]
pub struct NotificationSettingsChanges {
    pub smtp_host: Option<String>,
    pub smtp_port: Option<i32>,
    pub smtp_security: Option<String>,
    pub smtp_user_name: Option<String>,
    pub smtp_password_nonce: Option<Option<Vec<u8>>>,
    pub smtp_password_sealed: Option<Option<Vec<u8>>>,
    pub mail_from: Option<String>,
    pub mail_reply_to: Option<Option<String>>,
    pub seller_emails: Option<Vec<String>>,
    pub telegram_token_nonce: Option<Option<Vec<u8>>>,
    pub telegram_token_sealed: Option<Option<Vec<u8>>>,
    pub telegram_chat_id: Option<String>,
    pub events: Option<Value>,
    pub updated_at: Option<DateTime<Utc>>,
    pub updated_by: Option<Option<String>>,
    pub updated_by_id: Option<Option<Uuid>>,
}

impl NotificationSettingsRow {
    /// Re-creates the default row if it went missing (the migration seeds it).
    async fn ensure_row(conn: &mut AsyncPgConnection) -> QueryResult<()> {
        diesel::insert_into(notification_settings::table)
            .values(notification_settings::id.eq(ROW_ID))
            .on_conflict_do_nothing()
            .execute(conn)
            .await
            .map(|_| ())
    }

    async fn fetch(conn: &mut AsyncPgConnection) -> QueryResult<Self> {
        notification_settings::table
            .find(ROW_ID)
            .select(Self::as_select())
            .first(conn)
            .await
    }

    pub async fn load(conn: &mut AsyncPgConnection) -> QueryResult<Self> {
        match Self::fetch(conn).await {
            Err(diesel::result::Error::NotFound) => {
                Self::ensure_row(conn).await?;
                Self::fetch(conn).await
            }
            other => other,
        }
    }

    /// Applies `changes` in one statement and returns the saved row.
    pub async fn update(
        conn: &mut AsyncPgConnection,
        changes: &NotificationSettingsChanges,
    ) -> QueryResult<Self> {
        Self::ensure_row(conn).await?;
        diesel::update(notification_settings::table.find(ROW_ID))
            .set(changes)
            .returning(Self::as_returning())
            .get_result(conn)
            .await
    }
}
