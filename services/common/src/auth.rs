//! Access-token verification shared by the gateway and every service: EdDSA only,
//! keys from identity's JWKS (cached, refreshed on an unknown `kid` at most once per
//! [`REFRESH_THROTTLE`]), `iss`/`aud`/`exp` checked, then (when a [`SessionCheck`] is
//! attached, as in every service but identity, which reads its own table) the
//! session's revocation status. Handlers take [`AuthUser`] or [`AdminUser`] as an
//! argument.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::RwLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::config::ServiceConfig;
use crate::error::{ApiError, internal_error};

pub mod session;
use session::SessionCheck;

pub const ISSUER: &str = "shop-identity";
pub const AUDIENCE: &str = "shop-admin";
pub const JWKS_PATH: &str = "/identity/.well-known/jwks.json";
const REFRESH_THROTTLE: Duration = Duration::from_secs(10);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Admin,
    Staff,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Staff => "staff",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "admin" => Some(Role::Admin),
            "staff" => Some(Role::Staff),
            _ => None,
        }
    }
}

/// The claims identity signs into every access token.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Claims {
    pub sub: Uuid,
    pub name: String,
    pub role: Role,
    pub ver: i64,
    pub iat: i64,
    pub exp: i64,
    pub iss: String,
    pub aud: String,
}

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("missing bearer token")]
    Missing,
    #[error("invalid token: {0}")]
    Invalid(String),
    #[error("session revoked")]
    Revoked,
    /// identity could not be asked (signing keys or session status): fail closed.
    #[error("identity unavailable: {0}")]
    Unavailable(String),
}

impl From<AuthError> for ApiError {
    fn from(e: AuthError) -> Self {
        match e {
            AuthError::Unavailable(reason) => {
                tracing::warn!(%reason, "cannot verify token: identity unavailable");
                ApiError::unavailable(actix_web::http::StatusCode::SERVICE_UNAVAILABLE)
            }
            _ => ApiError::unauthorized(),
        }
    }
}

struct RemoteJwks {
    url: String,
    client: reqwest::Client,
    last_attempt: tokio::sync::Mutex<Option<Instant>>,
}

/// Tokens already verified, so that a session's repeated calls skip the signature
/// check. Keyed by the whole token; a hit still has its `exp` checked.
const VERIFIED_CACHE_MAX: usize = 10_000;

/// Verifies access tokens against a set of Ed25519 public keys by `kid`.
pub struct TokenVerifier {
    keys: RwLock<HashMap<String, DecodingKey>>,
    remote: Option<RemoteJwks>,
    validation: Validation,
    verified: std::sync::Mutex<HashMap<String, Claims>>,
    verified_hits: AtomicU64,
    sessions: Option<SessionCheck>,
    /// The time `exp` is compared with, in Unix seconds: the system's, or a test's.
    clock: Clock,
}

/// A source of the current Unix time in seconds.
pub type Clock = std::sync::Arc<dyn Fn() -> i64 + Send + Sync>;

fn system_clock() -> Clock {
    std::sync::Arc::new(|| chrono::Utc::now().timestamp())
}

fn validation() -> Validation {
    let mut v = Validation::new(Algorithm::EdDSA);
    v.set_issuer(&[ISSUER]);
    v.set_audience(&[AUDIENCE]);
    v.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    // Clocks are synchronised; an expired token is expired (the cache agrees).
    v.leeway = 0;
    v
}

impl TokenVerifier {
    /// A verifier with fixed keys (identity verifies with its own keys).
    pub fn with_keys(keys: impl IntoIterator<Item = (String, DecodingKey)>) -> Self {
        Self {
            keys: RwLock::new(keys.into_iter().collect()),
            remote: None,
            validation: validation(),
            verified: std::sync::Mutex::new(HashMap::new()),
            verified_hits: AtomicU64::new(0),
            sessions: None,
            clock: system_clock(),
        }
    }

    /// A verifier that loads keys from identity's JWKS at `identity_url`.
    pub fn remote(identity_url: &str, client: reqwest::Client) -> Self {
        Self {
            keys: RwLock::new(HashMap::new()),
            remote: Some(RemoteJwks {
                url: format!("{}{JWKS_PATH}", identity_url.trim_end_matches('/')),
                client,
                last_attempt: tokio::sync::Mutex::new(None),
            }),
            validation: validation(),
            verified: std::sync::Mutex::new(HashMap::new()),
            verified_hits: AtomicU64::new(0),
            sessions: None,
            clock: system_clock(),
        }
    }

    /// The verifier of a service other than identity: keys from identity's JWKS and
    /// every session checked against identity's TokenStatus.
    pub fn for_service(config: &ServiceConfig, client: reqwest::Client) -> Self {
        let sessions = SessionCheck::identity(
            &config.identity_url,
            config.internal_api_key.clone(),
            config.token_status_ttl,
            client.clone(),
        );
        Self::remote(&config.identity_url, client).with_sessions(sessions)
    }

    /// Also checks each token's session with `sessions` in [`authenticate`](Self::authenticate).
    pub fn with_sessions(mut self, sessions: SessionCheck) -> Self {
        self.sessions = Some(sessions);
        self
    }

    /// Compares `exp` with `clock` instead of the system's time (tests move time on
    /// instead of waiting for a token to expire).
    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    /// The attached session check, if any.
    pub fn sessions(&self) -> Option<&SessionCheck> {
        self.sessions.as_ref()
    }

    fn key(&self, kid: &str) -> Option<DecodingKey> {
        self.keys.read().ok()?.get(kid).cloned()
    }

    /// Replaces the cached keys with the usable EdDSA keys of `set`.
    pub fn set_keys(&self, set: &JwkSet) {
        let keys: HashMap<String, DecodingKey> = set
            .keys
            .iter()
            .filter_map(|jwk| {
                let kid = jwk.common.key_id.clone()?;
                let key = DecodingKey::from_jwk(jwk).ok()?;
                Some((kid, key))
            })
            .collect();
        if let Ok(mut guard) = self.keys.write() {
            *guard = keys;
        }
        // A key that left the set must not keep vouching for its tokens.
        if let Ok(mut verified) = self.verified.lock() {
            verified.clear();
        }
    }

    /// Fetches the JWKS again unless another fetch happened within the throttle window.
    async fn refresh(&self) -> Result<(), AuthError> {
        let Some(remote) = &self.remote else {
            return Ok(());
        };
        let mut last = remote.last_attempt.lock().await;
        if last.is_some_and(|t| t.elapsed() < REFRESH_THROTTLE) {
            return Ok(());
        }
        *last = Some(Instant::now());
        let set: JwkSet = remote
            .client
            .get(&remote.url)
            .timeout(Duration::from_secs(5))
            .send()
            .await
            .and_then(|r| r.error_for_status())
            .map_err(|e| AuthError::Unavailable(format!("JWKS: {e}")))?
            .json()
            .await
            .map_err(|e| AuthError::Unavailable(format!("JWKS: {e}")))?;
        self.set_keys(&set);
        Ok(())
    }

    fn has_keys(&self) -> bool {
        self.keys.read().map(|k| !k.is_empty()).unwrap_or(false)
    }

    fn cached(&self, token: &str) -> Option<Claims> {
        let verified = self.verified.lock().ok()?;
        let claims = verified.get(token)?;
        let live = claims.exp > (self.clock)();
        if live {
            self.verified_hits.fetch_add(1, Ordering::Relaxed);
        }
        live.then(|| claims.clone())
    }

    /// How many verifications were answered from the verified-token cache.
    pub fn cache_hits(&self) -> u64 {
        self.verified_hits.load(Ordering::Relaxed)
    }

    fn remember(&self, token: &str, claims: &Claims) {
        if let Ok(mut verified) = self.verified.lock() {
            if verified.len() >= VERIFIED_CACHE_MAX {
                let now = (self.clock)();
                verified.retain(|_, c| c.exp > now);
                if verified.len() >= VERIFIED_CACHE_MAX {
                    verified.clear();
                }
            }
            verified.insert(token.to_owned(), claims.clone());
        }
    }

    /// [`verify`](Self::verify), then the session's revocation status when a
    /// [`SessionCheck`] is attached ([`AuthError::Revoked`] when revoked).
    pub async fn authenticate(&self, token: &str) -> Result<Claims, AuthError> {
        let claims = self.verify(token).await?;
        if let Some(sessions) = &self.sessions
            && !sessions.is_current(&claims).await?
        {
            tracing::debug!(sub = %claims.sub, ver = claims.ver, "revoked token");
            return Err(AuthError::Revoked);
        }
        Ok(claims)
    }

    /// Verifies signature, algorithm, `exp`, `iss` and `aud` (not revocation).
    pub async fn verify(&self, token: &str) -> Result<Claims, AuthError> {
        if let Some(claims) = self.cached(token) {
            return Ok(claims);
        }
        let claims = self.verify_signed(token).await?;
        self.remember(token, &claims);
        Ok(claims)
    }

    async fn verify_signed(&self, token: &str) -> Result<Claims, AuthError> {
        let header =
            jsonwebtoken::decode_header(token).map_err(|e| AuthError::Invalid(e.to_string()))?;
        if header.alg != Algorithm::EdDSA {
            return Err(AuthError::Invalid("algorithm not allowed".into()));
        }
        let kid = header
            .kid
            .ok_or_else(|| AuthError::Invalid("missing kid".into()))?;
        let key = match self.key(&kid) {
            Some(k) => k,
            None => {
                let refreshed = self.refresh().await;
                match self.key(&kid) {
                    Some(k) => k,
                    None => {
                        // Without any key we cannot tell a bad token from an outage.
                        if !self.has_keys() {
                            refreshed?;
                        }
                        return Err(AuthError::Invalid("unknown kid".into()));
                    }
                }
            }
        };
        let claims = jsonwebtoken::decode::<Claims>(token, &key, &self.validation)
            .map(|data| data.claims)
            .map_err(|e| AuthError::Invalid(e.to_string()))?;
        // The same rule as the cache's, on the same clock.
        if claims.exp <= (self.clock)() {
            return Err(AuthError::Invalid("ExpiredSignature".into()));
        }
        Ok(claims)
    }
}

/// The bearer token of a request, if any.
pub fn bearer_token(req: &HttpRequest) -> Option<&str> {
    bearer_token_in(req.headers())
}

/// The bearer token in a request's headers, if any.
pub fn bearer_token_in(headers: &actix_web::http::header::HeaderMap) -> Option<&str> {
    let value = headers.get("authorization")?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|t| !t.is_empty())
}

/// An authenticated user (admin or staff), from a verified bearer token.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub id: Uuid,
    pub user_name: String,
    pub role: Role,
    pub ver: i64,
}

impl AuthUser {
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }

    /// Code 6 unless the user is an admin.
    pub fn require_admin(&self) -> Result<(), ApiError> {
        if self.is_admin() {
            Ok(())
        } else {
            Err(ApiError::forbidden())
        }
    }
}

impl From<Claims> for AuthUser {
    fn from(c: Claims) -> Self {
        Self {
            id: c.sub,
            user_name: c.name,
            role: c.role,
            ver: c.ver,
        }
    }
}

async fn authenticate(req: HttpRequest) -> Result<AuthUser, ApiError> {
    let verifier = req
        .app_data::<web::Data<TokenVerifier>>()
        .ok_or_else(|| internal_error("TokenVerifier missing from app data"))?;
    let token = bearer_token(&req).ok_or(AuthError::Missing)?;
    let claims = verifier.authenticate(token).await?;
    Ok(claims.into())
}

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        Box::pin(authenticate(req.clone()))
    }
}

/// An authenticated user with the `admin` role (code 6 otherwise).
#[derive(Debug, Clone)]
pub struct AdminUser(pub AuthUser);

impl FromRequest for AdminUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let user = authenticate(req).await?;
            user.require_admin()?;
            Ok(AdminUser(user))
        })
    }
}
