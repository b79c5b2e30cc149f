//! Diesel table definitions for the `paymentprovider` schema, kept in step with
//! `migrations/` by hand. Connections set `search_path`, so no schema is named here.

diesel::table! {
    payment_providers (id) {
        id -> Uuid,
        name -> Text,
        #[sql_name = "type"]
        kind -> Text,
        bank_bin -> Nullable<Text>,
        bank_name -> Nullable<Text>,
        account_number -> Nullable<Text>,
        account_name -> Nullable<Text>,
        instructions -> Nullable<Text>,
        logo_url -> Nullable<Text>,
        is_active -> Bool,
        sort_order -> Int4,
        webhook_enabled -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        deleted_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    payment_provider_secrets (provider_id) {
        provider_id -> Uuid,
        nonce -> Bytea,
        ciphertext -> Bytea,
        updated_at -> Timestamptz,
    }
}

diesel::joinable!(payment_provider_secrets -> payment_providers (provider_id));

diesel::allow_tables_to_appear_in_same_query!(payment_providers, payment_provider_secrets);
