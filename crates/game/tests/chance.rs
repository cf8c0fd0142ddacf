//! Property tests with shrinking (proptest) for trees with chance nodes: the expectation search
//! against an independent floating-point evaluator written here, Star1 pruning against no
//! pruning (it must never change the root's value), the recorder against the quiet search, and
//! the trace's own bookkeeping.
#![cfg(not(target_arch = "wasm32"))]

use arbor_game::{
    expectiminimax, minimax, ExpectEvent, ExpectKind, ExpectOptions, ExpectRecorder, GameTree,
    NodeId, Quiet, Ratio, RawNode, RootPlayer, Rule,
};
use proptest::prelude::*;

/// Trees of up to five levels mixing decision and chance nodes (probabilities from weights 1–4,
/// so thirds, fifths and sevenths appear), small leaf values so ties are common.
fn chance_tree() -> impl Strategy<Value = GameTree> {
    let leaf = (-6i32..=6).prop_map(RawNode::leaf);
    let raw = leaf.prop_recursive(5, 80, 4, |inner| {
        (
            proptest::collection::vec((inner, 1i64..=4), 1..=4),
            any::<bool>(),
        )
            .prop_map(|(children, chance)| {
                let total: i64 = children.iter().map(|(_, w)| w).sum();
                let probs = children
                    .iter()
                    .map(|(_, w)| Ratio::new(*w, total).unwrap())
                    .collect();
                let children = children.into_iter().map(|(c, _)| c).collect();
                RawNode {
                    chance: chance.then_some(probs),
                    ..RawNode::inner(children)
                }
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

/// The value of `id` by the textbook's recursion, in floating point, with whose turn it is
/// worked out here: decision nodes alternate from the root's player, chance nodes take no turn.
fn oracle(tree: &GameTree, id: NodeId, rule: Rule, max_to_move: bool) -> f64 {
    let node = tree.node(id);
    if node.is_leaf() {
        return f64::from(node.payoff[0]);
    }
    if let Some(p) = &node.chance {
        return node
            .children
            .iter()
            .zip(p)
            .map(|(&c, q)| q.to_f64() * oracle(tree, c, rule, max_to_move))
            .sum();
    }
    let max = rule == Rule::Expectimax || max_to_move;
    let values = node
        .children
        .iter()
        .map(|&c| oracle(tree, c, rule, !max_to_move));
    if max {
        values.fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.fold(f64::INFINITY, f64::min)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Expectiminimax and expectimax give the oracle's value; with the leaves' range (or a
    /// wider one) as bounds, Star1 pruning gives exactly the same value, never evaluates more
    /// leaves, and picks a root move whose own value is the root's; observing changes nothing.
    #[test]
    fn pruning_never_changes_the_value(tree in chance_tree(), widen in 0i32..3) {
        let max_first = tree.root_player() == RootPlayer::Max;
        let (low, high) = tree.leaf_range();
        for rule in [Rule::Expectimax, Rule::Expectiminimax] {
            let full = expectiminimax(&tree, &ExpectOptions { rule, bounds: None }, &mut Quiet)
                .unwrap();
            let want = oracle(&tree, tree.root(), rule, max_first);
            prop_assert!((full.value.to_f64() - want).abs() < 1e-9, "{} vs {want}", full.value);
            let options = ExpectOptions { rule, bounds: Some((low - widen, high + widen)) };
            let mut rec = ExpectRecorder::default();
            let pruned = expectiminimax(&tree, &options, &mut rec).unwrap();
            prop_assert_eq!(pruned.value, full.value, "{:?}", rule);
            prop_assert!(pruned.stats.evaluated <= full.stats.evaluated);
            prop_assert_eq!(&expectiminimax(&tree, &options, &mut Quiet).unwrap(), &pruned);
            if let Some(best) = pruned.best {
                // The chosen child's own value, worked out apart from the search.
                let max_below = if tree.node(tree.root()).is_chance() { max_first } else { !max_first };
                let v = oracle(&tree, best, rule, max_below);
                prop_assert!((v - want).abs() < 1e-9, "best {} is worth {v}, root {want}", tree.node(best).label);
            }
            check_trace(&tree, &rec.events, full.value)?;
        }
    }

    /// Without chance nodes, expectiminimax is minimax.
    #[test]
    fn without_chance_it_is_minimax(tree in chance_tree()) {
        let mut raw = tree.to_raw();
        fn strip(r: &mut RawNode) {
            r.chance = None;
            r.children.iter_mut().for_each(strip);
        }
        strip(&mut raw);
        let plain = GameTree::from_raw(raw, tree.root_player()).unwrap();
        let options = ExpectOptions { rule: Rule::Expectiminimax, bounds: None };
        let e = expectiminimax(&plain, &options, &mut Quiet).unwrap();
        prop_assert_eq!(e.value, Ratio::int(minimax(&plain, &plain.root(), None, &mut Quiet).value.into()));
    }

    /// The text form reads back to the same tree.
    #[test]
    fn text_round_trips(tree in chance_tree()) {
        prop_assert_eq!(GameTree::parse(&tree.to_text()).unwrap(), tree);
    }
}

/// Enter and exit nest; every node entered is exited once; a chance node's last "so far" is its
/// value when it is not cut; an inner node's exit kind matches its value against the window it
/// entered with (a leaf's is exact);
/// the root's exit is exact and equal to the unpruned value.
fn check_trace(tree: &GameTree, events: &[ExpectEvent], value: Ratio) -> Result<(), TestCaseError> {
    let mut open: Vec<(NodeId, arbor_game::Window, Option<Ratio>)> = Vec::new();
    let mut root_exit = None;
    for e in events {
        match e {
            ExpectEvent::Enter { node, window } => open.push((*node, *window, None)),
            ExpectEvent::Returned { node, so_far, .. } => {
                let top = open.last_mut().unwrap();
                prop_assert_eq!(top.0, *node);
                top.2 = Some(*so_far);
            }
            ExpectEvent::Exit {
                node, value, kind, ..
            } => {
                let (id, (lo, hi), so_far) = open.pop().unwrap();
                prop_assert_eq!(id, *node);
                let want = if tree.node(id).is_leaf() {
                    ExpectKind::Exact
                } else if lo.is_some_and(|l| *value <= l) {
                    ExpectKind::AtMost
                } else if hi.is_some_and(|h| *value >= h) {
                    ExpectKind::AtLeast
                } else {
                    ExpectKind::Exact
                };
                prop_assert_eq!(*kind, want, "{}", tree.node(id).label);
                if tree.node(id).is_chance() && *kind == ExpectKind::Exact {
                    prop_assert_eq!(so_far, Some(*value));
                }
                if open.is_empty() {
                    root_exit = Some((*value, *kind));
                }
            }
            _ => {}
        }
    }
    prop_assert!(open.is_empty());
    prop_assert_eq!(root_exit, Some((value, ExpectKind::Exact)));
    Ok(())
}
