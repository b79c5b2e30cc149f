//! Each worker's own copy of the server's graceful-shutdown signal. Every client
//! connection polls the signal whenever it is polled; the server's is one channel for
//! all workers, behind a lock whose cache line bounced between the cores on every
//! request. Here one task per worker awaits the server's signal and wakes that worker's
//! connections, which wait on plain cells.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

/// A signal for the connections of one worker thread.
#[derive(Clone, Default)]
pub struct WorkerSignal(Rc<State>);

#[derive(Default)]
struct State {
    fired: Cell<bool>,
    /// A slot per waiting connection; free slots are reused.
    waiters: RefCell<Vec<Option<Waker>>>,
    free: RefCell<Vec<usize>>,
}

impl WorkerSignal {
    /// Wakes every waiting connection, now and for good.
    pub fn fire(&self) {
        self.0.fired.set(true);
        let waiters = std::mem::take(&mut *self.0.waiters.borrow_mut());
        self.0.free.borrow_mut().clear();
        for waker in waiters.into_iter().flatten() {
            waker.wake();
        }
    }

    /// Resolves once the signal has fired.
    pub fn fired(&self) -> Fired {
        Fired {
            state: self.0.clone(),
            slot: None,
        }
    }
}

/// A connection's wait for the signal.
pub struct Fired {
    state: Rc<State>,
    slot: Option<usize>,
}

impl Future for Fired {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.state.fired.get() {
            self.slot = None;
            return Poll::Ready(());
        }
        let mut waiters = self.state.waiters.borrow_mut();
        match self.slot {
            Some(i) => match waiters.get_mut(i) {
                Some(Some(waker)) if waker.will_wake(cx.waker()) => {}
                Some(slot) => *slot = Some(cx.waker().clone()),
                None => {}
            },
            None => {
                let waker = Some(cx.waker().clone());
                let i = match self.state.free.borrow_mut().pop() {
                    Some(i) => {
                        waiters[i] = waker;
                        i
                    }
                    None => {
                        waiters.push(waker);
                        waiters.len() - 1
                    }
                };
                drop(waiters);
                self.slot = Some(i);
            }
        }
        Poll::Pending
    }
}

impl Drop for Fired {
    fn drop(&mut self) {
        if let Some(i) = self.slot.take()
            && !self.state.fired.get()
        {
            if let Some(slot) = self.state.waiters.borrow_mut().get_mut(i) {
                *slot = None;
            }
            self.state.free.borrow_mut().push(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::task::Wake;

    use super::*;

    struct Count(AtomicUsize);

    impl Wake for Count {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn wakes_every_waiting_connection_once_and_reuses_slots() {
        let signal = WorkerSignal::default();
        let count = Arc::new(Count(AtomicUsize::new(0)));
        let waker = Waker::from(count.clone());
        let mut cx = Context::from_waker(&waker);
        let mut waiting: Vec<Pin<Box<Fired>>> = (0..3).map(|_| Box::pin(signal.fired())).collect();
        for f in &mut waiting {
            assert!(f.as_mut().poll(&mut cx).is_pending());
            // Polled again with the same waker: no second slot.
            assert!(f.as_mut().poll(&mut cx).is_pending());
        }
        // A connection that closes gives its slot back.
        waiting.pop();
        let mut next = Box::pin(signal.fired());
        assert!(next.as_mut().poll(&mut cx).is_pending());
        assert_eq!(signal.0.waiters.borrow().len(), 3);

        signal.fire();
        assert_eq!(count.0.load(Ordering::SeqCst), 3);
        for f in &mut waiting {
            assert!(f.as_mut().poll(&mut cx).is_ready());
        }
        assert!(next.as_mut().poll(&mut cx).is_ready());
        // Once fired, a new wait is over at once.
        assert!(Box::pin(signal.fired()).as_mut().poll(&mut cx).is_ready());
    }
}
