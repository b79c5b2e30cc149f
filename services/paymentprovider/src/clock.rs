//! Time as the service reads it, injectable: the webhook's signature window, the refused
//! calls' limiter, the test deliveries' age and the reconciliation's pacing ask a
//! [`Clock`] for the time and a [`Sleeper`] for a pause, so that tests move time by hand
//! and never sleep.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};

/// Now, by the system clock or by a test's hand.
#[derive(Clone)]
pub struct Clock(Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>);

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Clock").field(&self.now()).finish()
    }
}

impl Default for Clock {
    fn default() -> Self {
        Self::system()
    }
}

impl Clock {
    /// The system clock.
    pub fn system() -> Self {
        Self(Arc::new(Utc::now))
    }

    /// A clock that reads `now`.
    pub fn from_fn(now: impl Fn() -> DateTime<Utc> + Send + Sync + 'static) -> Self {
        Self(Arc::new(now))
    }

    pub fn now(&self) -> DateTime<Utc> {
        (self.0)()
    }
}

/// A clock a test sets and moves; [`ManualClock::clock`] reads it.
#[derive(Debug, Clone)]
pub struct ManualClock(Arc<Mutex<DateTime<Utc>>>);

impl ManualClock {
    pub fn new(at: DateTime<Utc>) -> Self {
        Self(Arc::new(Mutex::new(at)))
    }

    pub fn now(&self) -> DateTime<Utc> {
        self.0
            .lock()
            .map(|t| *t)
            .unwrap_or_else(|p| *p.into_inner())
    }

    pub fn set(&self, at: DateTime<Utc>) {
        if let Ok(mut t) = self.0.lock() {
            *t = at;
        }
    }

    pub fn advance(&self, by: Duration) {
        let at = self.now() + TimeDelta::from_std(by).unwrap_or(TimeDelta::MAX);
        self.set(at);
    }

    pub fn clock(&self) -> Clock {
        let this = self.clone();
        Clock::from_fn(move || this.now())
    }
}

type Pause = Pin<Box<dyn Future<Output = ()> + Send>>;

/// A pause: tokio's sleep, or a test's record of the pauses asked for.
#[derive(Clone)]
pub struct Sleeper(Arc<dyn Fn(Duration) -> Pause + Send + Sync>);

impl std::fmt::Debug for Sleeper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sleeper").finish_non_exhaustive()
    }
}

impl Default for Sleeper {
    fn default() -> Self {
        Self::tokio()
    }
}

impl Sleeper {
    pub fn tokio() -> Self {
        Self(Arc::new(|d| Box::pin(tokio::time::sleep(d))))
    }

    pub fn from_fn(pause: impl Fn(Duration) -> Pause + Send + Sync + 'static) -> Self {
        Self(Arc::new(pause))
    }

    /// A sleeper that returns at once after moving `clock` by the pause, and records it.
    pub fn manual(clock: ManualClock, pauses: Arc<Mutex<Vec<Duration>>>) -> Self {
        Self::from_fn(move |d| {
            clock.advance(d);
            if let Ok(mut p) = pauses.lock() {
                p.push(d);
            }
            Box::pin(async {})
        })
    }

    pub async fn sleep(&self, d: Duration) {
        (self.0)(d).await;
    }
}
