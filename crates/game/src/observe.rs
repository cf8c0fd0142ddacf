//! Watching a search: the [`Observer`] hooks every search calls, the no-op [`Quiet`] observer
//! that compiles away, and the [`Recorder`] that keeps a [`Trace`] to replay step by step.
//!
//! All values an observer sees are from MAX's point of view (player 0), whatever form the
//! search takes inside, so a trace reads the way the textbooks draw trees: MAX nodes raise α,
//! MIN nodes lower β.

use serde::{Deserialize, Serialize};

use crate::game::Game;

/// How a value stored in a transposition table relates to the true value (MAX's view).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

/// What a transposition-table hit did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HitEffect {
    /// The stored value answered the node outright; it is not searched.
    Answered,
    /// The stored bound narrowed (α, β); the node is still searched.
    Narrowed,
    /// The entry was too shallow or too loose to use, except for its best move.
    MoveOnly,
}

/// Which bound changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// α, MAX's best so far on the path.
    Alpha,
    /// β, MIN's best so far on the path.
    Beta,
}

/// Hooks a search calls as it goes. Every method has an empty default, so an observer
/// implements only what it needs; [`Quiet`] implements none and costs nothing.
///
/// Calls nest like the search: `enter` … `exit` brackets each node, and events between them
/// belong to the innermost open node.
pub trait Observer<G: Game> {
    /// A node is entered, by `mv` from its parent (`None` at the root), at `depth` plies from
    /// the root, with the window (α, β) it was given (`None` for searches without one).
    #[inline(always)]
    fn enter(
        &mut self,
        _state: &G::State,
        _mv: Option<G::Move>,
        _depth: u32,
        _window: Option<(i32, i32)>,
    ) {
    }
    /// The open node is valued without searching below it: a terminal state by its utility, or
    /// (when `horizon`) a depth-limit cutoff by the evaluation function.
    #[inline(always)]
    fn evaluated(&mut self, _value: i32, _horizon: bool) {}
    /// A child of the open node returned its value.
    #[inline(always)]
    fn returned(&mut self, _value: i32) {}
    /// α or β of the open node changed.
    #[inline(always)]
    fn bound(&mut self, _side: Side, _value: i32) {}
    /// The open node stops early: `value` reached its window's far bound, and the `skipped`
    /// moves are never searched.
    #[inline(always)]
    fn cutoff(&mut self, _value: i32, _skipped: &[G::Move]) {}
    /// The transposition table held an entry for the open node.
    #[inline(always)]
    fn table_hit(&mut self, _value: i32, _bound: Bound, _depth: u32, _effect: HitEffect) {}
    /// The open node's result is stored in the transposition table.
    #[inline(always)]
    fn table_store(&mut self, _value: i32, _bound: Bound, _depth: u32) {}
    /// The open node is done, with its value and the best move found (if it searched any).
    #[inline(always)]
    fn exit(&mut self, _value: i32, _best: Option<G::Move>) {}
    /// Multi-player: the open node is valued by a utility (or evaluation) vector.
    #[inline(always)]
    fn evaluated_vector(&mut self, _values: &[i32], _horizon: bool) {}
    /// Multi-player: a child returned its vector.
    #[inline(always)]
    fn returned_vector(&mut self, _values: &[i32]) {}
    /// Multi-player: the open node is done with this vector.
    #[inline(always)]
    fn exit_vector(&mut self, _values: &[i32], _best: Option<G::Move>) {}
    /// Iterative deepening starts a new iteration with this depth limit.
    #[inline(always)]
    fn iteration(&mut self, _depth: u32) {}
}

/// The observer that watches nothing. Searches run with it at full speed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl<G: Game> Observer<G> for Quiet {}

/// Index of a node in a [`Trace`].
pub type TraceId = u32;

/// A node the search entered.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceNode<S, M> {
    /// The node it was entered from (`None` for the root).
    pub parent: Option<TraceId>,
    /// The move from the parent.
    pub mv: Option<M>,
    /// The position.
    pub state: S,
    /// Plies from the root.
    pub depth: u32,
}

/// One thing that happened, in order. `node` is always the node it happened at.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event<M> {
    /// A node is entered with the window (α, β).
    Enter {
        /// The node entered.
        node: TraceId,
        /// (α, β) on entry, if the search has a window.
        window: Option<(i32, i32)>,
    },
    /// A terminal node valued by its utility, or a node at the depth limit by the evaluation.
    Evaluate {
        /// The node.
        node: TraceId,
        /// Its value.
        value: i32,
        /// True at a depth limit (an evaluation, not a utility).
        horizon: bool,
    },
    /// `child` returned `value` to `node`.
    Return {
        /// The parent, which receives the value.
        node: TraceId,
        /// The child that finished.
        child: TraceId,
        /// The child's value.
        value: i32,
    },
    /// α or β of `node` became `value`.
    Bound {
        /// The node.
        node: TraceId,
        /// Which bound.
        side: Side,
        /// Its new value.
        value: i32,
    },
    /// `node` stops: `value` reached the far end of its window; `skipped` are never searched.
    Cutoff {
        /// The node.
        node: TraceId,
        /// The value that caused the cut.
        value: i32,
        /// Moves left unsearched.
        skipped: Vec<M>,
    },
    /// The transposition table held an entry for `node`.
    TableHit {
        /// The node.
        node: TraceId,
        /// The stored value.
        value: i32,
        /// What kind of bound it is.
        bound: Bound,
        /// The depth it was searched to.
        depth: u32,
        /// What the hit did.
        effect: HitEffect,
    },
    /// `node`'s result is stored in the transposition table.
    TableStore {
        /// The node.
        node: TraceId,
        /// The value stored.
        value: i32,
        /// Its bound.
        bound: Bound,
        /// The depth searched.
        depth: u32,
    },
    /// `node` is done.
    Exit {
        /// The node.
        node: TraceId,
        /// Its final value.
        value: i32,
        /// The best move found, if any move was searched.
        best: Option<M>,
    },
    /// Multi-player: `node` valued by a vector.
    EvaluateVector {
        /// The node.
        node: TraceId,
        /// One value per player.
        values: Vec<i32>,
        /// True at a depth limit.
        horizon: bool,
    },
    /// Multi-player: `child` returned a vector to `node`.
    ReturnVector {
        /// The parent.
        node: TraceId,
        /// The child.
        child: TraceId,
        /// One value per player.
        values: Vec<i32>,
    },
    /// Multi-player: `node` is done.
    ExitVector {
        /// The node.
        node: TraceId,
        /// One value per player.
        values: Vec<i32>,
        /// The best move, if any.
        best: Option<M>,
    },
    /// A new iteration of iterative deepening, to this depth.
    Iteration {
        /// The depth limit.
        depth: u32,
    },
}

impl<M> Event<M> {
    /// The node the event happened at (`None` for an iteration marker).
    pub fn node(&self) -> Option<TraceId> {
        match self {
            Event::Enter { node, .. }
            | Event::Evaluate { node, .. }
            | Event::Return { node, .. }
            | Event::Bound { node, .. }
            | Event::Cutoff { node, .. }
            | Event::TableHit { node, .. }
            | Event::TableStore { node, .. }
            | Event::Exit { node, .. }
            | Event::EvaluateVector { node, .. }
            | Event::ReturnVector { node, .. }
            | Event::ExitVector { node, .. } => Some(*node),
            Event::Iteration { .. } => None,
        }
    }
}

/// A recorded search: the nodes it entered and the events in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trace<S, M> {
    /// Nodes in the order they were entered.
    pub nodes: Vec<TraceNode<S, M>>,
    /// Everything that happened, in order.
    pub events: Vec<Event<M>>,
    /// Nodes entered but not recorded: beyond the recorder's limit, or in the iterations it
    /// was told to skip.
    pub omitted: u64,
    /// Leading iterations not recorded (see [`Recorder::from_iteration`]): the first recorded
    /// iteration is number `skipped + 1`.
    #[serde(default)]
    pub skipped: u32,
}

/// Nodes a search entered in each of its iterations (a search without iterations counts as
/// one), recorded or not: what [`Recorder::from_iteration`] needs to keep the last iterations
/// that fit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sizes {
    /// Nodes entered per iteration, in order.
    pub per_iteration: Vec<u64>,
}

impl Sizes {
    /// The first iteration (1-based) from which the rest of the search enters at most
    /// `limit` nodes — the last iteration if even it alone enters more.
    pub fn first_fitting(&self, limit: u64) -> u32 {
        let last = self.per_iteration.len();
        let mut total = 0u64;
        let mut first = last.saturating_sub(1);
        for (i, &n) in self.per_iteration.iter().enumerate().rev() {
            total += n;
            if total > limit && i + 1 < last {
                break;
            }
            first = i;
        }
        first as u32 + 1
    }

    fn entered(&mut self) {
        match self.per_iteration.last_mut() {
            Some(n) => *n += 1,
            None => self.per_iteration.push(1),
        }
    }
}

/// The observer that records a [`Trace`].
#[derive(Clone, Debug)]
pub struct Recorder<S, M> {
    trace: Trace<S, M>,
    /// Iterations seen so far, and the first to record (1-based; 0 or 1 records them all).
    iterations: u32,
    first: u32,
    sizes: Sizes,
    /// The open nodes, innermost last, each with its most recently entered child (`None` if
    /// there is none yet or it was not recorded).
    open: Vec<(TraceId, Option<TraceId>)>,
    limit: usize,
    /// Depth of nesting inside an unrecorded subtree (0 when recording).
    silent: u32,
}

impl<S, M> Default for Recorder<S, M> {
    fn default() -> Self {
        Recorder::with_limit(usize::MAX)
    }
}

impl<S, M> Recorder<S, M> {
    /// A recorder that keeps everything.
    pub fn new() -> Self {
        Self::default()
    }

    /// A recorder that keeps at most `limit` nodes; subtrees entered beyond it are counted in
    /// [`Trace::omitted`] but not recorded.
    pub fn with_limit(limit: usize) -> Self {
        Recorder {
            trace: Trace {
                nodes: Vec::new(),
                events: Vec::new(),
                omitted: 0,
                skipped: 0,
            },
            iterations: 0,
            first: 0,
            sizes: Sizes::default(),
            open: Vec::new(),
            limit,
            silent: 0,
        }
    }

    /// A recorder that skips the search's iterations before the `first` (1-based), counting
    /// their nodes in [`Trace::omitted`] and the iterations in [`Trace::skipped`], then keeps
    /// at most `limit` nodes. A search is deterministic, so when a first recording omitted
    /// nodes, a second one from [`Sizes::first_fitting`] of the first's [`Recorder::sizes`]
    /// records the end of a search too big to record whole.
    pub fn from_iteration(first: u32, limit: usize) -> Self {
        Recorder {
            first,
            ..Self::with_limit(limit)
        }
    }

    /// Still in the iterations to skip.
    fn skipping(&self) -> bool {
        self.first > 1 && self.iterations < self.first
    }

    /// Nodes entered per iteration so far, recorded or not.
    pub fn sizes(&self) -> &Sizes {
        &self.sizes
    }

    /// The trace so far.
    pub fn trace(&self) -> &Trace<S, M> {
        &self.trace
    }

    /// The finished trace.
    pub fn into_trace(self) -> Trace<S, M> {
        self.trace
    }

    fn current(&self) -> Option<TraceId> {
        if self.silent > 0 || self.skipping() {
            None
        } else {
            self.open.last().map(|&(node, _)| node)
        }
    }

    /// The open node and the child that just returned to it, if both were recorded.
    fn returning(&self) -> Option<(TraceId, TraceId)> {
        if self.silent > 0 || self.skipping() {
            return None;
        }
        match self.open.last() {
            Some(&(node, Some(child))) => Some((node, child)),
            _ => None,
        }
    }

    fn push(&mut self, make: impl FnOnce(TraceId) -> Event<M>) {
        if let Some(node) = self.current() {
            self.trace.events.push(make(node));
        }
    }
}

impl<G: Game> Observer<G> for Recorder<G::State, G::Move> {
    fn enter(
        &mut self,
        state: &G::State,
        mv: Option<G::Move>,
        depth: u32,
        window: Option<(i32, i32)>,
    ) {
        self.sizes.entered();
        if self.skipping() {
            self.trace.omitted += 1;
            return;
        }
        if self.silent > 0 || self.trace.nodes.len() >= self.limit {
            if self.silent == 0 {
                if let Some(top) = self.open.last_mut() {
                    top.1 = None;
                }
            }
            self.silent += 1;
            self.trace.omitted += 1;
            return;
        }
        let id = self.trace.nodes.len() as TraceId;
        let parent = self.open.last_mut().map(|top| {
            top.1 = Some(id);
            top.0
        });
        self.trace.nodes.push(TraceNode {
            parent,
            mv,
            state: state.clone(),
            depth,
        });
        self.open.push((id, None));
        self.trace.events.push(Event::Enter { node: id, window });
    }

    fn evaluated(&mut self, value: i32, horizon: bool) {
        self.push(|node| Event::Evaluate {
            node,
            value,
            horizon,
        });
    }

    fn returned(&mut self, value: i32) {
        if let Some((node, child)) = self.returning() {
            self.trace.events.push(Event::Return { node, child, value });
        }
    }

    fn bound(&mut self, side: Side, value: i32) {
        self.push(|node| Event::Bound { node, side, value });
    }

    fn cutoff(&mut self, value: i32, skipped: &[G::Move]) {
        self.push(|node| Event::Cutoff {
            node,
            value,
            skipped: skipped.to_vec(),
        });
    }

    fn table_hit(&mut self, value: i32, bound: Bound, depth: u32, effect: HitEffect) {
        self.push(|node| Event::TableHit {
            node,
            value,
            bound,
            depth,
            effect,
        });
    }

    fn table_store(&mut self, value: i32, bound: Bound, depth: u32) {
        self.push(|node| Event::TableStore {
            node,
            value,
            bound,
            depth,
        });
    }

    fn exit(&mut self, value: i32, best: Option<G::Move>) {
        if self.skipping() {
            return;
        }
        if self.silent > 0 {
            self.silent -= 1;
            return;
        }
        self.push(|node| Event::Exit { node, value, best });
        self.open.pop();
    }

    fn evaluated_vector(&mut self, values: &[i32], horizon: bool) {
        self.push(|node| Event::EvaluateVector {
            node,
            values: values.to_vec(),
            horizon,
        });
    }

    fn returned_vector(&mut self, values: &[i32]) {
        if let Some((node, child)) = self.returning() {
            self.trace.events.push(Event::ReturnVector {
                node,
                child,
                values: values.to_vec(),
            });
        }
    }

    fn exit_vector(&mut self, values: &[i32], best: Option<G::Move>) {
        if self.skipping() {
            return;
        }
        if self.silent > 0 {
            self.silent -= 1;
            return;
        }
        self.push(|node| Event::ExitVector {
            node,
            values: values.to_vec(),
            best,
        });
        self.open.pop();
    }

    fn iteration(&mut self, depth: u32) {
        self.iterations += 1;
        self.sizes.per_iteration.push(0);
        if self.skipping() {
            self.trace.skipped = self.iterations;
        } else {
            self.trace.events.push(Event::Iteration { depth });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_iterations_that_fit() {
        let sizes = Sizes {
            per_iteration: vec![5, 10, 20, 40],
        };
        assert_eq!(sizes.first_fitting(1_000), 1);
        assert_eq!(sizes.first_fitting(75), 1);
        assert_eq!(sizes.first_fitting(74), 2);
        assert_eq!(sizes.first_fitting(60), 3);
        assert_eq!(sizes.first_fitting(59), 4);
        // The last iteration is kept even when it alone is too big.
        assert_eq!(sizes.first_fitting(3), 4);
        assert_eq!(Sizes::default().first_fitting(3), 1);
    }
}
