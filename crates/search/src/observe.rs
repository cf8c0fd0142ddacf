//! Watching a search: the [`Observer`] hooks every search calls, the no-op [`Quiet`] observer,
//! and the [`Recorder`] that keeps a [`Trace`] for the visualiser to replay.
//!
//! Searches number the nodes of their search tree in the order they generate them (the start is
//! node 0; iterative searches keep counting across iterations, so each iteration's nodes are
//! its own). Every event names a node by that number.

use serde::{Deserialize, Serialize};

use crate::outcome::Cost;
use crate::problem::Problem;

/// A search-tree node's number: its place in generation order.
pub type NodeId = u64;

/// Where a node stands in the engine's frontier, as the engine itself orders it: the frontier
/// gives up its nodes in increasing rank (compared as a tuple). A priority queue's rank is its
/// heap key `[priority, key, order]` — the priority (g, h or f), then what the tie rule
/// ([`crate::TieBreak`]) orders equal priorities by: h under lowest-h (else 0), then the push
/// order (reversed under LIFO); a queue's is the push order; a stack's is the push order
/// reversed. Recorded with each push, so a replay shows the
/// frontier in the order the engine will take it without knowing the engine's rule.
pub type Rank = [u64; 3];

/// Why a generated node was dropped without joining the frontier (or, for `Stale`, why a
/// popped node was skipped).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dropped {
    /// Graph search: its state was already reached at no greater cost.
    Reached,
    /// Depth-first graph search: its state was already explored, at `depth` — no deeper than
    /// this node (with a depth limit), or at any depth (without one).
    Explored {
        /// The shallowest depth its state was explored at.
        depth: u32,
    },
    /// Its state is already on the current path (a cycle).
    OnPath,
    /// Popped, but a cheaper path to its state was found after it was pushed.
    Stale,
}

/// Why a node was not expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cut {
    /// It is at the depth limit.
    Depth {
        /// The limit.
        limit: u32,
    },
    /// IDA*: its f = g + h exceeds the bound.
    Bound {
        /// Its f.
        f: Cost,
        /// The iteration's bound.
        bound: Cost,
    },
}

/// Hooks a search calls as it goes; every method has an empty default.
pub trait Observer<P: Problem> {
    /// False for observers that ignore every event: a search may then skip numbering its
    /// nodes (the numbers would go nowhere).
    const WATCHES: bool = true;

    /// A new iteration begins (iterative deepening: the depth limit; IDA*: the f bound).
    #[inline(always)]
    fn iteration(&mut self, _limit: Cost) {}
    /// A node is generated: its parent (none for the start), the action from the parent, its
    /// state, its path cost g and heuristic h.
    #[inline(always)]
    fn generated(
        &mut self,
        _node: NodeId,
        _parent: Option<NodeId>,
        _action: Option<P::Action>,
        _state: &P::State,
        _g: Cost,
        _h: Cost,
    ) {
    }
    /// A node joins the frontier with `rank`: the frontier gives up its nodes in increasing
    /// rank (see [`Rank`]).
    #[inline(always)]
    fn pushed(&mut self, _node: NodeId, _rank: Rank) {}
    /// A node leaves the frontier to be visited.
    #[inline(always)]
    fn popped(&mut self, _node: NodeId) {}
    /// A node is tested for being a goal.
    #[inline(always)]
    fn goal_test(&mut self, _node: NodeId, _goal: bool) {}
    /// A node is expanded: its successors are generated next.
    #[inline(always)]
    fn expanded(&mut self, _node: NodeId) {}
    /// A node is dropped (see [`Dropped`]).
    #[inline(always)]
    fn dropped(&mut self, _node: NodeId, _why: Dropped) {}
    /// A node is not expanded because of a limit (see [`Cut`]).
    #[inline(always)]
    fn cut_off(&mut self, _node: NodeId, _why: Cut) {}
    /// Depth-limited graph search: a popped node's state was explored before, but deeper (at
    /// `earlier`); it is searched again, as it now has more depth left below it.
    #[inline(always)]
    fn reopened(&mut self, _node: NodeId, _earlier: u32) {}
    /// A goal is found at this node.
    #[inline(always)]
    fn found(&mut self, _node: NodeId) {}
    /// Bidirectional search: the forward and the backward search meet, at these two nodes (of
    /// the same state), on the cheapest path.
    #[inline(always)]
    fn met(&mut self, _forward: NodeId, _backward: NodeId) {}
}

/// The observer that watches nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl<P: Problem> Observer<P> for Quiet {
    const WATCHES: bool = false;
}

/// A node of the recorded search tree.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TraceNode<S, A> {
    /// Its parent.
    pub parent: Option<NodeId>,
    /// The action from the parent.
    pub action: Option<A>,
    /// Its state.
    pub state: S,
    /// Path cost from the start.
    pub g: Cost,
    /// Heuristic estimate to a goal.
    pub h: Cost,
    /// Depth in the search tree.
    pub depth: u32,
    /// The iteration it belongs to (0 for searches without iterations).
    pub iteration: u32,
}

/// One thing that happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A new iteration with this limit.
    Iteration {
        /// Depth limit or f bound.
        limit: Cost,
    },
    /// A node was generated (its details are in [`Trace::nodes`]).
    Generate {
        /// The node.
        node: NodeId,
    },
    /// A node joined the frontier.
    Push {
        /// The node.
        node: NodeId,
        /// Its rank in the engine's frontier: nodes leave in increasing rank.
        rank: Rank,
    },
    /// A node left the frontier.
    Pop {
        /// The node.
        node: NodeId,
    },
    /// A node was goal-tested.
    GoalTest {
        /// The node.
        node: NodeId,
        /// The outcome.
        goal: bool,
    },
    /// A node was expanded.
    Expand {
        /// The node.
        node: NodeId,
    },
    /// A node was dropped.
    Drop {
        /// The node.
        node: NodeId,
        /// Why.
        why: Dropped,
    },
    /// A node was not expanded because of a limit.
    Cutoff {
        /// The node.
        node: NodeId,
        /// Which limit.
        why: Cut,
    },
    /// A goal was found.
    Found {
        /// The goal node.
        node: NodeId,
    },
    /// Bidirectional search: the two searches met on the cheapest path, at these two nodes of
    /// one state (the path is the forward node's path and the backward node's, reversed).
    Meet {
        /// The node of the forward search.
        forward: NodeId,
        /// The node of the backward search.
        backward: NodeId,
    },
    /// Depth-limited graph search: a visited node's state was explored before at a greater
    /// depth, so it is searched again.
    Reopen {
        /// The node.
        node: NodeId,
        /// The depth its state was explored at before.
        earlier: u32,
    },
}

impl Event {
    /// The node the event is about, if any.
    pub fn node(&self) -> Option<NodeId> {
        match *self {
            Event::Iteration { .. } => None,
            Event::Generate { node }
            | Event::Push { node, .. }
            | Event::Pop { node }
            | Event::GoalTest { node, .. }
            | Event::Expand { node }
            | Event::Drop { node, .. }
            | Event::Cutoff { node, .. }
            | Event::Found { node }
            | Event::Reopen { node, .. } => Some(node),
            Event::Meet { forward, .. } => Some(forward),
        }
    }
}

/// A recorded search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Trace<S, A> {
    /// The recorded nodes; node `i` is `nodes[i]`.
    pub nodes: Vec<TraceNode<S, A>>,
    /// What happened, in order, to the recorded nodes.
    pub events: Vec<Event>,
    /// Nodes generated beyond the recorder's limit (not recorded).
    pub omitted: u64,
}

/// The observer that records a [`Trace`] of the first `limit` nodes generated.
#[derive(Clone, Debug)]
pub struct Recorder<S, A> {
    trace: Trace<S, A>,
    limit: usize,
    iteration: u32,
}

impl<S, A> Recorder<S, A> {
    /// Records everything.
    pub fn new() -> Self {
        Self::with_limit(usize::MAX)
    }

    /// Records the first `limit` nodes generated and every event about them.
    pub fn with_limit(limit: usize) -> Self {
        Recorder {
            trace: Trace {
                nodes: Vec::new(),
                events: Vec::new(),
                omitted: 0,
            },
            limit,
            iteration: 0,
        }
    }

    /// The finished trace.
    pub fn into_trace(self) -> Trace<S, A> {
        self.trace
    }

    fn keep(&self, node: NodeId) -> bool {
        (node as usize) < self.trace.nodes.len()
    }

    fn push(&mut self, node: NodeId, event: Event) {
        if self.keep(node) {
            self.trace.events.push(event);
        }
    }
}

impl<S, A> Default for Recorder<S, A> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Problem> Observer<P> for Recorder<P::State, P::Action> {
    fn iteration(&mut self, limit: Cost) {
        self.iteration += 1;
        if self.trace.nodes.len() < self.limit {
            self.trace.events.push(Event::Iteration { limit });
        }
    }

    fn generated(
        &mut self,
        node: NodeId,
        parent: Option<NodeId>,
        action: Option<P::Action>,
        state: &P::State,
        g: Cost,
        h: Cost,
    ) {
        if node as usize != self.trace.nodes.len() || self.trace.nodes.len() >= self.limit {
            self.trace.omitted += 1;
            return;
        }
        let depth = parent.map_or(0, |p| self.trace.nodes[p as usize].depth + 1);
        self.trace.nodes.push(TraceNode {
            parent,
            action,
            state: state.clone(),
            g,
            h,
            depth,
            iteration: self.iteration,
        });
        self.trace.events.push(Event::Generate { node });
    }

    fn pushed(&mut self, node: NodeId, rank: Rank) {
        self.push(node, Event::Push { node, rank });
    }

    fn popped(&mut self, node: NodeId) {
        self.push(node, Event::Pop { node });
    }

    fn goal_test(&mut self, node: NodeId, goal: bool) {
        self.push(node, Event::GoalTest { node, goal });
    }

    fn expanded(&mut self, node: NodeId) {
        self.push(node, Event::Expand { node });
    }

    fn dropped(&mut self, node: NodeId, why: Dropped) {
        self.push(node, Event::Drop { node, why });
    }

    fn cut_off(&mut self, node: NodeId, why: Cut) {
        self.push(node, Event::Cutoff { node, why });
    }

    fn found(&mut self, node: NodeId) {
        self.push(node, Event::Found { node });
    }

    fn reopened(&mut self, node: NodeId, earlier: u32) {
        self.push(node, Event::Reopen { node, earlier });
    }

    fn met(&mut self, forward: NodeId, backward: NodeId) {
        if (backward as usize) < self.trace.nodes.len() {
            self.push(forward, Event::Meet { forward, backward });
        }
    }
}
