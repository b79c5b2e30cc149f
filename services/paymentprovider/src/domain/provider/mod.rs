//! Payment providers: the type, the limits of their fields, the checked set of fields
//! ready to store and what a write does to the webhook secret and the SePay API token.
//! The unchecked form Create and Update read their bodies into, and its check: [`form`].

pub mod form;

use serde::Serialize;

use super::webhook_auth::WebhookAuth;

pub const MAX_NAME: usize = 100;
pub const MAX_BANK_NAME: usize = 100;
pub const MAX_ACCOUNT_NAME: usize = 100;
pub const MAX_INSTRUCTIONS: usize = 2_000;
pub const MAX_LOGO_URL: usize = 2_048;
pub const MAX_SORT_ORDER: i32 = 1_000_000;
pub const ACCOUNT_NUMBER_LEN: std::ops::RangeInclusive<usize> = 4..=19;
pub const WEBHOOK_SECRET_LEN: std::ops::RangeInclusive<usize> = 16..=200;
pub const SEPAY_API_TOKEN_LEN: std::ops::RangeInclusive<usize> = 16..=500;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProviderType {
    /// A bank account paid by transfer, with a VietQR code.
    VietqrBank,
    /// Free-text instructions; staff confirm the payment by hand.
    Manual,
}

impl ProviderType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::VietqrBank => "vietqr_bank",
            Self::Manual => "manual",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "vietqr_bank" => Some(Self::VietqrBank),
            "manual" => Some(Self::Manual),
            _ => None,
        }
    }
}

pub const MSG_TYPE: &str = "Loại phương thức là vietqr_bank hoặc manual";

/// A bank account that receives VietQR transfers, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankAccount {
    /// One of [`crate::banks::BANKS`].
    pub bank_bin: String,
    pub bank_name: String,
    /// 4..19 digits.
    pub account_number: String,
    /// `A-Z 0-9` and spaces.
    pub account_name: String,
}

/// What a write does to the stored webhook secret.
#[derive(Clone, PartialEq, Eq)]
pub enum SecretChange {
    Keep,
    Clear,
    Set(String),
}

impl std::fmt::Debug for SecretChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Keep => f.write_str("Keep"),
            Self::Clear => f.write_str("Clear"),
            Self::Set(_) => f.write_str("Set(..)"),
        }
    }
}

/// Checked provider fields, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderFields {
    pub name: String,
    pub kind: ProviderType,
    /// Present exactly for `vietqr_bank`.
    pub bank: Option<BankAccount>,
    pub instructions: Option<String>,
    pub logo_url: Option<String>,
    pub is_active: bool,
    pub sort_order: i32,
    pub webhook_enabled: bool,
    pub webhook_auth: WebhookAuth,
    pub secret: SecretChange,
    /// SePay's user-API token.
    pub token: SecretChange,
}

/// What a write asks of the stored secrets: `clear_*` the write removes it, `*_stored`
/// one is stored now.
#[derive(Debug, Clone, Copy, Default)]
pub struct SecretsState {
    pub clear_secret: bool,
    pub secret_stored: bool,
    pub clear_token: bool,
    pub token_stored: bool,
}
