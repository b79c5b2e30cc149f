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

diesel::joinable!(product_stock -> products (product_id));
diesel::joinable!(serial_codes -> products (product_id));

diesel::allow_tables_to_appear_in_same_query!(products, product_stock, serial_codes, code_reveals);
