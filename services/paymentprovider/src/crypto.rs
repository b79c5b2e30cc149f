//! Protection of webhook secrets at rest: AES-256-GCM with a random 96-bit nonce per
//! write, key from `PAYMENT_SECRET_KEY`. The associated data binds a ciphertext to its
//! provider, so a secret copied onto another provider's row no longer decrypts.
//!
//! Key material never prints: [`SecretCipher`] implements `Debug` without it.

use std::fmt;

pub use shop_common::sealing::{KEY_LEN, NONCE_LEN, Sealed};
use shop_common::sealing::{SealError, SealKey, record_aad};
use uuid::Uuid;

/// Domain separation for the associated data; bump it if the format ever changes.
const AAD_PREFIX: &[u8] = b"paymentprovider/webhook_secret/v1:";
/// The same for SePay user-API tokens: a sealed webhook secret does not open as a token.
const TOKEN_AAD_PREFIX: &[u8] = b"paymentprovider/sepay_api_token/v1:";

#[derive(Debug, thiserror::Error)]
pub enum CryptoError {
    #[error("stored nonce has the wrong length")]
    Nonce,
    #[error("encryption failed")]
    Encrypt,
    #[error("decryption failed: wrong key or provider, or tampered data")]
    Decrypt,
    #[error("decrypted secret is not UTF-8")]
    Utf8,
}

impl From<SealError> for CryptoError {
    fn from(e: SealError) -> Self {
        match e {
            SealError::Nonce => Self::Nonce,
            SealError::Encrypt => Self::Encrypt,
            SealError::Open => Self::Decrypt,
        }
    }
}

/// The webhook-secret key. Cheap to share (`web::Data`), safe across threads.
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

    /// Encrypts `secret` for `provider_id` under a fresh random nonce.
    pub fn encrypt(&self, provider_id: Uuid, secret: &str) -> Result<Sealed, CryptoError> {
        let aad = record_aad(AAD_PREFIX, provider_id);
        Ok(self.key.seal(&aad, secret.as_bytes())?)
    }

    /// Encrypts a SePay user-API token for `provider_id`.
    pub fn encrypt_token(&self, provider_id: Uuid, token: &str) -> Result<Sealed, CryptoError> {
        let aad = record_aad(TOKEN_AAD_PREFIX, provider_id);
        Ok(self.key.seal(&aad, token.as_bytes())?)
    }

    /// Decrypts a stored SePay user-API token.
    pub fn decrypt_token(
        &self,
        provider_id: Uuid,
        nonce: &[u8],
        ciphertext: &[u8],
    ) -> Result<String, CryptoError> {
        let aad = record_aad(TOKEN_AAD_PREFIX, provider_id);
        let clear = self.key.open(&aad, nonce, ciphertext)?;
        String::from_utf8(clear).map_err(|_| CryptoError::Utf8)
    }

    /// Decrypts a stored secret; fails unless key, nonce, provider and ciphertext match.
    pub fn decrypt(
        &self,
        provider_id: Uuid,
        nonce: &[u8],
        ciphertext: &[u8],
    ) -> Result<String, CryptoError> {
        let aad = record_aad(AAD_PREFIX, provider_id);
        let clear = self.key.open(&aad, nonce, ciphertext)?;
        String::from_utf8(clear).map_err(|_| CryptoError::Utf8)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_binding() {
        let c = SecretCipher::new(&[7; KEY_LEN]);
        let provider = Uuid::new_v4();
        let sealed = c.encrypt(provider, "sepay-secret-0123456789").unwrap();
        assert_eq!(sealed.nonce.len(), NONCE_LEN);
        assert_eq!(
            sealed.ciphertext.len(),
            "sepay-secret-0123456789".len() + 16
        );
        assert_eq!(
            c.decrypt(provider, &sealed.nonce, &sealed.ciphertext)
                .unwrap(),
            "sepay-secret-0123456789"
        );
        // Another provider: the associated data differs.
        assert!(matches!(
            c.decrypt(Uuid::new_v4(), &sealed.nonce, &sealed.ciphertext),
            Err(CryptoError::Decrypt)
        ));
        // Another key.
        let other = SecretCipher::new(&[8; KEY_LEN]);
        assert!(
            other
                .decrypt(provider, &sealed.nonce, &sealed.ciphertext)
                .is_err()
        );
        // Tampered ciphertext, short nonce.
        let mut bad = sealed.ciphertext.clone();
        bad[0] ^= 1;
        assert!(c.decrypt(provider, &sealed.nonce, &bad).is_err());
        assert!(matches!(
            c.decrypt(provider, &[0; 4], &sealed.ciphertext),
            Err(CryptoError::Nonce)
        ));
        // Nonces differ per call.
        let again = c.encrypt(provider, "sepay-secret-0123456789").unwrap();
        assert_ne!(again.nonce, sealed.nonce);
        assert!(!format!("{c:?}").contains('7'));
        // A sealed secret is not a token, and the other way round.
        let token = c.encrypt_token(provider, "sepay-token-0123456789").unwrap();
        assert_eq!(
            c.decrypt_token(provider, &token.nonce, &token.ciphertext)
                .unwrap(),
            "sepay-token-0123456789"
        );
        assert!(
            c.decrypt(provider, &token.nonce, &token.ciphertext)
                .is_err()
        );
        assert!(
            c.decrypt_token(provider, &sealed.nonce, &sealed.ciphertext)
                .is_err()
        );
    }
}
