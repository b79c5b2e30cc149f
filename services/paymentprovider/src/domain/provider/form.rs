//! The provider form: the fields of Create, or of the current provider with an Update
//! applied, not checked yet; and its check, which reports every problem at once.

use shop_common::input::{Invalid, Problems};

use super::{
    ACCOUNT_NUMBER_LEN, BankAccount, MAX_ACCOUNT_NAME, MAX_BANK_NAME, MAX_INSTRUCTIONS,
    MAX_LOGO_URL, MAX_NAME, MAX_SORT_ORDER, MSG_TYPE, ProviderFields, ProviderType,
    SEPAY_API_TOKEN_LEN, SecretChange, SecretsState, WEBHOOK_SECRET_LEN,
};
use crate::banks;
use crate::domain::text::{bank_account_name, is_bank_account_name, logo_url_ok, optional_text};
use crate::domain::webhook_auth::{MSG_WEBHOOK_AUTH, WebhookAuth};

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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn fields_of(Invalid(details): Invalid) -> Vec<String> {
        details.into_iter().map(|d| d.field).collect()
    }

    fn text(value: &str) -> Option<String> {
        Some(value.to_owned())
    }

    fn bank_form() -> ProviderForm {
        ProviderForm {
            name: text(" Chuyển khoản Vietcombank "),
            kind: text("vietqr_bank"),
            bank_bin: text("970436"),
            account_number: text("0011 0012 34567"),
            account_name: text("Nguyễn Văn Đức"),
            ..ProviderForm::default()
        }
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
        let bad = ProviderForm {
            name: text(""),
            kind: text("vietqr_bank"),
            bank_bin: text("123456"),
            account_number: text("12ab"),
            account_name: text("A.B"),
            logo_url: text("javascript:alert(1)"),
            sort_order: Some(2_000_000),
            webhook_secret: text("short"),
            ..ProviderForm::default()
        };
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
        let named = |kind: &str| ProviderForm {
            name: text("x"),
            kind: text(kind),
            ..ProviderForm::default()
        };
        let missing = named("vietqr_bank");
        assert_eq!(
            fields_of(missing.check(false, false).unwrap_err()),
            ["bankBin", "accountNumber", "accountName"]
        );
        let manual = ProviderForm {
            bank_bin: text("1"),
            ..named("manual")
        };
        assert_eq!(
            fields_of(manual.check(false, false).unwrap_err()),
            ["instructions"]
        );
        let no_type = ProviderForm {
            kind: None,
            ..named("")
        };
        assert_eq!(
            fields_of(no_type.check(false, false).unwrap_err()),
            ["type"]
        );
        let bad_type = named("cash");
        assert_eq!(
            fields_of(bad_type.check(false, false).unwrap_err()),
            ["type"]
        );
    }

    #[test]
    fn manual_drops_bank_fields() {
        let f = ProviderForm {
            name: text("Tiền mặt"),
            kind: text("manual"),
            instructions: text("Liên hệ shop"),
            bank_bin: text("970436"),
            ..ProviderForm::default()
        }
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
}
