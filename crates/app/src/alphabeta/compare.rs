//! The side-by-side comparison of move orders: alpha-beta in the natural, best and worst order
//! on the same tree, with minimax's counts beside them. It is worked out after the tree is first
//! drawn, so it may arrive for a tree the page no longer shows: [`Comparison::of`] keeps such
//! results from being drawn on another tree.

use std::rc::Rc;

use arbor_game::replay::{Frame, Replay};
use arbor_game::{alpha_beta, AlphaBetaOptions, Fail, GameTree, Ordering, Quiet, Recorder, Stats};

use super::{marks, Perspective};
use crate::scene::NodeMark;

/// Counts of alpha-beta under one order, for the side-by-side comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderResult {
    /// The order.
    pub ordering: Ordering,
    /// Leaves evaluated, nodes visited, nodes pruned.
    pub evaluated: u64,
    /// Nodes visited.
    pub visited: u64,
    /// Nodes never searched.
    pub pruned: u64,
    /// The final frame, to draw.
    pub frame: Rc<Frame>,
}

/// Alpha-beta under the natural, best and worst orders on the same tree.
pub fn compare_orders(tree: &GameTree, fail: Fail, depth: Option<u32>) -> Vec<OrderResult> {
    [Ordering::Natural, Ordering::Best, Ordering::Worst]
        .into_iter()
        .map(|ordering| {
            let mut recorder = Recorder::new();
            let options = AlphaBetaOptions {
                fail,
                ordering,
                depth,
                ..AlphaBetaOptions::default()
            };
            let o = alpha_beta(tree, &tree.root(), &options, &mut recorder);
            let replay = Replay::new(tree.clone(), recorder.into_trace());
            let mut frame = replay.frame(replay.len());
            // A finished picture: no node is "current".
            frame.current = None;
            OrderResult {
                ordering,
                evaluated: o.stats.evaluated,
                visited: o.stats.visited,
                pruned: frame.stats.pruned,
                frame: Rc::new(frame),
            }
        })
        .collect()
}

/// The comparison of orders on one tree, with the tree and the settings it was run with.
pub struct Comparison {
    /// The tree searched.
    pub tree: Rc<GameTree>,
    /// Fail-soft or fail-hard.
    pub fail: Fail,
    /// The depth limit.
    pub depth: Option<u32>,
    /// Alpha-beta in each order.
    pub orders: Vec<OrderResult>,
    /// Plain minimax's counts.
    pub minimax: Stats,
}

impl Comparison {
    /// Runs the three orders and minimax on `tree`.
    pub fn run(tree: Rc<GameTree>, fail: Fail, depth: Option<u32>) -> Comparison {
        let orders = compare_orders(&tree, fail, depth);
        let minimax = arbor_game::minimax(&*tree, &tree.root(), depth, &mut Quiet).stats;
        Comparison {
            tree,
            fail,
            depth,
            orders,
            minimax,
        }
    }

    /// These results if they are of `tree` (the same tree, not an equal one) and the same
    /// settings; `None` for results that arrived for a tree or settings since replaced.
    pub fn of(&self, tree: &Rc<GameTree>, fail: Fail, depth: Option<u32>) -> Option<&Comparison> {
        (Rc::ptr_eq(&self.tree, tree) && self.fail == fail && self.depth == depth).then_some(self)
    }

    /// What each node of the tree shows at the end of one order's search.
    pub fn marks(&self, order: &OrderResult) -> Vec<NodeMark> {
        marks(&self.tree, &order.frame, Perspective::Max, true)
    }
}
