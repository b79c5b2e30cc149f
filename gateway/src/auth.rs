//! Admin-route authentication: the bearer token is verified with common's
//! [`TokenVerifier`] (EdDSA pinned, `kid`, `iss`, `aud`, `exp`), then its `ver` is
//! checked against identity's TokenStatus with common's [`SessionCheck`] (the check
//! every service makes again), so revoked sessions stop working. TokenStatus answers
//! are cached per (user, ver) for at most the configured time.

use std::time::Duration;

use shop_common::auth::session::{IdentitySessions, SessionCheck};
use shop_common::auth::{AuthError, Role, TokenVerifier};
use shop_common::config::Secret;
use uuid::Uuid;

use crate::error::GatewayError;

/// The verified caller of an admin route, forwarded as `x-user-*` headers.
#[derive(Debug, Clone)]
pub struct Principal {
    pub id: Uuid,
    pub name: String,
    pub role: Role,
}

pub struct Authenticator {
    verifier: TokenVerifier,
}

impl Authenticator {
    /// `client` is used for the JWKS and TokenStatus calls to `identity_url`.
    pub fn new(
        identity_url: &str,
        internal_key: Secret,
        cache_ttl: Duration,
        status_timeout: Duration,
        client: reqwest::Client,
    ) -> Self {
        let source =
            IdentitySessions::new(identity_url, internal_key, status_timeout, client.clone());
        let verifier = TokenVerifier::remote(identity_url, client)
            .with_sessions(SessionCheck::new(source, cache_ttl));
        Self { verifier }
    }

    /// Verifies `token` and checks that its session version is still current.
    pub async fn authenticate(&self, token: Option<&str>) -> Result<Principal, GatewayError> {
        let token = token.ok_or(GatewayError::Unauthorized)?;
        let claims = self
            .verifier
            .authenticate(token)
            .await
            .map_err(|e| match e {
                AuthError::Unavailable(reason) => {
                    tracing::warn!(%reason, "cannot check token: identity unavailable");
                    GatewayError::AuthUnavailable
                }
                other => {
                    tracing::debug!(error = %other, "token rejected");
                    GatewayError::Unauthorized
                }
            })?;
        Ok(Principal {
            id: claims.sub,
            name: claims.name,
            role: claims.role,
        })
    }
}

/// Installs rustls' ring provider (the one `shop_common::internal::http_client` uses,
/// for token checks); reqwest clients built before it exists panic. Idempotent.
pub fn install_crypto_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}
