//! An order's identifiers and secrets: the order code, the access token (stored as its
//! SHA-256 only) and the `Idempotency-Key` with the hash of the request it guards.

use std::fmt;

use base64::Engine;
use rand::{Rng, RngCore};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Idempotency keys: 1..200 visible ASCII characters.
pub const MAX_IDEMPOTENCY_KEY: usize = 200;
/// The order code's prefix and its random part (Crockford base32).
pub const CODE_PREFIX: &str = "DH";
pub const CODE_RANDOM_LEN: usize = 8;
const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Access tokens: 32 random bytes.
pub const TOKEN_BYTES: usize = 32;

/// `DH` + 8 Crockford base32 characters, upper case.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OrderCode(String);

impl OrderCode {
    /// A fresh random code (40 random bits).
    pub fn generate() -> Self {
        let mut rng = rand::rng();
        let mut code = String::with_capacity(CODE_PREFIX.len() + CODE_RANDOM_LEN);
        code.push_str(CODE_PREFIX);
        for _ in 0..CODE_RANDOM_LEN {
            code.push(char::from(CROCKFORD[rng.random_range(0..CROCKFORD.len())]));
        }
        Self(code)
    }

    /// Case-insensitive, surrounding white space ignored; `None` unless it has the shape.
    pub fn parse(raw: &str) -> Option<Self> {
        let code = raw.trim().to_ascii_uppercase();
        let random = code.strip_prefix(CODE_PREFIX)?;
        (random.len() == CODE_RANDOM_LEN && random.bytes().all(|b| CROCKFORD.contains(&b)))
            .then_some(Self(code))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for OrderCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// An order's secret access token (base64url of 32 random bytes). Only its SHA-256 is
/// stored; its `Debug` hides it.
pub struct AccessToken(String);

impl fmt::Debug for AccessToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AccessToken(***)")
    }
}

impl AccessToken {
    pub fn generate() -> Self {
        let mut bytes = [0u8; TOKEN_BYTES];
        rand::rng().fill_bytes(&mut bytes);
        Self(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn hash(&self) -> [u8; 32] {
        token_hash(&self.0)
    }
}

/// SHA-256 of a presented token.
pub fn token_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.trim().as_bytes()).into()
}

/// Whether `presented` is the token whose hash is `stored`, in constant time.
pub fn token_matches(stored: &[u8], presented: &str) -> bool {
    token_hash(presented).ct_eq(stored).into()
}

/// An `Idempotency-Key` header: 1..200 visible ASCII characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyKey(String);

pub const MSG_IDEMPOTENCY_KEY: &str = "Idempotency-Key gồm 1 đến 200 ký tự ASCII nhìn thấy được";
/// The public CreateOrder's key must be unguessable (at least 128 bits).
pub const MSG_WEAK_IDEMPOTENCY_KEY: &str =
    "Idempotency-Key của đơn hàng phải là một UUID hoặc ít nhất 22 ký tự base64url";
/// base64url characters that carry 128 bits (6 bits each).
pub const MIN_STRONG_KEY_CHARS: usize = 22;

impl IdempotencyKey {
    pub fn parse(raw: &str) -> Option<Self> {
        let key = raw.trim();
        (!key.is_empty()
            && key.len() <= MAX_IDEMPOTENCY_KEY
            && key.bytes().all(|b| b.is_ascii_graphic()))
        .then(|| Self(key.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether the key carries at least 128 bits, as far as its shape tells: a UUID
    /// (any of its textual forms, the nil UUID excepted), or at least 22 base64url
    /// characters (`A-Z a-z 0-9 - _`, `=` padding ignored). A shopper's key guards a
    /// replay that holds the order's access token, so it must not be guessable.
    pub fn is_unguessable(&self) -> bool {
        if let Ok(uuid) = uuid::Uuid::parse_str(&self.0) {
            return !uuid.is_nil();
        }
        let body = self.0.trim_end_matches('=');
        body.len() >= MIN_STRONG_KEY_CHARS
            && body
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    }

    /// The transaction id a manual payment made with this key on `order_id` records:
    /// the order is part of it, so a key reused (after its 24 h replay) on another order
    /// is another payment, and on the same order the same one (already applied).
    pub fn manual_transaction_id(&self, order_id: uuid::Uuid) -> String {
        let mut hasher = Sha256::new();
        hasher.update(order_id.as_bytes());
        hasher.update(self.0.as_bytes());
        format!("manual:{}", hex::encode(&hasher.finalize()[..16]))
    }
}

/// SHA-256 of a request's canonical form: replays compare it.
pub fn request_hash(canonical: &[u8]) -> [u8; 32] {
    Sha256::digest(canonical).into()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn order_codes() {
        for _ in 0..100 {
            let code = OrderCode::generate();
            assert_eq!(code.as_str().len(), 10);
            assert_eq!(OrderCode::parse(code.as_str()), Some(code.clone()));
            assert_eq!(
                OrderCode::parse(&format!(" {} ", code.as_str().to_lowercase())),
                Some(code)
            );
        }
        for bad in [
            "",
            "DH",
            "DH1234567",
            "DH123456789",
            "XX12345678",
            "DH1234567I",
            "DH1234567U",
        ] {
            assert_eq!(OrderCode::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn tokens() {
        let token = AccessToken::generate();
        assert_eq!(token.as_str().len(), 43);
        assert!(token_matches(&token.hash(), token.as_str()));
        assert!(!token_matches(&token.hash(), "other"));
        assert!(!token_matches(&[0; 3], token.as_str()));
        assert_eq!(format!("{token:?}"), "AccessToken(***)");
        assert_ne!(AccessToken::generate().as_str(), token.as_str());
    }

    #[test]
    fn idempotency_keys() {
        let key = IdempotencyKey::parse(" abc-123 ").unwrap();
        assert_eq!(key.as_str(), "abc-123");
        let (a, b) = (uuid::Uuid::new_v4(), uuid::Uuid::new_v4());
        let id = key.manual_transaction_id(a);
        assert!(id.starts_with("manual:"));
        assert_eq!(id.len(), 7 + 32);
        assert_eq!(key.manual_transaction_id(a), id);
        assert_ne!(key.manual_transaction_id(b), id);
        let other = IdempotencyKey::parse("abc-124").unwrap();
        assert_ne!(other.manual_transaction_id(a), id);
        for bad in ["", " ", "a b", "é", &"a".repeat(201)] {
            assert!(IdempotencyKey::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn unguessable_keys_carry_128_bits() {
        let strong = [
            "0b6f1c8e-3d2a-4f5b-9c7d-1e2f3a4b5c6d",
            "{0b6f1c8e-3d2a-4f5b-9c7d-1e2f3a4b5c6d}",
            "0b6f1c8e3d2a4f5b9c7d1e2f3a4b5c6d",
            "AbCdEfGhIjKlMnOpQrStUv",
            "AbCdEfGhIjKlMnOpQrSt-_==",
        ];
        for key in strong {
            assert!(
                IdempotencyKey::parse(key).unwrap().is_unguessable(),
                "{key}"
            );
        }
        let weak = [
            "k-1",
            "race-key",
            "AbCdEfGhIjKlMnOpQrStU",
            "00000000-0000-0000-0000-000000000000",
            "AbCdEfGhIjKlMnOpQrStUv.",
            "AbCdEfGhIjKlMnOpQrSt+/Uv",
        ];
        for key in weak {
            assert!(
                !IdempotencyKey::parse(key).unwrap().is_unguessable(),
                "{key}"
            );
        }
    }
}
