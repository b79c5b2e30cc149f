//! The single `app_configuration` row (id 1).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::domain::configuration::ConfigPatch;
use crate::schema::app_configuration;

/// The id of the one row.
pub const ROW_ID: i16 = 1;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = app_configuration, check_for_backend(diesel::pg::Pg))]
pub struct AppConfigurationRow {
    pub id: i16,
    pub shop_name: String,
    pub shop_tagline: String,
    pub logo_url: Option<String>,
    pub social_url: Option<String>,
    pub footer_note: String,
    pub contact_email: Option<String>,
    pub contact_phone: Option<String>,
    pub analytics_id: Option<String>,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
    pub updated_by_id: Option<Uuid>,
}

/// The columns a save changes: `None` leaves a column alone, `Some(None)` sets NULL.
#[derive(Debug, AsChangeset)]
#[diesel(table_name = app_configuration)]
pub struct AppConfigurationChanges<'a> {
    pub shop_name: Option<&'a str>,
    pub shop_tagline: Option<&'a str>,
    pub logo_url: Option<Option<&'a str>>,
    pub social_url: Option<Option<&'a str>>,
    pub footer_note: Option<&'a str>,
    pub contact_email: Option<Option<&'a str>>,
    pub contact_phone: Option<Option<&'a str>>,
    pub analytics_id: Option<Option<&'a str>>,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<&'a str>,
    pub updated_by_id: Option<Uuid>,
}

impl<'a> AppConfigurationChanges<'a> {
    /// The changes of `patch`, stamped with the saving user.
    pub fn new(patch: &'a ConfigPatch, user_name: &'a str, user_id: Uuid) -> Self {
        fn text<T: AsRef<str>>(v: &Option<T>) -> Option<&str> {
            v.as_ref().map(AsRef::as_ref)
        }
        fn nullable<T: AsRef<str>>(p: &Option<Option<T>>) -> Option<Option<&str>> {
            p.as_ref().map(|v| v.as_ref().map(AsRef::as_ref))
        }
        Self {
            shop_name: text(&patch.shop_name),
            shop_tagline: text(&patch.shop_tagline),
            logo_url: nullable(&patch.logo_url),
            social_url: nullable(&patch.social_url),
            footer_note: text(&patch.footer_note),
            contact_email: nullable(&patch.contact_email),
            contact_phone: nullable(&patch.contact_phone),
            analytics_id: nullable(&patch.analytics_id),
            updated_at: Utc::now(),
            updated_by: Some(user_name),
            updated_by_id: Some(user_id),
        }
    }
}

impl AppConfigurationRow {
    /// Re-creates the default row if it went missing (the migration seeds it).
    async fn ensure_row(conn: &mut AsyncPgConnection) -> QueryResult<()> {
        diesel::insert_into(app_configuration::table)
            .values(app_configuration::id.eq(ROW_ID))
            .on_conflict_do_nothing()
            .execute(conn)
            .await
            .map(|_| ())
    }

    async fn fetch(conn: &mut AsyncPgConnection) -> QueryResult<Self> {
        app_configuration::table
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

    async fn apply(
        conn: &mut AsyncPgConnection,
        changes: &AppConfigurationChanges<'_>,
    ) -> QueryResult<Self> {
        diesel::update(app_configuration::table.find(ROW_ID))
            .set(changes)
            .returning(Self::as_returning())
            .get_result(conn)
            .await
    }

    /// Applies `changes` in one statement and returns the saved row.
    pub async fn update(
        conn: &mut AsyncPgConnection,
        changes: &AppConfigurationChanges<'_>,
    ) -> QueryResult<Self> {
        match Self::apply(conn, changes).await {
            Err(diesel::result::Error::NotFound) => {
                Self::ensure_row(conn).await?;
                Self::apply(conn, changes).await
            }
            other => other,
        }
    }
}
