//! Game-tree search for Arbor.
//!
//! - [`Game`]: the textbook's game (`to_move`, `actions`, `result`, `is_terminal`, `utility`, `evaluate`),
//!   implemented here by explicit trees ([`GameTree`]) and elsewhere by real games.
//! - Searches — [`minimax`], [`alpha_beta`] (fail-hard or fail-soft, any move order, depth
//!   limit, transposition [`Table`]), [`iterative_deepening`] with node and time [`Budget`]s,
//!   [`maxn`] for three or more players, and [`expectiminimax`] (and expectimax) for trees with
//!   chance nodes, and Monte Carlo tree search ([`mcts`], UCT) — are generic over an [`Observer`]: the [`Quiet`] observer
//!   costs nothing; the [`Recorder`] keeps a [`Trace`] that a viewer replays step by step. The
//!   search that plays is the search that is shown.

#![deny(missing_docs)]

mod alphabeta;
mod expecti;
pub mod explain;
mod game;
mod iterative;
mod maxn;
mod mcts;
mod minimax;
mod observe;
pub mod presets;
mod random;
mod ratio;
pub mod replay;
mod stats;
mod table;
mod tree;

pub use alphabeta::{alpha_beta, AlphaBeta, Fail, Options as AlphaBetaOptions, Ordering};
#[cfg(not(target_arch = "wasm32"))]
pub use arbor_util::SystemClock;
pub use arbor_util::{mix64, Aborted, Budget, Clock, SplitMix64};
pub use expecti::{
    expectiminimax, max_decides, parse_bounds, ExpectError, ExpectEvent, ExpectObserver,
    ExpectOutcome, ExpectRecorder, ExpectStats, Kind as ExpectKind, Options as ExpectOptions, Rule,
    Window,
};
pub use game::{Game, INF};
pub use iterative::{iterative_deepening, Deepening, Iteration};
pub use maxn::{maxn, VectorOutcome};
pub use mcts::{
    mcts, replay_tree, MctsEvent, MctsId, MctsNode, MctsObserver, MctsOptions, MctsRecorder,
    MctsTree, ReplayedNode, Ucb,
};
pub use minimax::minimax;
pub use observe::{
    Bound, Event, HitEffect, Observer, Quiet, Recorder, Side, Sizes, Trace, TraceId, TraceNode,
};
pub use random::{RandomSpec, MAX_RANDOM_NODES};
pub use ratio::{Overflow, Ratio};
pub use stats::{knuth_moore_minimum, Outcome, Stats};
pub use table::{Entry as TableEntry, Narrow, Slot, Table, Wide};
pub use tree::{
    auto_label, GameTree, NodeId, ParseError, RawNode, RootPlayer, TreeNode, MAX_DEPTH, MAX_LEAF,
    MAX_NODES,
};
