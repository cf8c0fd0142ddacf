//! Limits on a search: a number of nodes, or a time. The core has no clock of its own (the
//! browser's and the machine's differ), so time comes from a [`Clock`] the caller provides.

/// A source of time in milliseconds from any fixed origin.
pub trait Clock {
    /// Milliseconds since the clock's origin.
    fn now_ms(&self) -> f64;
}

/// The machine's monotonic clock (not available in the browser, which provides its own).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct SystemClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl SystemClock {
    /// A clock starting now.
    pub fn new() -> Self {
        SystemClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for SystemClock {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for SystemClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// A clock that moves on by `step` milliseconds at every reading, whatever the machine's speed:
/// for tests of time budgets, which then stop after the same work on every machine (with a step
/// of 0 the clock stands still and a deadline never comes).
#[derive(Debug)]
pub struct SteppingClock {
    now: std::cell::Cell<f64>,
    step: f64,
}

impl SteppingClock {
    /// A clock at 0 that moves on by `step` ms per reading.
    pub fn new(step: f64) -> Self {
        SteppingClock {
            now: std::cell::Cell::new(0.0),
            step,
        }
    }

    /// Readings so far, as a function (for the callers that take time as a closure).
    pub fn as_fn(&self) -> impl Fn() -> f64 + '_ {
        move || self.now_ms()
    }
}

impl Clock for SteppingClock {
    fn now_ms(&self) -> f64 {
        let t = self.now.get();
        self.now.set(t + self.step);
        t
    }
}

/// The search stopped because its budget ran out; its partial result is not to be trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aborted;

impl std::fmt::Display for Aborted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the search ran out of its budget")
    }
}

impl std::error::Error for Aborted {}

/// How much a search may do. The clock is read every 1,024 nodes.
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    /// Most nodes to visit (counted from the search's creation).
    pub nodes: Option<u64>,
    /// A deadline on `clock`, in its milliseconds.
    pub deadline_ms: Option<f64>,
    /// The clock for the deadline.
    pub clock: Option<&'a dyn Clock>,
}

impl<'a> Budget<'a> {
    /// No limit.
    pub fn unlimited() -> Self {
        Budget {
            nodes: None,
            deadline_ms: None,
            clock: None,
        }
    }

    /// At most `n` nodes.
    pub fn nodes(n: u64) -> Self {
        Budget {
            nodes: Some(n),
            ..Self::unlimited()
        }
    }

    /// Until `millis` milliseconds from now on `clock`.
    pub fn time(clock: &'a dyn Clock, millis: f64) -> Self {
        Budget {
            nodes: None,
            deadline_ms: Some(clock.now_ms() + millis),
            clock: Some(clock),
        }
    }

    /// Fails once `visited` exceeds the node limit or the deadline has passed.
    #[inline]
    pub fn charge(&self, visited: u64) -> Result<(), Aborted> {
        if self.nodes.is_some_and(|n| visited > n) {
            return Err(Aborted);
        }
        if visited.is_multiple_of(1024) {
            if let (Some(deadline), Some(clock)) = (self.deadline_ms, self.clock) {
                if clock.now_ms() >= deadline {
                    return Err(Aborted);
                }
            }
        }
        Ok(())
    }
}

impl Default for Budget<'_> {
    fn default() -> Self {
        Budget::unlimited()
    }
}

impl std::fmt::Debug for Budget<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget")
            .field("nodes", &self.nodes)
            .field("deadline_ms", &self.deadline_ms)
            .finish()
    }
}

/// A [`Budget`] read cheaply at every node: one comparison, and the full check (node limit,
/// clock) only at the node counts where it could fail.
#[derive(Clone, Copy, Debug)]
pub struct Meter<'a> {
    budget: Budget<'a>,
    /// The next count at which to look at the budget.
    next: u64,
}

impl<'a> Meter<'a> {
    /// A meter on `budget`.
    pub fn new(budget: Budget<'a>) -> Self {
        let mut meter = Meter { budget, next: 0 };
        meter.next = meter.following(0);
        meter
    }

    fn following(&self, count: u64) -> u64 {
        let clock = if self.budget.deadline_ms.is_some() {
            (count | 1023) + 1
        } else {
            u64::MAX
        };
        let nodes = self.budget.nodes.map_or(u64::MAX, |n| n.saturating_add(1));
        clock.min(nodes).max(count + 1)
    }

    /// Fails once `count` exceeds the node limit or the deadline has passed.
    #[inline(always)]
    pub fn tick(&mut self, count: u64) -> Result<(), Aborted> {
        if count < self.next {
            Ok(())
        } else {
            self.check(count)
        }
    }

    #[cold]
    fn check(&mut self, count: u64) -> Result<(), Aborted> {
        if self.budget.nodes.is_some_and(|n| count > n) {
            return Err(Aborted);
        }
        if let (Some(deadline), Some(clock)) = (self.budget.deadline_ms, self.budget.clock) {
            if clock.now_ms() >= deadline {
                return Err(Aborted);
            }
        }
        self.next = self.following(count);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// A clock that moves one millisecond each time it is read.
    struct Ticking(Cell<f64>);

    impl Clock for Ticking {
        fn now_ms(&self) -> f64 {
            let t = self.0.get();
            self.0.set(t + 1.0);
            t
        }
    }

    #[test]
    fn a_deadline_stops_a_search_between_clock_readings() {
        let clock = Ticking(Cell::new(0.0));
        let budget = Budget::time(&clock, 3.0);
        // The clock is read only every 1,024 nodes.
        assert!((1..1024).all(|n| budget.charge(n).is_ok()));
        assert!(budget.charge(1024).is_ok()); // t = 1
        assert!(budget.charge(2048).is_ok()); // t = 2
        assert_eq!(budget.charge(3072), Err(Aborted)); // t = 3: the deadline
    }

    #[test]
    fn a_node_limit_stops_a_search() {
        let budget = Budget::nodes(10);
        assert!(budget.charge(10).is_ok());
        assert_eq!(budget.charge(11), Err(Aborted));
        assert!(Budget::unlimited().charge(u64::MAX - 1).is_ok());
    }

    #[test]
    fn a_meter_stops_where_its_budget_does() {
        let mut m = Meter::new(Budget::nodes(5000));
        assert!((1..=5000).all(|n| m.tick(n).is_ok()));
        assert_eq!(m.tick(5001), Err(Aborted));
        let mut free = Meter::new(Budget::unlimited());
        assert!(free.tick(u64::MAX - 1).is_ok());
    }
}
