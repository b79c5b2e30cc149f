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
        webhook_auth -> Text,
        last_reconciled_at -> Nullable<Timestamptz>,
        /// The highest SePay id reconciliation has fed (its `since_id` cursor).
        reconcile_last_id -> Nullable<Int8>,
        /// A replica reconciling this provider holds it until then.
        reconcile_lease_until -> Nullable<Timestamptz>,
        /// When a webhook call last named this provider, and its outcome.
        last_webhook_at -> Nullable<Timestamptz>,
        last_webhook_outcome -> Nullable<Text>,
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

diesel::table! {
    /// SePay user-API tokens, sealed like the webhook secrets (another associated data).
    payment_provider_api_tokens (provider_id) {
        provider_id -> Uuid,
        nonce -> Bytea,
        ciphertext -> Bytea,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    payment_transactions (id) {
        id -> Uuid,
        provider_id -> Uuid,
        external_id -> Text,
        gateway -> Text,
        transaction_date -> Timestamptz,
        account_number -> Text,
        sub_account -> Nullable<Text>,
        code -> Nullable<Text>,
        content -> Text,
        transfer_type -> Text,
        amount -> Int8,
        accumulated -> Nullable<Int8>,
        reference_code -> Nullable<Text>,
        description -> Nullable<Text>,
        raw -> Jsonb,
        status -> Text,
        order_code -> Nullable<Text>,
        attempts -> Int4,
        next_attempt_at -> Nullable<Timestamptz>,
        last_error -> Nullable<Text>,
        created_at -> Timestamptz,
        processed_at -> Nullable<Timestamptz>,
        /// Generated from `status`: never written.
        sort_rank -> Int2,
        bank_ref -> Nullable<Text>,
        legacy_confirm -> Bool,
        flag -> Nullable<Text>,
        source -> Text,
    }
}

diesel::table! {
    order_providers (order_code) {
        order_code -> Text,
        provider_id -> Uuid,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    /// "Gửi thử" deliveries: never transactions, never money.
    webhook_test_deliveries (id) {
        id -> Uuid,
        provider_id -> Uuid,
        raw -> Jsonb,
        received_at -> Timestamptz,
    }
}

pub use shop_common::audit::audit_log;

diesel::joinable!(payment_provider_secrets -> payment_providers (provider_id));
diesel::joinable!(payment_provider_api_tokens -> payment_providers (provider_id));
diesel::joinable!(payment_transactions -> payment_providers (provider_id));
diesel::joinable!(order_providers -> payment_providers (provider_id));
diesel::joinable!(webhook_test_deliveries -> payment_providers (provider_id));

diesel::allow_tables_to_appear_in_same_query!(
    payment_providers,
    payment_provider_secrets,
    payment_provider_api_tokens,
    payment_transactions,
    order_providers,
    webhook_test_deliveries
);
