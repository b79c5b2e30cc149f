//! Test support: each test gets its own fresh schema in the test database
//! (`TEST_DATABASE_URL`, default the machine's PostgreSQL), dropped afterwards.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::TcpListener;

use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

pub fn database_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

/// A private schema named `t_<random>`; dropped (with everything in it) on drop.
pub struct TestSchema {
    pub database_url: String,
    pub name: String,
}

impl TestSchema {
    pub fn new() -> Self {
        let name = format!("t_{}", uuid::Uuid::new_v4().simple());
        Self {
            database_url: database_url(),
            name,
        }
    }
}

impl Default for TestSchema {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for TestSchema {
    fn drop(&mut self) {
        let url = self.database_url.clone();
        let name = self.name.clone();
        // Drop runs inside the test's runtime: use a thread with its own.
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            rt.block_on(async move {
                if let Ok(mut conn) = AsyncPgConnection::establish(&url).await {
                    let _ = diesel::sql_query(format!("DROP SCHEMA IF EXISTS \"{name}\" CASCADE"))
                        .execute(&mut conn)
                        .await;
                }
            });
        })
        .join();
    }
}

/// A listener on a free local port and its base URL.
pub fn listener() -> (TcpListener, String) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    (listener, format!("http://127.0.0.1:{port}"))
}

/// A key long enough for `INTERNAL_API_KEY` checks.
pub const INTERNAL_KEY: &str = "test-internal-key-0123456789";

/// An HTTP client for black-box tests (rustls provider installed).
pub fn client() -> reqwest::Client {
    crate::internal::http_client()
}

/// A signing key of the test's own, with a verifier that trusts it: services'
/// tests use it to act as admin or staff without a running identity.
pub struct TestTokens {
    pub kid: String,
    pub encoding: jsonwebtoken::EncodingKey,
    pub public_jwk: jsonwebtoken::jwk::Jwk,
}

impl TestTokens {
    pub fn new() -> Self {
        use ed25519_dalek::pkcs8::EncodePrivateKey;
        let mut seed = [0u8; 32];
        rand::Rng::fill(&mut rand::rng(), &mut seed);
        let signing = ed25519_dalek::SigningKey::from_bytes(&seed);
        let pem = signing
            .to_pkcs8_pem(ed25519_dalek::pkcs8::spki::der::pem::LineEnding::LF)
            .expect("pem");
        let encoding = jsonwebtoken::EncodingKey::from_ed_pem(pem.as_bytes()).expect("key");
        let kid = format!("test-{}", uuid::Uuid::new_v4().simple());
        let public_jwk = ed25519_jwk(&kid, signing.verifying_key().as_bytes());
        Self {
            kid,
            encoding,
            public_jwk,
        }
    }

    /// A verifier trusting only this key, for `web::Data<TokenVerifier>`.
    pub fn verifier(&self) -> crate::auth::TokenVerifier {
        let key = jsonwebtoken::DecodingKey::from_jwk(&self.public_jwk).expect("decoding key");
        crate::auth::TokenVerifier::with_keys([(self.kid.clone(), key)])
    }

    /// Signs `claims` with this key.
    pub fn sign(&self, claims: &crate::auth::Claims) -> String {
        let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::EdDSA);
        header.kid = Some(self.kid.clone());
        jsonwebtoken::encode(&header, claims, &self.encoding).expect("sign")
    }

    /// A valid one-hour token for a user with `role`.
    pub fn token(&self, role: crate::auth::Role) -> String {
        let now = chrono::Utc::now().timestamp();
        self.sign(&crate::auth::Claims {
            sub: uuid::Uuid::new_v4(),
            name: format!("test-{}", role.as_str()),
            role,
            ver: 1,
            iat: now,
            exp: now + 3600,
            iss: crate::auth::ISSUER.to_owned(),
            aud: crate::auth::AUDIENCE.to_owned(),
        })
    }
}

impl Default for TestTokens {
    fn default() -> Self {
        Self::new()
    }
}

/// The JWK (OKP, Ed25519) of a raw 32-byte public key.
pub fn ed25519_jwk(kid: &str, public_key: &[u8]) -> jsonwebtoken::jwk::Jwk {
    use base64::Engine;
    use jsonwebtoken::jwk::{
        AlgorithmParameters, CommonParameters, EllipticCurve, Jwk, KeyAlgorithm,
        OctetKeyPairParameters, OctetKeyPairType, PublicKeyUse,
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
