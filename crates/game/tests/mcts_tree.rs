//! MCTS on explicit trees: with enough iterations UCT's move is one of minimax's best on the
//! seed trees and on random trees with a clear best move.

use arbor_game::presets::PRESETS;
use arbor_game::{mcts, minimax, Budget, GameTree, MctsOptions, NodeId, Quiet, RandomSpec};

/// Leaf values scaled to [0, 1] by the tree's range: MAX's reward.
fn scaled(tree: &GameTree) -> impl Fn(i32) -> f64 {
    let (low, high) = tree.leaf_range();
    move |u| {
        if high == low {
            0.5
        } else {
            f64::from(u - low) / f64::from(high - low)
        }
    }
}

/// UCT's move at the root after `iterations`, rewards scaled by the leaf range.
fn uct_move(tree: &GameTree, iterations: u64, seed: u64) -> NodeId {
    let options = MctsOptions {
        iterations,
        seed,
        ..MctsOptions::default()
    };
    let run = mcts(
        tree,
        &tree.root(),
        &options,
        &Budget::unlimited(),
        scaled(tree),
        &mut Quiet,
    );
    run.best().expect("the root has children").1
}

/// The root's children whose minimax value is the root's.
fn optimal(tree: &GameTree) -> Vec<NodeId> {
    let root = minimax(tree, &tree.root(), None, &mut Quiet).value;
    tree.node(tree.root())
        .children
        .iter()
        .copied()
        .filter(|&c| minimax(tree, &c, None, &mut Quiet).value == root)
        .collect()
}

#[test]
fn uct_converges_on_a_minimax_move_of_the_seed_trees() {
    for p in PRESETS {
        let tree = GameTree::parse(p.text).unwrap();
        if tree.players() != 2 {
            continue;
        }
        let mv = uct_move(&tree, 20_000, 1);
        assert!(
            optimal(&tree).contains(&mv),
            "{}: took {}",
            p.id,
            tree.node(mv).label
        );
    }
}

#[test]
fn uct_converges_on_random_trees_with_a_clear_best_move() {
    let mut checked = 0;
    for seed in 0..60 {
        let tree = RandomSpec {
            depth: 3,
            min_branching: 2,
            max_branching: 3,
            low: 0,
            high: 20,
            players: 2,
            seed,
            chance: false,
        }
        .generate()
        .unwrap();
        // A clear best move: every other root child is worth at least 3 less.
        let values: Vec<i32> = tree
            .node(tree.root())
            .children
            .iter()
            .map(|&c| minimax(&tree, &c, None, &mut Quiet).value)
            .collect();
        let best = *values.iter().max().unwrap();
        if values.iter().filter(|&&v| v > best - 3).count() != 1 {
            continue;
        }
        checked += 1;
        let mv = uct_move(&tree, 5_000, seed);
        assert_eq!(optimal(&tree), vec![mv], "seed {seed}: {}", tree.to_text());
    }
    assert!(checked >= 15, "only {checked} trees had a clear best move");
}
