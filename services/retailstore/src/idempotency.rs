//! Idempotent requests: the first answer for an `Idempotency-Key` is stored sealed for
//! 24 hours and replayed for the same key and body; another body gets code 406. The key
//! is claimed inside the request's own transaction, so two concurrent requests with one
//! key create one result: the second waits for the first to commit, then replays it.
//! Failures are not stored (a retry with the key tries again).

use chrono::Utc;
use diesel_async::AsyncPgConnection;
use subtle::ConstantTimeEq;

use crate::crypto::{CodeCipher, SealedCode};
use crate::domain::order::{IdempotencyKey, request_hash};
use crate::error::StoreError;
use crate::models::idempotency::StoredAnswer;

pub const CREATE_ORDER: &str = "create_order";
pub const CONFIRM_PAYMENT: &str = "confirm_payment";
/// How long an answer is replayed.
pub const TTL: chrono::TimeDelta = chrono::TimeDelta::hours(24);

/// One request under an `Idempotency-Key`.
#[derive(Debug)]
pub struct Idempotent<'a> {
    pub scope: &'static str,
    pub key: &'a IdempotencyKey,
    /// SHA-256 of the request's canonical form.
    pub hash: [u8; 32],
}

impl<'a> Idempotent<'a> {
    pub fn new(scope: &'static str, key: &'a IdempotencyKey, canonical: &[u8]) -> Self {
        Self {
            scope,
            key,
            hash: request_hash(canonical),
        }
    }

    /// The stored answer of this key: `Some` for the same request, code 406 for another.
    pub async fn replay(
        &self,
        conn: &mut AsyncPgConnection,
        cipher: &CodeCipher,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        let Some(stored) = StoredAnswer::find(conn, self.scope, self.key.as_str()).await? else {
            return Ok(None);
        };
        if !bool::from(stored.request_hash.ct_eq(&self.hash)) {
            return Err(StoreError::IdempotencyReused);
        }
        let answer = cipher.open_response(
            self.scope,
            self.key.as_str(),
            stored.key_id,
            &stored.nonce,
            &stored.response,
        )?;
        Ok(Some(answer))
    }

    /// Claims the key inside the request's transaction: [`StoreError::KeyTaken`] when a
    /// concurrent request committed an answer first (the caller replays it).
    pub async fn claim(&self, conn: &mut AsyncPgConnection) -> Result<(), StoreError> {
        let expires_at = Utc::now() + TTL;
        if StoredAnswer::claim(conn, self.scope, self.key.as_str(), &self.hash, expires_at).await? {
            Ok(())
        } else {
            Err(StoreError::KeyTaken)
        }
    }

    /// Stores the answer, sealed, in the transaction that claimed the key.
    pub async fn fill(
        &self,
        conn: &mut AsyncPgConnection,
        cipher: &CodeCipher,
        answer: &[u8],
    ) -> Result<(), StoreError> {
        let sealed = self.seal(cipher, answer)?;
        StoredAnswer::fill(
            conn,
            self.scope,
            self.key.as_str(),
            sealed.key_id,
            &sealed.nonce,
            &sealed.ciphertext,
        )
        .await?;
        Ok(())
    }

    /// The answer sealed for this key, for a statement that stores it with the claim
    /// (CreateOrder's reservation).
    pub fn seal(&self, cipher: &CodeCipher, answer: &[u8]) -> Result<SealedCode, StoreError> {
        Ok(cipher.seal_response(self.scope, self.key.as_str(), answer)?)
    }

    /// After [`StoreError::KeyTaken`]: the winner's answer (or 406).
    pub async fn replay_winner(
        &self,
        conn: &mut AsyncPgConnection,
        cipher: &CodeCipher,
    ) -> Result<Vec<u8>, StoreError> {
        self.replay(conn, cipher)
            .await?
            .ok_or(StoreError::Inconsistent(
                "claimed idempotency key without answer",
            ))
    }
}
