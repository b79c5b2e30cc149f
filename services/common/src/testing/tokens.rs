//! The one token minter of every crate's tests: an Ed25519 key of the test's own, the
//! JWK a verifier (a service's, or the gateway's through a mock JWKS) trusts, and
//! claims shaped like identity's.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use futures_util::future::BoxFuture;
use jsonwebtoken::jwk::Jwk;
use uuid::Uuid;

use crate::auth::session::{SessionCheck, SessionSource};
use crate::auth::{AUDIENCE, AuthError, Claims, ISSUER, Role, TokenVerifier};

/// A signing key with a verifier that trusts it: services' tests use it to act as admin
/// or staff without a running identity. The verifier also checks revocation, like a
/// service's, against the sessions ended with [`TestTokens::revoke`] (uncached, so a
/// revocation counts at once).
pub struct TestTokens {
    pub kid: String,
    pub encoding: jsonwebtoken::EncodingKey,
    /// The raw Ed25519 public key (what the JWK's `x` encodes).
    pub public_key: [u8; 32],
    pub public_jwk: Jwk,
    revoked: RevokedSessions,
}

/// Sessions (user id, session version) that tests have ended.
#[derive(Clone, Default)]
struct RevokedSessions(Arc<Mutex<HashSet<(Uuid, i64)>>>);

impl SessionSource for RevokedSessions {
    fn is_current<'a>(&'a self, claims: &'a Claims) -> BoxFuture<'a, Result<bool, AuthError>> {
        let revoked = self.0.lock().unwrap().contains(&(claims.sub, claims.ver));
        Box::pin(std::future::ready(Ok(!revoked)))
    }
}

impl TestTokens {
    /// A fresh key with a random `kid`.
    pub fn new() -> Self {
        Self::with_kid(&format!("test-{}", Uuid::new_v4().simple()))
    }

    /// A fresh key published under `kid` (two minters may share one, to test that a
    /// verifier checks the signature and not only the `kid`).
    pub fn with_kid(kid: &str) -> Self {
        let mut seed = [0u8; 32];
        rand::Rng::fill(&mut rand::rng(), &mut seed);
        Self::from_key(kid, &ed25519_dalek::SigningKey::from_bytes(&seed))
    }

    /// A minter signing with `signing` under `kid`: how a service that signs its own
    /// tokens (identity) shares its key with its tests.
    pub fn from_key(kid: &str, signing: &ed25519_dalek::SigningKey) -> Self {
        use ed25519_dalek::pkcs8::EncodePrivateKey;
        let pem = signing
            .to_pkcs8_pem(ed25519_dalek::pkcs8::spki::der::pem::LineEnding::LF)
            .expect("pem");
        let encoding = jsonwebtoken::EncodingKey::from_ed_pem(pem.as_bytes()).expect("key");
        let public_key = signing.verifying_key().to_bytes();
        Self {
            kid: kid.to_owned(),
            encoding,
            public_key,
            public_jwk: ed25519_jwk(kid, &public_key),
            revoked: RevokedSessions::default(),
        }
    }

    /// A verifier trusting only this key and checking [`revoke`](Self::revoke)d
    /// sessions, for `web::Data<TokenVerifier>`.
    pub fn verifier(&self) -> TokenVerifier {
        let key = jsonwebtoken::DecodingKey::from_jwk(&self.public_jwk).expect("decoding key");
        let sessions = SessionCheck::new(self.revoked.clone(), std::time::Duration::ZERO);
        TokenVerifier::with_keys([(self.kid.clone(), key)]).with_sessions(sessions)
    }

    /// Ends the session `(sub, ver)` (what identity does on a password change,
    /// disable, role change or delete): verifiers from [`verifier`](Self::verifier)
    /// refuse its tokens from now on.
    pub fn revoke(&self, sub: Uuid, ver: i64) {
        self.revoked.0.lock().unwrap().insert((sub, ver));
    }

    /// Valid one-hour claims (identity's issuer and audience); tests change a field
    /// to make a bad token.
    pub fn claims(sub: Uuid, name: &str, role: Role, ver: i64) -> Claims {
        let now = chrono::Utc::now().timestamp();
        Claims {
            sub,
            name: name.to_owned(),
            role,
            ver,
            iat: now,
            exp: now + 3600,
            iss: ISSUER.to_owned(),
            aud: AUDIENCE.to_owned(),
        }
    }

    /// Signs `claims` with this key (`alg` EdDSA, `kid` set).
    pub fn sign(&self, claims: &Claims) -> String {
        let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::EdDSA);
        header.kid = Some(self.kid.clone());
        jsonwebtoken::encode(&header, claims, &self.encoding).expect("sign")
    }

    /// A valid one-hour token for user `sub` named `name`, session version 1 (audit
    /// rows show the name).
    pub fn token_named(&self, sub: Uuid, name: &str, role: Role) -> String {
        self.sign(&Self::claims(sub, name, role, 1))
    }

    /// A valid one-hour token for user `sub` with `role`, session version 1.
    pub fn token_for(&self, sub: Uuid, role: Role) -> String {
        self.token_named(sub, &format!("test-{}", role.as_str()), role)
    }

    /// A valid one-hour token for a new user with `role`.
    pub fn token(&self, role: Role) -> String {
        self.token_for(Uuid::new_v4(), role)
    }
}

impl Default for TestTokens {
    fn default() -> Self {
        Self::new()
    }
}

/// The JWK (OKP, Ed25519) of a raw 32-byte public key, as identity publishes it.
pub fn ed25519_jwk(kid: &str, public_key: &[u8]) -> Jwk {
    use base64::Engine;
    use jsonwebtoken::jwk::{
        AlgorithmParameters, CommonParameters, EllipticCurve, KeyAlgorithm, OctetKeyPairParameters,
        OctetKeyPairType, PublicKeyUse,
    };
    Jwk {
        common: CommonParameters {
            public_key_use: Some(PublicKeyUse::Signature),
            key_algorithm: Some(KeyAlgorithm::EdDSA),
            key_id: Some(kid.to_owned()),
            ..Default::default()
        },
        algorithm: AlgorithmParameters::OctetKeyPair(OctetKeyPairParameters {
            key_type: OctetKeyPairType::OctetKeyPair,
            curve: EllipticCurve::Ed25519,
            x: base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(public_key),
        }),
    }
}
