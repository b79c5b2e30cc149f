//! Hand-written diesel tables, matching `migrations/` column for column.

diesel::table! {
    products (id) {
        id -> Uuid,
        name -> Text,
        slug -> Text,
        summary -> Nullable<Text>,
        description -> Nullable<Text>,
        image_url -> Nullable<Text>,
        price -> Int8,
        original_price -> Nullable<Int8>,
        status -> Text,
        sort_order -> Int4,
        min_per_order -> Int4,
        max_per_order -> Int4,
        low_stock_threshold -> Int4,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        redeem_instructions -> Nullable<Text>,
        /// `product_fold(name)`, kept by the database (migration product_search).
        search -> Text,
    }
}

diesel::table! {
    /// Products per status, kept by triggers on `products` (migration product_counts).
    product_counts (status) {
        status -> Text,
        n -> Int8,
    }
}

diesel::table! {
    product_stock (product_id) {
        product_id -> Uuid,
        available -> Int8,
        reserved -> Int8,
        sold -> Int8,
        disabled -> Int8,
    }
}

diesel::table! {
    serial_codes (id) {
        id -> Uuid,
        product_id -> Uuid,
        key_id -> Int4,
        nonce -> Bytea,
        ciphertext -> Bytea,
        code_hash -> Bytea,
        last4 -> Text,
        status -> Text,
        order_id -> Nullable<Uuid>,
        order_item_id -> Nullable<Uuid>,
        expires_at -> Nullable<Timestamptz>,
        note -> Nullable<Text>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        reserved_at -> Nullable<Timestamptz>,
        sold_at -> Nullable<Timestamptz>,
        replacement -> Bool,
        replaced_at -> Nullable<Timestamptz>,
        seal_version -> Int2,
        duplicate_of -> Nullable<Uuid>,
        serial -> Nullable<Text>,
    }
}

diesel::table! {
    code_reveals (id) {
        id -> Uuid,
        serial_code_id -> Uuid,
        product_id -> Uuid,
        user_id -> Uuid,
        user_name -> Text,
        revealed_at -> Timestamptz,
    }
}

/// The audit log's table is common's (both services keep the same one).
pub use shop_common::audit::audit_log;

diesel::table! {
    orders (id) {
        id -> Uuid,
        code -> Text,
        access_token_hash -> Bytea,
        status -> Text,
        payment_status -> Text,
        email -> Text,
        phone -> Nullable<Text>,
        customer_name -> Nullable<Text>,
        note -> Nullable<Text>,
        ip -> Nullable<Text>,
        user_agent -> Nullable<Text>,
        total -> Int8,
        paid_amount -> Int8,
        item_count -> Int4,
        provider_id -> Uuid,
        provider_name -> Text,
        payment -> Jsonb,
        expires_at -> Timestamptz,
        paid_at -> Nullable<Timestamptz>,
        completed_at -> Nullable<Timestamptz>,
        cancel_reason -> Nullable<Text>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        client_key -> Nullable<Text>,
        cancelled_at -> Nullable<Timestamptz>,
        refunded_amount -> Int8,
    }
}

diesel::table! {
    order_items (id) {
        id -> Uuid,
        order_id -> Uuid,
        product_id -> Uuid,
        position -> Int4,
        product_name -> Text,
        image_url -> Nullable<Text>,
        unit_price -> Int8,
        quantity -> Int4,
        line_total -> Int8,
    }
}

diesel::table! {
    order_payments (id) {
        id -> Uuid,
        order_id -> Uuid,
        transaction_id -> Text,
        amount -> Int8,
        paid_at -> Timestamptz,
        source -> Text,
        actor -> Nullable<Text>,
        provider_id -> Nullable<Uuid>,
        bank_transaction_id -> Nullable<Text>,
        note -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    order_events (id) {
        id -> Uuid,
        order_id -> Uuid,
        at -> Timestamptz,
        #[sql_name = "type"]
        kind -> Text,
        message -> Text,
        actor -> Nullable<Text>,
    }
}

diesel::table! {
    idempotency_keys (scope, key) {
        scope -> Text,
        key -> Text,
        request_hash -> Bytea,
        key_id -> Int4,
        nonce -> Bytea,
        response -> Bytea,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
    }
}

diesel::table! {
    product_slugs (slug) {
        slug -> Text,
        product_id -> Uuid,
        retired_at -> Timestamptz,
    }
}

diesel::joinable!(product_stock -> products (product_id));
diesel::joinable!(product_slugs -> products (product_id));
diesel::joinable!(serial_codes -> products (product_id));
diesel::joinable!(serial_codes -> orders (order_id));
diesel::joinable!(order_items -> orders (order_id));
diesel::joinable!(order_items -> products (product_id));
diesel::joinable!(order_payments -> orders (order_id));
diesel::joinable!(order_events -> orders (order_id));

diesel::allow_tables_to_appear_in_same_query!(
    products,
    product_stock,
    product_slugs,
    serial_codes,
    code_reveals,
    orders,
    order_items,
    order_payments,
    order_events,
    idempotency_keys,
);
