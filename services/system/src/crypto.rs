//! Secrets at rest: the SMTP password, the Telegram bot token and the order links that
//! wait to be e-mailed, sealed with AES-256-GCM under `SYSTEM_SECRET_KEY`. The associated
//! data names what a value is and, for a link, its event: a value copied onto another
//! field or event no longer opens.
//!
//! Key material never prints: [`SecretCipher`] implements `Debug` without it.

use std::fmt;

pub use shop_common::sealing::{KEY_LEN, Sealed};
use shop_common::sealing::{SealError, SealKey, record_aad};
use uuid::Uuid;

/// What a sealed value is (domain separation; bump a version if a format changes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    SmtpPassword,
    TelegramBotToken,
    /// An event's order link, bound to the event id.
    OrderLink(Uuid),
}

impl Purpose {
    fn aad(self) -> Vec<u8> {
        match self {
            Self::SmtpPassword => record_aad(b"system/smtp_password/v1:", Uuid::nil()),
            Self::TelegramBotToken => record_aad(b"system/telegram_bot_token/v1:", Uuid::nil()),
            Self::OrderLink(event) => record_aad(b"system/notification_link/v1:", event),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CryptoError {
    #[error("sealing: {0}")]
    Seal(#[from] SealError),
    #[error("opened secret is not UTF-8")]
    Utf8,
}

/// The `SYSTEM_SECRET_KEY` cipher. Cheap to clone, safe across threads.
#[derive(Clone)]
pub struct SecretCipher {
    key: SealKey,
}

impl fmt::Debug for SecretCipher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SecretCipher").finish_non_exhaustive()
    }
}

impl SecretCipher {
    pub fn new(key: &[u8; KEY_LEN]) -> Self {
        Self {
            key: SealKey::new(key),
        }
    }

    /// Seals `clear` under a fresh random nonce.
    pub fn seal(&self, purpose: Purpose, clear: &str) -> Result<Sealed, CryptoError> {
        Ok(self.key.seal(&purpose.aad(), clear.as_bytes())?)
    }

    /// Opens a stored value; fails unless key, nonce, purpose and ciphertext all match.
    pub fn open(
        &self,
        purpose: Purpose,
        nonce: &[u8],
        ciphertext: &[u8],
    ) -> Result<String, CryptoError> {
        let clear = self.key.open(&purpose.aad(), nonce, ciphertext)?;
        String::from_utf8(clear).map_err(|_| CryptoError::Utf8)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn purposes_do_not_mix() {
        let c = SecretCipher::new(&[9; KEY_LEN]);
        let event = Uuid::new_v4();
        let sealed = c
            .seal(Purpose::OrderLink(event), "https://shop/x#token=t")
            .unwrap();
        assert_eq!(
            c.open(Purpose::OrderLink(event), &sealed.nonce, &sealed.ciphertext)
                .unwrap(),
            "https://shop/x#token=t"
        );
        let other = Purpose::OrderLink(Uuid::new_v4());
        assert!(c.open(other, &sealed.nonce, &sealed.ciphertext).is_err());
        let password = c.seal(Purpose::SmtpPassword, "pw").unwrap();
        assert!(
            c.open(
                Purpose::TelegramBotToken,
                &password.nonce,
                &password.ciphertext
            )
            .is_err()
        );
        assert!(!format!("{c:?}").contains('9'));
    }
}
