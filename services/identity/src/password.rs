//! Password hashing: argon2id with the OWASP parameters (m=19456 KiB, t=2, p=1, the
//! argon2 crate's defaults), computed on blocking threads behind a semaphore so that a
//! burst of logins cannot take every core. Unknown users are checked against a dummy
//! hash made at start-up, so timing does not tell them from real ones.

use std::sync::Arc;

use argon2::password_hash::PasswordVerifier;
use argon2::{Argon2, PasswordHash, PasswordHasher};
use tokio::sync::Semaphore;

#[derive(Debug, thiserror::Error)]
pub enum PasswordError {
    #[error("password hashing failed: {0}")]
    Hash(String),
    #[error("stored password hash is malformed: {0}")]
    Malformed(String),
    #[error("password worker: {0}")]
    Worker(String),
}

/// The hasher shared by all requests.
pub struct Passwords {
    permits: Arc<Semaphore>,
    dummy_hash: String,
}

impl std::fmt::Debug for Passwords {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Passwords")
            .field("available_permits", &self.permits.available_permits())
            .finish_non_exhaustive()
    }
}

fn hash_blocking(password: &[u8]) -> Result<String, PasswordError> {
    Argon2::default()
        .hash_password(password)
        .map(|h| h.to_string())
        .map_err(|e| PasswordError::Hash(e.to_string()))
}

fn verify_blocking(password: &[u8], hash: &str) -> Result<bool, PasswordError> {
    let parsed = PasswordHash::new(hash).map_err(|e| PasswordError::Malformed(e.to_string()))?;
    match Argon2::default().verify_password(password, &parsed) {
        Ok(()) => Ok(true),
        Err(argon2::password_hash::Error::PasswordInvalid) => Ok(false),
        Err(e) => Err(PasswordError::Hash(e.to_string())),
    }
}

impl Passwords {
    /// A hasher allowing `concurrency` computations at once; computes the dummy hash.
    pub async fn new(concurrency: usize) -> Result<Self, PasswordError> {
        let permits = Arc::new(Semaphore::new(concurrency.max(1)));
        let filler: [u8; 24] = rand::random();
        let dummy_hash = run(&permits, move || hash_blocking(&filler)).await?;
        Ok(Self {
            permits,
            dummy_hash,
        })
    }

    /// The PHC string of a new password.
    pub async fn hash(&self, password: &str) -> Result<String, PasswordError> {
        let password = password.as_bytes().to_vec();
        run(&self.permits, move || hash_blocking(&password)).await
    }

    /// Whether `password` matches `hash`. With no hash (unknown user) the dummy hash is
    /// checked instead and the answer is always `false`.
    pub async fn verify(&self, password: &str, hash: Option<&str>) -> Result<bool, PasswordError> {
        let known = hash.is_some();
        let hash = hash.unwrap_or(&self.dummy_hash).to_owned();
        let password = password.as_bytes().to_vec();
        let matched = run(&self.permits, move || verify_blocking(&password, &hash)).await?;
        Ok(known && matched)
    }
}

/// Runs `work` on a blocking thread once a permit is free. The permit moves into the
/// closure, so it is held until the computation ends even if the request goes away.
async fn run<T, F>(permits: &Arc<Semaphore>, work: F) -> Result<T, PasswordError>
where
    F: FnOnce() -> Result<T, PasswordError> + Send + 'static,
    T: Send + 'static,
{
    let permit = Arc::clone(permits)
        .acquire_owned()
        .await
        .map_err(|e| PasswordError::Worker(e.to_string()))?;
    tokio::task::spawn_blocking(move || {
        let result = work();
        drop(permit);
        result
    })
    .await
    .map_err(|e| PasswordError::Worker(e.to_string()))?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hash_and_verify() {
        let p = Passwords::new(1).await.unwrap();
        let h = p.hash("mật khẩu 1").await.unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(p.verify("mật khẩu 1", Some(&h)).await.unwrap());
        assert!(!p.verify("mật khẩu 2", Some(&h)).await.unwrap());
        assert!(!p.verify("anything", None).await.unwrap());
        assert!(p.verify("x", Some("not a hash")).await.is_err());
    }
}
