//! Secrets at rest: AES-256-GCM with a random 96-bit nonce per write and associated data
//! that binds a ciphertext to its record, so a value copied onto another row no longer
//! decrypts. Services keep their own key handling (keyrings, which key encrypts) and
//! error types on top of this.

use std::fmt;

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use rand::RngCore;
use uuid::Uuid;

pub const KEY_LEN: usize = 32;
pub const NONCE_LEN: usize = 12;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SealError {
    #[error("stored nonce has the wrong length")]
    Nonce,
    #[error("encryption failed")]
    Encrypt,
    #[error("decryption failed: wrong key or record, or tampered data")]
    Open,
}

/// A value sealed for storage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sealed {
    pub nonce: Vec<u8>,
    /// Ciphertext followed by the 16-byte tag.
    pub ciphertext: Vec<u8>,
}

/// One AES-256-GCM key. Its `Debug` never shows the key.
#[derive(Clone)]
pub struct SealKey(Aes256Gcm);

impl fmt::Debug for SealKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SealKey(***)")
    }
}

/// Associated data for one record: a format prefix (domain separation; bump it if the
/// format ever changes) and the record's id.
pub fn record_aad(prefix: &[u8], id: Uuid) -> Vec<u8> {
    let mut aad = Vec::with_capacity(prefix.len() + 16);
    aad.extend_from_slice(prefix);
    aad.extend_from_slice(id.as_bytes());
    aad
}

impl SealKey {
    pub fn new(key: &[u8; KEY_LEN]) -> Self {
        Self(Aes256Gcm::new(key.into()))
    }

    /// Encrypts `clear` under a fresh random nonce.
    pub fn seal(&self, aad: &[u8], clear: &[u8]) -> Result<Sealed, SealError> {
        let mut nonce = [0u8; NONCE_LEN];
        rand::rng().fill_bytes(&mut nonce);
        let ciphertext = self
            .0
            .encrypt(&Nonce::from(nonce), Payload { msg: clear, aad })
            .map_err(|_| SealError::Encrypt)?;
        Ok(Sealed {
            nonce: nonce.to_vec(),
            ciphertext,
        })
    }

    /// Decrypts a stored value; fails unless key, nonce, associated data and ciphertext
    /// all match.
    pub fn open(&self, aad: &[u8], nonce: &[u8], ciphertext: &[u8]) -> Result<Vec<u8>, SealError> {
        let nonce: [u8; NONCE_LEN] = nonce.try_into().map_err(|_| SealError::Nonce)?;
        self.0
            .decrypt(
                &Nonce::from(nonce),
                Payload {
                    msg: ciphertext,
                    aad,
                },
            )
            .map_err(|_| SealError::Open)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_binding_and_fresh_nonces() {
        let key = SealKey::new(&[7u8; KEY_LEN]);
        let id = Uuid::new_v4();
        let aad = record_aad(b"test/v1:", id);
        let a = key.seal(&aad, b"secret");
        let b = key.seal(&aad, b"secret");
        let (Ok(a), Ok(b)) = (a, b) else {
            panic!("seal failed");
        };
        assert_ne!(a.nonce, b.nonce);
        assert_eq!(
            key.open(&aad, &a.nonce, &a.ciphertext).ok().as_deref(),
            Some(&b"secret"[..])
        );
        let other = record_aad(b"test/v1:", Uuid::new_v4());
        assert_eq!(
            key.open(&other, &a.nonce, &a.ciphertext),
            Err(SealError::Open)
        );
        assert_eq!(
            key.open(&aad, &a.nonce[..4], &a.ciphertext),
            Err(SealError::Nonce)
        );
        let wrong = SealKey::new(&[8u8; KEY_LEN]);
        assert_eq!(
            wrong.open(&aad, &a.nonce, &a.ciphertext),
            Err(SealError::Open)
        );
        assert_eq!(format!("{key:?}"), "SealKey(***)");
    }
}
