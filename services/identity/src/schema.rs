//! Diesel table definitions, written by hand to match `migrations/`.

diesel::table! {
    users (id) {
        id -> Uuid,
        user_name -> Text,
        full_name -> Text,
        email -> Nullable<Text>,
        password_hash -> Text,
        role -> Text,
        is_active -> Bool,
        token_version -> Int8,
        last_login_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        deleted_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    login_failures (user_name_key, client_ip) {
        user_name_key -> Text,
        client_ip -> Text,
        failures -> Int4,
        locked_until -> Nullable<Timestamptz>,
        updated_at -> Timestamptz,
    }
}

/// The audit log's table is common's (both services keep the same one).
pub use shop_common::audit::audit_log;

diesel::allow_tables_to_appear_in_same_query!(users, login_failures);
