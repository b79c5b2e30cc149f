//! Protection of serial codes at rest.
//!
//! - Encryption: AES-256-GCM with a random 96-bit nonce per row. The associated data binds
//!   a ciphertext to its row: the code's id, its product and the key id (format v2,
//!   `serial_codes.seal_version = 2`), so a ciphertext copied onto another row no longer
//!   decrypts. Rows of format v1 (bound to the product only) still open until the
//!   start-up re-seal ([`crate::serial_codes::reseal`]) has rewritten them. Every opened code is also
//!   checked against the row's keyed hash, which catches a v1 ciphertext copied between
//!   rows of one product. Keys live in a keyring by id: new rows use the current key; rows written with an older
//!   key still decrypt while that key stays in the ring. A random nonce keeps a key safe for
//!   2^32 encryptions (NIST SP 800-38D); rotate the key long before that.
//! - Keyed hash: HMAC-SHA256 of the normalised code, for duplicate detection and exact
//!   search. It cannot rotate without re-hashing every row.
//!
//! Key material never prints: the types here implement `Debug` without it.

use std::collections::BTreeMap;
use std::fmt;

use hmac::{Hmac, Mac};
use sha2::Sha256;
use shop_common::sealing::{SealError, SealKey, record_aad};
use uuid::Uuid;

pub use shop_common::sealing::{KEY_LEN, NONCE_LEN};
pub const HASH_LEN: usize = 32;
/// Domain separation for the associated data; bump it if the format ever changes.
const AAD_PREFIX_V1: &[u8] = b"retailstore/serial_code/v1:";
const AAD_PREFIX_V2: &[u8] = b"retailstore/serial_code/v2:";
/// `serial_codes.seal_version`: v1 binds a ciphertext to its product only (legacy).
pub const SEAL_PRODUCT_BOUND: i16 = 1;
/// v2 binds it to the row: code id, product id and key id. Every new write uses it.
pub const SEAL_ROW_BOUND: i16 = 2;
/// The same for stored idempotent answers (which carry an order's access token).
const RESPONSE_AAD_PREFIX: &[u8] = b"retailstore/idempotency/v1:";
/// The same for an order link waiting in the outbox (it carries an access token).
const LINK_AAD_PREFIX: &[u8] = b"retailstore/outbox_link/v1:";

pub type CodeHash = [u8; HASH_LEN];

#[derive(Debug, thiserror::Error)]
pub enum CryptoError {
    #[error("no key with id {0} in the keyring")]
    UnknownKey(i32),
    #[error("stored nonce has the wrong length")]
    Nonce,
    #[error("encryption failed")]
    Encrypt,
    #[error("decryption failed: wrong key or product, or tampered data")]
    Decrypt,
    #[error("decrypted code is not UTF-8")]
    Utf8,
    #[error("stored seal format {0} is unknown")]
    Format(i16),
    /// The code opened but is not the one the row's keyed hash names: a ciphertext moved
    /// between rows. The code itself is never part of the error.
    #[error("decrypted code does not match the row's code hash")]
    HashMismatch,
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

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum KeyringError {
    #[error("key id {0} appears twice")]
    DuplicateId(i32),
    #[error("the hash key must differ from every encryption key")]
    SharedHashKey,
    #[error("the hash key has an unusable length")]
    HashKeyLength,
}

/// One code sealed for storage.
pub struct SealedCode {
    pub key_id: i32,
    pub seal_version: i16,
    pub nonce: Vec<u8>,
    /// Ciphertext followed by the 16-byte tag.
    pub ciphertext: Vec<u8>,
}

/// The keyring and the hash key. Cheap to share (`web::Data`), safe across threads.
#[derive(Clone)]
pub struct CodeCipher {
    current: i32,
    keys: BTreeMap<i32, SealKey>,
    /// Keyed once; cloned per hash (saves re-deriving the padded key blocks).
    hasher: Hmac<Sha256>,
}

impl fmt::Debug for CodeCipher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CodeCipher")
            .field("current_key_id", &self.current)
            .field("key_ids", &self.keys.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

/// A stored code's columns, as read for opening.
#[derive(Debug, Clone, Copy)]
pub struct StoredCode<'a> {
    pub id: Uuid,
    pub product_id: Uuid,
    pub key_id: i32,
    pub seal_version: i16,
    pub nonce: &'a [u8],
    pub ciphertext: &'a [u8],
    pub code_hash: &'a [u8],
}

/// v2: prefix, code id, product id, key id (big-endian).
fn row_aad(id: Uuid, product_id: Uuid, key_id: i32) -> Vec<u8> {
    let mut aad = record_aad(AAD_PREFIX_V2, id);
    aad.extend_from_slice(product_id.as_bytes());
    aad.extend_from_slice(&key_id.to_be_bytes());
    aad
}

/// Binds a stored answer to its scope and key, so it cannot be replayed for another key.
fn response_aad(scope: &str, key: &str) -> Vec<u8> {
    let mut aad = Vec::with_capacity(RESPONSE_AAD_PREFIX.len() + scope.len() + 1 + key.len());
    aad.extend_from_slice(RESPONSE_AAD_PREFIX);
    aad.extend_from_slice(scope.as_bytes());
    aad.push(0);
    aad.extend_from_slice(key.as_bytes());
    aad
}

/// Binds a sealed link to its outbox row and key.
fn link_aad(row_id: Uuid, key_id: i32) -> Vec<u8> {
    let mut aad = record_aad(LINK_AAD_PREFIX, row_id);
    aad.extend_from_slice(&key_id.to_be_bytes());
    aad
}

impl CodeCipher {
    /// `current` encrypts new rows; `old` only decrypts. The hash key must not be reused
    /// as an encryption key.
    pub fn new(
        current: (i32, [u8; KEY_LEN]),
        old: &[(i32, [u8; KEY_LEN])],
        hash_key: &[u8; KEY_LEN],
    ) -> Result<Self, KeyringError> {
        let mut keys = BTreeMap::new();
        for (id, key) in std::iter::once(&current).chain(old) {
            if key == hash_key {
                return Err(KeyringError::SharedHashKey);
            }
            if keys.insert(*id, SealKey::new(key)).is_some() {
                return Err(KeyringError::DuplicateId(*id));
            }
        }
        Ok(Self {
            current: current.0,
            keys,
            hasher: <Hmac<Sha256> as Mac>::new_from_slice(hash_key)
                .map_err(|_| KeyringError::HashKeyLength)?,
        })
    }

    pub fn current_key_id(&self) -> i32 {
        self.current
    }

    /// HMAC-SHA256 of a normalised code.
    pub fn hash(&self, code: &str) -> CodeHash {
        let mut mac = self.hasher.clone();
        mac.update(code.as_bytes());
        mac.finalize().into_bytes().into()
    }

    /// Encrypts a normalised code for row `id` of `product_id` with the current key
    /// (format v2).
    pub fn encrypt(
        &self,
        id: Uuid,
        product_id: Uuid,
        code: &str,
    ) -> Result<SealedCode, CryptoError> {
        let cipher = self
            .keys
            .get(&self.current)
            .ok_or(CryptoError::UnknownKey(self.current))?;
        let sealed = cipher
            .seal(&row_aad(id, product_id, self.current), code.as_bytes())
            .map_err(CryptoError::from)?;
        Ok(SealedCode {
            key_id: self.current,
            seal_version: SEAL_ROW_BOUND,
            nonce: sealed.nonce,
            ciphertext: sealed.ciphertext,
        })
    }

    /// Opens a stored code: key, nonce, row binding and ciphertext must all match, and
    /// the clear code must hash to the row's `code_hash`. Nothing here is ever delivered
    /// or shown unless this succeeds.
    pub fn open_code(&self, row: &StoredCode<'_>) -> Result<String, CryptoError> {
        self.open_checked(row).inspect_err(|error| {
            // The row, never the code: a failure here means tampering or a lost key.
            tracing::error!(serial_code_id = %row.id, %error, "stored serial code refused");
        })
    }

    fn open_checked(&self, row: &StoredCode<'_>) -> Result<String, CryptoError> {
        let cipher = self
            .keys
            .get(&row.key_id)
            .ok_or(CryptoError::UnknownKey(row.key_id))?;
        let aad = match row.seal_version {
            SEAL_PRODUCT_BOUND => record_aad(AAD_PREFIX_V1, row.product_id),
            SEAL_ROW_BOUND => row_aad(row.id, row.product_id, row.key_id),
            other => return Err(CryptoError::Format(other)),
        };
        let clear = cipher.open(&aad, row.nonce, row.ciphertext)?;
        let mut mac = self.hasher.clone();
        mac.update(&clear);
        mac.verify_slice(row.code_hash)
            .map_err(|_| CryptoError::HashMismatch)?;
        String::from_utf8(clear).map_err(|_| CryptoError::Utf8)
    }

    /// Seals an idempotent answer stored under (`scope`, `key`) with the current key.
    pub fn seal_response(
        &self,
        scope: &str,
        key: &str,
        clear: &[u8],
    ) -> Result<SealedCode, CryptoError> {
        let cipher = self
            .keys
            .get(&self.current)
            .ok_or(CryptoError::UnknownKey(self.current))?;
        let sealed = cipher.seal(&response_aad(scope, key), clear)?;
        Ok(SealedCode {
            key_id: self.current,
            seal_version: SEAL_ROW_BOUND,
            nonce: sealed.nonce,
            ciphertext: sealed.ciphertext,
        })
    }

    /// Opens an answer sealed by [`seal_response`](Self::seal_response).
    pub fn open_response(
        &self,
        scope: &str,
        key: &str,
        key_id: i32,
        nonce: &[u8],
        ciphertext: &[u8],
    ) -> Result<Vec<u8>, CryptoError> {
        let cipher = self
            .keys
            .get(&key_id)
            .ok_or(CryptoError::UnknownKey(key_id))?;
        Ok(cipher.open(&response_aad(scope, key), nonce, ciphertext)?)
    }
}

impl CodeCipher {
    /// Seals an order link for outbox row `row_id` with the current key.
    pub fn seal_link(&self, row_id: Uuid, link: &str) -> Result<SealedCode, CryptoError> {
        let cipher = self
            .keys
            .get(&self.current)
            .ok_or(CryptoError::UnknownKey(self.current))?;
        let sealed = cipher.seal(&link_aad(row_id, self.current), link.as_bytes())?;
        Ok(SealedCode {
            key_id: self.current,
            seal_version: SEAL_ROW_BOUND,
            nonce: sealed.nonce,
            ciphertext: sealed.ciphertext,
        })
    }

    /// Opens a link sealed by [`seal_link`](Self::seal_link) for the same row.
    pub fn open_link(
        &self,
        row_id: Uuid,
        key_id: i32,
        nonce: &[u8],
        ciphertext: &[u8],
    ) -> Result<String, CryptoError> {
        let cipher = self
            .keys
            .get(&key_id)
            .ok_or(CryptoError::UnknownKey(key_id))?;
        let clear = cipher.open(&link_aad(row_id, key_id), nonce, ciphertext)?;
        String::from_utf8(clear).map_err(|_| CryptoError::Utf8)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Current key `current`; key 1 kept as an old key when it is not the current one.
    fn cipher(current: i32) -> CodeCipher {
        let old: &[(i32, [u8; 32])] = if current == 1 { &[] } else { &[(1, [1; 32])] };
        CodeCipher::new((current, [current as u8; 32]), old, &[9; 32]).unwrap()
    }

    fn stored<'a>(id: Uuid, product: Uuid, c: &'a SealedCode, hash: &'a [u8]) -> StoredCode<'a> {
        StoredCode {
            id,
            product_id: product,
            key_id: c.key_id,
            seal_version: c.seal_version,
            nonce: &c.nonce,
            ciphertext: &c.ciphertext,
            code_hash: hash,
        }
    }

    #[test]
    fn round_trip_and_row_binding() {
        let c = cipher(1);
        let (id, product) = (Uuid::now_v7(), Uuid::new_v4());
        let hash = c.hash("GRN-ABCD-1234");
        let sealed = c.encrypt(id, product, "GRN-ABCD-1234").unwrap();
        assert_eq!(sealed.nonce.len(), NONCE_LEN);
        assert_eq!(sealed.seal_version, SEAL_ROW_BOUND);
        assert_eq!(sealed.ciphertext.len(), "GRN-ABCD-1234".len() + 16);
        let row = stored(id, product, &sealed, &hash);
        assert_eq!(c.open_code(&row).unwrap(), "GRN-ABCD-1234");
        // Another row of the same product, another product, another key id: all refused.
        for other in [
            StoredCode {
                id: Uuid::now_v7(),
                ..row
            },
            StoredCode {
                product_id: Uuid::new_v4(),
                ..row
            },
        ] {
            assert!(matches!(c.open_code(&other), Err(CryptoError::Decrypt)));
        }
        let two = cipher(2);
        assert!(matches!(
            two.open_code(&StoredCode { key_id: 2, ..row }),
            Err(CryptoError::Decrypt)
        ));
        // The right ciphertext under another row's hash.
        let other_hash = c.hash("OTHER");
        assert!(matches!(
            c.open_code(&StoredCode {
                code_hash: &other_hash,
                ..row
            }),
            Err(CryptoError::HashMismatch)
        ));
        // Tampered ciphertext, unknown format.
        let mut bad = sealed.ciphertext.clone();
        bad[0] ^= 1;
        assert!(
            c.open_code(&StoredCode {
                ciphertext: &bad,
                ..row
            })
            .is_err()
        );
        assert!(matches!(
            c.open_code(&StoredCode {
                seal_version: 3,
                ..row
            }),
            Err(CryptoError::Format(3))
        ));
        // Nonces differ per call.
        let again = c.encrypt(id, product, "GRN-ABCD-1234").unwrap();
        assert_ne!(again.nonce, sealed.nonce);
    }

    #[test]
    fn legacy_product_bound_rows_open_and_check_their_hash() {
        let c = cipher(1);
        let product = Uuid::new_v4();
        let legacy = SealKey::new(&[1; 32])
            .seal(
                &record_aad(b"retailstore/serial_code/v1:", product),
                b"OLD-1",
            )
            .unwrap();
        let hash = c.hash("OLD-1");
        let row = StoredCode {
            id: Uuid::now_v7(),
            product_id: product,
            key_id: 1,
            seal_version: SEAL_PRODUCT_BOUND,
            nonce: &legacy.nonce,
            ciphertext: &legacy.ciphertext,
            code_hash: &hash,
        };
        assert_eq!(c.open_code(&row).unwrap(), "OLD-1");
        // Copied onto another row of the product: opens, but the hash gives it away.
        let other_hash = c.hash("OLD-2");
        assert!(matches!(
            c.open_code(&StoredCode {
                id: Uuid::now_v7(),
                code_hash: &other_hash,
                ..row
            }),
            Err(CryptoError::HashMismatch)
        ));
    }

    #[test]
    fn old_keys_decrypt_after_rotation() {
        let (id, product) = (Uuid::now_v7(), Uuid::new_v4());
        let v1 = CodeCipher::new((1, [1; 32]), &[], &[9; 32]).unwrap();
        let sealed = v1.encrypt(id, product, "KEY-1").unwrap();
        let hash = v1.hash("KEY-1");
        let row = stored(id, product, &sealed, &hash);
        let v2 = cipher(2);
        assert_eq!(v2.current_key_id(), 2);
        assert_eq!(v2.open_code(&row).unwrap(), "KEY-1");
        let v3 = CodeCipher::new((3, [3; 32]), &[], &[9; 32]).unwrap();
        assert!(matches!(
            v3.open_code(&row),
            Err(CryptoError::UnknownKey(1))
        ));
    }

    #[test]
    fn keyed_hash_is_stable_and_case_sensitive() {
        let c = cipher(1);
        assert_eq!(c.hash("abc"), c.hash("abc"));
        assert_ne!(c.hash("abc"), c.hash("ABC"));
        let other = CodeCipher::new((1, [1; 32]), &[], &[8; 32]).unwrap();
        assert_ne!(c.hash("abc"), other.hash("abc"));
    }

    #[test]
    fn sealed_answers_are_bound_to_their_key() {
        let c = cipher(1);
        let sealed = c
            .seal_response("create_order", "k1", b"{\"token\":1}")
            .unwrap();
        assert_eq!(
            c.open_response("create_order", "k1", 1, &sealed.nonce, &sealed.ciphertext)
                .unwrap(),
            b"{\"token\":1}"
        );
        assert!(
            c.open_response("create_order", "k2", 1, &sealed.nonce, &sealed.ciphertext)
                .is_err()
        );
        assert!(
            c.open_response(
                "confirm_payment",
                "k1",
                1,
                &sealed.nonce,
                &sealed.ciphertext
            )
            .is_err()
        );
    }

    #[test]
    fn sealed_links_open_only_for_their_row() {
        let c = cipher(1);
        let (row, other) = (Uuid::now_v7(), Uuid::now_v7());
        let link = "https://shop/order-detail?code=DH1#token=t";
        let sealed = c.seal_link(row, link).unwrap();
        let open = |id, key_id| c.open_link(id, key_id, &sealed.nonce, &sealed.ciphertext);
        assert_eq!(open(row, 1).unwrap(), link);
        assert!(matches!(open(other, 1), Err(CryptoError::Decrypt)));
        assert!(matches!(open(row, 2), Err(CryptoError::UnknownKey(2))));
        // After a rotation the old key still opens it.
        assert_eq!(
            cipher(2)
                .open_link(row, 1, &sealed.nonce, &sealed.ciphertext)
                .unwrap(),
            link
        );
    }

    #[test]
    fn keyring_rules() {
        assert_eq!(
            CodeCipher::new((1, [1; 32]), &[(1, [2; 32])], &[9; 32]).err(),
            Some(KeyringError::DuplicateId(1))
        );
        assert_eq!(
            CodeCipher::new((1, [1; 32]), &[], &[1; 32]).err(),
            Some(KeyringError::SharedHashKey)
        );
        let debug = format!("{:?}", cipher(1));
        assert!(!debug.contains("[1, 1"), "{debug}");
    }
}
