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

diesel::table! {
    notification_settings (id) {
        id -> SmallInt,
        smtp_host -> Text,
        smtp_port -> Integer,
        smtp_security -> Text,
        smtp_user_name -> Text,
        smtp_password_nonce -> Nullable<Bytea>,
        smtp_password_sealed -> Nullable<Bytea>,
        mail_from -> Text,
        mail_reply_to -> Nullable<Text>,
        seller_emails -> Array<Text>,
        telegram_token_nonce -> Nullable<Bytea>,
        telegram_token_sealed -> Nullable<Bytea>,
        telegram_chat_id -> Text,
        events -> Jsonb,
        updated_at -> Timestamptz,
        updated_by -> Nullable<Text>,
        updated_by_id -> Nullable<Uuid>,
    }
}

diesel::table! {
    notification_events (id) {
        id -> Uuid,
        event -> Text,
        order_code -> Nullable<Text>,
        recipient_email -> Nullable<Text>,
        data -> Jsonb,
        link_nonce -> Nullable<Bytea>,
        link_sealed -> Nullable<Bytea>,
        occurred_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    notification_deliveries (id) {
        id -> Uuid,
        event_id -> Uuid,
        channel -> Text,
        audience -> Text,
        recipient -> Text,
        status -> Text,
        attempts -> Integer,
        next_attempt_at -> Timestamptz,
        lease_until -> Nullable<Timestamptz>,
        first_attempt_at -> Nullable<Timestamptz>,
        last_error -> Nullable<Text>,
        created_at -> Timestamptz,
        sent_at -> Nullable<Timestamptz>,
    }
}

diesel::joinable!(notification_deliveries -> notification_events (event_id));
diesel::allow_tables_to_appear_in_same_query!(notification_deliveries, notification_events);
