//! Password hashing: argon2id with the OWASP parameters (m=19456 KiB, t=2, p=1, the
//! argon2 crate's defaults), stored as PHC strings. Unknown users are checked against a
//! dummy hash made at start-up, so timing does not tell them from real ones.
//!
//! Every computation runs on one of a fixed number of hashing threads, each owning one
//! argon2 memory area (19 MiB) that it allocates on first use and reuses for ever;
//! requests queue for a free thread. Why: hashing on tokio's blocking pool allocated a
//! fresh 19 MiB per hash on whichever of its many threads ran it, and the allocator kept
//! the freed areas in per-thread arenas, so a burst of logins left identity at ~750 MB
//! resident. Now memory is `threads` x 19 MiB whatever the load.

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use tokio::sync::oneshot;

/// At most this many hashing threads by default (each holds 19 MiB).
pub const DEFAULT_MAX_THREADS: usize = 4;

/// Salt length of new hashes (the argon2 crate's recommendation).
const SALT_LEN: usize = 16;

#[derive(Debug, thiserror::Error)]
pub enum PasswordError {
    #[error("password hashing failed: {0}")]
    Hash(String),
    #[error("stored password hash is malformed: {0}")]
    Malformed(String),
    #[error("password worker: {0}")]
    Worker(String),
}

fn malformed(e: impl std::fmt::Display) -> PasswordError {
    PasswordError::Malformed(e.to_string())
}

fn hash_failed(e: impl std::fmt::Display) -> PasswordError {
    PasswordError::Hash(e.to_string())
}

/// The default number of hashing threads: the cores available, at most
/// [`DEFAULT_MAX_THREADS`].
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, usize::from)
        .clamp(1, DEFAULT_MAX_THREADS)
}

type Job = Box<dyn FnOnce(&mut Vec<Block>) + Send>;

/// Counts computations in flight, and the most ever seen at once.
#[derive(Debug, Default)]
struct Gauge {
    now: AtomicUsize,
    peak: AtomicUsize,
}

impl Gauge {
    fn enter(&self) {
        let now = self.now.fetch_add(1, Ordering::SeqCst) + 1;
        self.peak.fetch_max(now, Ordering::SeqCst);
    }

    fn leave(&self) {
        self.now.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The hasher shared by all requests. Dropping it stops its threads once their queue is
/// empty.
pub struct Passwords {
    jobs: mpsc::Sender<Job>,
    threads: usize,
    gauge: Arc<Gauge>,
    dummy_hash: String,
}

impl std::fmt::Debug for Passwords {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Passwords")
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

/// The first `count` blocks of the thread's memory, growing it only for a stored hash
/// with a larger cost than ours.
fn memory(blocks: &mut Vec<Block>, count: usize) -> &mut [Block] {
    if blocks.len() < count {
        blocks.resize(count, Block::default());
    }
    &mut blocks[..count]
}

fn hash_with(blocks: &mut Vec<Block>, password: &[u8]) -> Result<String, PasswordError> {
    let argon = Argon2::default();
    let params = argon.params();
    let salt: [u8; SALT_LEN] = rand::random();
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    let area = memory(blocks, params.block_count());
    argon
        .hash_password_into_with_memory(password, &salt, &mut out, area)
        .map_err(hash_failed)?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(params).map_err(hash_failed)?,
        salt: Some(Salt::new(&salt).map_err(hash_failed)?),
        hash: Some(Output::new(&out).map_err(hash_failed)?),
    };
    Ok(phc.to_string())
}

/// Recomputes the stored hash's function (algorithm, version and costs as stored) and
/// compares the outputs in constant time (`Output`'s equality).
fn verify_with(
    blocks: &mut Vec<Block>,
    password: &[u8],
    stored: &str,
) -> Result<bool, PasswordError> {
    let parsed = PasswordHash::new(stored).map_err(malformed)?;
    let (Some(salt), Some(expected)) = (&parsed.salt, &parsed.hash) else {
        return Err(malformed("salt or hash missing"));
    };
    let algorithm = Algorithm::try_from(parsed.algorithm.as_str()).map_err(malformed)?;
    let version = match parsed.version {
        Some(v) => Version::try_from(v).map_err(malformed)?,
        None => Version::default(),
    };
    let params = Params::try_from(&parsed).map_err(malformed)?;
    let count = params.block_count();
    let argon = Argon2::new(algorithm, version, params);
    let mut out = vec![0u8; expected.len()];
    argon
        .hash_password_into_with_memory(password, salt, &mut out, memory(blocks, count))
        .map_err(hash_failed)?;
    Ok(Output::new(&out).map_err(hash_failed)? == *expected)
}

/// One hashing thread: takes jobs until the hasher is dropped.
fn worker(jobs: Arc<Mutex<mpsc::Receiver<Job>>>, gauge: Arc<Gauge>) {
    let mut blocks: Vec<Block> = Vec::new();
    loop {
        // The lock is held only while waiting for the next job, never while hashing.
        let next = match jobs.lock() {
            Ok(rx) => rx.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        let Ok(job) = next else { return };
        gauge.enter();
        // A panic inside argon2 must not shrink the pool; the caller sees its channel
        // closed and answers an internal error.
        if std::panic::catch_unwind(AssertUnwindSafe(|| job(&mut blocks))).is_err() {
            tracing::error!("password hashing panicked");
        }
        gauge.leave();
    }
}

impl Passwords {
    /// A hasher with `threads` hashing threads; computes the dummy hash.
    pub async fn new(threads: usize) -> Result<Self, PasswordError> {
        let threads = threads.max(1);
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        let gauge = Arc::new(Gauge::default());
        for i in 0..threads {
            let (rx, gauge) = (Arc::clone(&rx), Arc::clone(&gauge));
            std::thread::Builder::new()
                .name(format!("argon2-{i}"))
                .spawn(move || worker(rx, gauge))
                .map_err(|e| PasswordError::Worker(e.to_string()))?;
        }
        let mut passwords = Self {
            jobs: tx,
            threads,
            gauge,
            dummy_hash: String::new(),
        };
        let filler: [u8; 24] = rand::random();
        passwords.dummy_hash = passwords
            .run(move |blocks| hash_with(blocks, &filler))
            .await?;
        Ok(passwords)
    }

    /// The number of hashing threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The most computations ever seen running at once (never above [`threads`](Self::threads)).
    pub fn peak_in_flight(&self) -> usize {
        self.gauge.peak.load(Ordering::SeqCst)
    }

    /// The PHC string of a new password.
    pub async fn hash(&self, password: &str) -> Result<String, PasswordError> {
        let password = password.as_bytes().to_vec();
        self.run(move |blocks| hash_with(blocks, &password)).await
    }

    /// Whether `password` matches `hash`. With no hash (unknown user) the dummy hash is
    /// checked instead and the answer is always `false`.
    pub async fn verify(&self, password: &str, hash: Option<&str>) -> Result<bool, PasswordError> {
        let known = hash.is_some();
        let hash = hash.unwrap_or(&self.dummy_hash).to_owned();
        let password = password.as_bytes().to_vec();
        let matched = self
            .run(move |blocks| verify_with(blocks, &password, &hash))
            .await?;
        Ok(known && matched)
    }

    /// Queues `work` for the next free hashing thread and waits for its result. The work
    /// runs to the end even if the request goes away meanwhile.
    async fn run<T, F>(&self, work: F) -> Result<T, PasswordError>
    where
        F: FnOnce(&mut Vec<Block>) -> Result<T, PasswordError> + Send + 'static,
        T: Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move |blocks| {
            // The receiver may be gone (request cancelled): nothing to tell then.
            let _ = tx.send(work(blocks));
        });
        self.jobs
            .send(job)
            .map_err(|_| PasswordError::Worker("hashing threads stopped".to_owned()))?;
        rx.await
            .map_err(|_| PasswordError::Worker("hashing thread failed".to_owned()))?
    }
}

#[cfg(test)]
mod tests {
    use argon2::PasswordHasher;

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

    #[tokio::test]
    async fn stored_hashes_stay_compatible() {
        let p = Passwords::new(1).await.unwrap();
        // A hash made the way earlier versions stored them verifies here...
        let old = Argon2::default()
            .hash_password(b"cu-van-dung")
            .unwrap()
            .to_string();
        assert!(p.verify("cu-van-dung", Some(&old)).await.unwrap());
        assert!(!p.verify("cu-van-sai", Some(&old)).await.unwrap());
        // ...and a new one verifies with the crate's own verifier.
        let new = p.hash("moi-tinh").await.unwrap();
        let parsed = PasswordHash::new(&new).unwrap();
        use argon2::PasswordVerifier;
        assert!(
            Argon2::default()
                .verify_password(b"moi-tinh", &parsed)
                .is_ok()
        );
        // Other costs than ours (a smaller m) still verify, on the same thread memory.
        let small = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(4096, 3, 1, None).unwrap(),
        )
        .hash_password(b"khac-tham-so")
        .unwrap()
        .to_string();
        assert!(p.verify("khac-tham-so", Some(&small)).await.unwrap());
    }

    #[tokio::test(flavor = "multi_thread")]
    async fn a_burst_never_runs_more_than_the_pool() {
        let p = Arc::new(Passwords::new(2).await.unwrap());
        let hash = p.hash("dung-roi").await.unwrap();
        let tasks: Vec<_> = (0..16)
            .map(|i| {
                let (p, hash) = (Arc::clone(&p), hash.clone());
                tokio::spawn(async move {
                    let guess = if i % 2 == 0 { "dung-roi" } else { "sai-roi" };
                    p.verify(guess, Some(&hash)).await.unwrap() == (i % 2 == 0)
                })
            })
            .collect();
        for task in tasks {
            assert!(task.await.unwrap(), "a verification gave the wrong answer");
        }
        assert_eq!(p.threads(), 2);
        assert!(
            (1..=2).contains(&p.peak_in_flight()),
            "{}",
            p.peak_in_flight()
        );
    }

    #[test]
    fn default_threads_are_few() {
        assert!((1..=DEFAULT_MAX_THREADS).contains(&default_threads()));
    }
}
