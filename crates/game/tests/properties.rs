//! Property tests with shrinking (proptest): random explicit trees, and the engine's searches
//! checked against plain minimax, against themselves unobserved, and against what the stepper's
//! replay shows. A failure shrinks to a small tree, printed in the tree text.
#![cfg(not(target_arch = "wasm32"))]

use arbor_game::replay::{NodeStatus, Replay, ValueKind};
use arbor_game::{
    alpha_beta, iterative_deepening, maxn, minimax, AlphaBetaOptions, Budget, Fail, GameTree,
    NodeId, Ordering, Quiet, RawNode, Recorder, RootPlayer,
};
use proptest::prelude::*;

/// A two-player tree of up to five levels and four children a node, small values (ties are
/// common), inner nodes with or without an evaluation, MAX or MIN at the root.
fn two_player_tree() -> impl Strategy<Value = GameTree> {
    let leaf = (-6i32..=6).prop_map(RawNode::leaf);
    let raw = leaf.prop_recursive(5, 80, 4, |inner| {
        (
            proptest::collection::vec(inner, 1..=4),
            proptest::option::of(-6i32..=6),
        )
            .prop_map(|(children, eval)| RawNode {
                eval,
                ..RawNode::inner(children)
            })
    });
    (raw, any::<bool>()).prop_map(|(raw, min_first)| {
        let root = if min_first {
            RootPlayer::Min
        } else {
            RootPlayer::Max
        };
        GameTree::from_raw(raw, root).expect("a generated tree is valid")
    })
}

/// A three-player tree (utility vectors).
fn three_player_tree() -> impl Strategy<Value = GameTree> {
    let leaf = proptest::collection::vec(-5i32..=5, 3).prop_map(|payoff| RawNode {
        payoff,
        ..RawNode::default()
    });
    let raw = leaf.prop_recursive(4, 60, 3, |inner| {
        proptest::collection::vec(inner, 1..=3).prop_map(RawNode::inner)
    });
    raw.prop_map(|raw| GameTree::from_raw(raw, RootPlayer::Max).expect("valid"))
}

fn every_option() -> Vec<AlphaBetaOptions> {
    let mut out = Vec::new();
    for fail in [Fail::Soft, Fail::Hard] {
        for ordering in Ordering::ALL {
            for table_bits in [None, Some(3), Some(8)] {
                for shuffle in [None, Some(7)] {
                    out.push(AlphaBetaOptions {
                        fail,
                        ordering,
                        table_bits,
                        shuffle,
                        ..AlphaBetaOptions::default()
                    });
                }
            }
        }
    }
    out
}

/// The value of the subtree below `node`, by plain minimax.
fn truth(tree: &GameTree, node: NodeId) -> i32 {
    minimax(tree, &node, None, &mut Quiet).value
}

/// A value shown as `kind` is true of a node whose minimax value is `truth` (the best so far
/// that bounds nothing claims nothing).
fn holds(kind: ValueKind, shown: i32, truth: i32) -> bool {
    match kind {
        ValueKind::Exact => shown == truth,
        ValueKind::AtLeast => truth >= shown,
        ValueKind::AtMost => truth <= shown,
        ValueKind::SoFar => true,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Alpha-beta's value is minimax's under every option: fail-soft and fail-hard, every
    /// ordering, with and without a table (a tiny one too, so entries are replaced), with the
    /// root's moves shuffled; the move it picks is one of minimax's best; a search within a
    /// window keeps its contract; iterative deepening ends at the same value.
    #[test]
    fn alpha_beta_equals_minimax_under_every_option(tree in two_player_tree(), a in -7i32..7, width in 1i32..8) {
        let root = tree.root();
        let value = truth(&tree, root);
        let best_children: Vec<NodeId> = tree
            .node(root)
            .children
            .iter()
            .copied()
            .filter(|&c| truth(&tree, c) == value)
            .collect();
        for options in every_option() {
            let out = alpha_beta(&tree, &root, &options, &mut Quiet);
            prop_assert_eq!(out.value, value, "{:?}", options);
            if let Some(best) = out.best {
                prop_assert!(best_children.contains(&best), "{:?} chose {:?}", options, best);
            } else {
                prop_assert!(tree.node(root).is_leaf());
            }
            let b = a + width;
            let windowed = alpha_beta(&tree, &root, &AlphaBetaOptions { window: (a, b), ..options }, &mut Quiet).value;
            match options.fail {
                // A terminal root is valued by its utility, unclamped.
                Fail::Hard if tree.node(root).is_leaf() => prop_assert_eq!(windowed, value),
                Fail::Hard => prop_assert_eq!(windowed, value.clamp(a, b)),
                Fail::Soft if windowed <= a => prop_assert!(value <= windowed),
                Fail::Soft if windowed >= b => prop_assert!(value >= windowed),
                Fail::Soft => prop_assert_eq!(windowed, value),
            }
        }
        let deepening = iterative_deepening(
            &tree,
            &root,
            &AlphaBetaOptions { table_bits: Some(6), ..AlphaBetaOptions::default() },
            Budget::unlimited(),
            &mut Quiet,
            |_| {},
        );
        prop_assert!(deepening.complete);
        prop_assert_eq!(deepening.best().map(|o| o.value), Some(value));
    }

    /// With a depth limit, alpha-beta (evaluations standing in at the horizon) equals
    /// depth-limited minimax.
    #[test]
    fn depth_limited_alpha_beta_equals_depth_limited_minimax(tree in two_player_tree(), depth in 0u32..5) {
        let root = tree.root();
        let value = minimax(&tree, &root, Some(depth), &mut Quiet).value;
        for options in every_option() {
            let options = AlphaBetaOptions { depth: Some(depth), ..options };
            prop_assert_eq!(alpha_beta(&tree, &root, &options, &mut Quiet).value, value, "{:?}", options);
        }
    }

    /// Observing changes nothing: with the recorder, every search returns the same value, move
    /// and counts as with the no-op observer.
    #[test]
    fn the_recorder_changes_nothing(tree in two_player_tree(), depth in proptest::option::of(0u32..5)) {
        let root = tree.root();
        let quiet = minimax(&tree, &root, depth, &mut Quiet);
        let observed = minimax(&tree, &root, depth, &mut Recorder::new());
        prop_assert_eq!(quiet, observed);
        for options in every_option() {
            let options = AlphaBetaOptions { depth, ..options };
            let quiet = alpha_beta(&tree, &root, &options, &mut Quiet);
            let observed = alpha_beta(&tree, &root, &options, &mut Recorder::new());
            prop_assert_eq!(quiet, observed, "{:?}", options);
        }
        let options = AlphaBetaOptions { table_bits: Some(6), ..AlphaBetaOptions::default() };
        let run = |observer: &mut dyn FnMut() -> _| observer();
        let quiet = run(&mut || iterative_deepening(&tree, &root, &options, Budget::unlimited(), &mut Quiet, |_| {}));
        let observed = run(&mut || iterative_deepening(&tree, &root, &options, Budget::unlimited(), &mut Recorder::new(), |_| {}));
        prop_assert_eq!(quiet.stats, observed.stats);
        prop_assert_eq!(quiet.best(), observed.best());
    }

    /// Max^n: the same with and without the recorder, and the root's vector is one of its
    /// children's (the one the mover likes best).
    #[test]
    fn maxn_is_the_same_observed(tree in three_player_tree()) {
        let root = tree.root();
        let quiet = maxn(&tree, &root, None, &mut Quiet);
        let observed = maxn(&tree, &root, None, &mut Recorder::new());
        prop_assert_eq!(&quiet, &observed);
    }

    /// Every frame the stepper can show agrees with the trace and with the truth: once a node
    /// is done its value never changes within the search; an exact value is the subtree's
    /// minimax value, a bound is on the right side of it; pruned nodes were never entered; the
    /// last frame is finished, with the root's value and a principal variation that follows the
    /// best children from the root.
    #[test]
    fn every_replay_frame_is_consistent(tree in two_player_tree(), option in 0usize..60) {
        let options = every_option()[option % 60];
        let root = tree.root();
        let mut rec = Recorder::new();
        let out = alpha_beta(&tree, &root, &options, &mut rec);
        let trace = rec.into_trace();
        let entered: std::collections::HashSet<NodeId> = trace.nodes.iter().map(|n| n.state).collect();
        let replay = Replay::new(tree.clone(), trace);
        let truths: Vec<i32> = (0..tree.len()).map(|i| truth(&tree, NodeId(i as u32))).collect();
        let mut done: Vec<Option<i32>> = vec![None; tree.len()];
        for step in 0..=replay.len() {
            let frame = replay.frame(step);
            for (i, node) in frame.nodes.iter().enumerate() {
                match node.status {
                    NodeStatus::Done => {
                        let v = node.value.expect("a finished node has a value");
                        if let Some(before) = done[i] {
                            prop_assert_eq!(before, v, "node {} changed after it finished", i);
                        }
                        done[i] = Some(v);
                        prop_assert!(node.kind != ValueKind::SoFar, "node {} done without a bound", i);
                        prop_assert!(holds(node.kind, v, truths[i]), "node {} at step {}: {:?} {} but its value is {}", i, step, node.kind, v, truths[i]);
                    }
                    NodeStatus::Pruned => {
                        prop_assert!(!entered.contains(&NodeId(i as u32)), "node {} pruned but entered", i);
                    }
                    NodeStatus::Open => {
                        // The best so far, while open, is a bound only when it says so (a
                        // child that failed low bounds nothing of a MAX node).
                        if let Some(v) = node.value {
                            prop_assert!(holds(node.kind, v, truths[i]), "open node {} at step {}: {:?} {} but its value is {}", i, step, node.kind, v, truths[i]);
                        }
                        // The engine raises a bound before it tests for a cutoff, so a window
                        // may show crossed (α ≥ β) just before the node cuts off or returns.
                        if let Some((a, b)) = node.window {
                            let next = replay.steps().get(step).and_then(|s| s.node);
                            prop_assert!(a < b || next == Some(NodeId(i as u32)), "node {} window ({}, {}) at step {}", i, a, b, step);
                        }
                    }
                    NodeStatus::Unvisited => prop_assert!(done[i].is_none()),
                }
            }
            prop_assert_eq!(frame.finished, step == replay.len(), "finished at step {}", step);
        }
        let last = replay.frame(replay.len());
        prop_assert_eq!(last.nodes[root.index()].value, Some(out.value));
        prop_assert_eq!(last.stats.visited, out.stats.visited);
        prop_assert_eq!(last.stats.evaluated, out.stats.evaluated);
        let mut at = root;
        let mut pv = vec![root];
        while let Some(best) = last.nodes[at.index()].best {
            prop_assert!(tree.node(at).children.contains(&best));
            pv.push(best);
            at = best;
        }
        prop_assert_eq!(&last.principal, &pv);
        prop_assert_eq!(pv.get(1).copied(), out.best);
    }
}
