//! Per-replica admission for CreateOrder: the codes this process is reserving right now,
//! per product. A buyer whose lines the stock counters cover only by counting codes that
//! other orders in flight here are about to take is refused at once (code 400), before
//! paymentprovider is asked and before any transaction opens. In a rush on the last codes
//! the losers are answered in microseconds instead of each paying for an HTTP call and a
//! transaction that can only fail.
//!
//! The count is a hint, never the decision: only the reservation transaction hands out
//! codes. It can refuse a buyer during the moment an order in flight here still holds
//! codes it will not get (its transaction has not ended yet); it never lets one through
//! that the transaction would not also judge. Other replicas keep their own counts.
//! A request repeating an `Idempotency-Key` that is in flight here is let through
//! without counting: it waits for that order and replays its answer, it buys nothing.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use uuid::Uuid;

use crate::domain::order::{Priced, uncovered};

/// Codes being reserved by this process's CreateOrder calls, per product, and the
/// Idempotency-Keys of those calls.
#[derive(Debug, Default)]
pub struct InFlight(Mutex<Held>);

#[derive(Debug, Default)]
struct Held {
    codes: HashMap<Uuid, i64>,
    keys: HashMap<String, usize>,
}

/// One order's share of [`InFlight`], given back when dropped (its transaction over).
#[derive(Debug)]
pub struct Hold<'a> {
    owner: &'a InFlight,
    lines: Vec<(Uuid, i64)>,
    key: Option<String>,
}

impl InFlight {
    /// Holds the order's quantities when `available` (the committed counters) still
    /// covers every line once the codes in flight are set aside; else gives back what is
    /// left per product, which leaves at least one line uncovered.
    pub fn try_hold(
        &self,
        priced: &Priced,
        available: &HashMap<Uuid, i64>,
        key: Option<&str>,
    ) -> Result<Hold<'_>, HashMap<Uuid, i64>> {
        let mut held = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let repeat = key.is_some_and(|k| held.keys.contains_key(k));
        let mut lines = Vec::new();
        if !repeat {
            let left: HashMap<Uuid, i64> = available
                .iter()
                .map(|(id, n)| (*id, n - held.codes.get(id).copied().unwrap_or(0)))
                .collect();
            if !uncovered(priced, &left).is_empty() {
                return Err(left);
            }
            lines = priced
                .lines
                .iter()
                .map(|l| (l.product_id, i64::from(l.quantity)))
                .collect();
            for (id, n) in &lines {
                *held.codes.entry(*id).or_insert(0) += n;
            }
        }
        if let Some(key) = key {
            *held.keys.entry(key.to_owned()).or_insert(0) += 1;
        }
        Ok(Hold {
            owner: self,
            lines,
            key: key.map(str::to_owned),
        })
    }

    /// Codes in flight for `product` (tests).
    pub fn held(&self, product: Uuid) -> i64 {
        let held = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        held.codes.get(&product).copied().unwrap_or(0)
    }
}

impl Drop for Hold<'_> {
    fn drop(&mut self) {
        let mut held = self.owner.0.lock().unwrap_or_else(PoisonError::into_inner);
        for (id, n) in &self.lines {
            if let Some(count) = held.codes.get_mut(id) {
                *count -= n;
                if *count <= 0 {
                    held.codes.remove(id);
                }
            }
        }
        if let Some(key) = &self.key
            && let Some(count) = held.keys.get_mut(key)
        {
            *count -= 1;
            if *count == 0 {
                held.keys.remove(key);
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::domain::order::PricedLine;

    fn order(product: Uuid, quantity: i32) -> Priced {
        Priced {
            lines: vec![PricedLine {
                position: 0,
                product_id: product,
                product_name: "Thẻ".into(),
                image_url: None,
                unit_price: 10_000,
                quantity,
                line_total: 10_000 * i64::from(quantity),
                index: 0,
            }],
            total: 10_000 * i64::from(quantity),
        }
    }

    #[test]
    fn holds_until_the_stock_in_flight_is_spoken_for_and_gives_it_back() {
        let product = Uuid::new_v4();
        let available = HashMap::from([(product, 3)]);
        let gate = InFlight::default();
        let first = gate.try_hold(&order(product, 2), &available, None).unwrap();
        let second = gate.try_hold(&order(product, 1), &available, None).unwrap();
        assert_eq!(gate.held(product), 3);
        let refused = gate
            .try_hold(&order(product, 1), &available, None)
            .unwrap_err();
        assert_eq!(refused[&product], 0);
        drop(first);
        assert_eq!(gate.held(product), 1);
        let third = gate.try_hold(&order(product, 2), &available, None).unwrap();
        drop(second);
        drop(third);
        assert_eq!(gate.held(product), 0);
        // A product the counters do not know is never covered.
        assert!(
            gate.try_hold(&order(Uuid::new_v4(), 1), &available, None)
                .is_err()
        );
    }

    #[test]
    fn a_repeated_key_in_flight_waits_for_its_order_instead_of_being_refused() {
        let product = Uuid::new_v4();
        let available = HashMap::from([(product, 1)]);
        let gate = InFlight::default();
        let first = gate
            .try_hold(&order(product, 1), &available, Some("k"))
            .unwrap();
        // Same key: let through, counting nothing; another key: refused.
        let repeat = gate
            .try_hold(&order(product, 1), &available, Some("k"))
            .unwrap();
        assert_eq!(gate.held(product), 1);
        assert!(
            gate.try_hold(&order(product, 1), &available, Some("other"))
                .is_err()
        );
        drop(first);
        drop(repeat);
        assert_eq!(gate.held(product), 0);
        // The key is forgotten with its last request.
        let again = gate.try_hold(&order(product, 1), &available, Some("k"));
        assert_eq!(again.map(|h| h.lines.len()).unwrap(), 1);
    }
}
