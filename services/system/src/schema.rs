//! Diesel table definitions for the `system` schema, kept in step with `migrations/` by
//! hand. Connections set `search_path`, so no schema is named here.

diesel::table! {
    app_configuration (id) {
        id -> SmallInt,
        shop_name -> Text,
        shop_tagline -> Text,
        logo_url -> Nullable<Text>,
        social_url -> Nullable<Text>,
        footer_note -> Text,
        contact_email -> Nullable<Text>,
        contact_phone -> Nullable<Text>,
        analytics_id -> Nullable<Text>,
        updated_at -> Timestamptz,
        updated_by -> Nullable<Text>,
        updated_by_id -> Nullable<Uuid>,
    }
}
