//! Access tokens: EdDSA (Ed25519) JWTs with the claims of [`Claims`], a `kid` header equal
//! to the RFC 7638 thumbprint of the signing key, and the public keys the JWKS publishes:
//! the current one and the retired ones.

use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use ed25519_dalek::pkcs8::spki::der::pem::LineEnding;
use ed25519_dalek::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePrivateKey};
use ed25519_dalek::{SigningKey, VerifyingKey};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header};
use sha2::{Digest, Sha256};
use shop_common::auth::{AUDIENCE, Claims, ISSUER, Role, TokenVerifier};
use shop_common::config::Secret;
use uuid::Uuid;

#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("JWT private key: {0}")]
    PrivateKey(String),
    #[error("retired public key #{index}: {reason}")]
    RetiredKey { index: usize, reason: String },
    #[error("signing: {0}")]
    Signing(String),
}

/// A public key identity publishes in its JWKS, with its `kid`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublishedKey {
    /// RFC 7638 thumbprint (SHA-256, base64url)
    pub kid: String,
    pub key: VerifyingKey,
}

impl PublishedKey {
    fn new(key: &VerifyingKey) -> Self {
        Self {
            kid: key_id(key),
            key: *key,
        }
    }

    /// The public key, base64url without padding (the JWK's `x`).
    pub fn x(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.key.as_bytes())
    }
}

/// The RFC 7638 JWK thumbprint (SHA-256, base64url) of an Ed25519 public key: stable for
/// a key, so every replica names it the same.
pub fn key_id(key: &VerifyingKey) -> String {
    let x = URL_SAFE_NO_PAD.encode(key.as_bytes());
    let canonical = format!(r#"{{"crv":"Ed25519","kty":"OKP","x":"{x}"}}"#);
    URL_SAFE_NO_PAD.encode(Sha256::digest(canonical.as_bytes()))
}

/// The signing key and every public key identity publishes.
pub struct SigningKeys {
    signing: SigningKey,
    encoding: EncodingKey,
    kid: String,
    /// The current public key first, then the retired ones.
    public: Vec<PublishedKey>,
}

impl std::fmt::Debug for SigningKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SigningKeys")
            .field("kid", &self.kid)
            .field("published", &self.public.len())
            .finish_non_exhaustive()
    }
}

/// A freshly issued access token.
#[derive(Debug, Clone)]
pub struct IssuedToken {
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

/// The PEM blocks of a text, as (label, whole block).
fn pem_blocks(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut blocks = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("-----BEGIN ") {
        let after = &rest[start + "-----BEGIN ".len()..];
        let label_end = after
            .find("-----")
            .ok_or_else(|| "unterminated BEGIN line".to_owned())?;
        let label = after[..label_end].to_owned();
        let end_marker = format!("-----END {label}-----");
        let end = rest[start..]
            .find(&end_marker)
            .ok_or_else(|| format!("missing '{end_marker}'"))?;
        let block_end = start + end + end_marker.len();
        blocks.push((label, format!("{}\n", &rest[start..block_end])));
        rest = &rest[block_end..];
    }
    Ok(blocks)
}

/// Public keys from PEM text: `PUBLIC KEY` blocks, or `PRIVATE KEY` blocks whose public
/// half is taken.
fn parse_public_keys(text: &str) -> Result<Vec<VerifyingKey>, TokenError> {
    let blocks = pem_blocks(text).map_err(|reason| TokenError::RetiredKey { index: 0, reason })?;
    blocks
        .iter()
        .enumerate()
        .map(|(i, (label, block))| {
            let index = i + 1;
            let fail = |reason: String| TokenError::RetiredKey { index, reason };
            match label.as_str() {
                "PUBLIC KEY" => {
                    VerifyingKey::from_public_key_pem(block).map_err(|e| fail(e.to_string()))
                }
                "PRIVATE KEY" => SigningKey::from_pkcs8_pem(block)
                    .map(|k| k.verifying_key())
                    .map_err(|e| fail(e.to_string())),
                other => Err(fail(format!("unexpected PEM block '{other}'"))),
            }
        })
        .collect()
}

impl SigningKeys {
    /// The current key from PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`, as written by
    /// `openssl genpkey -algorithm ed25519` or `identity keygen`), plus retired public keys.
    pub fn from_pem(private_pem: &str, retired_pem: Option<&str>) -> Result<Self, TokenError> {
        let signing = SigningKey::from_pkcs8_pem(private_pem.trim())
            .map_err(|e| TokenError::PrivateKey(format!("expected an Ed25519 PKCS#8 PEM ({e})")))?;
        let retired = match retired_pem {
            Some(text) => parse_public_keys(text)?,
            None => Vec::new(),
        };
        Self::new(signing, retired)
    }

    /// A new random key (development and tests).
    pub fn generate() -> Result<Self, TokenError> {
        let seed: [u8; 32] = rand::random();
        Self::new(SigningKey::from_bytes(&seed), Vec::new())
    }

    pub fn new(signing: SigningKey, retired: Vec<VerifyingKey>) -> Result<Self, TokenError> {
        let der = signing
            .to_pkcs8_der()
            .map_err(|e| TokenError::PrivateKey(e.to_string()))?;
        let encoding = EncodingKey::from_ed_der(der.as_bytes());
        let current = signing.verifying_key();
        let kid = key_id(&current);
        let mut public = vec![PublishedKey::new(&current)];
        for key in &retired {
            let published = PublishedKey::new(key);
            if !public.iter().any(|p| p.kid == published.kid) {
                public.push(published);
            }
        }
        Ok(Self {
            signing,
            encoding,
            kid,
            public,
        })
    }

    /// The `kid` of the current signing key.
    pub fn kid(&self) -> &str {
        &self.kid
    }

    /// The current signing key in jsonwebtoken form (sign with `Algorithm::EdDSA` and
    /// this [`kid`](Self::kid)).
    pub fn encoding_key(&self) -> &EncodingKey {
        &self.encoding
    }

    /// The current public key.
    pub fn verifying_key(&self) -> VerifyingKey {
        self.signing.verifying_key()
    }

    /// The current private key as PKCS#8 PEM (for `JWT_PRIVATE_KEY`).
    pub fn private_key_pem(&self) -> Result<Secret, TokenError> {
        self.signing
            .to_pkcs8_pem(LineEnding::LF)
            .map(|pem| Secret::new(pem.as_str()))
            .map_err(|e| TokenError::PrivateKey(e.to_string()))
    }

    /// Signs arbitrary claims with the current key (`alg` EdDSA, `kid` set).
    pub fn sign(&self, claims: &Claims) -> Result<String, TokenError> {
        let mut header = Header::new(Algorithm::EdDSA);
        header.kid = Some(self.kid.clone());
        jsonwebtoken::encode(&header, claims, &self.encoding)
            .map_err(|e| TokenError::Signing(e.to_string()))
    }

    /// The claims of a new access token, valid for `ttl` from now.
    pub fn claims(id: Uuid, user_name: &str, role: Role, ver: i64, ttl: Duration) -> Claims {
        let iat = Utc::now().timestamp();
        let ttl = i64::try_from(ttl.as_secs()).unwrap_or(i64::MAX / 2);
        Claims {
            sub: id,
            name: user_name.to_owned(),
            role,
            ver,
            iat,
            exp: iat.saturating_add(ttl),
            iss: ISSUER.to_owned(),
            aud: AUDIENCE.to_owned(),
        }
    }

    /// Issues an access token for a user.
    pub fn issue(
        &self,
        id: Uuid,
        user_name: &str,
        role: Role,
        ver: i64,
        ttl: Duration,
    ) -> Result<IssuedToken, TokenError> {
        let claims = Self::claims(id, user_name, role, ver, ttl);
        let token = self.sign(&claims)?;
        let expires_at = DateTime::from_timestamp(claims.exp, 0)
            .ok_or_else(|| TokenError::Signing("expiry out of range".into()))?;
        Ok(IssuedToken { token, expires_at })
    }

    /// The published keys: current key first, then retired keys.
    pub fn published(&self) -> &[PublishedKey] {
        &self.public
    }

    /// A verifier that accepts tokens signed by any published key.
    pub fn verifier(&self) -> TokenVerifier {
        TokenVerifier::with_keys(self.public.iter().filter_map(|published| {
            let key = DecodingKey::from_ed_components(&published.x()).ok()?;
            Some((published.kid.clone(), key))
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pem_round_trip_keeps_kid() {
        let keys = SigningKeys::generate().unwrap();
        let pem = keys.private_key_pem().unwrap();
        let again = SigningKeys::from_pem(pem.expose(), None).unwrap();
        assert_eq!(keys.kid(), again.kid());
        assert_eq!(keys.kid().len(), 43);
    }

    #[test]
    fn rfc8037_thumbprint() {
        // RFC 8037 appendix A.3.
        let x = URL_SAFE_NO_PAD
            .decode("11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo")
            .unwrap();
        let key = VerifyingKey::from_bytes(&x.try_into().unwrap()).unwrap();
        assert_eq!(key_id(&key), "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k");
    }

    #[tokio::test]
    async fn retired_keys_are_published_and_verify() {
        let old = SigningKeys::generate().unwrap();
        let old_token = old
            .issue(Uuid::new_v4(), "a", Role::Staff, 1, Duration::from_secs(60))
            .unwrap();
        let old_pem = old.private_key_pem().unwrap();
        let public_pem = {
            use ed25519_dalek::pkcs8::EncodePublicKey;
            old.verifying_key()
                .to_public_key_pem(LineEnding::LF)
                .unwrap()
        };
        let current = SigningKeys::generate().unwrap();
        let retired = format!("{public_pem}\n{}", old_pem.expose());
        let keys =
            SigningKeys::from_pem(current.private_key_pem().unwrap().expose(), Some(&retired))
                .unwrap();
        let published = keys.published();
        assert_eq!(published.len(), 2);
        assert_eq!(published[0].kid, current.kid());
        assert_eq!(published[1].kid, old.kid());
        let claims = keys.verifier().verify(&old_token.token).await.unwrap();
        assert_eq!(claims.name, "a");
    }

    #[test]
    fn rejects_garbage() {
        assert!(SigningKeys::from_pem("nope", None).is_err());
        let keys = SigningKeys::generate().unwrap();
        let pem = keys.private_key_pem().unwrap();
        assert!(
            SigningKeys::from_pem(
                pem.expose(),
                Some("-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----")
            )
            .is_err()
        );
    }
}
