//! Protection of webhook secrets at rest: AES-256-GCM with a random 96-bit nonce per
//! write, key from `PAYMENT_SECRET_KEY`. The associated data binds a ciphertext to its
//! provider, so a secret copied onto another provider's row no longer decrypts.
//!
//! Key material never prints: [`SecretCipher`] implements `Debug` without it.

use std::fmt;

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use rand::RngCore;
use uuid::Uuid;

pub const KEY_LEN: usize = 32;
pub const NONCE_LEN: usize = 12;
/// Domain separation for the associated data; bump it if the format ever changes.
const AAD_PREFIX: &[u8] = b"paymentprovider/webhook_secret/v1:";

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

/// One secret sealed for storage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sealed {
    pub nonce: Vec<u8>,
    /// Ciphertext followed by the 16-byte tag.
    pub ciphertext: Vec<u8>,
}

/// The webhook-secret key. Cheap to share (`web::Data`), safe across threads.
#[derive(Clone)]
pub struct SecretCipher {
    cipher: Aes256Gcm,
}

impl fmt::Debug for SecretCipher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SecretCipher").finish_non_exhaustive()
    }
}

fn aad(provider_id: Uuid) -> Vec<u8> {
    let mut aad = Vec::with_capacity(AAD_PREFIX.len() + 16);
    aad.extend_from_slice(AAD_PREFIX);
    aad.extend_from_slice(provider_id.as_bytes());
    aad
}

impl SecretCipher {
    pub fn new(key: &[u8; KEY_LEN]) -> Self {
        Self {
            cipher: Aes256Gcm::new(key.into()),
        }
    }

    /// Encrypts `secret` for `provider_id` under a fresh random nonce.
    pub fn encrypt(&self, provider_id: Uuid, secret: &str) -> Result<Sealed, CryptoError> {
        let mut nonce = [0u8; NONCE_LEN];
        rand::rng().fill_bytes(&mut nonce);
        let aad = aad(provider_id);
        let ciphertext = self
            .cipher
            .encrypt(
                &Nonce::from(nonce),
                Payload {
                    msg: secret.as_bytes(),
                    aad: &aad,
                },
            )
            .map_err(|_| CryptoError::Encrypt)?;
        Ok(Sealed {
            nonce: nonce.to_vec(),
            ciphertext,
        })
    }

    /// Decrypts a stored secret; fails unless key, nonce, provider and ciphertext match.
    pub fn decrypt(
        &self,
        provider_id: Uuid,
        nonce: &[u8],
        ciphertext: &[u8],
    ) -> Result<String, CryptoError> {
        let nonce: [u8; NONCE_LEN] = nonce.try_into().map_err(|_| CryptoError::Nonce)?;
        let aad = aad(provider_id);
        let clear = self
            .cipher
            .decrypt(
                &Nonce::from(nonce),
                Payload {
                    msg: ciphertext,
                    aad: &aad,
                },
            )
            .map_err(|_| CryptoError::Decrypt)?;
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
    }
}
