//! PaymentProvider's JSON: the Create and Update bodies and how they read into the
//! unchecked [`ProviderForm`] that [`crate::domain::provider`] checks, the TestWebhook
//! body, and the views the handlers answer with.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shop_common::input::{
    Invalid, Problems, nullable, patch_optional as optional, patch_required as required,
};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::PublicBaseUrl;
use crate::domain::provider::form::ProviderForm;
use crate::domain::provider::{ProviderFields, ProviderType, SecretsState};
use crate::domain::webhook_auth::WebhookAuth;
use crate::domain::webhook_call::WebhookOutcome;
use crate::models::provider::{ProviderRecord, StoredProvider};

/// Admin view. The webhook secret and the SePay API token are never returned;
/// `hasWebhookSecret` and `hasSepayApiToken` tell whether one is stored.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Provider {
    #[serde(flatten)]
    pub provider: StoredProvider,
    pub has_webhook_secret: bool,
    pub has_sepay_api_token: bool,
    /// {PUBLIC_BASE_URL}/paymentprovider/api/web/v1/PaymentWebhook/SePay/{id}
    pub webhook_url: String,
    /// The last webhook call that named this provider (SePay's, or a "Gửi thử"), null
    /// before the first
    #[schema(required = true)]
    pub last_webhook: Option<LastWebhook>,
}

/// When the provider's webhook was last called, and what came of it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LastWebhook {
    pub at: DateTime<Utc>,
    /// Accepted: the transaction's status (`matched`, `duplicate`, `unmatched`, `pending`, `ignored`) or `test`; refused: `wrong_key`, `wrong_signature`, `stale_timestamp`, `webhook_disabled`, `no_secret`
    pub outcome: WebhookOutcome,
}

impl Provider {
    pub(super) fn new(record: ProviderRecord, base: &PublicBaseUrl) -> Self {
        Self {
            last_webhook: record
                .provider
                .last_webhook()
                .map(|(at, outcome)| LastWebhook { at, outcome }),
            webhook_url: base.webhook_url(record.provider.id),
            has_webhook_secret: record.has_webhook_secret,
            has_sepay_api_token: record.has_sepay_api_token,
            provider: record.provider,
        }
    }
}

/// Provider, storefront view.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderPublic {
    pub id: Uuid,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: ProviderType,
    #[schema(required = true)]
    pub bank_name: Option<String>,
    #[schema(required = true)]
    pub logo_url: Option<String>,
    #[schema(required = true)]
    pub instructions: Option<String>,
}

impl From<StoredProvider> for ProviderPublic {
    fn from(p: StoredProvider) -> Self {
        Self {
            id: p.id,
            name: p.name,
            kind: p.kind,
            bank_name: p.bank_name,
            logo_url: p.logo_url,
            instructions: p.instructions,
        }
    }
}

/// Provider fields as a request sends them: left out (`None`), `null` (`Some(None)`) or a
/// value. Create takes them as they are (`null` is as good as left out); Update, after its
/// `id`, keeps a field left out and clears one sent as `null` ([`ProviderUpdate::apply`]).
#[derive(Debug, Default, Deserialize, ToSchema)]
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

/// The body of PaymentProvider/Update: `id` plus any provider field. A field left out
/// stays; `null` clears an optional field (the webhook secret included) and is refused
/// for the required ones.
#[derive(Debug, Deserialize, ToSchema)]
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

/// The TestWebhook body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentProviderTestWebhook {
    /// Provider id
    pub id: Uuid,
}

/// What "Gửi thử" came to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestWebhookResult {
    /// The test delivery's id (stored as a test, never as a transaction)
    pub test_id: Uuid,
    /// The webhook accepted it and stored it as a test
    pub accepted: bool,
    /// The webhook's HTTP status; null when the call got no answer
    #[schema(required = true)]
    pub http_status: Option<u16>,
    /// What the webhook recorded for this call: `test` when accepted, the reason when refused (read back as the provider's lastWebhook right after it); null when the call got no answer or was throttled
    #[schema(required = true)]
    pub outcome: Option<WebhookOutcome>,
    /// The webhook's error message, or why the call failed; null when accepted
    #[schema(required = true)]
    pub error: Option<String>,
    /// The provider afterwards, its lastWebhook updated
    pub provider: Provider,
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use serde_json::json;
    use shop_common::input::Invalid;

    use super::*;
    use crate::domain::provider::SecretChange;

    fn fields_of(Invalid(details): Invalid) -> Vec<String> {
        details.into_iter().map(|d| d.field).collect()
    }

    fn bank_form() -> ProviderForm {
        serde_json::from_value::<ProviderInput>(json!({
            "name": " Chuyển khoản Vietcombank ",
            "type": "vietqr_bank",
            "bankBin": "970436",
            "accountNumber": "0011 0012 34567",
            "accountName": "Nguyễn Văn Đức",
        }))
        .unwrap()
        .into()
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
