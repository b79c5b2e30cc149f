//! Payment providers: the type, the checked set of fields behind Create and Update, and
//! what happens to the webhook secret.

use serde::{Deserialize, Serialize};
use shop_common::input::{
    Invalid, Problems, patch_optional as optional, patch_required as required,
};
use uuid::Uuid;

use super::nullable;
use super::text::{bank_account_name, is_bank_account_name, logo_url_ok, optional_text};
use super::webhook_auth::{MSG_WEBHOOK_AUTH, WebhookAuth};
use crate::banks;

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
    /// One of [`banks::BANKS`].
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

/// Provider fields as a request sends them: left out (`None`), `null` (`Some(None)`) or a
/// value. Create takes them as they are (`null` is as good as left out); Update, after its
/// `id`, keeps a field left out and clears one sent as `null` ([`ProviderUpdate::apply`]).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(
    description = "Create: `name` and `type` required; vietqr_bank also needs bankBin, \
        accountNumber, accountName; manual needs instructions. Bank fields are not stored \
        for manual providers."
)]
pub struct ProviderInput {
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = String, required = false, min_length = 1, max_length = 100)]
    pub name: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable", rename = "type")]
    #[schema(value_type = ProviderType, required = false)]
    pub kind: Option<Option<String>>,
    /// One of the BINs from Banks
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub bank_bin: Option<Option<String>>,
    /// Defaults to the bank's short name
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, max_length = 100)]
    pub bank_name: Option<Option<String>>,
    /// Spaces are removed
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, pattern = "^[0-9]{4,19}$")]
    pub account_number: Option<Option<String>>,
    /// Normalised to upper case without accents; must then be A-Z, 0-9 and spaces
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, max_length = 100)]
    pub account_name: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, max_length = 2000)]
    pub instructions: Option<Option<String>>,
    /// /uploads/... or https:// URL
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub logo_url: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = bool, required = false, default = true)]
    pub is_active: Option<Option<bool>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = i32, required = false, default = 0, minimum = -1000000, maximum = 1000000)]
    pub sort_order: Option<Option<i32>>,
    /// Requires a stored webhook secret
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = bool, required = false, default = false)]
    pub webhook_enabled: Option<Option<bool>>,
    /// How SePay authenticates its deliveries: `apikey` (Authorization: Apikey
    /// webhookSecret) or `hmac` (X-SePay-Signature, HMAC-SHA256 of
    /// `{X-SePay-Timestamp}.{raw body}` keyed with webhookSecret, within 5 minutes)
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = WebhookAuth, required = false, default = "apikey")]
    pub webhook_auth: Option<Option<String>>,
    /// The API key (apikey) or the HMAC key (hmac) SePay uses for this provider's
    /// webhook. Stored encrypted, never returned; null on Update removes it.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, min_length = 16, max_length = 200, write_only)]
    pub webhook_secret: Option<Option<String>>,
    /// SePay's user-API token (Bearer), for the reconciliation job that recovers
    /// transfers whose webhook never arrived (vietqr_bank only). Stored encrypted, never
    /// returned; null on Update removes it.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, min_length = 16, max_length = 500, write_only)]
    pub sepay_api_token: Option<Option<String>>,
}

/// Provider fields as sent by Create, or as the current provider with an Update applied:
/// nothing is checked yet. `webhook_secret` is a new secret to store, if any.
#[derive(Debug, Clone, Default)]
pub struct ProviderForm {
    pub name: Option<String>,
    pub kind: Option<String>,
    pub bank_bin: Option<String>,
    pub bank_name: Option<String>,
    pub account_number: Option<String>,
    pub account_name: Option<String>,
    pub instructions: Option<String>,
    pub logo_url: Option<String>,
    pub is_active: Option<bool>,
    pub sort_order: Option<i32>,
    pub webhook_enabled: Option<bool>,
    pub webhook_auth: Option<String>,
    pub webhook_secret: Option<String>,
    pub sepay_api_token: Option<String>,
}

/// Create's reading: `null` is as good as left out.
impl From<ProviderInput> for ProviderForm {
    fn from(input: ProviderInput) -> Self {
        Self {
            name: input.name.flatten(),
            kind: input.kind.flatten(),
            bank_bin: input.bank_bin.flatten(),
            bank_name: input.bank_name.flatten(),
            account_number: input.account_number.flatten(),
            account_name: input.account_name.flatten(),
            instructions: input.instructions.flatten(),
            logo_url: input.logo_url.flatten(),
            is_active: input.is_active.flatten(),
            sort_order: input.sort_order.flatten(),
            webhook_enabled: input.webhook_enabled.flatten(),
            webhook_auth: input.webhook_auth.flatten(),
            webhook_secret: input.webhook_secret.flatten(),
            sepay_api_token: input.sepay_api_token.flatten(),
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

fn trimmed(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

fn check_bank(p: &mut Problems, form: &ProviderForm) -> Option<BankAccount> {
    let bank = match trimmed(form.bank_bin.as_deref()) {
        None => {
            p.push("bankBin", "Vui lòng chọn ngân hàng");
            None
        }
        Some(bin) => {
            let found = banks::by_bin(bin);
            if found.is_none() {
                p.push("bankBin", "Ngân hàng không có trong danh sách hỗ trợ");
            }
            found
        }
    };
    let bank_name = match trimmed(form.bank_name.as_deref()) {
        Some(name) => {
            if name.chars().count() > MAX_BANK_NAME {
                p.push(
                    "bankName",
                    format!("Tên ngân hàng tối đa {MAX_BANK_NAME} ký tự"),
                );
            } else if name.chars().any(char::is_control) {
                p.push("bankName", "Tên ngân hàng không được chứa ký tự điều khiển");
            }
            Some(name.to_owned())
        }
        None => bank.map(|b| b.short_name.to_owned()),
    };

    let number: Option<String> = form
        .account_number
        .as_deref()
        .map(|n| n.chars().filter(|c| !c.is_whitespace()).collect())
        .filter(|n: &String| !n.is_empty());
    match &number {
        None => p.push("accountNumber", "Vui lòng nhập số tài khoản"),
        Some(n)
            if !ACCOUNT_NUMBER_LEN.contains(&n.len()) || !n.bytes().all(|b| b.is_ascii_digit()) =>
        {
            p.push("accountNumber", "Số tài khoản gồm 4 đến 19 chữ số");
        }
        Some(_) => {}
    }

    let holder = form
        .account_name
        .as_deref()
        .map(bank_account_name)
        .filter(|n| !n.is_empty());
    match &holder {
        None => p.push("accountName", "Vui lòng nhập tên chủ tài khoản"),
        Some(n) if n.len() > MAX_ACCOUNT_NAME => p.push(
            "accountName",
            format!("Tên chủ tài khoản tối đa {MAX_ACCOUNT_NAME} ký tự"),
        ),
        Some(n) if !is_bank_account_name(n) => p.push(
            "accountName",
            "Tên chủ tài khoản chỉ gồm chữ cái không dấu, chữ số và khoảng trắng",
        ),
        Some(_) => {}
    }

    Some(BankAccount {
        bank_bin: bank?.bin.to_owned(),
        bank_name: bank_name?,
        account_number: number?,
        account_name: holder?,
    })
}

impl ProviderForm {
    /// Checks every field, reporting all problems at once (code 1). `clear_secret`: the
    /// write removes the stored secret; `secret_stored`: one is stored now.
    pub fn check(self, clear_secret: bool, secret_stored: bool) -> Result<ProviderFields, Invalid> {
        self.check_with(SecretsState {
            clear_secret,
            secret_stored,
            ..SecretsState::default()
        })
    }

    /// [`ProviderForm::check`] with the API token's state too.
    pub fn check_with(self, state: SecretsState) -> Result<ProviderFields, Invalid> {
        let SecretsState {
            clear_secret,
            secret_stored,
            clear_token,
            token_stored,
        } = state;
        let mut p = Problems::default();

        let name = self.name.as_deref().map(str::trim).unwrap_or_default();
        let name_len = name.chars().count();
        if name_len == 0 {
            p.push("name", "Vui lòng nhập tên phương thức thanh toán");
        } else if name_len > MAX_NAME {
            p.push("name", format!("Tên tối đa {MAX_NAME} ký tự"));
        } else if name.chars().any(char::is_control) {
            p.push("name", "Tên không được chứa ký tự điều khiển");
        }

        let kind = match trimmed(self.kind.as_deref()) {
            None => {
                p.push("type", "Vui lòng chọn loại phương thức thanh toán");
                None
            }
            Some(text) => {
                let kind = ProviderType::parse(text);
                if kind.is_none() {
                    p.push("type", MSG_TYPE);
                }
                kind
            }
        };
        // Bank fields belong to vietqr_bank only; a manual provider stores none.
        let bank = match kind {
            Some(ProviderType::VietqrBank) => check_bank(&mut p, &self),
            _ => None,
        };

        let instructions = optional_text(
            &mut p,
            "instructions",
            self.instructions,
            MAX_INSTRUCTIONS,
            true,
        );
        if kind == Some(ProviderType::Manual) && instructions.is_none() {
            p.push("instructions", "Vui lòng nhập hướng dẫn thanh toán");
        }

        let logo_url = self
            .logo_url
            .map(|u| u.trim().to_owned())
            .filter(|u| !u.is_empty());
        if let Some(url) = &logo_url
            && (url.len() > MAX_LOGO_URL || !logo_url_ok(url))
        {
            p.push(
                "logoUrl",
                "Logo phải là đường dẫn /uploads/... hoặc địa chỉ https://",
            );
        }

        let sort_order = self.sort_order.unwrap_or(0);
        if sort_order.abs() > MAX_SORT_ORDER {
            p.push("sortOrder", "Thứ tự từ -1.000.000 đến 1.000.000");
        }

        let secret = match self.webhook_secret {
            Some(secret) => {
                let len = secret.chars().count();
                if !WEBHOOK_SECRET_LEN.contains(&len) {
                    p.push("webhookSecret", "Khóa bí mật webhook từ 16 đến 200 ký tự");
                } else if secret.chars().any(|c| c.is_whitespace() || c.is_control()) {
                    p.push(
                        "webhookSecret",
                        "Khóa bí mật webhook không được chứa khoảng trắng",
                    );
                }
                SecretChange::Set(secret)
            }
            None if clear_secret => SecretChange::Clear,
            None => SecretChange::Keep,
        };
        let webhook_enabled = self.webhook_enabled.unwrap_or(false);
        let has_secret = match secret {
            SecretChange::Set(_) => true,
            SecretChange::Clear => false,
            SecretChange::Keep => secret_stored,
        };
        if webhook_enabled && !has_secret {
            p.push("webhookSecret", "Cần có khóa bí mật webhook để bật webhook");
        }

        let webhook_auth = match trimmed(self.webhook_auth.as_deref()) {
            None => WebhookAuth::default(),
            Some(text) => WebhookAuth::parse(text).unwrap_or_else(|| {
                p.push("webhookAuth", MSG_WEBHOOK_AUTH);
                WebhookAuth::default()
            }),
        };

        let token = match self.sepay_api_token {
            Some(token) => {
                let len = token.chars().count();
                if !SEPAY_API_TOKEN_LEN.contains(&len) {
                    p.push("sepayApiToken", "Token API SePay từ 16 đến 500 ký tự");
                } else if token.chars().any(|c| c.is_whitespace() || c.is_control()) {
                    p.push(
                        "sepayApiToken",
                        "Token API SePay không được chứa khoảng trắng",
                    );
                }
                SecretChange::Set(token)
            }
            None if clear_token => SecretChange::Clear,
            None => SecretChange::Keep,
        };
        let has_token = match token {
            SecretChange::Set(_) => true,
            SecretChange::Clear => false,
            SecretChange::Keep => token_stored,
        };
        if has_token && kind == Some(ProviderType::Manual) {
            p.push(
                "sepayApiToken",
                "Chỉ tài khoản ngân hàng (vietqr_bank) mới đối soát được qua SePay",
            );
        }

        let is_active = self.is_active.unwrap_or(true);
        p.finish(|| ProviderFields {
            name: name.to_owned(),
            // Set whenever there is no problem.
            kind: kind.unwrap_or(ProviderType::Manual),
            bank,
            instructions,
            logo_url,
            is_active,
            sort_order,
            webhook_enabled,
            webhook_auth,
            secret,
            token,
        })
    }
}

/// The body of PaymentProvider/Update: `id` plus any provider field. A field left out
/// stays; `null` clears an optional field (the webhook secret included) and is refused
/// for the required ones.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(
    description = "`id` plus any provider field (as in ProviderInput). A field left out stays \
        unchanged; an explicit null clears an optional field (`webhookSecret: null` removes \
        the stored secret) and is refused for required ones."
)]
pub struct ProviderUpdate {
    pub id: Uuid,
    #[serde(flatten)]
    pub changes: ProviderInput,
}

impl ProviderUpdate {
    /// The current provider (as a form, without a secret) with this patch applied, then
    /// checked as a whole. `secret_stored`: the provider has a webhook secret now.
    pub fn apply(self, form: ProviderForm, secret_stored: bool) -> Result<ProviderFields, Invalid> {
        self.apply_with(
            form,
            SecretsState {
                secret_stored,
                ..SecretsState::default()
            },
        )
    }

    /// [`ProviderUpdate::apply`] knowing whether an API token is stored too.
    pub fn apply_with(
        self,
        mut form: ProviderForm,
        stored: SecretsState,
    ) -> Result<ProviderFields, Invalid> {
        let mut p = Problems::default();
        let changes = self.changes;
        required(&mut p, "name", changes.name, &mut form.name);
        required(&mut p, "type", changes.kind, &mut form.kind);
        // A new bank without a new bank name takes the name from the bank list.
        if changes.bank_bin.is_some() && changes.bank_name.is_none() {
            form.bank_name = None;
        }
        optional(changes.bank_bin, &mut form.bank_bin);
        optional(changes.bank_name, &mut form.bank_name);
        optional(changes.account_number, &mut form.account_number);
        optional(changes.account_name, &mut form.account_name);
        optional(changes.instructions, &mut form.instructions);
        optional(changes.logo_url, &mut form.logo_url);
        required(&mut p, "isActive", changes.is_active, &mut form.is_active);
        required(
            &mut p,
            "sortOrder",
            changes.sort_order,
            &mut form.sort_order,
        );
        required(
            &mut p,
            "webhookEnabled",
            changes.webhook_enabled,
            &mut form.webhook_enabled,
        );
        required(
            &mut p,
            "webhookAuth",
            changes.webhook_auth,
            &mut form.webhook_auth,
        );
        let clear_secret = matches!(changes.webhook_secret, Some(None));
        form.webhook_secret = changes.webhook_secret.flatten();
        let clear_token = matches!(changes.sepay_api_token, Some(None));
        form.sepay_api_token = changes.sepay_api_token.flatten();
        p.finish::<_, Invalid>(|| ())?;
        form.check_with(SecretsState {
            clear_secret,
            clear_token,
            ..stored
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use serde_json::json;

    use super::*;

    fn fields_of(Invalid(details): Invalid) -> Vec<String> {
        details.into_iter().map(|d| d.field).collect()
    }

    fn form(value: serde_json::Value) -> ProviderForm {
        serde_json::from_value::<ProviderInput>(value)
            .unwrap()
            .into()
    }

    fn bank_form() -> ProviderForm {
        form(json!({
            "name": " Chuyển khoản Vietcombank ",
            "type": "vietqr_bank",
            "bankBin": "970436",
            "accountNumber": "0011 0012 34567",
            "accountName": "Nguyễn Văn Đức",
        }))
    }

    #[test]
    fn vietqr_bank_defaults_and_normalisation() {
        let f = bank_form().check(false, false).unwrap();
        assert_eq!(f.name, "Chuyển khoản Vietcombank");
        assert_eq!(f.kind, ProviderType::VietqrBank);
        let bank = f.bank.unwrap();
        assert_eq!(bank.bank_name, "Vietcombank");
        assert_eq!(bank.account_number, "0011001234567");
        assert_eq!(bank.account_name, "NGUYEN VAN DUC");
        assert!(f.is_active);
        assert!(!f.webhook_enabled);
        assert_eq!(f.secret, SecretChange::Keep);
    }

    #[test]
    fn reports_every_problem() {
        let bad = form(json!({
            "name": "",
            "type": "vietqr_bank",
            "bankBin": "123456",
            "accountNumber": "12ab",
            "accountName": "A.B",
            "logoUrl": "javascript:alert(1)",
            "sortOrder": 2_000_000,
            "webhookSecret": "short",
        }));
        assert_eq!(
            fields_of(bad.check(false, false).unwrap_err()),
            [
                "name",
                "bankBin",
                "accountNumber",
                "accountName",
                "logoUrl",
                "sortOrder",
                "webhookSecret"
            ]
        );
        let missing = form(json!({"name": "x", "type": "vietqr_bank"}));
        assert_eq!(
            fields_of(missing.check(false, false).unwrap_err()),
            ["bankBin", "accountNumber", "accountName"]
        );
        let manual = form(json!({"name": "x", "type": "manual", "bankBin": "1"}));
        assert_eq!(
            fields_of(manual.check(false, false).unwrap_err()),
            ["instructions"]
        );
        let no_type = form(json!({"name": "x"}));
        assert_eq!(
            fields_of(no_type.check(false, false).unwrap_err()),
            ["type"]
        );
        let bad_type = form(json!({"name": "x", "type": "cash"}));
        assert_eq!(
            fields_of(bad_type.check(false, false).unwrap_err()),
            ["type"]
        );
    }

    #[test]
    fn manual_drops_bank_fields() {
        let f = form(json!({
            "name": "Tiền mặt", "type": "manual", "instructions": "Liên hệ shop",
            "bankBin": "970436"
        }))
        .check(false, false)
        .unwrap();
        assert_eq!(f.bank, None);
        assert_eq!(f.instructions.as_deref(), Some("Liên hệ shop"));
    }

    #[test]
    fn webhook_needs_a_secret() {
        let enabled = ProviderForm {
            webhook_enabled: Some(true),
            ..bank_form()
        };
        assert_eq!(
            fields_of(enabled.clone().check(false, false).unwrap_err()),
            ["webhookSecret"]
        );
        assert!(enabled.clone().check(false, true).is_ok());
        assert!(enabled.clone().check(true, true).is_err());
        let with_secret = ProviderForm {
            webhook_secret: Some("s".repeat(16)),
            ..enabled
        };
        let f = with_secret.check(false, false).unwrap();
        assert_eq!(f.secret, SecretChange::Set("s".repeat(16)));
        assert!(!format!("{f:?}").contains("ssss"));
    }

    #[test]
    fn patch_semantics() {
        let current = bank_form();
        let patch: ProviderUpdate = serde_json::from_value(json!({
            "id": Uuid::nil(), "bankBin": "970418", "logoUrl": null, "sortOrder": 5,
            "webhookSecret": null
        }))
        .unwrap();
        let next = patch.apply(current.clone(), true).unwrap();
        assert_eq!(next.bank.as_ref().unwrap().bank_name, "BIDV");
        assert_eq!(next.sort_order, 5);
        assert_eq!(next.secret, SecretChange::Clear);

        let null_name: ProviderUpdate =
            serde_json::from_value(json!({"id": Uuid::nil(), "name": null})).unwrap();
        assert_eq!(
            fields_of(null_name.apply(current.clone(), false).unwrap_err()),
            ["name"]
        );
        let to_manual: ProviderUpdate =
            serde_json::from_value(json!({"id": Uuid::nil(), "type": "manual"})).unwrap();
        assert_eq!(
            fields_of(to_manual.apply(current.clone(), false).unwrap_err()),
            ["instructions"]
        );
        let keep: ProviderUpdate = serde_json::from_value(json!({"id": Uuid::nil()})).unwrap();
        assert_eq!(
            keep.apply(current, true).unwrap().secret,
            SecretChange::Keep
        );
    }
}
