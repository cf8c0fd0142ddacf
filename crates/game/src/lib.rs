//! Game-tree search for Arbor.
//!
//! - [`Game`]: the textbook's game (`to_move`, `legal_moves`, `play`, `utility`, `evaluate`),
//!   implemented here by explicit trees ([`GameTree`]) and elsewhere by real games.
//! - Searches — [`minimax`] so far — are generic over an [`Observer`]: the [`Quiet`] observer
//!   costs nothing; the [`Recorder`] keeps a [`Trace`] that a viewer replays step by step. The
//!   search that plays is the search that is shown.

#![deny(missing_docs)]

mod game;
mod minimax;
mod observe;
pub mod presets;
mod stats;
mod tree;

pub use game::{mix64, Game, SplitMix64, INF};
pub use minimax::minimax;
pub use observe::{
    Bound, Event, HitEffect, Observer, Quiet, Recorder, Side, Trace, TraceId, TraceNode,
};
pub use stats::{knuth_moore_minimum, Outcome, Stats};
pub use tree::{
    auto_label, GameTree, NodeId, ParseError, RawNode, RootPlayer, TreeNode, MAX_DEPTH, MAX_LEAF,
    MAX_NODES,
};
